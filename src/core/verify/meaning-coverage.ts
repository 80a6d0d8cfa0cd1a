/**
 * Question parts that a supported claim answers in other words than the question's ("How long do
 * I have to get out of it?" ← "You can opt out within 30 calendar days"), found by meaning: the
 * claim's cosine to the part reaches `MeaningThresholds.address`, the part is the one of the
 * question the claim is closest to (a half answer to a two-part question covers one part, not
 * both), the claim is about the part's subject (its model names and names, in the claim or the
 * headings of the passages it cites), and it holds a value of the kind the part asks for. A part
 * the answer itself says the documents do not answer ("The documents do not say …", matched to
 * the part closest to it) is never addressed by meaning: the answer's own admission stands.
 *
 * Reached, a weaker relation: a supported claim close in meaning to the part (the same cosine,
 * closest to it of all parts, about its names) shows that the cited documents come near it even
 * where the answer admits they do not state it ("The documents do not say what kind of SIM card
 * I need. The closest passage says: "Your device uses a nano-SIM card""). Such a part still gets
 * its missing-evidence warning; the answer is qualified, not an abstention.
 */
import type { AbortSignalLike } from '../ports.js';
import { questionSentence } from '../question/analyse-question.js';
import { extractQuantities } from '../text/quantities.js';
import type { QuestionPart, RetrievedPassage } from '../types.js';
import type { CheckedClaim } from './check-claims.js';
import { namePattern, namesOtherModel, requiredNameWords } from './coverage.js';
import { passageEvidence } from './evidence-text.js';
import { valueAnswers } from './expected-values.js';
import type { Meaning } from './meaning.js';

/** Indexes of the parts some supported claim addresses by meaning, and of those one reaches. */
export interface MeaningCoverage {
  addressed: Set<number>;
  reached: Set<number>;
}

/** The parts some supported claim addresses (or only reaches) by meaning. */
export async function partsAddressedByMeaning(
  parts: readonly QuestionPart[],
  checked: readonly CheckedClaim[],
  meaning: Meaning,
  signal?: AbortSignalLike,
  /** The answer's own statements that the documents do not answer something. */
  abstentions: readonly string[] = [],
  /** The passages given to the generator: those of a cited document say what it is about. */
  given: readonly RetrievedPassage[] = [],
): Promise<MeaningCoverage> {
  const claims = answeringUnits(checked);
  const addressed = new Set<number>();
  const reached = new Set<number>();
  if (claims.length === 0 || parts.length === 0) return { addressed, reached };
  const call = signal ? { signal } : undefined;
  // A part with a statement before its question ("I'm fitting a DW-480 into a tight kitchen. How
  // much room does it need behind it?") is compared as a whole and by its question alone.
  // A claim is compared as written and as the sentence that supports it says it: "The film comes
  // from filmmaker Jonathan Glazer" is far from "Who directed it?", its passage's "a film
  // directed by Jonathan Glazer" is not.
  const texts = claims.map((item) => item.core);
  const sources = claims.map((item) => item.evidence || item.core);
  const closest = async (text: string) => {
    const [written, stated] = await Promise.all([
      meaning.partSimilarity(text, texts, call),
      meaning.partSimilarity(text, sources, call),
    ]);
    return written.map((score, index) => Math.max(score, stated[index]!));
  };
  const similarities = await Promise.all(
    parts.map(async (part) => {
      const whole = await closest(part.text);
      const asked = questionSentence(part.text);
      if (asked === part.text) return whole;
      const alone = await closest(asked);
      return whole.map((score, index) => Math.max(score, alone[index]!));
    }),
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
    if (scores[closest]! < meaning.thresholds.address || !aboutPart(part, item, given)) return;
    reached.add(closest);
    if (!admitted.has(closest) && valueAnswers(part, extractQuantities(item.core), item.core)) addressed.add(closest);
  });
  return { addressed, reached };
}

/** What is compared with a part: a supported claim's core (or two joined) and the passages it cites. */
export interface AnsweringUnit {
  core: string;
  passages: CheckedClaim['passages'];
  /** The passage sentences the claims were judged supported on, joined ('' when none is kept). */
  evidence?: string;
}

/** The sentence of its cited passages a claim was judged on. */
function judgedOn(item: CheckedClaim): string {
  const span = item.claim.evidence;
  const passage = span && item.passages.find((cited) => cited.passage.cite === span.cite)?.passage;
  return passage ? passage.text.slice(span.start, span.end) : '';
}

/**
 * Each supported claim, and each two consecutive supported claims joined: a short answer and the
 * sentence that explains it ("Give it up to two minutes. The door can stay locked that long after
 * a programme ends") answer "how long until it unlocks?" together.
 */
export function answeringUnits(checked: readonly CheckedClaim[]): AnsweringUnit[] {
  const backed = (item: CheckedClaim | undefined): item is CheckedClaim =>
    item !== undefined && item.claim.supported && item.passages.length > 0;
  const units: AnsweringUnit[] = checked
    .filter(backed)
    .map((item) => ({ core: item.core, passages: item.passages, evidence: judgedOn(item) }));
  checked.forEach((item, index) => {
    const next = checked[index + 1];
    if (backed(item) && backed(next)) {
      const evidence = [...new Set([judgedOn(item), judgedOn(next)])].filter(Boolean).join(' ');
      units.push({
        core: `${item.core} ${next.core}`,
        passages: [...new Set([...item.passages, ...next.passages])],
        evidence,
      });
    }
  });
  return units;
}

/**
 * The claim names the part's models (when it names any), and its names are in the claim, in
 * the passages it cites (their text, headings or titles: "the regulation" in a passage of the AI
 * Act is about the AI Act) or in the other given passages of the documents it cites. A title written as a web address ("stardewvalleywiki-com-…") names
 * what its letters spell.
 */
export function aboutPart(part: QuestionPart, item: AnsweringUnit, given: readonly RetrievedPassage[] = []): boolean {
  if (namesOtherModel(part, item.core)) return false;
  // The other given passages of a cited document name what it is about too ("the regulation" in
  // one passage of a Q&A whose other passages say "the AI Act").
  const documents = new Set(item.passages.map((cited) => cited.passage.docId));
  const sameDocument = given.filter((other) => documents.has(other.passage.docId));
  const context = [
    item.core,
    ...[...item.passages, ...sameDocument].map((cited) => passageEvidence(cited.passage, cited.lead)),
  ].join('\n');
  const titles = item.passages.map((cited) => squash(cited.passage.title)).join(' ');
  return requiredNameWords(part).every((name) => namePattern(name).test(context) || titles.includes(squash(name)));
}

/** Lower-case letters and digits only. */
function squash(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}
