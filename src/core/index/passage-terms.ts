/**
 * The content terms of a passage's heading and text, which `termPassages` counts. They are
 * `contentTerms` of the two; where neither holds an irregular form (which `contentTerms`
 * replaces before tokenizing), they are read off the words the lexical store has just found in
 * the same fields, as both tokenize alike, so that an insert tokenizes each field once.
 */
import { contentTerms, contentTermsOfTokens, hasIrregularForm } from '../text/terms.js';
import type { Passage } from '../types.js';
import { LEXICAL_FIELDS, type LexicalStore } from './lexical-store.js';

const HEADING = LEXICAL_FIELDS.indexOf('heading');
const TEXT = LEXICAL_FIELDS.indexOf('text');

/**
 * `contentTerms` of the passage's heading and text; `words` are the word ids the lexical store
 * found in each field of it (`insertPassage`), when at hand.
 */
export function passageTerms(store: LexicalStore, passage: Passage, words?: readonly number[][]): string[] {
  if (!words || hasIrregularForm(passage.heading) || hasIrregularForm(passage.text)) {
    return contentTerms(`${passage.heading} ${passage.text}`);
  }
  // Joined by a space, the two split into the heading's pieces and then the text's.
  const tokens = new Set<string>();
  for (const word of words[HEADING]!) tokens.add(store.words[word]!);
  for (const word of words[TEXT]!) tokens.add(store.words[word]!);
  return contentTermsOfTokens([...tokens]);
}
