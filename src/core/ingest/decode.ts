/**
 * Bytes to text for the text formats (docs/reliability.md IN-12…IN-16): a BOM wins; UTF-16 without
 * a BOM is recognised by its pattern of zero bytes; binary files are refused; a declared charset
 * (HTML `<meta charset>`) is honoured; valid UTF-8 is UTF-8; anything else is decoded as
 * Windows-1252 (a superset of ISO-8859-1) and reported as a guess.
 */
import { RagError } from '../errors.js';
import { sniffBinary } from './sniff.js';

/** Decoded text and how it was decoded. */
export interface DecodedText {
  /** The text, without the BOM. Line endings are as in the file. */
  text: string;
  /** WHATWG name of the encoding used: `utf-8`, `utf-16le`, `utf-16be`, `windows-1252`… */
  encoding: string;
  /** True when nothing in the file stated the encoding and it was not valid UTF-8. */
  guessed: boolean;
}

/** Options of `decodeBytes`. */
export interface DecodeOptions {
  /** An encoding the file declares (an HTML `<meta charset>`), used when there is no BOM. */
  declaredCharset?: string;
}

const SNIFF_BYTES = 8000;

/** Decodes a text file; throws `EMPTY_DOCUMENT` or `BINARY_TEXT` naming the file. */
export function decodeBytes(bytes: Uint8Array, file: string, options: DecodeOptions = {}): DecodedText {
  if (bytes.length === 0) throw new RagError('EMPTY_DOCUMENT', { file });
  const bom = decodeWithBom(bytes);
  if (bom) return bom;
  const utf16 = bytes.length % 2 === 0 ? guessUtf16(bytes.subarray(0, SNIFF_BYTES)) : undefined;
  if (utf16) return requireTextual(decode(bytes, utf16), file, utf16, true);
  if (sniffBinary(bytes) || bytes.subarray(0, SNIFF_BYTES).includes(0)) {
    throw new RagError('BINARY_TEXT', { file });
  }
  const declared = knownEncoding(options.declaredCharset);
  if (declared && declared !== 'utf-8' && !declared.startsWith('utf-16')) {
    return requireTextual(decode(bytes, declared), file, declared, false);
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8', guessed: false };
  } catch {
    return requireTextual(decode(bytes, 'windows-1252'), file, 'windows-1252', true);
  }
}

/** The WHATWG name of an encoding label, or undefined when the platform does not know it. */
export function knownEncoding(label: string | undefined): string | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return undefined;
  }
}

function decode(bytes: Uint8Array, encoding: string): string {
  if (encoding === 'windows-1252') return decodeWindows1252(bytes);
  return new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes);
}

// Windows-1252's 0x80–0x9F (WHATWG table; the five unassigned bytes stay C1 controls).
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * Windows-1252 by table: Node 20's `TextDecoder('windows-1252')` decodes as ISO-8859-1 and turns
 * smart quotes into C1 controls (browsers do not), so the core does not rely on it.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += 8192) {
    const codes = Array.from(bytes.subarray(start, start + 8192), (byte) =>
      byte >= 0x80 && byte < 0xa0 ? CP1252_HIGH.charCodeAt(byte - 0x80) : byte,
    );
    text += String.fromCharCode(...codes);
  }
  return text;
}

function decodeWithBom(bytes: Uint8Array): DecodedText | undefined {
  const [first, second, third] = [bytes[0], bytes[1], bytes[2]];
  if (first === 0xef && second === 0xbb && third === 0xbf) {
    return { text: decode(bytes.subarray(3), 'utf-8'), encoding: 'utf-8', guessed: false };
  }
  if (first === 0xff && second === 0xfe) {
    return { text: decode(bytes.subarray(2), 'utf-16le'), encoding: 'utf-16le', guessed: false };
  }
  if (first === 0xfe && second === 0xff) {
    return { text: decode(bytes.subarray(2), 'utf-16be'), encoding: 'utf-16be', guessed: false };
  }
  return undefined;
}

/**
 * UTF-16 without a BOM: text in Latin scripts has a zero byte in every other position (odd
 * positions for little-endian, even for big-endian) and almost none in the others. Only files
 * of an even length and at least four characters are candidates.
 */
function guessUtf16(head: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const pairs = Math.floor(head.length / 2);
  if (pairs < 4) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let index = 0; index + 1 < head.length; index += 2) {
    if (head[index] === 0) evenZeros++;
    if (head[index + 1] === 0) oddZeros++;
  }
  if (oddZeros / pairs > 0.6 && evenZeros / pairs < 0.05) return 'utf-16le';
  if (evenZeros / pairs > 0.6 && oddZeros / pairs < 0.05) return 'utf-16be';
  return undefined;
}

/** Refuses decoded text that is mostly control characters: a binary file that slipped through. */
function requireTextual(text: string, file: string, encoding: string, guessed: boolean): DecodedText {
  const head = text.slice(0, SNIFF_BYTES);
  let controls = 0;
  for (let index = 0; index < head.length; index++) {
    const code = head.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) || code === 0x7f) controls++;
  }
  if (controls > Math.max(2, head.length * 0.02)) throw new RagError('BINARY_TEXT', { file });
  return { text, encoding, guessed };
}
