/**
 * Text decoding (docs/reliability.md IN-12…IN-17): BOMs, UTF-16 without BOM, Windows-1252 guessed and
 * reported, declared HTML charsets (CJK ones included), binary refused, line endings normalised
 * with offsets that map back to the file.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../../../src/core/chunk/chunk-document.js';
import { decodeBytes } from '../../../src/core/ingest/decode.js';
import { normaliseLineEndings, originalOffset } from '../../../src/core/ingest/line-endings.js';
import { parseDocument } from '../../../src/core/ingest/parse-document.js';

const utf16le = (text: string) => {
  const bytes = new Uint8Array(text.length * 2);
  for (let index = 0; index < text.length; index++) {
    bytes[index * 2] = text.charCodeAt(index) & 0xff;
    bytes[index * 2 + 1] = text.charCodeAt(index) >> 8;
  }
  return bytes;
};
const swap = (bytes: Uint8Array) => bytes.map((_, index) => bytes[index % 2 ? index - 1 : index + 1] ?? 0);
const concat = (...parts: ArrayLike<number>[]) => Uint8Array.from(parts.flatMap((part) => Array.from(part)));
const latin1 = (text: string) => Uint8Array.from(text, (character) => character.charCodeAt(0));

const SAMPLE = 'Café “quoted” – naïve résumé\nLine two: 5 °C\n';

describe('decodeBytes', () => {
  it('IN-13: decodes UTF-16 LE and BE with a BOM, and without one by its zero bytes', () => {
    const le = utf16le(SAMPLE);
    expect(decodeBytes(concat([0xff, 0xfe], le), 'le.txt')).toEqual({
      text: SAMPLE,
      encoding: 'utf-16le',
      guessed: false,
    });
    expect(decodeBytes(concat([0xfe, 0xff], swap(le)), 'be.txt')).toEqual({
      text: SAMPLE,
      encoding: 'utf-16be',
      guessed: false,
    });
    expect(decodeBytes(le, 'le.txt')).toMatchObject({ text: SAMPLE, encoding: 'utf-16le' });
    expect(decodeBytes(swap(le), 'be.txt')).toMatchObject({ text: SAMPLE, encoding: 'utf-16be' });
  });

  it('IN-17: strips a UTF-8 BOM', () => {
    expect(decodeBytes(concat([0xef, 0xbb, 0xbf], new TextEncoder().encode(SAMPLE)), 'bom.txt')).toEqual({
      text: SAMPLE,
      encoding: 'utf-8',
      guessed: false,
    });
  });

  it('IN-14: falls back to Windows-1252 for bytes that are not UTF-8, and says it guessed', async () => {
    const bytes = concat(latin1('Caf\u00e9 '), [0x93], latin1('quoted'), [0x94], latin1(' na\u00efve\n'));
    expect(decodeBytes(bytes, 'old.txt')).toEqual({
      text: 'Café “quoted” naïve\n',
      encoding: 'windows-1252',
      guessed: true,
    });
    const document = await parseDocument({ name: 'old.txt', bytes });
    expect(document).toMatchObject({
      encoding: 'windows-1252',
      encodingGuessed: true,
      warnings: ['encoding guessed: windows-1252'],
    });
    expect(document.text).not.toContain('\ufffd');
  });

  it('IN-16: honours an HTML <meta charset> and the http-equiv form', async () => {
    const page = (meta: string) =>
      concat(
        latin1(`<html><head>${meta}<title>R\u00e9sum\u00e9</title></head><body><p>Caf\u00e9 \u00bd `),
        [0xa4, 0x93],
        latin1('</p></body></html>'),
      );
    const direct = await parseDocument({ name: 'a.html', bytes: page('<meta charset="iso-8859-1">') });
    expect(direct).toMatchObject({ title: 'Résumé', encoding: 'windows-1252' });
    expect(direct.encodingGuessed).toBeUndefined();
    expect(direct.text).toContain('Café ½ ¤“');
    const equiv = await parseDocument({
      name: 'b.html',
      bytes: page('<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-15">'),
    });
    expect(equiv.encoding).toBe('iso-8859-15');
    expect(equiv.text).toContain('Café œ €');
  });

  it.each([
    // The bytes are the sentence in each encoding (Python's codecs), so no encoder of ours is trusted.
    [
      'shift_jis',
      '95db8fd88afa8ad482cd8d7793fc93fa82a982e793f1944e8ad482c582b78142',
      '保証期間は購入日から二年間です。',
    ],
    ['gb18030', 'b1a3d0dec6daceaad7d4b9bac2f2d6aec8d5c6f0c1bdc4eaa1a3', '保修期为自购买之日起两年。'],
    [
      'euc-kr',
      'bab8c1f520b1e2b0a3c0ba20b1b8c0d4c0cfb7cebacec5cd2032b3e2c0d4b4cfb4d92e',
      '보증 기간은 구입일로부터 2년입니다.',
    ],
  ])('IN-15: honours a declared %s charset', async (charset, hex, sentence) => {
    const bytes = concat(
      latin1(`<html><head><meta charset="${charset}"><title>Manual</title></head><body><p>`),
      Buffer.from(hex, 'hex'),
      latin1('</p></body></html>'),
    );
    const document = await parseDocument({ name: 'manual.html', bytes });
    expect(document).toMatchObject({ encoding: charset, text: `${sentence}\n` });
    expect(document.encodingGuessed).toBeUndefined();
  });

  it('IN-15: a Shift_JIS text file, which declares nothing, is never decoded silently: the guess is said', async () => {
    const bytes = Buffer.from('95db8fd88afa8ad482cd8d7793fc93fa82a982e793f1944e8ad482c582b78142', 'hex');
    const document = await parseDocument({ name: 'manual.txt', bytes: new Uint8Array(bytes) });
    expect(document).toMatchObject({ encodingGuessed: true, warnings: ['encoding guessed: windows-1252'] });
  });

  it('IN-12: refuses binary bytes named .txt, naming the file', async () => {
    const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3];
    const elf = [0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0];
    const zip = [0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 8, 0];
    const noisy = Array.from({ length: 4000 }, (_, index) => (index * 7919 + 13) % 256).map((byte) => byte || 1);
    const oddUtf16Like = [0x61, 0, 0x62, 0, 0x63];
    for (const bytes of [png, elf, zip, noisy, oddUtf16Like]) {
      await expect(parseDocument({ name: 'notes.txt', bytes: Uint8Array.from(bytes) })).rejects.toMatchObject({
        code: 'BINARY_TEXT',
        message: 'notes.txt: this looks like a binary file, not text; nothing was indexed.',
      });
    }
  });

  it('does not mistake text that starts like "MZ" or "GIF8" for a binary file', () => {
    expect(decodeBytes(new TextEncoder().encode('MZ-480 manual\nGIF8 is not an image\n'), 'a.txt').text).toContain(
      'MZ-480',
    );
  });
});

describe('line endings', () => {
  it('IN-17: normalises CRLF and lone CR to LF and maps offsets back to the file text', async () => {
    const original = 'Title line\r\n\r\nFirst paragraph.\rSecond line.\r\n\nLast.';
    const document = await parseDocument({ name: 'mixed.txt', bytes: new TextEncoder().encode(original) });
    expect(document.text).toBe('Title line\n\nFirst paragraph.\nSecond line.\n\nLast.');
    const start = document.text.indexOf('Second');
    const end = document.text.length;
    expect(original.slice(originalOffset(document, start), originalOffset(document, end))).toBe(
      'Second line.\r\n\nLast.',
    );
  });

  it('IN-17: keeps Markdown front matter offsets in file coordinates', async () => {
    const original = '---\r\ntitle: T\r\n---\r\n# Head\r\n\r\nBody text.\r\n';
    const document = await parseDocument({ name: 'fm.md', bytes: new TextEncoder().encode(original) });
    expect(document.title).toBe('T');
    expect(document.text).toBe('# Head\n\nBody text.\n');
    expect(original.slice(originalOffset(document, 0))).toBe('# Head\r\n\r\nBody text.\r\n');
  });

  it('IN-17 property: every passage maps back to its exact span of the original file text', async () => {
    const piece = fc.constantFrom(
      'Word. ',
      'Another sentence here. ',
      '\r\n',
      '\n',
      '\r',
      '\r\n\r\n',
      '- item\r\n',
      '| a | b |\r\n',
      'é ',
    );
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { minLength: 1, maxLength: 60 }), async (pieces) => {
        const original = `Start. ${pieces.join('')}End.`;
        const document = await parseDocument({ name: 'p.txt', bytes: new TextEncoder().encode(original) });
        for (const passage of chunkDocument(document, { maxChars: 80 })) {
          const span = original.slice(originalOffset(document, passage.start), originalOffset(document, passage.end));
          expect(normaliseLineEndings(span).text).toBe(passage.text);
          expect(document.text.slice(passage.start, passage.end)).toBe(passage.text);
        }
      }),
      { numRuns: 150 },
    );
  });
});
