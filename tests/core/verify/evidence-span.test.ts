import { describe, expect, it } from 'vitest';
import { supportingSpan } from '../../../src/ui/lib/supporting-sentence.js';

const PASSAGE =
  '## 2. Warranty\n\nThe kettle is covered for 2 years. Limescale damage is not covered. Keep your receipt.';

describe('supportingSpan', () => {
  it('finds the sentence sharing the most terms with the claim', () => {
    const span = supportingSpan(PASSAGE, 'Limescale damage is not covered [kettle#2].');
    expect(span && PASSAGE.slice(span.start, span.end)).toBe('Limescale damage is not covered.');
  });

  it('weights numbers, so the sentence with the value wins', () => {
    const span = supportingSpan(PASSAGE, 'The warranty is 2 years.');
    expect(span && PASSAGE.slice(span.start, span.end)).toBe('The kettle is covered for 2 years.');
  });

  it('finds nothing when no term is shared', () => {
    expect(supportingSpan(PASSAGE, 'Blue boxes.')).toBeUndefined();
  });
});
