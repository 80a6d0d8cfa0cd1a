/**
 * Missing evidence: a question part that no given passage covers, or that no supported claim of
 * the answer addresses. Coverage is measured on the part's key terms: its entities (model names
 * such as DW-480, which a passage must name, in its title or text) and its attribute terms
 * (share weighted by idf over the given passages and √length).
 */
import { questionSentence } from '../question/analyse-question.js';
import { modelNames } from '../question/model-names.js';
import { contentTerms } from '../text/terms.js';
import { extractQuantities } from '../text/quantities.js';
import type { QuestionPart, RetrievedPassage } from '../types.js';
import { passageEvidence } from './evidence-text.js';
import { answerDimensions, valueAnswers } from './expected-values.js';
import { phrasesIn, rewritePhrases } from '../text/paraphrases.js';
import {
  canonicalTerm,
  checkTerms,
  givenWeights,
  alternativesOf,
  hasTerm,
  termWeight,
  WEAK_TERMS,
  weightedShare,
} from './term-weights.js';

/**
 * Least share of a part's attribute terms one given passage must contain to cover it. Lenient on
 * purpose: it only decides between "the documents do not answer this" (abstain) and "they may";
 * whether the answer really answers it is `ADDRESS_THRESHOLD`'s job.
 */
export const PART_COVERAGE_FLOOR = 0.5;

/**
 * Least share of a part's attribute terms a supported claim (with the headings of the passages it
 * cites) must contain to address the part. Stricter than the floor, so a claim that only
 * restates a related fact ("the warranty lasts 2 years" for "is water damage covered") does not
 * count; the value must also be of the kind the part expects (see `valueAnswers`).
 */
export const ADDRESS_THRESHOLD = 0.6;

/** Share of its weight a term keeps when no passage of the library contains it (see `QuestionPart.unknownTerms`). */
export const UNKNOWN_TERM_FACTOR = 0.3;

/**
 * A weighting for `part`'s terms: `base` (√length by default), discounted for words that only set
 * the scene, and for terms the library never uses: "how far ahead do I book" is answered by
 * "book 5 working days in advance". With `discountUnknown` false, a word the library never uses
 * weighs as a typical word of the part instead (not as the rarest, which idf would make it): it
 * still counts ("the drain pump's part number" is not the filter's), without outweighing the rest.
 */
export function partWeighting(
  part: QuestionPart,
  base: (term: string) => number = termWeight,
  discountUnknown = true,
): (term: string) => number {
  const unknown = new Set((part.unknownTerms ?? []).map(canonicalTerm));
  const context = new Set((part.contextTerms ?? []).map(canonicalTerm));
  if (unknown.size === 0 && context.size === 0) return base;
  const known = partTerms(part)
    .attributes.flatMap(alternativesOf)
    .filter((term) => !unknown.has(term))
    .map(base)
    .sort((a, b) => a - b);
  const typical = known[Math.floor(known.length / 2)];
  return (term) => {
    let value = base(term);
    if (unknown.has(term)) value = discountUnknown ? value * UNKNOWN_TERM_FACTOR : Math.min(value, typical ?? value);
    return context.has(term) ? value * UNKNOWN_TERM_FACTOR : value;
  };
}

/** A part's terms split into the entities it is about and the attributes it asks for. */
export interface PartTerms {
  entities: string[];
  attributes: string[];
}

/**
 * The key terms of `part`, canonical (see `canonicalTerm`): a phrase of the lexicon counts as
 * its one word ("washing machine" as "washer"), and the two sides of a choice ("hot or cold")
 * as one term `hot|cold` that either side satisfies.
 */
export function partTerms(part: QuestionPart): PartTerms {
  const entities: string[] = [];
  const attributes: string[] = [];
  // Who the answer is said to come from, and their verb ("Dettmers recommends"), are not what it is about.
  const said = new Set(sayerTerms(part.text).map(canonicalTerm));
  for (const term of phrasedTerms(part).map(canonicalTerm)) {
    if (said.has(term)) continue;
    if (modelNames(term).length > 0) entities.push(term);
    else if ((term.length > 1 || /\d/.test(term)) && !WEAK_TERMS.has(term)) attributes.push(term);
  }
  const unique = [...new Set(attributes)];
  // A hyphenated word counts through its parts ("self-clean" as "self" and "clean"), not three times.
  const counted = unique.filter(
    (term) => !term.includes('-') || !term.split('-').every((piece) => unique.includes(piece)),
  );
  return { entities: [...new Set(entities)], attributes: withChoices(part.text, counted) };
}

