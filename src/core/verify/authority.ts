/**
 * Which of two disagreeing passages is authoritative: the one that supersedes the other (front
 * matter `supersedes`, carried to retrieval as `supersededBy`), else the newer one by date.
 */
import type { RetrievedPassage } from '../types.js';

/** The authoritative passage of a pair and why; undefined when neither supersedes and the dates are equal. */
export interface Authority {
  authoritative: RetrievedPassage;
  other: RetrievedPassage;
  reason: 'supersedes' | 'newer';
}

/** True when `newer` supersedes `older` (as a whole document or as this section). */
export function supersedes(newer: RetrievedPassage, older: RetrievedPassage): boolean {
  const { cite, docId } = newer.passage;
  return older.supersededBy.some(
    (id) => id === cite || id === docId || cite.startsWith(`${id}.`) || id.startsWith(`${docId}#`),
  );
}

/** Decides between `a` and `b`. */
export function authorityBetween(a: RetrievedPassage, b: RetrievedPassage): Authority | undefined {
  if (supersedes(b, a)) return { authoritative: b, other: a, reason: 'supersedes' };
  if (supersedes(a, b)) return { authoritative: a, other: b, reason: 'supersedes' };
  if (a.passage.date > b.passage.date) return { authoritative: a, other: b, reason: 'newer' };
  if (b.passage.date > a.passage.date) return { authoritative: b, other: a, reason: 'newer' };
  return undefined;
}
