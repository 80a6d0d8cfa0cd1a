import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLexicalStore, insertPassage } from '../../../src/core/index/lexical-store.js';
import { passageTerms } from '../../../src/core/index/passage-terms.js';
import { contentTerms } from '../../../src/core/text/terms.js';
import type { Passage } from '../../../src/core/types.js';

// Words shared by heading and text, stop words, hyphenated words with and without digits,
// irregular forms (which take the slow path), and characters whose lower case is longer or an
// ASCII letter.
const pieces = ['filter', 'Filters', 'the', 'self-clean', 'DW-480', 'sold', 'unsold', 'Broken', "don't", 'café'];
const odd = ['İstanbul', '\u212Aept', 'Straße', 'ΟΔΟΣ', '4', '-', "'", ''];
const separators = [' ', '\n', ', ', '. ', '/', '—', '('];
const textArbitrary = fc.oneof(
  fc
    .array(fc.tuple(fc.constantFrom(...pieces, ...odd), fc.constantFrom(...separators)), { maxLength: 10 })
    .map((list) => list.map(([piece, separator]) => piece + separator).join('')),
  fc.string({ unit: fc.constantFrom(..."ab- .ßİΣ\u212A'4"), maxLength: 20 }),
);

function passage(position: number, heading: string, text: string): Passage {
  return {
    ...{ cite: `doc#${position}`, docId: 'doc', sectionId: String(position), part: 1, heading, title: 'Title' },
    ...{ revision: 'r1', date: '2026-01-01', access: 'public', text, start: 0, end: text.length, hash: text },
  };
}

describe('passageTerms', () => {
  it('gives contentTerms of the heading and text, from the words the lexical store found in them', () => {
    const store = createLexicalStore();
    let position = 0;
    fc.assert(
      fc.property(textArbitrary, textArbitrary, (heading, text) => {
        const item = passage(position++, heading, text);
        const words = insertPassage(store, item);
        expect(passageTerms(store, item, words)).toEqual(contentTerms(`${heading} ${text}`));
        expect(passageTerms(store, item)).toEqual(contentTerms(`${heading} ${text}`));
      }),
      { numRuns: 2000 },
    );
  });
});
