/**
 * The two raw searches over the index, both restricted by access *inside* the query (both scans
 * skip unreadable passages before scoring), so top-k is never starved by later filtering.
 */
import { search, type AnyOrama } from '@orama/orama';
import { withoutPossessives } from '../text/orama-pieces.js';
import type { AccessLabel } from '../types.js';
import { scanLexical } from './lexical-scan.js';
import type { SearchIndex } from './search-index.js';
import { scanVectors } from './vector-scan.js';

/** One raw hit: a citation id and the score of the search that found it. */
export interface RawHit {
  cite: string;
  score: number;
}

/** Options shared by both searches. */
export interface RawSearchOptions {
  /** Access labels the viewer may read; an empty list finds nothing. */
  access: readonly AccessLabel[];
  limit: number;
}

function accessFilter(access: readonly AccessLabel[]) {
  return { access: { in: [...access] } };
}

/**
 * BM25 over title, heading and text; any query term may match, as a prefix of an indexed word.
 * Hits, scores and order are those of Orama's search with the options of `searchLexicalWithOrama`
 * (`lexical-scan.ts`, which replaced it), both over text whose possessives are first taken off
 * (`withoutPossessives`: "Perry's" is the word "perry", which Orama's tokenizer leaves "perry'").
 */
export async function searchLexical(index: SearchIndex, query: string, options: RawSearchOptions): Promise<RawHit[]> {
  if (options.access.length === 0 || query.trim() === '') return [];
  return scanLexical(index.lexical, query, options);
}

/**
 * Orama's BM25 search as Footnote ran it before the lexical store, the query's possessives taken
 * off as the store's are: the reference for tests, over an index whose Orama copy holds the
 * passages' words the same way (`update-index.ts`).
 */
export async function searchLexicalWithOrama(
  db: AnyOrama,
  query: string,
  options: RawSearchOptions,
): Promise<RawHit[]> {
  if (options.access.length === 0 || query.trim() === '') return [];
  const result = await search(db, {
    term: withoutPossessives(query),
    properties: ['title', 'heading', 'text'],
    boost: { heading: 1.5, title: 1.2 },
    threshold: 1,
    limit: options.limit,
    where: accessFilter(options.access),
  } as never);
  return result.hits.map((hit) => ({ cite: hit.id, score: hit.score }));
}

/**
 * Exact cosine search over the vector store; `similarity` is the lowest cosine returned. Scores,
 * floor and tie order are those of Orama's vector search, which this replaced (`vector-scan.ts`).
 */
export async function searchVector(
  index: SearchIndex,
  vector: Float32Array,
  options: RawSearchOptions & { similarity: number },
): Promise<RawHit[]> {
  if (options.access.length === 0 || !vector.some((value) => value !== 0)) return [];
  return scanVectors(index.vectors, vector, options);
}
