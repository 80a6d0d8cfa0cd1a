/**
 * Fusing a lexical and a vector ranking into one.
 *
 * - `rrf`: reciprocal rank fusion, Σ 1/(k + rank). Uses ranks only, so it is blind to how far
 *   apart the two scales are; k = 60 as in Cormack et al. (2009).
 * - `weighted`: Orama's hybrid formula: each list divided by its own maximum, then a weighted sum.
 */
import type { RawHit } from '../index/search.js';

/** How lexical and vector rankings are combined. */
export type Fusion = 'rrf' | 'weighted';

/** A fused candidate with both raw scores. */
export interface FusedHit {
  cite: string;
  score: number;
  lexicalScore?: number;
  vectorScore?: number;
}

/** RRF's rank constant. */
export const RRF_K = 60;

/** Fuses two rankings; a hit missing from one list contributes nothing from it. */
export function fuse(
  lexical: RawHit[],
  vector: RawHit[],
  fusion: Fusion,
  weights: { text: number; vector: number } = { text: 0.5, vector: 0.5 },
): FusedHit[] {
  const hits = new Map<string, FusedHit>();
  const get = (cite: string) => hits.get(cite) ?? hits.set(cite, { cite, score: 0 }).get(cite)!;
  const maxLexical = Math.max(0, ...lexical.map((hit) => hit.score)) || 1;
  const maxVector = Math.max(0, ...vector.map((hit) => hit.score)) || 1;
  lexical.forEach((hit, rank) => {
    const fused = get(hit.cite);
    fused.lexicalScore = hit.score;
    fused.score += fusion === 'rrf' ? 1 / (RRF_K + rank + 1) : (weights.text * hit.score) / maxLexical;
  });
  vector.forEach((hit, rank) => {
    const fused = get(hit.cite);
    fused.vectorScore = hit.score;
    fused.score += fusion === 'rrf' ? 1 / (RRF_K + rank + 1) : (weights.vector * hit.score) / maxVector;
  });
  return [...hits.values()].sort((a, b) => b.score - a.score || a.cite.localeCompare(b.cite));
}
