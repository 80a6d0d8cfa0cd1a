/**
 * How much of a query a passage covers: the idf-weighted share of the query's content terms
 * found in the passage (its title, heading and text). This is the relevance floor's measure,
 * because fused scores are relative (the best hit is always 1.0) and say nothing about whether
 * anything relevant was found at all.
 */
import type { SearchIndex } from '../index/search-index.js';
import { contentTerms } from '../text/terms.js';
import type { Passage, QuestionPart } from '../types.js';

/** Share of a full weight given to a term no passage of the library contains. */
export const ABSENT_TERM_WEIGHT = 0.3;
/** Share of a full weight given to a number in a question. */
export const NUMBER_TERM_WEIGHT = 0.5;

/** idf of a term in the index: rare terms weigh more. */
export function inverseDocumentFrequency(index: SearchIndex, term: string): number {
  const passages = Math.max(1, index.passages.size);
  return Math.log(1 + passages / (1 + (index.termPassages.get(term) ?? 0)));
}

/**
 * How much a query term counts for coverage: its idf, but a term the library never uses counts
 * little (it is the asker's wording, which no passage can match), and so does a number (often
 * the asker's belief: "the manual says 1 year — is that right?").
 */
export function termWeight(index: SearchIndex, term: string): number {
  const known = (index.termPassages.get(term) ?? 0) > 0;
  const weight = known
    ? inverseDocumentFrequency(index, term)
    : ABSENT_TERM_WEIGHT * Math.log(1 + Math.max(1, index.passages.size));
  return /^\d/.test(term) ? weight * NUMBER_TERM_WEIGHT : weight;
}

/** Share of a full weight given to a term that only sets the scene (see `QuestionPart.contextTerms`). */
export const CONTEXT_TERM_WEIGHT = 0.3;

/** The weights of a part's terms in this index. */
export function partWeights(
  index: SearchIndex,
  part: Pick<QuestionPart, 'terms' | 'contextTerms'>,
): Record<string, number> {
  const context = new Set(part.contextTerms ?? []);
  return Object.fromEntries(
    part.terms.map((term) => [term, termWeight(index, term) * (context.has(term) ? CONTEXT_TERM_WEIGHT : 1)]),
  );
}

/** The content terms of a passage, as the coverage measure sees it. */
export function passageTerms(passage: Passage): Set<string> {
  return new Set(contentTerms(`${passage.title} ${passage.heading} ${passage.text}`));
}

/** Share (0–1) of `terms`, idf-weighted, that `present` contains. No terms → 0. */
export function termCoverage(
  index: SearchIndex,
  part: Pick<QuestionPart, 'terms' | 'contextTerms'>,
  present: Set<string>,
): number {
  const weights = partWeights(index, part);
  let total = 0;
  let found = 0;
  for (const term of new Set(part.terms)) {
    const weight = weights[term] ?? 0;
    total += weight;
    if (present.has(term)) found += weight;
  }
  return total === 0 ? 0 : found / total;
}
