/**
 * Content terms: the tokens that carry meaning, stemmed the same way as the lexical index
 * (Orama's English tokenizer with stemming and stop words), so that "how often are filters
 * cleaned" and "clean the filter every 4 weeks" share `clean` and `filter`.
 */
import { tokenizer as oramaTokenizer } from '@orama/orama/components';
import { stopwords } from '@orama/stopwords/english';
import { oramaPieces } from './orama-pieces.js';

/** Extra words that never decide relevance in questions about documents. */
const QUESTION_STOP_WORDS = [
  'please',
  'tell',
  'know',
  'say',
  'says',
  'said',
  'document',
  'documents',
  'according',
  'can',
  'could',
  'would',
  'should',
  'will',
  'shall',
  'may',
  'might',
  'must',
  'does',
  'do',
  'did',
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'get',
  'got',
  'need',
  'needs',
  'want',
  'much',
  'many',
  'long',
  'often',
  'also',
  'use',
  'uses',
  'used',
  'using',
  'one',
  'ones',
  'thing',
  'let',
  'find',
  'give',
  'mention',
  'mentioned',
  'state',
  'stated',
  'there',
  'any',
  'which',
  'put',
  'make',
  'makes',
  'still',
  'exactly',
  'actually',
  'really',
  'normally',
  'usually',
  'right',
  // Hedges around a question ("roughly how fast", "approximately how many"): they ask for no fact.
  'roughly',
  'approximately',
  'approx',
  'basically',
  'typically',
  'generally',
  'precisely',
];

/** Stop words for the lexical index (Orama) and for term extraction. */
export const STOP_WORDS: readonly string[] = [...new Set([...stopwords, ...QUESTION_STOP_WORDS])];

/** The index tokenizer's configuration, shared so that index and query terms agree. */
export const TOKENIZER_CONFIG = {
  language: 'english',
  stemming: true,
  stopWords: [...STOP_WORDS],
} as const;

const tokenizer = oramaTokenizer.createTokenizer({ ...TOKENIZER_CONFIG, stopWords: [...STOP_WORDS] });

/** Irregular past forms the stemmer cannot reduce ("sold" → sell), so that they meet their present forms. */
const IRREGULAR_FORMS: Readonly<Record<string, string>> = {
  sold: 'sell',
  bought: 'buy',
  kept: 'keep',
  held: 'hold',
  paid: 'pay',
  sent: 'send',
  spent: 'spend',
  built: 'build',
  broke: 'break',
  broken: 'break',
  lost: 'lose',
  found: 'find',
  gave: 'give',
  given: 'give',
  took: 'take',
  taken: 'take',
  made: 'make',
  ran: 'run',
  shown: 'show',
  worn: 'wear',
  wore: 'wear',
  thrown: 'throw',
  threw: 'throw',
  fed: 'feed',
  froze: 'freeze',
  frozen: 'freeze',
  bent: 'bend',
  chose: 'choose',
  chosen: 'choose',
  fell: 'fall',
  fallen: 'fall',
  began: 'begin',
  begun: 'begin',
  drove: 'drive',
  driven: 'drive',
  wrote: 'write',
  written: 'write',
  stood: 'stand',
  understood: 'understand',
  hung: 'hang',
  stuck: 'stick',
  struck: 'strike',
  shut: 'shut',
  split: 'split',
  spun: 'spin',
  won: 'win',
};

/**
 * Gradable adjectives whose comparative and superlative ("deeper", "fastest", "bigger",
 * "earlier") the stemmer leaves apart from them: "how fast" meets "much faster", "really deep
 * potholes" meets "deeper than three inches".
 */
const GRADABLE = new Set(
  (
    'fast slow quick deep shallow high low long short big small large wide narrow heavy light hot cold warm cool ' +
    'early late cheap loud quiet strong weak easy hard safe new old thick thin tall soft bright dark clean dry wet ' +
    'full fine tight loose close near great few busy noisy healthy simple'
  ).split(' '),
);
const IRREGULAR_GRADES: Readonly<Record<string, string>> = {
  better: 'good',
  best: 'good',
  worse: 'bad',
  worst: 'bad',
  farther: 'far',
  further: 'far',
  farthest: 'far',
  furthest: 'far',
};

/** The base of a comparative or superlative of a gradable adjective ("faster" → fast), or undefined. */
export function gradeBase(word: string): string | undefined {
  const lower = word.toLowerCase();
  // Own keys only: "constructor" is no grade of anything.
  if (Object.hasOwn(IRREGULAR_GRADES, lower)) return IRREGULAR_GRADES[lower];
  const match = /^([a-z]+?)(er|est)$/.exec(lower);
  if (!match) return undefined;
  const stem = match[1] ?? '';
  const candidates = [stem, `${stem}e`, stem.replace(/i$/, 'y'), stem.replace(/(.)\1$/, '$1')];
  return candidates.find((candidate) => GRADABLE.has(candidate));
}