/** The part's terms with the words of each lexicon phrase in its text replaced by the phrase's word. */
function phrasedTerms(part: QuestionPart): string[] {
  let terms = [...part.terms];
  for (const phrase of phrasesIn(part.text)) {
    const [word] = contentTerms(phrase.word);
    if (word === undefined || !phrase.stems.every((stem) => terms.includes(stem))) continue;
    terms = [...terms.filter((term) => !phrase.stems.includes(term)), word];
  }
  return terms;
}

/** `attributes` with the two sides of each "A or B" of `text` merged into one choice term `a|b`. */
function withChoices(text: string, attributes: string[]): string[] {
  let result = attributes;
  for (const match of rewritePhrases(text).matchAll(CHOICE)) {
    const [left] = checkTerms(match[1] ?? '');
    const [right] = checkTerms(match[2] ?? '');
    if (left === undefined || right === undefined || left === right) continue;
    if (!result.includes(left) || !result.includes(right)) continue;
    result = [...result.filter((term) => term !== left && term !== right), `${left}|${right}`];
  }
  return result;
}

/** "A or B", "A or the B": one word each side. */
const CHOICE = /([\p{L}][\p{L}-]*)\s+or\s+(?:the\s+|a\s+|an\s+)?([\p{L}][\p{L}-]*)/giu;

/** The given passages as coverage sees them: each one's terms, and term weights by idf over them. */
export interface GivenTerms {
  terms: ReadonlyMap<string, ReadonlySet<string>>;
  weight: (term: string) => number;
}

/** Terms (title, heading and text) of every given passage, and the idf weighting over them. */
export function givenTerms(given: readonly RetrievedPassage[]): GivenTerms {
  const terms = new Map(
    given.map((item) => [item.passage.cite, new Set(checkTerms(passageEvidence(item.passage, item.lead)))] as const),
  );
  return { terms, weight: givenWeights([...terms.values()]) };
}

/** How well a passage with `present` terms covers `part` (0–1); 0 when the part names a model the passage does not. */
export function passageCoverage(
  part: QuestionPart,
  present: ReadonlySet<string>,
  weight?: (term: string) => number,
): number {
  const { entities, attributes } = partTerms(part);
  if (entities.length > 0 && !entities.some((entity) => present.has(entity))) return 0;
  return weightedShare(attributes, present, weight);
}

/** The best coverage of `part` by any given passage, with the passage that gives it. */
export function bestCoverage(part: QuestionPart, given: GivenTerms): { score: number; cite?: string } {
  let best: { score: number; cite?: string } = { score: 0 };
  for (const [cite, present] of given.terms) {
    // √length weights, not idf: the floor is lenient on purpose (see PART_COVERAGE_FLOOR).
    const score = passageCoverage(part, present, partWeighting(part));
    if (score > best.score) best = { score, cite };
  }
  return best;
}

/**
 * Names in a part: capitalised words after its first ("the Intensive 70 programme", "a Calder
 * installation"). An answer about the Eco 50 programme does not address the Intensive 70 one.
 * A part written in title case names nothing this way.
 */
