/**
 * Weighted term shares: how much of a set of terms another text contains. Two weightings:
 * `termWeight` (√length, a stand-in for idf that needs no statistics: long terms such as
 * "limescal" carry meaning, short ones such as "set" rarely do) and `givenWeights` (idf over the
 * passages given, times √length: a term every given passage mentions, such as "warranti" when
 * all are about warranties, says little about whether one of them answers).
 */
import { contentTerms, gradeBase } from '../text/terms.js';
import { broaderTerms, narrowerTerms, paraphraseClass, rewritePhrases } from '../text/paraphrases.js';
import { americanStem } from '../text/spelling-variants.js';

/** Terms that rarely decide what a question or a claim is about. */
export const WEAK_TERMS: ReadonlySet<string> = new Set([
  'never',
  'ever',
  'take',
  'need',
  'put',
  'make',
  'get',
  'go',
  'come',
  'keep',
  'run',
  'work',
  'happen',
  'mean',
  'show',
  'check',
  'let',
  'see',
  'look',
  'sai',
  'tell',
  'ask',
  'want',
  'like',
  'right',
  'still',
  'exactli',
  'actual',
  'realli',
  'normal',
  'usual',
  'gener',
  'overal',
  'total',
  'full',
  'ok',
  'okai',
  'fine',
  'left',
  'remain',
  'inform',
  'detail',
  'possibl',
  'way',
  'thing',
  'someth',
  'someon',
  'somebodi',
  'anyth',
  'myself',
  'yourself',
  'per',
  'everi',
  'whose',
  'ye',
  // Adverbs a paraphrase adds for tone ("SMEs get the lower amount instead", "it just works").
  'instead',
  'just',
  'even',
  'simpli',
  'mainli',
  'quit',
  'pretti',
  'rather',
  'alreadi',
  'anywai',
]);

/**
 * The canonical stem of `term`: a British spelling as the American one (`spelling-variants.ts`),
 * paraphrases mapped to their class (see `paraphrases.ts`), a
 * comparative or superlative to its base's stem, and a negating "un-" prefix dropped ("unregist"
 * → "regist"; the negation itself is judged by polarity, see `isNegated`).
 */
export function canonicalTerm(term: string): string {
  const spelled = americanStem(term);
  const base = /^un[a-z]{5,}$/.test(spelled) && !UN_WORDS.has(spelled) ? spelled.slice(2) : spelled;
  const known = paraphraseClass(base);
  return known !== base ? known : ungradedStem(base);
}

const UNGRADED = new Map<string, string>();

/**
 * Stems of irregular plurals and their singular ("18 people" is "18 persons"), for the checker
 * and the extractive answerer's ranking; retrieval keeps the index's own tokens.
 */
const IRREGULAR_PLURALS = new Map([
  ['peopl', 'person'],
  ['children', 'child'],
  ['men', 'man'],
  ['women', 'woman'],
  ['feet', 'foot'],
  ['teeth', 'tooth'],
  ['mice', 'mouse'],
]);

/**
 * The stem of a comparative's or superlative's base ("faster" → fast, "larger" → larg), so that
 * "how fast" meets "much faster", or of an irregular plural's singular ("people" → person); a
 * stem the lexicon already reads ("highest" as maximum) is not reached here.
 */
function ungradedStem(stem: string): string {
  let found = UNGRADED.get(stem);
  if (found === undefined) {
    const base = IRREGULAR_PLURALS.get(stem) ?? gradeBase(stem);
    found = base === undefined ? stem : paraphraseClass(contentTerms(base)[0] ?? stem);
    UNGRADED.set(stem, found);
  }
  return found;
}

/** Words that begin with "un" without being a negation. */
const UN_WORDS = new Set([
  'unit',
  'uniform',
  'union',
  'uniqu',
  'univers',
  'unscrew',
  'until',
  'unload',
  'unpack',
  'unplug',
  'underneath',
]);

/** Bounds written as phrases of stop words: "up to 1,400 rpm" states a maximum. */
const BOUND_PHRASES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(?:up to|at most|no more than|not more than)\b/gi, ' maximum '],
  [/\b(?:at least|no less than|not less than)\b/gi, ' minimum '],
];

/** Canonical content terms of `text`. */
export function checkTerms(text: string): string[] {
  const bounded = BOUND_PHRASES.reduce(
    (result, [pattern, word]) => result.replace(pattern, word),
    rewritePhrases(text),
  );
  return contentTerms(bounded).map(canonicalTerm);
}

/** Weight of a term: √length, so a four-letter term weighs 2 and a nine-letter one 3. */
export function termWeight(term: string): number {
  return Math.sqrt(Math.max(1, term.length));
}

/** Canonical content terms worth counting: no single letters, no weak terms. */
export function keyTerms(text: string): string[] {
  return checkTerms(text).filter((term) => (term.length > 1 || /\d/.test(term)) && !WEAK_TERMS.has(term));
}

/** A weighting by idf over `texts` (each a set of terms) times √length; unseen terms weigh most. */
export function givenWeights(texts: ReadonlyArray<ReadonlySet<string>>): (term: string) => number {
  const count = texts.length;
  return (term) => {
    const frequency = texts.reduce((sum, terms) => sum + (terms.has(term) ? 1 : 0), 0);
    return Math.log(1 + count / (1 + frequency)) * termWeight(term);
  };
}

/** Weighted share (0–1) of `terms` found in `present`; 1 when there are no terms. */
export function weightedShare(
  terms: readonly string[],
  present: ReadonlySet<string>,
  weight: (term: string) => number = termWeight,
  match: RelatedMatch = 'either',
): number {
  let total = 0;
  let found = 0;
  for (const term of new Set(terms)) {
    const value = Math.max(...alternativesOf(term).map(weight));
    total += value;
    if (hasTerm(present, term, match)) found += value;
  }
  return total === 0 ? 1 : found / total;
}

/** The terms a checker term stands for: itself, or each side of a choice written `hot|cold`. */
export function alternativesOf(term: string): string[] {
  return term.split('|');
}

/**
 * How a term may be matched by a broader or narrower word: `either` when asking whether a claim
 * is about what a question asks ("the appliance" answers about the washing machine, "the
 * machine" names the washer of its passage); `narrower` when judging whether evidence states a
 * claim (a passage about the washer states something of "the machine", but a rule about "the
 * appliance" does not state that the kettle needs descaling).
 */
export type RelatedMatch = 'either' | 'narrower';

/**
 * True when `present` holds `term`: the term itself, a related word (see `RelatedMatch`), or,
 * for a choice (`hot|cold`, from "hot or cold"), any one side: an answer picks one.
 */
export function hasTerm(present: ReadonlySet<string>, term: string, match: RelatedMatch = 'either'): boolean {
  return alternativesOf(term).some((item) => {
    if (present.has(item)) return true;
    const related = match === 'either' ? [...broaderTerms(item), ...narrowerTerms(item)] : narrowerTerms(item);
    return related.some((other) => present.has(other));
  });
}
