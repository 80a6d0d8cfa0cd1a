/**
 * A recording fake of the pdf.js port: pages are lists of text items (or an error, or a page
 * that never answers), and every `destroy()` is counted.
 */
import type { PdfJs, PdfDocumentParams, PdfTextItem } from '../../../src/core/ingest/pdf/pdf-source.js';

/** A page of the fake: its items, an error to throw, or 'hang'. */
export type FakePage = PdfTextItem[] | Error | 'hang';

/** A text item at (x, y) in a font of `size`. */
export function item(str: string, x: number, y: number, size = 11, width = str.length * size * 0.5): PdfTextItem {
  return { str, transform: [size, 0, 0, size, x, y], width, height: size, hasEOL: false };
}

/** Lines of body text from the top of a page down. */
export function bodyLines(lines: string[], top = 700, size = 11): PdfTextItem[] {
  return lines.map((line, index) => item(line, 56, top - index * size * 1.3, size));
}

/** The fake module and what happened to it. */
export interface FakePdfJs extends PdfJs {
  destroyed: number;
  params: PdfDocumentParams[];
}

/** A fake pdf.js whose documents have `pages`, or whose opening fails with `openError`. */
export function fakePdfJs(
  pages: FakePage[],
  options: { openError?: unknown; title?: string; info?: Record<string, unknown> } = {},
): FakePdfJs {
  const fake: FakePdfJs = {
    destroyed: 0,
    params: [],
    getDocument(params) {
      fake.params.push(params);
      const promise = options.openError
        ? Promise.reject(options.openError)
        : Promise.resolve({
            numPages: pages.length,
            getMetadata: () =>
              Promise.resolve({ info: { ...(options.title ? { Title: options.title } : {}), ...options.info } }),
            getPage: (number: number) => {
              const page = pages[number - 1];
              if (page instanceof Error) return Promise.reject(page);
              if (page === 'hang' || page === undefined) return new Promise<never>(() => undefined);
              return Promise.resolve({ getTextContent: () => Promise.resolve({ items: page }), cleanup: () => true });
            },
          });
      return {
        promise,
        destroy: () => {
          fake.destroyed++;
          return Promise.resolve();
        },
      };
    },
  };
  return fake;
}
