import { describe, expect, it } from 'vitest';
import { answerQuestion } from '../../../src/core/pipeline/answer-question.js';
import { isTitleLine } from '../../../src/core/generate/evidence-units.js';
import { engineWith } from '../../helpers/engine.js';

/** A scraped page: its title and byline are lines of prose, with a PDF-style page number left in. */
const PAGE = [
  'Keeping a Sourdough Starter Alive',
  '',
  'Feed the sourdough starter twice a day with equal weights of flour and water.',
  '',
  '135 -',
  '',
  'Between bakes the starter can rest in the fridge for a week.',
  '',
].join('\n');

const prose = (text: string) => ({ text, isListItem: false, isTableRow: false });

describe('titles rank below statements; page numbers are never evidence', () => {
  it('tells a title line from a statement', () => {
    expect(isTitleLine(prose('How to Maximize Your Impact as a Data Scientist'))).toBe(true);
    expect(isTitleLine(prose('Keeping a Sourdough Starter Alive'))).toBe(true);
    // A sentence, a label with its value, a short imperative and a list item or table row are not titles.
    expect(isTitleLine(prose('The starter can rest in the fridge for a week.'))).toBe(false);
    expect(isTitleLine(prose('Faster recognition: Turn on for faster face recognition'))).toBe(false);
    expect(isTitleLine(prose('Press and hold the Power key'))).toBe(false);
    expect(isTitleLine({ text: 'Find My Mobile', isListItem: true, isTableRow: false })).toBe(false);
    expect(isTitleLine({ text: 'Filter Assembly DW-FLT-0481', isListItem: false, isTableRow: true })).toBe(false);
  });

  it('quotes neither the page title nor a page number as the closest the documents come', async () => {
    const engine = await engineWith({ 'starter.txt': PAGE });
    const result = await answerQuestion(engine, 'How much salt goes into a sourdough starter alive and well?');
    expect(result.answer.text).toMatch(/^The documents do not say/);
    expect(result.answer.text).toMatch(/The closest passage says: "Between bakes the starter can rest/);
    expect(result.answer.text).not.toMatch(/Keeping a Sourdough Starter Alive"/);
    expect(result.answer.text).not.toMatch(/135 -/);
  });
});
