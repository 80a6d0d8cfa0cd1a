/**
 * The checker on answers about documents that correct or supersede one another: values counted
 * in a period, polarity judged only against a sentence that holds most of the claim, codes bound
 * to the words around them, conflicts only between sentences about the same thing, closing
 * remarks about the sources, and supersession for whole-document citations and cited passages
 * that retrieval did not give.
 */
import { describe, expect, it } from 'vitest';
import { ScriptedGenerator } from '../../../src/core/generate/scripted-generator.js';
import { answerQuestion } from '../../../src/core/pipeline/answer-question.js';
import { analyseQuestion } from '../../../src/core/question/analyse-question.js';
import { extractQuantities } from '../../../src/core/text/quantities.js';
import { segmentAnswer } from '../../../src/core/verify/claims.js';
import { claimOnTopPassage } from '../../../src/core/verify/coverage.js';
import { detectConflicts } from '../../../src/core/verify/conflicts.js';
import { judgeLexically } from '../../../src/core/verify/lexical-judge.js';
import { verifyAnswer } from '../../../src/core/verify/verify-answer.js';
import { engineWith } from '../../helpers/engine.js';
import { makePassage } from './make-passage.js';

describe('values and wording', () => {
  it('reads "two drills a year" as a frequency equal to "twice a year", and "2 kg a day" as a mass', () => {
    const [counted] = extractQuantities('There are two whole-building evacuation drills a year');
    const [twice] = extractQuantities('A drill is held twice a year');
    expect(counted).toMatchObject({ dimension: 'frequency', value: twice?.value });
    expect(extractQuantities('Take 2 kg a day')[0]).toMatchObject({ dimension: 'mass' });
    expect(extractQuantities('Case design gives you 1-3 C better temperatures')[0]).toMatchObject({
      dimension: 'temperature',
      raw: '1-3 C',
    });
    expect(extractQuantities('See section 5 C of the form')[0]).toMatchObject({ dimension: 'count' });
    expect(
      judgeLexically('There are two whole-building evacuation drills a year, one announced and one unannounced', [
        'An evacuation drill is held twice a year for the whole building: one drill is announced and one is unannounced.',
      ]).supported,
    ).toBe(true);
  });

  it('judges polarity against a sentence that holds most of the claim, and codes by the words around them', () => {
    const passage =
      'E-bike batteries must not be charged inside the bicycle cage. Use the fire-rated charging cabinet on P1, just outside the cage door. Charging in the cabinet is free of charge.';
    expect(
      judgeLexically('No. Charging e-bike batteries in the fire-rated cabinet on P1 is free of charge', [passage])
        .supported,
    ).toBe(true);
    expect(judgeLexically('E-bike batteries may be charged inside the bicycle cage', [passage]).supported).toBe(false);
    expect(
      judgeLexically('There are 12 EV charging bays on P3', [
        'Permit bays are on P3. There are 12 EV charging bays on P2.',
      ]).supported,
    ).toBe(false);
  });
});

describe('conflicts between documents', () => {
  it('are found between sentences about the same thing, not between two filters of different machines', () => {
    const parts = analyseQuestion('How often is the filter in the kitchenette water tap replaced?');
    const kitchen = makePassage(
      'The filter cartridge in each kitchenette water unit is replaced every 6 months by AquaPure.',
      {
        cite: 'cleaning#water',
        title: 'Cleaning Schedule',
        date: '2024-08-05',
      },
    );
    const hvac = makePassage('Replace both air-handler filter stages every 60 days instead of every 90 days.', {
      cite: 'bulletin#intro',
      title: 'Engineering Bulletin',
      date: '2025-06-10',
    });
    expect(detectConflicts(parts, [kitchen, hvac])).toEqual([]);
    const older = makePassage('The kitchenette water filter cartridge is replaced every 12 months.', {
      cite: 'old#water',
      title: 'Old Schedule',
      date: '2020-01-01',
    });
    expect(detectConflicts(parts, [kitchen, older])).toHaveLength(1);
  });
});

