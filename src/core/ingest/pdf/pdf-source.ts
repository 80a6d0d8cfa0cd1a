/**
 * The part of pdf.js (pdfjs-dist 5) the PDF parser uses, named here so that the core needs
 * neither pdf.js's types nor a way to load it. Each platform hands in its own build: Node the
 * legacy build, the browser the bundled one with its self-hosted worker.
 */

/** A run of text on a page, as `getTextContent()` gives it. */
export interface PdfTextItem {
  str: string;
  /** Text matrix `[a, b, c, d, e, f]`: `e`, `f` are the origin, `hypot(c, d)` the font height. */
  transform: readonly number[];
  /** Advance width in page units. */
  width: number;
  /** Font height in page units. */
  height: number;
  hasEOL?: boolean;
}

/** The text of one page: text items, and marked-content items that carry no text. */
export interface PdfTextContent {
  items: readonly unknown[];
}

/** A page of an open PDF. */
export interface PdfPage {
  getTextContent(): Promise<PdfTextContent>;
  /** Frees what the page holds once its text is read. */
  cleanup(): unknown;
}

/** An open PDF. */
export interface PdfDocument {
  readonly numPages: number;
  /** 1-based. */
  getPage(pageNumber: number): Promise<PdfPage>;
  getMetadata(): Promise<{ info?: unknown }>;
}

/** What `getDocument` returns: the opening PDF and a way to free everything it holds. */
export interface PdfLoadingTask {
  readonly promise: Promise<PdfDocument>;
  destroy(): Promise<void>;
}

/** Parameters of `getDocument`: the bytes, a password, and platform settings (cMap URLs…). */
export interface PdfDocumentParams {
  data: Uint8Array;
  password?: string;
  [setting: string]: unknown;
}

/** The pdf.js module. */
export interface PdfJs {
  getDocument(params: PdfDocumentParams): PdfLoadingTask;
}

/** Loads pdf.js on first use (it is large; only PDF files need it). */
export type LoadPdfJs = () => Promise<PdfJs>;
