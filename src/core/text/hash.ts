/**
 * A short, fast, platform-neutral content hash (two 32-bit FNV-1a lanes). Used for revision
 * defaults, change detection and passage ids; not for security.
 */
export function shortHash(text: string, length = 12): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code ^ (a >>> 7), 0x5bd1e995);
  }
  const hex = (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
  return hex.slice(0, length);
}
