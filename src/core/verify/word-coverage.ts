/**
 * Question parts a supported claim addresses, found by words where no embedder's meaning is
 * calibrated (the built-in hashing embedder): the rule of meaning-coverage.ts, with the share of
 * the part's words (library idf) that the claim names standing in for the cosine. A claim
 * addresses only the part whose words it names most, and at least one of them (a half answer to
 * a two-part question covers one part, not both), about the part's names, with a value of the
 * kind the part asks for (or, for a yes-or-no or open part, naming its rarest word in the
 * library); never a part the answer itself says the documents do not answer. ("Media playback
 * volume is capped at 46%" answers "how loud can videos and music still get?"; the supported
 * "the warranty lasts two years" does not answer "does the warranty cover water damage?".)
 */
import { extractQuantities } from '../text/quantities.js';
import type { QuestionPart } from '../types.js';
import type { CheckedClaim } from './check-claims.js';
import { libraryWeighting, partTerms, partWeighting } from './coverage.js';
import { answerDimensions, valueAnswers } from './expected-values.js';
import { aboutPart, answeringUnits, type AnsweringUnit, type MeaningCoverage } from './meaning-coverage.js';
import { canonicalTerm, checkTerms, hasTerm, weightedShare } from './term-weights.js';

/** The parts some supported claim addresses by words; `admitted` are the parts the answer says are not answered. */
export function partsAddressedByWords(
  parts: readonly QuestionPart[],
  checked: readonly CheckedClaim[],
  admitted: ReadonlySet<number>,
): MeaningCoverage {
  const addressed = new Set<number>();
  for (const item of answeringUnits(checked)) {
    const present = new Set(checkTerms(item.core));
    const shares = parts.map((part) =>
      weightedShare(partTerms(part).attributes, present, partWeighting(part, libraryWeighting(part), false)),
    );
    const best = Math.max(...shares);
    const closest = shares.indexOf(best);
    const part = parts[closest];
    // A claim naming none of the part's words is tied to it by nothing these words can see; one
    // tied between two parts is no closer to either, so it addresses neither.
    if (!part || best === 0 || shares.filter((share) => share === best).length > 1) continue;
    if (admitted.has(closest) || !aboutPart(part, item)) continue;
    // A typed part (a duration, an amount, a code…) is answered by a value of its kind; any other
    // (yes or no, a procedure) by naming the part's rarest word in the library.
    const answers = answerDimensions(part)
      ? valueAnswers(part, extractQuantities(item.core), item.core)
      : namesRarestAsked(part, item);
    if (answers) addressed.add(closest);
  }
  return { addressed, reached: new Set() };
}

/**
 * True when the claim, or a heading of a passage it cites, names the part's rarest word in the
 * library among those the asker did not only set the scene with ("my phone isn't set up with a
 * carrier yet") and that the library uses at all.
 */
function namesRarestAsked(part: QuestionPart, item: AnsweringUnit): boolean {
  const weigh = libraryWeighting(part);
  if (!weigh) return false;
  const skipped = new Set([...(part.unknownTerms ?? []), ...(part.contextTerms ?? [])].map(canonicalTerm));
  const asked = partTerms(part).attributes.filter((term) => !skipped.has(term));
  if (asked.length === 0) return false;
  const rarest = asked.reduce((best, term) => (weigh(term) > weigh(best) ? term : best));
  const headings = item.passages.flatMap((cited) => [cited.passage.heading, cited.passage.title]);
  return hasTerm(new Set(checkTerms([item.core, ...headings].join('\n'))), rarest);
}
