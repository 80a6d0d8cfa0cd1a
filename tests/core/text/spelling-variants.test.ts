import { describe, expect, it } from 'vitest';
import { americanStem } from '../../../src/core/text/spelling-variants.js';
import { contentTerms } from '../../../src/core/text/terms.js';
import { judgeLexically } from '../../../src/core/verify/lexical-judge.js';
import { canonicalTerm } from '../../../src/core/verify/term-weights.js';

const meet = (british: string, american: string) =>
  canonicalTerm(contentTerms(british)[0]!) === canonicalTerm(contentTerms(american)[0]!);

describe('British and American spellings', () => {
  it('meet in the checker and the answerer (canonicalTerm)', () => {
    expect(meet('colours', 'colors')).toBe(true);
    expect(meet('favourites', 'favorites')).toBe(true);
    expect(meet('organisation', 'organization')).toBe(true);
    expect(meet('catalogue', 'catalog')).toBe(true);
    expect(meet('litres', 'liters')).toBe(true);
    expect(meet('analysed', 'analyzed')).toBe(true);
    expect(meet('cancelled', 'canceled')).toBe(true);
  });

  it('leave other words alone', () => {
    expect(americanStem('four')).toBe('four');
    expect(meet('colours', 'flavours')).toBe(false);
    expect(meet('tyre', 'tired')).toBe(false);
  });

  it('let a claim in one spelling be stated by a passage in the other', () => {
    const passage = ['Use HDMI Black Level to compensate for low contrast or dull colors from external devices.'];
    expect(
      judgeLexically('It compensates for low contrast or dull colours from external devices.', passage).supported,
    ).toBe(true);
    expect(
      judgeLexically('Add the channel to your favourites list.', ['Add the channel to your Favorites list.']).supported,
    ).toBe(true);
  });
});
