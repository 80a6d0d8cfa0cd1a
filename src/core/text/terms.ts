/**
 * Content terms: the tokens that carry meaning, stemmed the same way as the lexical index
 * (Orama's English tokenizer with stemming and stop words), so that "how often are filters
 * cleaned" and "clean the filter every 4 weeks" share `clean` and `filter`.
 */
import { tokenizer as oramaTokenizer } from '@orama/orama/components';
import { stopwords } from '@orama/stopwords/english';

/** Extra words that never decide relevance in questions about documents. */
const QUESTION_STOP_WORDS = [
  'please', 'tell', 'know', 'say', 'says', 'said', 'document', 'documents', 'according',
  'can', 'could', 'would', 'should', 'will', 'shall', 'may', 'might', 'must', 'does', 'do',
  'did', 'is', 'are', 'was', 'were', 'be', 'been', 'get', 'got', 'need', 'needs', 'want',
  'much', 'many', 'long', 'often', 'also', 'use', 'used', 'using', 'one', 'ones', 'thing',
  'let', 'find', 'give', 'mention', 'mentioned', 'state', 'stated', 'there', 'any', 'which',
  'put', 'make', 'makes', 'still', 'exactly', 'actually', 'really', 'normally', 'usually', 'right',
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

/** Stemmed content terms of `text`, de-duplicated, in order of first appearance. */
export function contentTerms(text: string): string[] {
  return tokenizer.tokenize(text, 'english', 'text').filter((term) => term.length > 0);
}

/** Stemmed content terms of `text` with repeats, for term-frequency counts. */
export function contentTermList(text: string): string[] {
  return text
    .split(/\s+/)
    .flatMap((word) => tokenizer.tokenize(word, 'english', 'text'))
    .filter((term) => term.length > 0);
}
