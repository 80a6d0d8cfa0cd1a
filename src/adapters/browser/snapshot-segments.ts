/**
 * The saved index as bytes, in segments (docs/reliability.md ST-05). One structured-clone value has
 * a ceiling (Chromium refuses values over about 127 MiB: "The serialized value is too large"), and
 * a big library's index passes it. So the index is encoded once into bytes, JSON for its
 * structure and one block of 4-byte words for its typed arrays (the vectors' floats, the lexical
 * store's postings), and kept as segments of at most 32 MiB
 * beside a head that names their count, length and SHA-256. Reading checks all three: a missing,
 * short or changed segment means "no saved index", and the library is rebuilt from its records.
 */
import type { StoredIndex } from '../../core/ports.js';

/** The largest segment kept: a quarter of Chromium's structured-clone cap. */
export const SEGMENT_BYTES = 32 * 2 ** 20;

/** What is stored beside the segments. */
export interface SnapshotHead {
  format: 'segments-v1';
  /** The records' generation the index mirrors. */
  generation: number;
  segments: number;
  bytes: number;
  /** SHA-256 of the encoded bytes, hex. */
  sha256: string;
}

const FLOATS = '$f32';
const WORDS = '$u32';

/** Encodes an index: a 4-byte length, the JSON (typed arrays replaced by references), padding, the words. */
export function encodeSnapshot(stored: StoredIndex): Uint8Array {
  const arrays: (Float32Array | Uint32Array)[] = [];
  let offset = 0;
  const json = JSON.stringify(stored, (_key, value: unknown) => {
    if (!(value instanceof Float32Array) && !(value instanceof Uint32Array)) return value;
    arrays.push(value);
    offset += value.length;
    return { [value instanceof Float32Array ? FLOATS : WORDS]: offset - value.length, length: value.length };
  });
  const text = new TextEncoder().encode(json);
  const start = align(4 + text.length);
  const bytes = new Uint8Array(start + offset * 4);
  new DataView(bytes.buffer).setUint32(0, text.length, true);
  bytes.set(text, 4);
  let at = start;
  for (const array of arrays) {
    bytes.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), at);
    at += array.byteLength;
  }
  return bytes;
}

/** Decodes `encodeSnapshot`'s bytes; throws on anything malformed. */
export function decodeSnapshot(bytes: Uint8Array): StoredIndex {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(0, true);
  const start = align(4 + length);
  if (start > bytes.byteLength || (bytes.byteLength - start) % 4 !== 0)
    throw new Error('The saved index is cut short.');
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(4, 4 + length));
  const block = bytes.slice(start).buffer;
  const floats = new Float32Array(block);
  const words = new Uint32Array(block);
  const stored = JSON.parse(text, (_key, value: unknown) => {
    if (typeof value !== 'object' || value === null) return value;
    const kind = FLOATS in value ? FLOATS : WORDS in value ? WORDS : undefined;
    if (kind === undefined) return value;
    const { [kind]: at, length: count } = value as Record<string, number>;
    if (!(at! + count! <= floats.length)) throw new Error('The saved index refers to arrays it does not hold.');
    return (kind === FLOATS ? floats : words).slice(at, at! + count!);
  }) as StoredIndex;
  if (!stored || typeof stored !== 'object' || !('payload' in stored)) throw new Error('The saved index is not one.');
  return stored;
}

/** Cuts bytes into segments of at most `size` bytes (copies, so each is its own buffer). */
export function splitSegments(bytes: Uint8Array, size = SEGMENT_BYTES): Uint8Array[] {
  const segments: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += size) segments.push(bytes.slice(at, at + size));
  return segments;
}

/** Joins segments back into one byte array. */
export function joinSegments(segments: readonly Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(segments.reduce((sum, segment) => sum + segment.length, 0));
  let at = 0;
  for (const segment of segments) {
    bytes.set(segment, at);
    at += segment.length;
  }
  return bytes;
}

/** SHA-256 of bytes, hex. */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function align(count: number): number {
  return Math.ceil(count / 4) * 4;
}
