/**
 * Query latency per retrieval mode through `retrieve()`, beside the raw vector search alone
 * (`searchVector`: the index's vector store) and the floor: a plain dot-product scan over the
 * same vectors.
 */
import type { SearchIndex } from '../src/core/index/search-index.js';
import { searchVector } from '../src/core/index/search.js';
import type { Embedder } from '../src/core/ports.js';
import { analyseQuestion } from '../src/core/question/analyse-question.js';
import { readableLabels } from '../src/core/retrieve/access.js';
import { DEFAULT_RETRIEVAL_OPTIONS, retrieve, type RetrievalMode } from '../src/core/retrieve/retrieve.js';
import type { QuestionPart } from '../src/core/types.js';
import { topByDotProduct, type VectorMatrix } from './dot-product-scan.js';
import { measureLatency, type LatencySummary } from './latency.js';

/** Hits the raw vector searches return (the floor and `searchVector` alike). */
export const RAW_LIMIT = 10;

/** One prepared query: its text, its analysed parts and its vector. */
export interface QueryCase {
  text: string;
  parts: QuestionPart[];
  vector: Float32Array;
}

/** Latencies per way of searching, and how often `searchVector` and the scan agree on the best hit. */
export interface QueryResult {
  queries: number;
  warmup: number;
  lexical: LatencySummary;
  vector: LatencySummary;
  hybrid: LatencySummary;
  rawVector: LatencySummary;
  dotProductScan: LatencySummary;
  /** Share of queries where `searchVector`'s top hit is the scan's top row (1 means always). */
  topHitAgreement: number;
}

/** Analyses and embeds the query texts (untimed: the question stage is not what is measured). */
export async function prepareQueries(texts: readonly string[], embedder: Embedder): Promise<QueryCase[]> {
  return Promise.all(
    texts.map(async (text) => ({ text, parts: analyseQuestion(text), vector: await embedder.embedQuery(text) })),
  );
}

/** `retrieve()` in one mode with the default options otherwise. */
export function retrieveWithMode(index: SearchIndex, embedder: Embedder, query: QueryCase, mode: RetrievalMode) {
  return retrieve(index, embedder, query.parts, { ...DEFAULT_RETRIEVAL_OPTIONS, mode });
}

/** Times every way of searching over the same queries; `cites[row]` names the scan's rows. */
export async function measureQueries(
  index: SearchIndex,
  embedder: Embedder,
  queries: readonly QueryCase[],
  scan: { matrix: VectorMatrix; cites: readonly string[] },
  warmup: number,
): Promise<QueryResult> {
  const lexical = await measureLatency(queries, (query) => retrieveWithMode(index, embedder, query, 'lexical'), warmup);
  const vector = await measureLatency(queries, (query) => retrieveWithMode(index, embedder, query, 'vector'), warmup);
  const hybrid = await measureLatency(queries, (query) => retrieveWithMode(index, embedder, query, 'hybrid'), warmup);
  const rawOptions = { access: readableLabels(DEFAULT_RETRIEVAL_OPTIONS.viewer), limit: RAW_LIMIT };
  const similarity = DEFAULT_RETRIEVAL_OPTIONS.similarity;
  const rawVector = await measureLatency(
    queries,
    (query) => searchVector(index, query.vector, { ...rawOptions, similarity }),
    warmup,
  );
  const dotProductScan = await measureLatency(
    queries,
    (query) => topByDotProduct(scan.matrix, query.vector, RAW_LIMIT),
    warmup,
  );
  const topHitAgreement = await measureAgreement(index, queries, scan, { ...rawOptions, similarity });
  return { queries: queries.length, warmup, lexical, vector, hybrid, rawVector, dotProductScan, topHitAgreement };
}

/** Whether the index's exact vector search and the scan pick the same best passage (a sanity check, not a timing). */
async function measureAgreement(
  index: SearchIndex,
  queries: readonly QueryCase[],
  scan: { matrix: VectorMatrix; cites: readonly string[] },
  options: Parameters<typeof searchVector>[2],
): Promise<number> {
  let agreeing = 0;
  for (const query of queries) {
    const indexTop = (await searchVector(index, query.vector, options))[0]?.cite;
    const scanTop = topByDotProduct(scan.matrix, query.vector, 1)[0];
    if (indexTop !== undefined && scanTop && scan.cites[scanTop.row] === indexTop) agreeing++;
  }
  return queries.length > 0 ? agreeing / queries.length : Number.NaN;
}
