/**
 * Inline citations of an answer (`[dw480-manual-v3#2]`, `[a#1, b#2]`, `[a#1][b#2]`) and what they
 * point to among the passages given to the generator.
 */
import type { Passage, RetrievedPassage } from '../types.js';

/** One citation id found in an answer. */
export interface CitationRef {
  id: string;
  /** Offsets of the whole bracket group (`[a#1, b#2]`) in the answer. */
  start: number;
  end: number;
}

/** What a cited id points to. */
export interface ResolvedCitation {
  id: string;
  /** `valid`: among the passages given; `not-given`: exists but was not given; `unknown`: exists nowhere. */
  status: 'valid' | 'not-given' | 'unknown';
  /** The given passages it names (a document id or a section id may name several). */
  passages: RetrievedPassage[];
}

/** A citation id: letters, digits, `.`, `_`, `-`, with an optional `#section`. */
const ID = /^[\p{L}\p{N}][\p{L}\p{N}._-]*(?:#[\p{L}\p{N}][\p{L}\p{N}._-]*)?$/u;
/**
 * A bracket group that is not an image (`![`), a link (`](`) or a link definition (`]:` at the
 * start of a line). One that ends a line leading into a list ("These are supported [a#2]:") is.
 */
const GROUP = /(?<!!)\[([^[\]\n]{1,400})\](?!\()/g;

/**
 * The citation ids in `answer`, in order. A bracketed token counts when it contains `#` (a
 * section citation, valid or not) or when `isKnown` says it is an id (a bare document id);
 * anything else in brackets (`[1]`, `[Source: manual]`, Markdown link text) is not a citation.
 */
export function parseCitations(answer: string, isKnown: (id: string) => boolean = () => false): CitationRef[] {
  const found: CitationRef[] = [];
  for (const match of answer.matchAll(GROUP)) {
    if (answer[match.index + match[0].length] === ':' && startsLine(answer, match.index)) continue;
    const tokens = (match[1] ?? '').split(/\s*[,;]\s*|\s+/).filter(Boolean);
    if (tokens.length === 0 || !tokens.every((token) => ID.test(token))) continue;
    const ids = tokens.filter((token) => token.includes('#') || isKnown(token));
    for (const id of ids) found.push({ id, start: match.index, end: match.index + match[0].length });
  }
  return found;
}

/** True when only spaces come before `index` on its line. */
function startsLine(text: string, index: number): boolean {
  return /^[ \t]*$/.test(text.slice(text.lastIndexOf('\n', index - 1) + 1, index));
}

/** True when the cited `id` names `passage`: its own id, its document's, or a section it is part of (`a#2` for `a#2.1`). */
export function citationNames(id: string, passage: Pick<Passage, 'cite' | 'docId'>): boolean {
  return passage.cite === id || passage.docId === id || passage.cite.startsWith(`${id}.`);
}

/** Resolves a cited id against the passages given; `exists` tells "not given" from "unknown". */
export function resolveCitation(
  id: string,
  given: readonly RetrievedPassage[],
  exists?: (cite: string) => boolean,
): ResolvedCitation {
  const passages = given.filter((item) => citationNames(id, item.passage));
  if (passages.length > 0) return { id, status: 'valid', passages };
  const known = exists ? exists(id) : true;
  return { id, status: known ? 'not-given' : 'unknown', passages: [] };
}

/** A predicate for `parseCitations`: ids of the given passages and their documents, and anything `exists` knows. */
export function knownIds(
  given: readonly RetrievedPassage[],
  exists?: (cite: string) => boolean,
): (id: string) => boolean {
  const ids = new Set(given.flatMap((item) => [item.passage.cite, item.passage.docId]));
  return (id) => ids.has(id) || (exists?.(id) ?? false);
}
