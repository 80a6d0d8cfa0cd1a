import { describe, expect, it } from 'vitest';
import type { RetrievedPassage } from '../../../src/core/types.js';
import { closestUnit, evidenceSpans } from '../../../src/core/verify/evidence-span.js';

const PASSAGE =
  '## 2. Warranty\n\nThe kettle is covered for 2 years. Limescale damage is not covered. Keep your receipt.';

const passage = (cite: string, text: string) => ({ passage: { cite, text } }) as unknown as RetrievedPassage;

describe('closestUnit', () => {
  it('finds the sentence sharing the most terms with the claim', () => {
    const span = closestUnit(PASSAGE, 'Limescale damage is not covered [kettle#2].');
    expect(span && PASSAGE.slice(span.start, span.end)).toBe('Limescale damage is not covered.');
  });

  it('weights numbers, so the sentence with the value wins', () => {
    const span = closestUnit(PASSAGE, 'The warranty is 2 years.');
    expect(span && PASSAGE.slice(span.start, span.end)).toBe('The kettle is covered for 2 years.');
  });

  it('finds nothing when no term is shared', () => {
    expect(closestUnit(PASSAGE, 'Blue boxes.')).toBeUndefined();
  });
});

describe('evidenceSpans', () => {
  const other = 'Descale the kettle every month. Limescale builds up fast.';

  it('gives one span per cited passage, the best match first', () => {
    const spans = evidenceSpans('Limescale damage is not covered', [passage('b#1', other), passage('k#2', PASSAGE)]);
    expect(spans.map((span) => span.cite)).toEqual(['k#2', 'b#1']);
    expect(PASSAGE.slice(spans[0]!.start, spans[0]!.end)).toBe('Limescale damage is not covered.');
  });

  it('puts first the passage holding the sentence the judge chose, on that sentence', () => {
    const spans = evidenceSpans(
      'Scale needs removing monthly',
      [passage('k#2', PASSAGE), passage('b#1', other)],
      'Descale the kettle every month.',
    );
    expect(spans[0]).toMatchObject({ cite: 'b#1' });
    expect(other.slice(spans[0]!.start, spans[0]!.end)).toBe('Descale the kettle every month.');
  });

  it('leaves out a passage that shares no word with the claim', () => {
    expect(evidenceSpans('Blue boxes', [passage('k#2', PASSAGE)])).toEqual([]);
  });
});
