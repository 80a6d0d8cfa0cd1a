/**
 * pdf.js for Node: the legacy build of pdfjs-dist 5 (the one meant for Node), loaded on first
 * use, with its character maps and standard fonts read from the installed package (no network).
 * pdf.js runs its "fake worker" on the calling thread; the parse supervisor puts that thread in
 * a worker of its own.
 */
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import type { LoadPdfJs, PdfDocumentParams } from '../../core/ingest/pdf/pdf-source.js';

const packageRoot = () => dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

/** Loads `pdfjs-dist/legacy/build/pdf.mjs`. */
export const loadNodePdfJs: LoadPdfJs = async () => {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  return {
    getDocument: (params: PdfDocumentParams) => pdfjs.getDocument(params as Parameters<typeof pdfjs.getDocument>[0]),
  };
};

/** `getDocument` settings for Node: where the cMaps, standard fonts and wasm decoders are. */
export function nodePdfDocumentParams(): Record<string, unknown> {
  const root = packageRoot();
  return {
    cMapUrl: join(root, 'cmaps') + sep,
    cMapPacked: true,
    standardFontDataUrl: join(root, 'standard_fonts') + sep,
    wasmUrl: join(root, 'wasm') + sep,
  };
}
