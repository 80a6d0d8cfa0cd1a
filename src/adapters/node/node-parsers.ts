/**
 * Every parser Node uses: the core's text parsers, PDF through the Node build of pdf.js and
 * Word through mammoth. The CLI commands, the corpus loader and the parse worker all take
 * their parsers from here, so a corpus folder reads the same wherever it is read.
 */
import { createDocxParser } from '../../core/ingest/docx/parse-docx.js';
import type { Mammoth } from '../../core/ingest/docx/mammoth-port.js';
import type { ArchiveLimits } from '../../core/ingest/docx/zip-scan.js';
import { DEFAULT_PARSERS } from '../../core/ingest/parse-document.js';
import { createPdfParser } from '../../core/ingest/pdf/parse-pdf.js';
import type { DocumentParser } from '../../core/ports.js';
import { loadNodePdfJs, nodePdfDocumentParams } from './pdfjs-node.js';

/** Settings of the Node parsers (plain data: they are also sent to the parse worker). */
export interface NodeParserOptions {
  /** Time budget of one PDF page, in ms (default 10 000). */
  pageTimeoutMs?: number;
  /** A PDF page with fewer visible characters is reported as having no text (default 3). */
  minPageChars?: number;
  /** Caps of the DOCX pre-scan. */
  archiveLimits?: Partial<ArchiveLimits>;
}

/**
 * Loads mammoth (CommonJS; its default export is the API). Its Node build reads `{ buffer }`
 * where its browser build reads `{ arrayBuffer }`, so the input is handed over as a Buffer.
 */
export const loadNodeMammoth = async (): Promise<Mammoth> => {
  const mammoth = (await import('mammoth')).default;
  return {
    images: mammoth.images,
    convertToHtml: (input, options) => mammoth.convertToHtml({ buffer: Buffer.from(input.arrayBuffer) }, options),
  };
};

/** The core parsers plus PDF and DOCX. */
export function createNodeParsers(options: NodeParserOptions = {}): DocumentParser[] {
  const pdf = createPdfParser({
    loadPdfJs: loadNodePdfJs,
    documentParams: nodePdfDocumentParams(),
    ...(options.pageTimeoutMs !== undefined ? { pageTimeoutMs: options.pageTimeoutMs } : {}),
    ...(options.minPageChars !== undefined ? { minPageChars: options.minPageChars } : {}),
  });
  const docx = createDocxParser({
    loadMammoth: loadNodeMammoth,
    ...(options.archiveLimits ? { archiveLimits: options.archiveLimits } : {}),
  });
  return [...DEFAULT_PARSERS, pdf, docx];
}

/** The name the parse worker looks for in a parsers module. */
export const createParsers = createNodeParsers;
