/**
 * PDF files through an injected pdf.js: text per page in reading order, headings from font
 * sizes, a page number on every section and passage (docs/reliability.md IN-02…IN-05). A page that
 * fails, stalls or has no text layer is reported and the rest is indexed; a PDF with no text at
 * all is `NO_TEXT`; an encrypted one asks for its password.
 */
import { RagError, throwIfAborted } from '../../errors.js';
import type { DocumentParser, ParserInput } from '../../ports.js';
import type { SourceDocument } from '../../types.js';
import { withDeadline } from '../deadline.js';
import { makeDocument } from '../make-document.js';
import type { ParseOptions } from '../parse-document.js';
import { requireText } from '../require-text.js';
import { pdfDate } from '../stated-metadata.js';
import { layoutLines, visibleCharacters, type PdfLine } from './pdf-layout.js';
import { pageErrorReason, pdfOpenError } from './pdf-errors.js';
import { pdfSections } from './pdf-sections.js';
import type { LoadPdfJs, PdfDocument } from './pdf-source.js';
import { assemblePdfText } from './pdf-text.js';
import { noTextWarning, unreadablePageWarning } from './page-warnings.js';

/** Settings of the PDF parser. */
export interface PdfParserOptions {
  /** Loads pdf.js (the platform's build). */
  loadPdfJs: LoadPdfJs;
  /** Extra `getDocument` settings of the platform (cMap and font URLs…). */
  documentParams?: Readonly<Record<string, unknown>>;
  /** Time budget of one page, in ms; a page over it is skipped and reported (default 10 000). */
  pageTimeoutMs?: number;
  /** A page with fewer visible characters is reported as having no text (default 3). */
  minPageChars?: number;
}

/** Settings no platform should change: nothing is evaluated, no font is installed. */
const SAFE_PARAMS = {
  isEvalSupported: false,
  disableFontFace: true,
  useSystemFonts: false,
  enableXfa: false,
  stopAtErrors: false,
  verbosity: 0,
} as const;

interface PageTexts {
  pages: PdfLine[][];
  warnings: string[];
  partial: boolean;
}

/** Creates the PDF parser (`.pdf`). */
export function createPdfParser(options: PdfParserOptions): DocumentParser {
  return {
    format: 'pdf',
    extensions: ['.pdf'],
    parse: (input, callOptions) => parsePdf(input, options, callOptions),
  };
}

async function parsePdf(input: ParserInput, options: PdfParserOptions, callOptions: ParseOptions = {}) {
  const pdfjs = await options.loadPdfJs();
  const params = { ...options.documentParams, ...SAFE_PARAMS, data: input.bytes.slice() };
  const task = pdfjs.getDocument(input.password === undefined ? params : { ...params, password: input.password });
  try {
    const pdf = await task.promise.catch((error: unknown) => {
      throw pdfOpenError(error, input.name, input.password !== undefined);
    });
    const read = await readPages(pdf, input.name, options, callOptions);
    return await toDocument(input, pdf, read);
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

/** Reads every page's lines; a page that fails or stalls is skipped and reported. */
async function readPages(
  pdf: PdfDocument,
  file: string,
  options: PdfParserOptions,
  callOptions: ParseOptions,
): Promise<PageTexts> {
  const pageTimeoutMs = options.pageTimeoutMs ?? 10_000;
  const result: PageTexts = { pages: [], warnings: [], partial: false };
  const empty: number[] = [];
  let failures = 0;
  let firstFailure = '';
  for (let number = 1; number <= pdf.numPages; number++) {
    throwIfAborted(callOptions.signal);
    const reading = pdf.getPage(number).then(async (page) => {
      const content = await page.getTextContent();
      page.cleanup();
      return layoutLines(content.items);
    });
    try {
      const lines = await withDeadline<PdfLine[] | 'timeout'>(reading, pageTimeoutMs, () => 'timeout');
      if (lines === 'timeout') throw new Error(`took longer than ${pageTimeoutMs / 1000} s`);
      result.pages.push(lines);
      if (visibleCharacters(lines) < (options.minPageChars ?? 3)) empty.push(number);
    } catch (error) {
      failures++;
      firstFailure ||= pageErrorReason(error);
      result.pages.push([]);
      result.warnings.push(unreadablePageWarning(number, pageErrorReason(error)));
    }
    callOptions.onProgress?.({ file, page: number, pages: pdf.numPages });
  }
  if (failures > 0 && failures === pdf.numPages) throw new RagError('PDF_DAMAGED', { file, detail: firstFailure });
  const missing = pagesMissingText(empty, pdf.numPages);
  if (missing.length > 0) result.warnings.push(noTextWarning(missing));
  result.partial = result.warnings.length > 0;
  return result;
}

/** Least pages a document has for a blank first or last page to be read as a cover. */
const COVERED_FROM = 4;

/**
 * The pages without text that deserve a "scanned?" warning: a blank or image-only cover or back
 * cover of a longer document is a cover, not a page the index lost; every other page without
 * text is, and all of them are when most pages have none.
 */
export function pagesMissingText(empty: readonly number[], pages: number): number[] {
  if (pages < COVERED_FROM || empty.length * 2 > pages) return [...empty];
  return empty.filter((page) => page !== 1 && page !== pages);
}

async function toDocument(input: ParserInput, pdf: PdfDocument, read: PageTexts): Promise<SourceDocument> {
  const { text, headings, pageStarts } = assemblePdfText(read.pages);
  requireText(text, input.name);
  const info = await metadataInfo(pdf);
  return makeDocument({
    sourceName: input.name,
    format: 'pdf',
    text,
    textOffset: 0,
    sections: pdfSections(headings, pageStarts, text),
    fields: {},
    foundTitle: info.title ?? headings[0]?.text,
    modified: input.modified,
    ...(info.date ? { propertyDate: info.date } : {}),
    warnings: read.warnings,
    partial: read.partial,
    pageCount: pdf.numPages,
    pageStarts,
  });
}

/** The PDF's `/Title`, when it has a usable one, and its date (`/ModDate`, else `/CreationDate`). */
async function metadataInfo(pdf: PdfDocument): Promise<{ title?: string; date?: string }> {
  try {
    const info = (await pdf.getMetadata()).info as Record<string, unknown> | undefined;
    const title = typeof info?.Title === 'string' ? info.Title.replace(/\s+/g, ' ').trim() : '';
    const date = pdfDate(info?.ModDate) ?? pdfDate(info?.CreationDate);
    return { ...(title && title.length <= 300 ? { title } : {}), ...(date ? { date } : {}) };
  } catch {
    return {};
  }
}
