import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLexicalStore, fieldTokens, fieldWords, LEXICAL_FIELDS } from '../../../src/core/index/lexical-store.js';

// Stop words, stems shared by several pieces, hyphens, apostrophes, accents Orama keeps in a
// word, and characters whose lower case is an ASCII letter or longer (İ, the Kelvin sign, ß).
const pieces = ['The', 'filter', 'Filters', 'filtering', 'self-clean', 'DW-480', "don't", 'café', 'À', 'and'];
const odd = ['İstanbul', '\u212Aept', 'Straße', 'ΟΔΟΣ', '4', '10', '-', "'", '_', ''];
const separators = [' ', '\n', ', ', '. ', '/', '—', '’', '('];
const textArbitrary = fc.oneof(
  fc
    .array(fc.tuple(fc.constantFrom(...pieces, ...odd), fc.constantFrom(...separators)), { maxLength: 12 })
    .map((list) => list.map(([piece, separator]) => piece + separator).join('')),
  fc.string({ maxLength: 30 }),
);

describe('fieldWords', () => {
  it("gives the words of Orama's tokens of a field, in order, from a table of the pieces met", () => {
    const store = createLexicalStore();
    fc.assert(
      fc.property(textArbitrary, fc.constantFrom(...LEXICAL_FIELDS), (text, field) => {
        const words = fieldWords(store, text, field, true);
        expect(words.map((word) => store.words[word])).toEqual(fieldTokens(text, field));
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves out words the store does not hold when it may not add them, and adds none', () => {
    const store = createLexicalStore();
    fieldWords(store, 'filter pump', 'text', true);
    const words = fieldWords(store, 'the pumps and seals', 'text', false);
    expect(words.map((word) => store.words[word])).toEqual(['pump']);
    expect(store.words).toEqual(['filter', 'pump']);
    expect(fieldWords(store, 'seals', 'text', true).map((word) => store.words[word])).toEqual(['seal']);
  });

  it('indexes a possessive as its owner\'s word, so that "Perry" finds "Perry\'s"', () => {
    const store = createLexicalStore();
    const owner = fieldWords(store, "Perry's sister and the kids' room", 'text', true).map((word) => store.words[word]);
    expect(owner).toEqual(fieldTokens('Perry sister and the kids room', 'text'));
    expect(fieldWords(store, 'Perry', 'text', false)).toEqual(fieldWords(store, "Perry's", 'text', false));
  });
});
