/**
 * Merges the rankings of a question's parts: round-robin by rank, so that every part's best
 * passages make the cut; a passage found for several parts appears once, listing them all.
 */
import type { RetrievedPassage } from '../types.js';

/** Round-robin merge of per-part rankings, at most `limit` passages. */
export function mergePartRankings(rankings: RetrievedPassage[][], limit: number): RetrievedPassage[] {
  const merged = new Map<string, RetrievedPassage>();
  const depth = Math.max(0, ...rankings.map((ranking) => ranking.length));
  for (let position = 0; position < depth && merged.size < limit; position++) {
    for (const ranking of rankings) {
      const item = ranking[position];
      if (!item) continue;
      const existing = merged.get(item.passage.cite);
      if (existing) {
        existing.parts = [...new Set([...existing.parts, ...item.parts])];
        existing.termCoverage = Math.max(existing.termCoverage, item.termCoverage);
        existing.score = Math.max(existing.score, item.score);
      } else if (merged.size < limit) merged.set(item.passage.cite, { ...item });
    }
  }
  return [...merged.values()];
}
