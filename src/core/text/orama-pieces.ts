/**
 * The pieces Orama's English tokenizer normalizes one by one: it lower-cases the whole value and
 * splits it with its `SPLITTERS.english` (`@orama/orama`, `components/tokenizer/languages.js`).
 * Callers that look each piece's normalization up in a table instead of asking the tokenizer
 * again start here, so that they split exactly as it does.
 */

/** Orama's `SPLITTERS.english`, flags included. */
const SPLITTER = /[^A-Za-zàèéìòóù0-9_'-]+/gim;

/** The characters that splitter keeps in a word, less the apostrophe and the hyphen. */
const WORD_CHARACTER = 'A-Za-zàèéìòóù0-9_';

/** A possessive's or a contraction's "'s" after a word ("Perry's", "it’s"). */
const APOSTROPHE_S = new RegExp(`(?<=[${WORD_CHARACTER}])['’]s(?![${WORD_CHARACTER}])`, 'gi');

/** An apostrophe not between two word characters: a plural possessive's ("kids'") or a quote mark ('word'). */
const EDGE_APOSTROPHE = new RegExp(`(?<![${WORD_CHARACTER}])'|'(?![${WORD_CHARACTER}])`, 'g');

/**
 * `value` lower-cased (as Orama's tokenizer reads it) without the apostrophes that would keep a
 * word apart from itself: Orama's splitter keeps "'", so "perry's" would be the token "perry'"
 * and never meet "perry", and "kids'" would not meet "kids". An apostrophe inside a word
 * ("don't", "o'clock") stays.
 */
export function withoutPossessives(value: string): string {
  return value.toLowerCase().replace(APOSTROPHE_S, '').replace(EDGE_APOSTROPHE, ' ');
}

/** The value split as Orama's `tokenize` splits it, after `withoutPossessives` (empty pieces included). */
export function oramaPieces(value: string): string[] {
  return withoutPossessives(value).split(SPLITTER);
}
