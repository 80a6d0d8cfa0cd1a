/**
 * The browser's parsers: the list of files the page accepts agrees with the parsers the parse
 * worker runs, and pdf.js is pointed at the app's own files (no CDN).
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  browserPdfDocumentParams,
  createBrowserParsers,
} from '../../../../src/adapters/browser/parse/browser-parsers.js';
import { BROWSER_EXTENSIONS, isBrowserSupported } from '../../../../src/adapters/browser/parse/supported-files.js';

describe('browser parsers', () => {
  // The parse worker's `self.location`.
  beforeAll(() => vi.stubGlobal('location', new URL('http://localhost:4173/assets/parse-worker.js')));

  it('read exactly the files the page accepts: text formats, PDF and Word', () => {
    const extensions = createBrowserParsers().flatMap((parser) => parser.extensions);
    expect([...extensions].sort()).toEqual([...BROWSER_EXTENSIONS].sort());
    expect(['a.pdf', 'b.DOCX', 'c.md', 'd.html'].every(isBrowserSupported)).toBe(true);
    expect(isBrowserSupported('legacy.doc')).toBe(false);
  });

  it("point pdf.js at the app's own cMaps, fonts and decoders, and never at document.baseURI", () => {
    const params = browserPdfDocumentParams('/footnote/');
    expect(params).toMatchObject({
      cMapUrl: expect.stringMatching(/^http:\/\/localhost(:\d+)?\/footnote\/pdfjs\/cmaps\/$/),
      standardFontDataUrl: expect.stringMatching(/\/footnote\/pdfjs\/standard_fonts\/$/),
      wasmUrl: expect.stringMatching(/\/footnote\/pdfjs\/wasm\/$/),
      useWorkerFetch: true,
    });
  });
});