export function partNames(text: string): string[] {
  // A possessive names its owner: "Samsung's service" names Samsung.
  const words = text
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.replace(/['’]s(?=[^\p{L}]*$)/u, ''))
    // A contraction is not a name: "I'm", "We'll", "Can't".
    .filter((word) => !/\p{L}['’]\p{L}/u.test(word));
  // Digits belong to the word: "S10e" is a model's code (see `modelNames`), not the name "Se".
  const capitalised = words.slice(1).filter((word) => /^\p{Lu}\p{Ll}+$/u.test(word.replace(/[^\p{L}\p{N}]/gu, '')));
  if (capitalised.length * 2 > words.length - 1) return [];
  // A hyphen inside a name stays ("Blu-ray"): `namePattern` matches it written with or without one.
  return capitalised
    .map((word) => word.replace(/[^\p{L}-]/gu, '').replace(/^-+|-+$/g, ''))
    .filter((word) => !NOT_NAMES.has(word));
}

/** A name whose library weight is below this is common to many documents (a brand such as "Calder") and distinguishes nothing. */
export const COMMON_NAME_WEIGHT = 2;

/**
 * The names of a part's question sentence (not of a statement before it) that a statement must
 * mention to be about the same thing, as case-insensitive patterns; common names are left out.
 */
export function requiredNames(part: QuestionPart): RegExp[] {
  return requiredNameWords(part).map(namePattern);
}

/** `name` as a whole word, in any case; its hyphens as a hyphen, a space or nothing ("Blu-ray", "Bluray"). */
export function namePattern(name: string): RegExp {
  const spelled = name.split(/-+/).join(String.raw`[-\s]?`);
  return new RegExp(`(?<![\\p{L}\\p{N}])${spelled}(?![\\p{L}\\p{N}])`, 'iu');
}

/**
 * Who a question says the answer comes from ("what does Samsung say", "how much does Dettmers
 * recommend", "the minimum Dettmers recommends", "in Tim Dettmers' worked example", "according
 * to the Commission"): the source of what is asked, which the passage that answers it need not
 * name.
 */
const SAID_BY = new RegExp(
  [
    String.raw`\b(?:[Dd]oes|[Dd]o|[Dd]id)\s+((?:\p{Lu}[\p{L}'’-]*\s+){1,3})(?=(?:say|state|recommend|suggest|advise|claim|write|mention|think)\b)`,
    // "the minimum Dettmers recommends", "what Samsung says about …"
    String.raw`(?<![.?!]\s*|^)\b(?:\p{Lu}[\p{L}'’-]*\s+){1,3}(?=(?:says|said|states|recommends|suggests|advises|claims|writes|wrote|mentions|thinks|argues)\b)`,
    // "in Tim Dettmers' worked example", "Samsung's guide": whose text it is.
    String.raw`\b(?:\p{Lu}[\p{L}-]*\s+){0,2}\p{Lu}[\p{L}-]*(?:['’]s|s['’])\s+(?=(?:[\p{L}-]+\s+){0,2}(?:example|article|post|blog|rundown|tutorial|guide|review|piece|write-?up|essay|analysis|recommendations?|advice)\b)`,
    String.raw`\b[Aa]ccording to\s+(?:the\s+)?(?:\p{Lu}[\p{L}'’-]*\s*){1,3}`,
  ].join('|'),
  'gu',
);

/** The terms of who a question says the answer comes from, with the verb they say it by ("Dettmers recommends"). */
function sayerTerms(text: string): string[] {
  const asked = questionSentence(text);
  return [...asked.matchAll(SAID_BY)].flatMap((match) => {
    const verb = /^\s*([\p{L}]+)/u.exec(asked.slice(match.index + match[0].length))?.[1] ?? '';
    return contentTerms(`${match[0]} ${REPORTING_VERB.test(verb) ? verb : ''}`);
  });
}

const REPORTING_VERB =
  /^(?:says?|said|states?|recommends?|suggests?|advises?|claims?|writes?|wrote|mentions?|thinks?|argues?)$/i;

/** The names `requiredNames` matches, as words. */
export function requiredNameWords(part: QuestionPart): string[] {
  const asked = questionSentence(part.text).replace(SAID_BY, ' ');
  return partNames(asked).filter((name) => {
    const [stem] = contentTerms(name);
    const weight = stem === undefined ? undefined : part.weights?.[stem];
    return weight === undefined || weight >= COMMON_NAME_WEIGHT;
  });
}

const NOT_NAMES = new Set([
  'I',
  'If',
  'The',
  'A',
  'An',
  'My',
  'Our',
  'Is',
  'Are',
  'Does',
  'Do',
  'What',
  'How',
  'Which',
  'When',
  'Where',
  'Why',
]);

/** True when `text` names models and none of them is a model the part names (when it names any). */
export function namesOtherModel(part: QuestionPart, text: string): boolean {
  const textModels = modelNames(text);
  const partModels = modelNames(part.terms.join(' '));
  return textModels.length > 0 && partModels.length > 0 && !textModels.some((model) => partModels.includes(model));
}

/** A supported claim as coverage sees it: its core text, and the titles and headings of the passages it cites. */
export interface AddressingClaim {
  text: string;
  context: string[];
}

/** True when `claim` answers `part`: its subject, enough of its attributes, and a value of the expected kind. */
export function claimAddresses(part: QuestionPart, claim: AddressingClaim, weight?: (term: string) => number): boolean {
  const { attributes } = partTerms(part);
  if (namesOtherModel(part, claim.text)) return false;
  const context = `${claim.text}\n${claim.context.join('\n')}`;
  if (requiredNames(part).some((name) => !name.test(context))) return false;
  const present = new Set(checkTerms(context));
  // Words the library never uses still count here: "the drain pump's part number" is not answered by the filter's.
  if (weightedShare(attributes, present, partWeighting(part, weight, false)) < ADDRESS_THRESHOLD) return false;
  return valueAnswers(part, extractQuantities(claim.text), claim.text);
}

/**
 * The attribute terms of `part` that no other part of the question has: what sets it apart.
 * "I'd like to put my phone's screen on the TV. What does my phone need to support, and which
 * phone app do I use to start it?": "screen", "TV" and "support" are the first part's own,
 * "phone" is both parts'. All its attribute terms where it is the only part or has none of its
 * own.
 */
export function ownAttributes(part: QuestionPart, parts: readonly QuestionPart[]): string[] {
  const { attributes } = partTerms(part);
  const others = parts.filter((other) => other !== part);
  if (others.length === 0) return attributes;
  // The other parts' own words, not those they borrow from the part they point back to.
  const elsewhere = new Set(others.flatMap((other) => checkTerms(other.text)));
  const own = attributes.filter((term) => !alternativesOf(term).some((side) => elsewhere.has(side)));
  return own.length > 0 ? own : attributes;
}

/**
 * Least coverage of a part by the passage a supported claim cites, for the claim to address the
 * part in the passage's words: the claim may paraphrase ("UE means an unbalanced load" for "what
 * does UE on the display mean"), the passage it rests on must be about the question.
 */
export const BACKED_ADDRESS_THRESHOLD = 0.6;

/**
 * True when a supported claim addresses `part` through the passage it cites: the passage covers
 * the part well, the claim names the part's models and names, shares one of its attribute terms,
 * and holds a value of the expected kind.
 */
export function claimBackedAddresses(
  part: QuestionPart,
  item: { core: string; passages: readonly RetrievedPassage[] },
  weight?: (term: string) => number,
  /** The other parts of the question: the term shared must be one of this part's own (`ownAttributes`). */
  parts: readonly QuestionPart[] = [part],
): boolean {
  const shared = ownAttributes(part, parts);
  const claimTerms = new Set(checkTerms(item.core));
  if (shared.length > 0 && !shared.some((term) => hasTerm(claimTerms, term))) return false;
  if (!valueAnswers(part, extractQuantities(item.core), item.core)) return false;
  if (namesOtherModel(part, item.core)) return false;
  const weighting = libraryWeighting(part) ?? partWeighting(part, weight);
  return item.passages.some((passage) => {
    const evidence = passageEvidence(passage.passage, passage.lead);
    if (requiredNames(part).some((name) => !name.test(evidence))) return false;
    return passageCoverage(part, new Set(checkTerms(evidence)), weighting) >= BACKED_ADDRESS_THRESHOLD;
  });
}

/**
 * True when a supported claim answers `part` through the part's most specific words: the claim
 * itself names the part's rarest word in the library (of those the asker did not only set the
 * scene with), its cited passage names the next rarest too, and the claim gives a
 * value of the kind asked about the part's models and names. "It needs a solid, level floor and
 * the manual rules out carpet" answers "can it go on the carpet in the spare room"; "the warranty
 * lasts 2 years" does not answer "is water damage covered". Not for parts with a word the library
 * never uses.
 */
export function claimAnswersByKeyTerms(
  part: QuestionPart,
  item: { core: string; passages: readonly RetrievedPassage[] },
): boolean {
  const weights = part.weights;
  if (!weights) return false;
  const unknown = new Set((part.unknownTerms ?? []).map(canonicalTerm));
  const context = new Set((part.contextTerms ?? []).map(canonicalTerm));
  // A word the library never uses may name what is asked ("the drain pump"): this path cannot vouch for it.
  if (
    partTerms(part).attributes.some((term) =>
      alternativesOf(term).some((side) => unknown.has(side) && !context.has(side)),
    )
  )
    return false;
  const skipped = new Set([...unknown, ...context]);
  const library = new Map<string, number>();
  for (const [term, value] of Object.entries(weights)) {
    const key = canonicalTerm(term);
    library.set(key, Math.max(library.get(key) ?? 0, value));
  }
  const known = partTerms(part)
    .attributes.filter((term) => alternativesOf(term).every((side) => !skipped.has(side)))
    .map((term) => ({ term, weight: Math.max(...alternativesOf(term).map((side) => library.get(side) ?? 0)) }))
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight);
  const [first, second] = known;
  if (!first || !second) return false;
  const claimTerms = new Set(checkTerms(item.core));
  if (!hasTerm(claimTerms, first.term)) return false;
  if (!valueAnswers(part, extractQuantities(item.core), item.core)) return false;
  if (namesOtherModel(part, item.core)) return false;
  const partModels = modelNames(part.terms.join(' '));
  return item.passages.some((passage) => {
    const evidence = passageEvidence(passage.passage, passage.lead);
    if (requiredNames(part).some((name) => !name.test(`${item.core}\n${evidence}`))) return false;
    if (partModels.length > 0 && !partModels.some((model) => modelNames(evidence).includes(model))) return false;
    return hasTerm(new Set([...claimTerms, ...checkTerms(evidence)]), second.term);
  });
}

/** How many of the passages retrieval ranked first for a part count as its best. */
export const TOP_PASSAGES_FOR_PART = 2;

/**
 * True when a supported claim answers `part` from a passage retrieval ranked among the first for
 * it (by words and meaning together), naming one of the part's attribute words and giving a
 * value of the kind asked, about the part's models and names: "Press and hold both volume keys
 * for three seconds [437]" answers "how long do I keep the accessibility shortcut pressed".
 * A passage that retrieval found only for another part vouches for nothing here.
 */
export function claimOnTopPassage(
  part: QuestionPart,
  partIndex: number,
  item: { core: string; passages: readonly RetrievedPassage[] },
  given: readonly RetrievedPassage[],
  /** The other parts of the question: the term shared must be one of this part's own (`ownAttributes`). */
  parts: readonly QuestionPart[] = [part],
): boolean {
  const top = new Set(
    given
      .filter((candidate) => candidate.parts.includes(partIndex) && !candidate.addedByCitation)
      .sort((a, b) => a.rank - b.rank)
      .slice(0, TOP_PASSAGES_FOR_PART)
      .map((candidate) => candidate.passage.cite),
  );
  if (!item.passages.some((passage) => top.has(passage.passage.cite))) return false;
  const shared = ownAttributes(part, parts);
  const claimTerms = new Set(checkTerms(item.core));
  if (shared.length > 0 && !shared.some((term) => hasTerm(claimTerms, term))) return false;
  // A typed answer (a duration, an amount, a code…) stands on a value of its kind; any other (yes
  // or no, a procedure) on the part's rarest word: "the warranty lasts 2 years" on top of the list
  // does not answer "is water damage covered".
  if (
    answerDimensions(part)
      ? !valueAnswers(part, extractQuantities(item.core), item.core)
      : !namesRarest(part, claimTerms)
  )
    return false;
  if (namesOtherModel(part, item.core)) return false;
  return item.passages.some(
    (passage) =>
      top.has(passage.passage.cite) &&
      requiredNames(part).every((name) => name.test(`${item.core}\n${passageEvidence(passage.passage, passage.lead)}`)),
  );
}

/** True when `terms` hold the part's attribute word that is rarest in the library (of those it uses). */
function namesRarest(part: QuestionPart, terms: ReadonlySet<string>): boolean {
  const weigh = libraryWeighting(part);
  if (!weigh) return false;
  const unknown = new Set(part.unknownTerms ?? []);
  const known = partTerms(part).attributes.filter((term) => !unknown.has(term));
  if (known.length === 0) return false;
  const rarest = known.reduce((best, term) => (weigh(term) > weigh(best) ? term : best));
  return hasTerm(terms, rarest);
}

/**
 * The part's term weights in the whole library, as retrieval set them (idf, with the asker's own
 * wording, scene-setting words and numbers discounted); undefined before retrieval.
 */
export function libraryWeighting(part: QuestionPart): ((term: string) => number) | undefined {
  const weights = part.weights;
  if (!weights) return undefined;
  const canonical = new Map<string, number>();
  const unknown = new Set(part.unknownTerms ?? []);
  const known = Object.entries(weights)
    .filter(([term]) => !unknown.has(term))
    .map(([, value]) => value)
    .sort((a, b) => a - b);
  const typical = known[Math.floor(known.length / 2)] ?? 1;
  for (const [term, value] of Object.entries(weights)) {
    const key = canonicalTerm(term);
    // A word the library never uses weighs as a typical one here: a passage lacking it does not
    // stand for an answer ("the drain pump's part number" is not the filter's).
    canonical.set(key, Math.max(canonical.get(key) ?? 0, unknown.has(term) ? typical : value));
  }
  return (term) => canonical.get(term) ?? termWeight(term);
}
