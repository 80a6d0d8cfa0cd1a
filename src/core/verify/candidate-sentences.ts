/**
 * The sentences of a claim's cited passages that a model (the embedder's meaning, an NLI model)
 * compares it with: the closest by words; for a claim with values (numbers with units,
 * durations, counts), only sentences that state every one of them, so that a value is never
 * confirmed by a sentence about something else that does not hold it.
 */
import { extractQuantities, quantityStated } from '../text/quantities.js';
import { closestSentences } from './lexical-judge.js';

/** How many sentences a claim is compared with. */
export const CANDIDATE_SENTENCES = 6;

/** The sentences of `evidence` a model compares `core` with, closest by words first. */
export function candidateSentences(core: string, evidence: readonly string[], count = CANDIDATE_SENTENCES): string[] {
  const values = claimValues(core);
  if (values.length === 0) return closestSentences(core, evidence, count);
  const holding = closestSentences(core, evidence, Number.POSITIVE_INFINITY).filter((sentence) => {
    const stated = extractQuantities(sentence);
    return values.every((value) => quantityStated(value, stated));
  });
  return holding.slice(0, count);
}

/** The claim's values: numbers with their units, durations, counts (not codes and model names). */
export function claimValues(core: string) {
  return extractQuantities(core).filter((quantity) => quantity.dimension !== 'identifier');
}
