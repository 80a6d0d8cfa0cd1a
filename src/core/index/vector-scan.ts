/**
 * The exact cosine scan over the vector store: rows the viewer may not read are skipped before
 * scoring, and only the best k are kept, so top-k is never starved by a later filter. Orama's
 * vector search (the `where` filter built as an id list, then a sort of every hit above the
 * floor) made a vector query at 100,000 passages cost several times a plain dot-product loop;
 * this costs less than that loop. The trade-off: no approximate index, so a query stays linear
 * in passages (about 45 ms at 100,000 × 384 on one core).
 *
 * Scores are Orama 3.1.18's, to the bit: cosine = dot / (|query| · |row|), both sums taken in
 * doubles in index order (`findSimilarVectors` in Orama's `trees/vector.js`), a hit kept when
 * cosine ≥ the floor, ties in Orama's order (lower internal id first). So replacing Orama's
 * vector index changed no ranking.
 */
import { RagError } from '../errors.js';
import type { AccessLabel } from '../types.js';
import { readableCodes } from './access-codes.js';
import { BestRows } from './best-rows.js';
import { magnitudeOf, type VectorStore } from './vector-store.js';

/** One scan hit: a citation id and its cosine with the query. */
export interface VectorHit {
  cite: string;
  score: number;
}

/** What to scan for. */
export interface VectorScanOptions {
  /** Access labels the viewer may read; rows with any other label are skipped inside the scan. */
  access: readonly AccessLabel[];
  limit: number;
  /** Lowest cosine returned. */
  similarity: number;
}

/**
 * Exact cosine scan: the `limit` readable rows with the highest cosine ≥ `similarity`, best
 * first, ties by order. Rows the viewer may not read are skipped before scoring, so the top k is
 * never starved by a later filter. A zero query finds nothing; a zero row never scores (0/0).
 */
export function scanVectors(store: VectorStore, query: Float32Array, options: VectorScanOptions): VectorHit[] {
  const { dimensions, values, magnitudes, orders, accessCodes, size } = store;
  if (query.length !== dimensions) {
    throw new RagError('DIMENSION_MISMATCH', { actual: query.length, expected: dimensions });
  }
  const readable = readableCodes(store, options.access);
  if (!readable || options.limit < 1) return [];
  const queryMagnitude = magnitudeOf(query, 0, dimensions);
  const best = new BestRows(options.limit);
  const floor = options.similarity;
  for (let row = 0; row < size; row++) {
    if (readable[accessCodes[row]!] === 0) continue;
    const score = dotProduct(query, values, row * dimensions, dimensions) / (queryMagnitude * magnitudes[row]!);
    // `!(score >= floor)` also drops NaN (a zero vector), as Orama's `similarity >= threshold` does.
    if (!(score >= floor)) continue;
    best.offer(row, score, orders[row]!);
  }
  return best.rows.map((row, position) => ({ cite: store.cites[row]!, score: best.scores[position]! }));
}

/**
 * The dot product of `query` with the row at `offset`, summed in doubles in index order (so to the
 * bit what Orama's loop sums), four terms a turn: about 1.7 times faster in V8 than one a turn.
 */
function dotProduct(query: Float32Array, values: Float32Array, offset: number, dimensions: number): number {
  let dot = 0;
  let index = 0;
  for (const end = dimensions - (dimensions % 4); index < end; index += 4) {
    const at = offset + index;
    dot += query[index]! * values[at]!;
    dot += query[index + 1]! * values[at + 1]!;
    dot += query[index + 2]! * values[at + 2]!;
    dot += query[index + 3]! * values[at + 3]!;
  }
  for (; index < dimensions; index++) dot += query[index]! * values[offset + index]!;
  return dot;
}
