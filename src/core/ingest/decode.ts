/**
 * Bytes to text for the text formats: BOM-aware UTF-8/UTF-16, binary refused, Windows-1252 as
 * the fallback for bytes that are not UTF-8.
 */
import { RagError } from '../errors.js';

/** Decodes a text file; throws `EMPTY_DOCUMENT` or `BINARY_TEXT` naming the file. */
export function decodeText(bytes: Uint8Array, file: string): string {
  if (bytes.length === 0) throw new RagError('EMPTY_DOCUMENT', { file });
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const head = bytes.subarray(0, 8000);
  if (head.includes(0)) throw new RagError('BINARY_TEXT', { file });
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}
