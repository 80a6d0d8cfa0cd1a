/**
 * The focus of a question part: the identifiers it is about (error codes `E21`, model names
 * `DW-480`, part numbers `DW-FLT-0480`, release numbers `1.6.7`). An answer must come from a
 * passage that names them; a passage that names another member of the same family (the `E30`
 * row for a question about `E21`) answers a different question.
 */
import { extractIdentifiers, identifierKey } from '../text/quantities.js';

/** The identifiers of `text`, as written, one per comparison key, in order. */
export function focusIdentifiers(text: string): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  for (const item of extractIdentifiers(text)) {
    const key = item.key ?? identifierKey(item.raw);
    if (seen.has(key)) continue;
    seen.add(key);
    found.push(item.raw);
  }
  return found;
}

/**
 * The family of an identifier's comparison key: its leading letters (`E` for `E21` and `E30`,
 * `DW` for `DW-480` and `DW-600`, `MPEG` for `MPEG-4` and `MPEG2`), or `release` for release
 * numbers. Two different keys of one family name two rows of one kind of thing.
 */
export function identifierFamily(key: string): string {
  if (/^V?\d+(?:\.\d+)+$/.test(key)) return 'release';
  return /^[A-Z]+/.exec(key)?.[0] ?? '';
}

/** True when `other` is another member of `key`'s family (not `key` itself). */
export function isSibling(key: string, other: string): boolean {
  if (key === other) return false;
  const family = identifierFamily(key);
  return family !== '' && identifierFamily(other) === family;
}

/**
 * True when `named` (keys a text names) holds another member of a focus key's family but not
 * the key itself: the `E30` row read for a question about `E21`.
 */
export function namesOnlySiblingsOf(focus: readonly string[], named: readonly string[]): boolean {
  return focus.some((key) => !named.includes(key) && named.some((other) => isSibling(key, other)));
}
