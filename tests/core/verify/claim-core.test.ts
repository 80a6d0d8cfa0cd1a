import { describe, expect, it } from 'vitest';
import { claimCore } from '../../../src/core/verify/claim-core.js';

describe('claimCore', () => {
  it.each([
    ['However, the warranty lasts 2 years.', 'the warranty lasts 2 years'],
    ['Sources disagree: the v2 manual says "The warranty lasts 1 year"', 'The warranty lasts 1 year'],
    ['DW-480 Owner Manual (v2, 2025-03-10) says "Clean it every 2 weeks"', 'Clean it every 2 weeks'],
    ['According to the FAQ, salt is needed above 7 °dH.', 'salt is needed above 7 °dH'],
    ['The display says E24.', 'The display says E24'],
  ])('%s → %s', (claim, core) => {
    expect(claimCore(claim)).toBe(core);
  });
});
