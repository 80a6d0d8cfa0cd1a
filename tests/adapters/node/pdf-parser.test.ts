/**
 * PDFs through the real pdf.js (pdfjs-dist 5, Node legacy build): the generated manual with
 * headings and a page without text, and the bad-input cases IN-02…IN-05.
 */
import { describe, expect, it } from 'vitest';
import { createNodeParsers } from '../../../src/adapters/node/node-parsers.js';
import { chunkDocument } from '../../../src/core/chunk/chunk-document.js';
import { parseSafely, type ParseResult } from '../../../src/core/ingest/parse-safely.js';
import type { SourceDocument } from '../../../src/core/types.js';
import { circularPageTree, encryptedManual, fixture } from './pdf-variants.js';

const parsers = createNodeParsers();
const parse = async (name: string, bytes: Uint8Array, password?: string): Promise<ParseResult> =>
  parseSafely({ name, bytes, ...(password === undefined ? {} : { password }) }, { parsers });
const documentOf = (result: ParseResult): SourceDocument => {
  if (!result.ok) throw new Error(result.error.message);
  return result.document;
};

describe('PDF parser (pdf.js)', () => {
  it('reads the manual: headings as sections, pages on every passage, the blank page reported', async () => {
    const document = documentOf(await parse('manual.pdf', await fixture('manual.pdf')));
    expect(document).toMatchObject({ format: 'pdf', title: 'KX-200 Kettle Manual', pageCount: 5, partial: true });
    expect(document.warnings).toEqual(['page 4 has no extractable text: scanned?']);
    expect(document.sections.map(({ id, page }) => `${id}@${page}`)).toEqual([
      'kx-200-kettle-manual@1',
      '1@1',
      '2@2',
      '3@3',
      '4@5',
    ]);
    const passages = chunkDocument(document);
    expect(passages.every((passage) => passage.page !== undefined)).toBe(true);
    expect(passages.map(({ cite, page }) => `${cite}@${page}`)).toEqual([
      'manual#1@1',
      'manual#2@2',
      'manual#2.2@3',
      'manual#3@3',
      'manual#4@5',
    ]);
    const descaling = passages.find((passage) => passage.text.includes('every 6 weeks'));
    expect(descaling).toMatchObject({ cite: 'manual#3', page: 3, heading: '3. Descaling' });
  });

  it('gives a PDF without headings one section per page', async () => {
    const document = documentOf(await parse('plain.pdf', await fixture('plain.pdf')));
    expect(document.sections.map(({ id, page }) => `${id}@${page}`)).toEqual(['p1@1', 'p2@2']);
    expect(document.warnings).toBeUndefined();
  });

  it('IN-04: a scanned PDF (images, no text layer) is NO_TEXT', async () => {
    expect(await parse('scanned.pdf', await fixture('scanned.pdf'))).toEqual({
      ok: false,
      error: { code: 'NO_TEXT', message: 'scanned.pdf: no extractable text; nothing was indexed.' },
    });
  });

  it('IN-02: truncated and garbage PDFs are PDF_DAMAGED', async () => {
    const bytes = await fixture('manual.pdf');
    for (const share of [0.1, 0.5, 0.9, 0.99]) {
      const result = await parse('cut.pdf', bytes.subarray(0, Math.floor(bytes.length * share)));
      expect(result).toMatchObject({ ok: false, error: { code: 'PDF_DAMAGED' } });
    }
    expect(await parse('fake.pdf', new TextEncoder().encode('%PDF-1.7\nnot really a PDF\n'))).toEqual({
      ok: false,
      error: {
        code: 'PDF_DAMAGED',
        message: 'fake.pdf: the PDF is damaged or is not a PDF (Invalid PDF structure.); nothing was indexed.',
      },
    });
  });

  it('IN-03: an encrypted PDF asks for its password, refuses a wrong one, opens with the right one', async () => {
    const bytes = await encryptedManual('kettle-user', 'kettle-owner');
    expect(await parse('locked.pdf', bytes)).toMatchObject({ ok: false, error: { code: 'PDF_PASSWORD_REQUIRED' } });
    expect(await parse('locked.pdf', bytes, 'wrong')).toEqual({
      ok: false,
      error: {
        code: 'PDF_PASSWORD_WRONG',
        message: 'locked.pdf: that password does not open the PDF. Try again, or skip the file.',
      },
    });
    for (const password of ['kettle-user', 'kettle-owner']) {
      const document = documentOf(await parse('locked.pdf', bytes, password));
      expect(document.text).toContain('Descale the KX-200 every 6 weeks');
      expect(JSON.stringify(document)).not.toContain(password);
    }
    const ownerOnly = documentOf(await parse('restricted.pdf', await encryptedManual('', 'kettle-owner')));
    expect(ownerOnly.pageCount).toBe(5);
  });

  it('IN-05: a page that cannot be read is skipped and reported; the other pages are indexed', async () => {
    const document = documentOf(await parse('broken.pdf', await circularPageTree()));
    expect(document.warnings).toEqual([
      'page 3 could not be read (Pages tree contains circular reference.); it was skipped',
      'page 5 has no extractable text: scanned?',
    ]);
    expect(document.partial).toBe(true);
    expect(document.text).toContain('Descale the KX-200 every 6 weeks');
    expect(document.text).toContain('warranty lasts 24 months');
  });
});
