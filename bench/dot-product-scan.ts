/**
 * The floor to compare the index with: every vector in one `Float32Array` (row-major, N × d)
 * and a plain loop of dot products, keeping the best k. Exact, no index, no allocation per row;
 * for unit vectors the dot product is the cosine similarity.
 */

/** N vectors of one length, packed row after row. */
export interface VectorMatrix {
  dimensions: number;
  rows: number;
  values: Float32Array;
}

/** One scan hit: a row number and its dot product with the query. */
export interface ScanHit {
  row: number;
  score: number;
}

/** Packs vectors (all of `dimensions`) into one matrix, in order. */
export function packVectors(vectors: readonly Float32Array[], dimensions: number): VectorMatrix {
  const values = new Float32Array(vectors.length * dimensions);
  vectors.forEach((vector, row) => values.set(vector, row * dimensions));
  return { dimensions, rows: vectors.length, values };
}

/** The `limit` rows with the highest dot product with `query`, best first. */
export function topByDotProduct(matrix: VectorMatrix, query: Float32Array, limit: number): ScanHit[] {
  const { dimensions, rows, values } = matrix;
  const best: ScanHit[] = [];
  for (let row = 0; row < rows; row++) {
    const offset = row * dimensions;
    let score = 0;
    for (let index = 0; index < dimensions; index++) score += values[offset + index]! * query[index]!;
    if (best.length < limit || score > best[best.length - 1]!.score) insertSorted(best, { row, score }, limit);
  }
  return best;
}

/** Inserts a hit into a list sorted best first, keeping at most `limit` (k is small: a linear insert is fine). */
function insertSorted(best: ScanHit[], hit: ScanHit, limit: number): void {
  let position = best.length;
  while (position > 0 && best[position - 1]!.score < hit.score) position--;
  best.splice(position, 0, hit);
  if (best.length > limit) best.pop();
}