/**
 * The irregular forms as whole words: a run of ASCII letters, in any case, that is one of them
 * (case-insensitive matching without the `u` flag pairs no other character with an ASCII letter).
 */
const IRREGULAR_WORD = new RegExp(`(?<![A-Za-z])(?:${Object.keys(IRREGULAR_FORMS).join('|')})(?![A-Za-z])`, 'gi');

/** The same, for a test (a global pattern's `test` would carry its position from call to call). */
const IRREGULAR_WORD_TEST = new RegExp(IRREGULAR_WORD.source, 'i');

/** Irregular past forms that are also a verb's base form ("found" a city, not only "found" a key). */
const BASE_FORM_TOO = new Set(['found']);

/**
 * An auxiliary that takes a verb's base form, ending the text, with at most three words after it
 * ("did that person", "to", "will they"): the verb that follows is in its base form. Not through
 * "be" or "have" ("can be found", "will have found": a participle) or "not".
 */
const BEFORE_BASE_FORM =
  /\b(?:do|does|did|to|will|would|can|could|shall|should|may|might|must)(?:\s+(?!(?:be|been|being|have|has|had|not)\b)[\p{L}'’-]+){0,3}\s+$/iu;

/**
 * The text with each irregular form replaced by its present form ("sold" → sell). A past form
 * that is also a base form stays itself after an auxiliary that takes a base form: "what did he
 * found" asks what he founded, not what he found.
 */
function regularise(text: string): string {
  return text.replace(IRREGULAR_WORD, (word: string, offset: number) => {
    const lower = word.toLowerCase();
    if (BASE_FORM_TOO.has(lower) && BEFORE_BASE_FORM.test(text.slice(Math.max(0, offset - 60), offset))) return word;
    return IRREGULAR_FORMS[lower]!;
  });
}

/**
 * Whether `text` holds an irregular form that `contentTerms` replaces first ("sold"). Without
 * one, its content terms are `contentTermsOfTokens` of the index tokenizer's tokens of it.
 */
export function hasIrregularForm(text: string): boolean {
  return IRREGULAR_WORD_TEST.test(text);
}

/**
 * Orama's normalization of each lower-cased piece met so far ('' for a stop word), so that a
 * piece is stemmed once rather than in every text that holds it. It stands in for the tokenizer's
 * own cache, which is as global and keeps a longer key per piece; cleared when it grows past
 * `NORMALIZED_LIMIT`, so a long session's vocabulary cannot grow it without bound.
 */
const normalized = new Map<string, string>();
const NORMALIZED_LIMIT = 200_000;

/** `tokenizer.tokenize(text, 'english', 'text')`: its tokens, duplicates dropped, in order. */
function textTokens(text: string): string[] {
  const tokens = new Set<string>();
  for (const piece of oramaPieces(text)) {
    let token = normalized.get(piece);
    if (token === undefined) {
      token = tokenizer.normalizeToken.call(tokenizer, 'text', piece, false);
      if (normalized.size >= NORMALIZED_LIMIT) normalized.clear();
      normalized.set(piece, token);
    }
    if (token !== '') tokens.add(token);
  }
  return [...tokens];
}

/**
 * Stemmed content terms of `text`, de-duplicated, in order of first appearance. A hyphenated
 * word without digits also yields its parts ("self-clean" → self-clean, self, clean); model
 * names such as DW-480 stay whole.
 */
export function contentTerms(text: string): string[] {
  return contentTermsOfTokens(textTokens(regularise(text)));
}

/**
 * The content terms of a text with no irregular form (`hasIrregularForm`) whose tokens, as the
 * index tokenizer gives them (duplicates dropped, in order), are `terms`: they and the parts of
 * hyphenated ones.
 */
export function contentTermsOfTokens(terms: string[]): string[] {
  const parts = terms
    .filter((term) => term.includes('-') && !/\d/.test(term))
    .flatMap((term) => textTokens(term.replace(/-/g, ' ')));
  return parts.length === 0 ? terms : [...new Set([...terms, ...parts])];
}

/**
 * Stemmed content terms of `text` with repeats, for term-frequency counts: the built-in hashing
 * embedder's words. Its possessives stay as Orama's tokenizer leaves them ("perry'"), unlike
 * `contentTerms`: the embedder's vectors, saved in libraries under its model id, stay the same.
 */
export function contentTermList(text: string): string[] {
  return regularise(text)
    .split(/\s+/)
    .flatMap((word) => tokenizer.tokenize(word, 'english', 'text'))
    .filter((term) => term.length > 0);
}