describe('closing remarks about the sources', () => {
  it('are not claims when they add no value of their own, and stay claims when they do', () => {
    const answer =
      'A passenger lift is rated for 18 persons [errata]. The guide prints 21 persons [guide], but the errata sheet corrects that figure, so 18 is the limit.';
    const kinds = segmentAnswer(answer, () => true).map((statement) => [statement.text, statement.kind]);
    expect(kinds.at(-1)).toEqual(['but the errata sheet corrects that figure, so 18 is the limit.', 'meta']);
    const added = segmentAnswer(
      'The lift takes 18 persons [errata]. The errata sheet corrects that figure, so 20 is the limit.',
      () => true,
    );
    expect(added.at(-1)?.kind).toBe('claim');
  });
});

const MANUAL = `# HVAC Operations Manual

Revision 2 — issued 2023-04-01

## 4. Fans

The supply fans run from 06:00 to 20:00 on working days.

## 5. Filters

Change the air-handling unit filters every 3 months.
`;

const BULLETIN = `Facilities Bulletin FB-12
Issued: 2 June 2025

This bulletin supersedes the filter-change interval given in section 5 of the HVAC Operations Manual.
Air-handling unit filters are now changed every 2 months.
`;

describe('supersession in the verdict', () => {
  it('flags a cited passage the text says is superseded, also when retrieval did not give it', async () => {
    const engine = await engineWith(
      { 'hvac-manual.md': MANUAL, 'bulletin-fb12.txt': BULLETIN },
      {
        generator: new ScriptedGenerator(
          new Map([['q', 'The air-handling unit filters are changed every 3 months [hvac-manual#5].']]),
        ),
      },
    );
    const result = await answerQuestion(engine, 'When do the supply fans run on working days?', { questionId: 'q' });
    expect(result.verdict.flags).toContain('superseded');
  });

  it('does not flag a whole-document citation for a passage of it the claim was not judged on', async () => {
    const engine = await engineWith(
      { 'hvac-manual.md': MANUAL, 'bulletin-fb12.txt': BULLETIN },
      {
        generator: new ScriptedGenerator(
          new Map([['q', 'The supply fans run from 06:00 to 20:00 on working days [hvac-manual].']]),
        ),
      },
    );
    const result = await answerQuestion(engine, 'When do the supply fans run on working days?', { questionId: 'q' });
    expect(result.verdict.flags).not.toContain('superseded');
    expect(result.verdict.status).toBe('answered');
  });
});

describe('a claim from the passage retrieved first for a part', () => {
  const question = 'For the accessibility shortcut on both volume buttons, how long do I have to keep them pressed?';
  const direct = {
    ...makePassage(
      'Direct access: Press and hold the Volume up and Volume down keys together for three seconds to turn on the service you selected.',
      { cite: 's10#437', heading: 'Direct access' },
    ),
    rank: 1,
  };
  const other = {
    ...makePassage('Press the Side key and the Volume down key together to take a screenshot.', { cite: 's10#50' }),
    rank: 2,
  };

  it('addresses the part when it gives a value of the kind asked', async () => {
    const answer = 'Press and hold the Volume up and Volume down keys together for three seconds [s10#437].';
    const verdict = await verifyAnswer({ question, parts: analyseQuestion(question), answer, given: [direct, other] });
    expect(verdict.flags).toEqual([]);
  });

  it('does not when the passage was retrieved for another part only, or the claim gives no value asked', async () => {
    const forOther = { ...direct, parts: [1] };
    // (The claim names the part's words and gives a duration, so it addresses the part by its own
    // words all the same, word-coverage.ts: this asks the top-passage rule alone.)
    const [part] = analyseQuestion(question);
    const core = 'Press and hold the Volume up and Volume down keys together for three seconds';
    expect(claimOnTopPassage(part!, 0, { core, passages: [forOther] }, [other, forOther])).toBe(false);
    expect(claimOnTopPassage(part!, 0, { core, passages: [direct] }, [direct, other])).toBe(true);
    const noValue = await verifyAnswer({
      question,
      parts: analyseQuestion(question),
      answer: 'Press and hold the Volume up and Volume down keys together [s10#437].',
      given: [direct, other],
    });
    expect(noValue.flags).toContain('missing_evidence');
  });
});
