/**
 * Trace records: plain, JSON-serialisable views of pipeline data for the trace drawer and the
 * results file.
 */
import type { RetrievedPassage } from '../types.js';

/** A retrieved passage as the trace shows it: id, rank and every score. */
export function passageTrace(item: RetrievedPassage): Record<string, unknown> {
  return {
    cite: item.passage.cite,
    rank: item.rank,
    score: round(item.score),
    fused: item.fusedScore === undefined ? null : round(item.fusedScore),
    lexical: item.lexicalScore === undefined ? null : round(item.lexicalScore),
    vector: item.vectorScore === undefined ? null : round(item.vectorScore),
    coverage: round(item.termCoverage),
    parts: item.parts,
    supersededBy: item.supersededBy,
    ...(item.addedBySupersession ? { addedBySupersession: true } : {}),
  };
}

/** Rounds to 4 decimals for compact output. */
export function round(value: number, digits = 4): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
