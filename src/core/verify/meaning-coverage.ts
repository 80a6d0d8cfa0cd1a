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
  // A part that points back with a pronoun ("what source material is it based on") is also
  // compared with the pronoun read as the names of the part it points to ("… is The Zone of
  // Interest based on"): alone, its words say little of what it asks about.
  const similarities = await Promise.all(
    parts.map(async (part) => {
      const asked = questionSentence(part.text);
      const forms = [...new Set([part.text, asked, resolvedPart(part)].filter((form): form is string => !!form))];
      const rows = await Promise.all(forms.map((form) => closest(form)));
      return rows[0]!.map((_, index) => Math.max(...rows.map((row) => row[index]!)));
    }),
  );
  const admitted = new Set<number>();
  for (const statement of abstentions) {
    const scores = await Promise.all(
      parts.map(async (part) => (await meaning.partSimilarity(part.text, [statement], call))[0]!),
    );
    admitted.add(scores.indexOf(Math.max(...scores)));
  }
  const spare: number[] = [];
  claims.forEach((item, claim) => {
    const scores = similarities.map((row) => row[claim]!);
    const closest = scores.indexOf(Math.max(...scores));
    const part = parts[closest]!;
    if (scores[closest]! < meaning.thresholds.address || !aboutPart(part, item, given)) return;
    if (reached.has(closest)) spare.push(claim);
    reached.add(closest);
    if (!admitted.has(closest) && valueAnswers(part, extractQuantities(item.core), item.core)) addressed.add(closest);
  });
  // A claim whose closest part another claim already answers may answer the next closest part
  // when it is clearly near it too (`SPARE_ADDRESS`): "It's a loose adaptation of Martin Amis'
  // novel" answers "what is it based on" though its sentence also names the director.
  for (const claim of spare) {
    const item = claims[claim]!;
    const ranked = parts
      .map((part, index) => ({ part, index, score: similarities[index]![claim]! }))
      .filter(({ index }) => !reached.has(index))
      .sort((a, b) => b.score - a.score);
    const next = ranked[0];
    if (!next || next.score < SPARE_ADDRESS || !aboutPart(next.part, item, given)) continue;
    reached.add(next.index);
    if (!admitted.has(next.index) && valueAnswers(next.part, extractQuantities(item.core), item.core))
      addressed.add(next.index);
  }
  return { addressed, reached };
}

/**
 * Least cosine at which a spare claim (one whose closest part another claim already answers)
 * answers the next closest part: above every claim-part cosine of a half answer's other part in
 * the development sets' faulty answers measured at stop 34 (no row moved at 0.45 or 0.55 then).
 */
const SPARE_ADDRESS = 0.45;

/** A pronoun by which a part points back at what the part before it asks about. */
const PRONOUN = /\b(it|its|they|them|their)\b/i;

/**
 * The part with its first pronoun read as the names of its antecedent (the part it points back
 * to): "what source material is it based on" after "Who directed The Zone of Interest" gives
 * "what source material is The Zone of Interest based on". Undefined without a pronoun, an
 * antecedent or a name in it.
 */
export function resolvedPart(part: QuestionPart): string | undefined {
  if (!part.antecedent || !PRONOUN.test(part.text)) return undefined;
  const names = part.antecedent
    .replace(/^\W*\S+/, '')
    .match(/\p{Lu}[\p{L}\d'’-]*(?:\s+(?:(?:of|the|and|de|du|von|van)\s+)*\p{Lu}[\p{L}\d'’-]*)*/gu);
  const name = names?.sort((a, b) => b.length - a.length)[0];
  if (!name) return undefined;
  return part.text.replace(PRONOUN, (pronoun) => (/^(its|their)$/i.test(pronoun) ? `${name}'s` : name));
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
  // An item of a list answers with its lead, not alone ("WEP" is near any part about Wi-Fi).
  const alone = (item: CheckedClaim | undefined): item is CheckedClaim => backed(item) && !item.lead;
  const units: AnsweringUnit[] = checked
    .filter(alone)
    .map((item) => ({ core: item.core, passages: item.passages, evidence: judgedOn(item) }));
  // The items of a list answer with the line that leads into it ("The TV reads these file
  // systems:" "FAT", "exFAT"), together.
  for (const items of listGroups(checked.filter(backed))) {
    units.push({
      core: `${items[0]!.lead} ${items.map((item) => item.core).join('; ')}`,
      passages: [...new Set(items.flatMap((item) => item.passages))],
      evidence: [...new Set(items.map(judgedOn))].filter(Boolean).join(' '),
    });
  }
  checked.forEach((item, index) => {
    const next = checked[index + 1];
    if (alone(item) && alone(next)) {
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

/** Runs of consecutive claims that are items of one list (the same lead), in order. */
export function listGroups(checked: readonly CheckedClaim[]): CheckedClaim[][] {
  const groups: CheckedClaim[][] = [];
  let previous: CheckedClaim | undefined;
  for (const item of checked) {
    const group = groups[groups.length - 1];
    if (item.lead && group && previous?.lead === item.lead) group.push(item);
    else if (item.lead) groups.push([item]);
    previous = item;
  }
  return groups;
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
