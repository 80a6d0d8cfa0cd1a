/**
 * A text file as the text parsers need it: decoded (see `decode.ts`), line endings normalised
 * with the map back to the file (see `line-endings.ts`), and a warning when the encoding was a
 * guess.
 */
import { decodeBytes, type DecodeOptions } from './decode.js';
import { normaliseLineEndings } from './line-endings.js';

/** A decoded, normalised text file. */
export interface TextFile {
  /** The text with LF line breaks, without BOM. */
  text: string;
  /** Offsets in `text` of LFs that were CRLF in the file. */
  crlfOffsets: number[];
  encoding: string;
  encodingGuessed: boolean;
  /** `encoding guessed: windows-1252` when it was a guess. */
  warnings: string[];
}

/** Decodes and normalises a text file; throws `EMPTY_DOCUMENT` or `BINARY_TEXT` naming it. */
export function readTextFile(bytes: Uint8Array, file: string, options: DecodeOptions = {}): TextFile {
  const decoded = decodeBytes(bytes, file, options);
  const { text, crlfOffsets } = normaliseLineEndings(decoded.text);
  return {
    text,
    crlfOffsets,
    encoding: decoded.encoding,
    encodingGuessed: decoded.guessed,
    warnings: decoded.guessed ? [`encoding guessed: ${decoded.encoding}`] : [],
  };
}
