import { tokenizer as oramaTokenizer } from '@orama/orama/components';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withoutPossessives } from '../../../src/core/text/orama-pieces.js';
import { contentTerms, TOKENIZER_CONFIG } from '../../../src/core/text/terms.js';

/** `contentTerms` as it was written before its pieces were looked up in a table: the reference. */
const tokenizer = oramaTokenizer.createTokenizer({ ...TOKENIZER_CONFIG, stopWords: [...TOKENIZER_CONFIG.stopWords] });
const IRREGULAR: Record<string, string> = { sold: 'sell', broke: 'break', broken: 'break', ran: 'run', kept: 'keep' };

function referenceTerms(text: string): string[] {
  const regular = text.replace(/[A-Za-z]+/g, (word) => {
    const lower = word.toLowerCase();
    return Object.hasOwn(IRREGULAR, lower) ? IRREGULAR[lower]! : word;
  });
  const terms = tokenizer
    .tokenize(withoutPossessives(regular), 'english', 'text', false)
    .filter((term) => term.length > 0);
  const parts = terms
    .filter((term) => term.includes('-') && !/\d/.test(term))
    .flatMap((term) => tokenizer.tokenize(term.replace(/-/g, ' '), 'english', 'text', false));
  return parts.length === 0 ? terms : [...new Set([...terms, ...parts])];
}

// Irregular forms in and around words and in other cases, stop words, hyphens, apostrophes,
// accents Orama keeps in a word, and characters whose lower case is an ASCII letter or longer
// (İ, the Kelvin sign, ß, long s, final sigma).
const pieces = [
  ...['sold', 'Sold', 'SOLD', 'unsold', 'sold-out', "sold's", 'broke', 'broken', 'Broken', 'ran', 'grand', 'kept'],
  ...['the', 'and', 'filter', 'Filters', 'self-clean', 'DW-480', 'e-mail', "don't", 'café', 'naïve', 'À'],
  ...['İstanbul', '\u212Aept', 'Straße', 'ſold', 'ΟΔΟΣ', 'σ', '4', '10', '-', "'", '_'],
];
const separators = [' ', '  ', '\n', ', ', '. ', '-', '/', '—', '‘', '’', '(', ')', ''];
const textArbitrary = fc
  .array(fc.tuple(fc.constantFrom(...pieces), fc.constantFrom(...separators)), { maxLength: 12 })
  .map((list) => list.map(([piece, separator]) => piece + separator).join(''));

// Any string of these: one ASCII letter only, so that no irregular form outside the table above appears.
const otherArbitrary = fc.string({ unit: fc.constantFrom(..."aé ßİ\u212A-'_0.,ſΣ\n"), maxLength: 40 });

describe('contentTerms', () => {
  it('gives the terms of the tokenizer over the regularised text, word for word and in order', () => {
    fc.assert(
      fc.property(fc.oneof(textArbitrary, otherArbitrary), (text) => {
        expect(contentTerms(text)).toEqual(referenceTerms(text));
        // A second time from the table of pieces met.
        expect(contentTerms(text)).toEqual(referenceTerms(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a possessive as its owner: "Perry\'s" and "kids\'" meet "Perry" and "kids"', () => {
    expect(contentTerms("She is Perry's older sister")).toContain(contentTerms('Perry')[0]);
    expect(contentTerms('Perry’s sister')).toEqual(contentTerms('Perry sister'));
    expect(contentTerms("the kids' room")).toEqual(contentTerms('the kids room'));
    expect(contentTerms("'quoted'")).toEqual(contentTerms('quoted'));
    // An apostrophe inside a word stays: a contraction is not its stem.
    expect(contentTerms("o'clock")).toEqual(["o'clock"]);
  });

  it('maps irregular forms only where a whole word is one', () => {
    expect(contentTerms('Sold units; the unsold ones broke')).toEqual(
      referenceTerms('Sold units; the unsold ones broke'),
    );
    expect(contentTerms('SOLD')).toEqual(['sell']);
    expect(contentTerms('unsold')).not.toContain('sell');
  });

  it('keeps "found" the verb of founding after an auxiliary, and reads it as "find" elsewhere', () => {
    expect(contentTerms('What did that person found?')).toContain(contentTerms('He founded a village')[0]);
    expect(contentTerms('She plans to found a company')).toContain('found');
    expect(contentTerms('Where was the key found?')).not.toContain('found');
    expect(contentTerms('They found the sword in the cave')).not.toContain('found');
    expect(contentTerms('The setting can be found in the menu')).not.toContain('found');
    expect(contentTerms('It will have found a match')).not.toContain('found');
  });
});
