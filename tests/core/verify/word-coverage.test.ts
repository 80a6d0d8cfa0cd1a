import { describe, expect, it } from 'vitest';
import { analyseQuestion } from '../../../src/core/question/analyse-question.js';
import { verifyAnswer } from '../../../src/core/verify/verify-answer.js';
import { makePassage } from './make-passage.js';

const OPT_OUT = makePassage(
  'You can opt out of the agreement within 30 calendar days of the first consumer purchase by emailing optout@example.com.',
  { cite: 'legal#1', heading: 'Legal information' },
);

const missing = async (question: string, answer: string, given = [OPT_OUT]) => {
  const verdict = await verifyAnswer({ question, parts: analyseQuestion(question), answer, given });
  return verdict.warnings.filter((warning) => warning.flag === 'missing_evidence').map((warning) => warning.part);
};

describe('parts addressed by words, without a calibrated embedder', () => {
  it('a supported claim with a value of the kind asked, naming one of the part’s words, answers it', async () => {
    const given = [
      makePassage('Optimize settings. Media volume: Limit playback volume to 46%. Screen brightness: Lower it.', {
        cite: 'care#1',
        heading: 'Advanced options',
      }),
    ];
    expect(
      await missing(
        'When device care trims settings to save battery, how loud can videos and music still get?',
        'With Optimize settings, media playback volume is capped at 46% [care#1].',
        given,
      ),
    ).toEqual([]);
  });

  it('a duration asked in other words, by a supported claim naming one of the part’s words', async () => {
    const given = [
      makePassage('Direct access: Press and hold the Volume up and Volume down keys together for three seconds.', {
        cite: 's10#437',
      }),
    ];
    expect(
      await missing(
        'For the accessibility shortcut on both volume buttons, how long do I have to keep them pressed?',
        'Press and hold the Volume up and Volume down keys together for three seconds [s10#437].',
        given.map((item) => ({ ...item, parts: [1] })),
      ),
    ).toEqual([]);
  });

  it('not with a value of another kind', async () => {
    expect(
      await missing(
        'How much does it cost to get out of the arbitration clause?',
        'You can opt out within 30 calendar days of the first consumer purchase [legal#1].',
      ),
    ).toHaveLength(1);
  });

  it('a claim answers the part whose words it names most, not the other half of the question', async () => {
    const given = [
      OPT_OUT,
      makePassage('Emergency mode is turned on from the Power key menu.', {
        cite: 'modes#1',
        heading: 'Emergency mode',
      }),
    ];
    expect(
      await missing(
        'How long do I have to opt out of the agreement, and how do I turn on emergency mode?',
        'You can opt out within 30 calendar days [legal#1].',
        given,
      ),
    ).toEqual(['how do I turn on emergency mode']);
  });

  it('never a part the answer says the documents do not answer', async () => {
    expect(
      await missing(
        'How long do I have to get out of the arbitration clause?',
        'The documents do not say. You can opt out by email [legal#1].',
      ),
    ).toHaveLength(1);
  });
});
