/**
 * Question parts that a supported claim answers in other words than the question's ("How long do
 * I have to get out of it?" ← "You can opt out within 30 calendar days"), found by meaning: the
 * claim's cosine to the part reaches `MeaningThresholds.address`, the part is the one of the
 * question the claim is closest to (a half answer to a two-part question covers one part, not
 * both), the claim is about the part's subject (its model names and names, in the claim or the
 * headings of the passages it cites), and it holds a value of the kind the part asks for. A part
 * the answer itself says the documents do not answer ("The documents do not say …", matched to
 * the part closest to it) is never addressed by meaning: the answer's own admission stands.
 */
import type { AbortSignalLike } from '../ports.js';
import { extractQuantities } from '../text/quantities.js';
import type { QuestionPart } from '../types.js';
import type { CheckedClaim } from './check-claims.js';
import { namesOtherModel, requiredNames } from './coverage.js';
import { valueAnswers } from './expected-values.js';
import type { Meaning } from './meaning.js';

/** Indexes of the parts some supported claim addresses by meaning. */
export async function partsAddressedByMeaning(
  parts: readonly QuestionPart[],
  checked: readonly CheckedClaim[],
  meaning: Meaning,
  signal?: AbortSignalLike,
  /** The answer's own statements that the documents do not answer something. */
  abstentions: readonly string[] = [],
): Promise<Set<number>> {
  const claims = checked.filter((item) => item.claim.supported && item.passages.length > 0);
  const addressed = new Set<number>();
  if (claims.length === 0 || parts.length === 0) return addressed;
  const call = signal ? { signal } : undefined;
  const similarities = await Promise.all(
    parts.map((part) =>
      meaning.partSimilarity(
        part.text,
        claims.map((item) => item.core),
        call,
      ),
    ),
  );
  const admitted = new Set<number>();
  for (const statement of abstentions) {
    const scores = await Promise.all(
      parts.map(async (part) => (await meaning.partSimilarity(part.text, [statement], call))[0]!),
    );
    admitted.add(scores.indexOf(Math.max(...scores)));
  }
  claims.forEach((item, claim) => {
    const scores = similarities.map((row) => row[claim]!);
    const closest = scores.indexOf(Math.max(...scores));
    const part = parts[closest]!;
    if (admitted.has(closest)) return;
    if (
      scores[closest]! >= meaning.thresholds.address &&
      aboutPart(part, item) &&
      valueAnswers(part, extractQuantities(item.core))
    )
      addressed.add(closest);
  });
  return addressed;
}

/** The claim names the part's models (when it names any) and its names, itself or in its passages' headings. */
function aboutPart(part: QuestionPart, item: CheckedClaim): boolean {
  if (namesOtherModel(part, item.core)) return false;
  const context = [item.core, ...item.passages.flatMap((cited) => [cited.passage.title, cited.passage.heading])].join(
    '\n',
  );
  return requiredNames(part).every((name) => name.test(context));
}
