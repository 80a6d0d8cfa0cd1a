/**
 * A rough size of a structured-clone value as browsers serialise it: a byte per character of
 * Latin-1 text (two beyond), a small integer in a few bytes and a double in nine, typed arrays
 * by their byte length. Good enough to tell a person how big the library is; the browser's own
 * figure (`navigator.storage.estimate`) is shown beside it where there is one.
 */

/** Estimated bytes of `value` as IndexedDB would keep it. */
export function estimateCloneBytes(value: unknown, seen = new Set<object>()): number {
  if (value === null || value === undefined) return 1;
  if (typeof value === 'string') return stringBytes(value);
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) < 2 ** 30 ? 3 : 9;
  if (typeof value === 'bigint') return 9;
  if (typeof value === 'boolean') return 1;
  if (typeof value !== 'object') return 0;
  if (seen.has(value)) return 0;
  seen.add(value);
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (value instanceof ArrayBuffer) return value.byteLength;
  if (value instanceof Map) {
    let sum = 0;
    for (const [key, item] of value) sum += estimateCloneBytes(key, seen) + estimateCloneBytes(item, seen);
    return sum;
  }
  if (value instanceof Set || Array.isArray(value)) {
    let sum = 0;
    for (const item of value) sum += estimateCloneBytes(item, seen);
    return sum;
  }
  let sum = 0;
  for (const [key, item] of Object.entries(value)) sum += stringBytes(key) + estimateCloneBytes(item, seen);
  return sum;
}

function stringBytes(text: string): number {
  // eslint-disable-next-line no-control-regex
  return 2 + (/^[\u0000-\u00ff]*$/.test(text) ? text.length : 2 * text.length);
}
