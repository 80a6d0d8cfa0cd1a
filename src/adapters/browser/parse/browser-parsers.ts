/**
 * Every parser the browser uses: the core's text parsers, PDF through the bundled pdf.js 5 and
 * Word through mammoth's browser build. Both libraries load on first use, inside the parse
 * worker, from this app's own files (no CDN): pdf.js's worker script (a `?url` asset), its
 * character maps, standard fonts and wasm decoders (emitted under `pdfjs/` by `vite.config.ts`).
 *
 * pdf.js gets its own worker, started here inside the parse worker and handed to it as
 * `GlobalWorkerOptions.workerPort`. pdf.js cannot start one itself in a worker (it reads
 * `window.location`), and running its worker code in the parse worker's own thread is not an
 * option: that code listens and posts on the worker's global scope, so it would talk to the
 * supervisor on the page. When the supervisor terminates the parse worker (a file over its
 * budget), the nested pdf.js worker goes with it.
 */
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import type { Mammoth } from '../../../core/ingest/docx/mammoth-port.js';
import { createDocxParser } from '../../../core/ingest/docx/parse-docx.js';
import { DEFAULT_PARSERS } from '../../../core/ingest/parse-document.js';
import { createPdfParser } from '../../../core/ingest/pdf/parse-pdf.js';
import type { LoadPdfJs, PdfDocumentParams } from '../../../core/ingest/pdf/pdf-source.js';
import type { DocumentParser } from '../../../core/ports.js';

/** Where the build puts pdf.js's data files, under the app's base path. */
export const PDFJS_ASSET_FOLDER = 'pdfjs/';

/** Settings of the browser parsers (plain data). */
export interface BrowserParserOptions {
  /** Time budget of one PDF page, in ms (default 10 000). */
  pageTimeoutMs?: number;
}

interface PdfJsModule {
  getDocument(params: Record<string, unknown>): ReturnType<Awaited<ReturnType<LoadPdfJs>>['getDocument']>;
  GlobalWorkerOptions: { workerSrc: string; workerPort: Worker | null };
}

/** An absolute URL of an app file, from a worker (`self.location`) or the page. */
function appUrl(path: string): string {
  return new URL(path, globalThis.location.href).href;
}

/** Loads pdf.js and starts its worker (once). */
export const loadBrowserPdfJs: LoadPdfJs = async () => {
  const pdfjs = (await import('pdfjs-dist')) as unknown as PdfJsModule;
  const options = pdfjs.GlobalWorkerOptions;
  options.workerSrc = appUrl(workerUrl);
  options.workerPort ??= new Worker(options.workerSrc, { type: 'module', name: 'footnote-pdfjs' });
  return { getDocument: (params: PdfDocumentParams) => pdfjs.getDocument(params) };
};

/** `getDocument` settings for the browser: the self-hosted cMaps, standard fonts and wasm decoders. */
export function browserPdfDocumentParams(base = import.meta.env.BASE_URL): Record<string, unknown> {
  const folder = appUrl(`${base}${PDFJS_ASSET_FOLDER}`);
  return {
    cMapUrl: `${folder}cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${folder}standard_fonts/`,
    wasmUrl: `${folder}wasm/`,
    iccUrl: `${folder}iccs/`,
    // Set explicitly: pdf.js's default reads `document.baseURI`, which a worker lacks.
    useWorkerFetch: true,
  };
}

/** Loads mammoth's browser build (the bundler follows its `browser` field); it reads `{ arrayBuffer }`. */
export const loadBrowserMammoth = async (): Promise<Mammoth> => {
  const module = (await import('mammoth')) as unknown as { default?: Mammoth } & Mammoth;
  return module.default ?? module;
};

/** The core parsers plus PDF and DOCX. */
export function createBrowserParsers(options: BrowserParserOptions = {}): DocumentParser[] {
  const pdf = createPdfParser({
    loadPdfJs: loadBrowserPdfJs,
    documentParams: browserPdfDocumentParams(),
    ...(options.pageTimeoutMs !== undefined ? { pageTimeoutMs: options.pageTimeoutMs } : {}),
  });
  const docx = createDocxParser({ loadMammoth: loadBrowserMammoth });
  return [...DEFAULT_PARSERS, pdf, docx];
}
