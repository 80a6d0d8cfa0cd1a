/**
 * A `ClaimJudge` that adds an NLI model to the lexical judge. The lexical judge runs first and
 * keeps every hard decision: a claim whose number, unit, identifier, date or name the cited
 * passages do not state, or state otherwise, stays not found or contradicted whatever the model
 * says. Only a claim the words leave unconfirmed for its wording alone (every hard fact stated,
 * too few of its words in the passage; or the opposite polarity of the sentence closest in words)
 * goes to the model, premise by premise, against the same candidate sentences meaning uses: it is
 * supported when one of them entails it, that is when "entailment" is the model's most probable
 * label and at least `NLI_ENTAILMENT`, and the sentence says it the same way round.
 *
 * The bar is the model's own decision (its argmax), not a calibrated threshold: no NLI model's
 * weights could be obtained here to calibrate one on the development sets (evals/README.md).
 */
import type { CallOptions, ClaimJudge, ClaimJudgement, EntailmentModel, EntailmentScores } from '../ports.js';
import { candidateSentences } from './candidate-sentences.js';
import { lexicalJudge } from './lexical-judge.js';
import { polarityDiffers } from './negation.js';

/** Least entailment probability of a premise that confirms a claim (and it must be the top label). */
export const NLI_ENTAILMENT = 0.5;

/** True when the scores say the premise entails the hypothesis. */
export function entails(scores: EntailmentScores, bar = NLI_ENTAILMENT): boolean {
  return scores.entailment >= bar && scores.entailment > scores.contradiction && scores.entailment > scores.neutral;
}

/** The lexical judge, confirmed by `model` where only the wording stood in the way. */
export function nliJudge(model: EntailmentModel, words: ClaimJudge = lexicalJudge): ClaimJudge {
  return {
    id: model.id,
    async judge(claim: string, evidence: string[], options?: CallOptions): Promise<ClaimJudgement> {
      const lexical = await words.judge(claim, evidence, options);
      if (lexical.supported || !(lexical.onlyWording || lexical.onlyPolarity)) return lexical;
      const premises = candidateSentences(claim, evidence).filter((sentence) => !polarityDiffers(claim, sentence));
      if (premises.length === 0) return lexical;
      const scores = await model.classify(premises, claim, options);
      let best: { index: number; entailment: number } | undefined;
      scores.forEach((score, index) => {
        if (entails(score) && score.entailment > (best?.entailment ?? 0))
          best = { index, entailment: score.entailment };
      });
      if (!best) return lexical;
      return { supported: true, score: best.entailment, sentence: premises[best.index]! };
    },
  };
}
