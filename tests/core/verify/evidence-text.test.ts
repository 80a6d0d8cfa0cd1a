import { describe, expect, it } from 'vitest';
import { evidenceSentences } from '../../../src/core/verify/evidence-text.js';
import { judgeLexically } from '../../../src/core/verify/lexical-judge.js';

const FINES = [
  'The Regulation sets out thresholds:',
  '',
  'Up to €35m or 7% of the worldwide annual turnover for infringements on prohibited practices;',
  'Up to €15m or 3% of the worldwide annual turnover for non-compliance with any of the other obligations;',
  'Up to €7.5m or 1.5% of the worldwide annual turnover for the supply of incorrect, incomplete or misleading information to authorities;',
  'For each category of infringement, the lower of the two amounts applies to SMEs.',
].join('\n');

describe('evidenceSentences', () => {
  it('reads each line of a list written without markers, ending in ";", as a unit of its own', () => {
    const units = evidenceSentences(FINES);
    expect(units).toHaveLength(5);
    expect(units[2]).toMatch(/^Up to €15m or 3% .*other obligations;$/);
  });

  it('keeps a line ending in ";" joined to the lower-case line that continues its sentence', () => {
    expect(evidenceSentences('Descale with citric acid; rinse twice;\nthen run an empty cycle.')).toEqual([
      'Descale with citric acid; rinse twice; then run an empty cycle.',
    ]);
  });

  it("so a value is judged by its own line's words: the fine of another line is not the one for misleading information", () => {
    const claim =
      'Supplying incorrect, incomplete or misleading information to authorities can be fined up to €15m or 3%.';
    expect(judgeLexically(claim, [FINES]).supported).toBe(false);
    expect(
      judgeLexically(
        'Supplying incorrect, incomplete or misleading information to authorities can be fined up to €7.5m or 1.5%.',
        [FINES],
      ).supported,
    ).toBe(true);
  });
});
