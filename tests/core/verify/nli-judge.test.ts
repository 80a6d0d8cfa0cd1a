import { describe, expect, it } from 'vitest';
import type { EntailmentModel, EntailmentScores } from '../../../src/core/ports.js';
import { analyseQuestion } from '../../../src/core/question/analyse-question.js';
import { lexicalJudge } from '../../../src/core/verify/lexical-judge.js';
import { entails, nliJudge } from '../../../src/core/verify/nli-judge.js';
import { verifyAnswer } from '../../../src/core/verify/verify-answer.js';
import { makePassage } from './make-passage.js';

/**
 * A fake NLI model (named as one): a premise entails a hypothesis when the test says so, by a
 * fragment of the premise; neutral otherwise. It records every pair it is asked about. The real
 * model code (transformers.js) is exercised in tests/adapters/models/nli-model.test.ts on the
 * tiny fixture.
 */
function fakeNli(entailing: readonly string[], contradicting: readonly string[] = []) {
  const asked: { premise: string; hypothesis: string }[] = [];
  const model: EntailmentModel = {
    id: 'nli:fake',
    async classify(premises, hypothesis): Promise<EntailmentScores[]> {
      return premises.map((premise) => {
        asked.push({ premise, hypothesis });
        if (entailing.some((fragment) => premise.includes(fragment)))
          return { entailment: 0.9, contradiction: 0.05, neutral: 0.05 };
        if (contradicting.some((fragment) => premise.includes(fragment)))
          return { entailment: 0.1, contradiction: 0.85, neutral: 0.05 };
        return { entailment: 0.05, contradiction: 0.05, neutral: 0.9 };
      });
    },
  };
  return { model, asked };
}

const RESET = makePassage(
  'To reset the router, hold the reset button on the back for ten seconds until the light blinks orange. All settings return to factory defaults.',
  { cite: 'router#reset', title: 'Router manual', heading: 'Reset' },
);
const EVIDENCE = [RESET.passage.text];
const PARAPHRASE = 'Resetting brings back the settings the device shipped with.';

describe('entails', () => {
  it('needs entailment to be the most probable label and at least the bar', () => {
    expect(entails({ entailment: 0.6, contradiction: 0.3, neutral: 0.1 })).toBe(true);
    expect(entails({ entailment: 0.45, contradiction: 0.1, neutral: 0.45 })).toBe(false);
    expect(entails({ entailment: 0.4, contradiction: 0.5, neutral: 0.1 })).toBe(false);
  });
});

describe('nliJudge (a fake NLI model)', () => {
  it('confirms a paraphrase the words miss when a cited sentence entails it, and keeps that sentence', async () => {
    expect((await lexicalJudge.judge(PARAPHRASE, EVIDENCE)).supported).toBe(false);
    const { model, asked } = fakeNli(['factory defaults']);
    const judgement = await nliJudge(model).judge(PARAPHRASE, EVIDENCE);
    expect(judgement).toMatchObject({ supported: true, sentence: 'All settings return to factory defaults.' });
    expect(judgement.score).toBeCloseTo(0.9);
    expect(asked.every((pair) => pair.hypothesis === PARAPHRASE)).toBe(true);
  });

  it('leaves it not found when no sentence entails it, or one contradicts it', async () => {
    const neutral = await nliJudge(fakeNli([]).model).judge(PARAPHRASE, EVIDENCE);
    expect(neutral.supported).toBe(false);
    expect(neutral.reason).toMatch(/does not state it/);
    const against = await nliJudge(fakeNli([], ['factory defaults']).model).judge(PARAPHRASE, EVIDENCE);
    expect(against.supported).toBe(false);
  });

  it('never overrules the hard checks: a wrong number stays contradicted without asking the model', async () => {
    const { model, asked } = fakeNli(['reset']);
    const judgement = await nliJudge(model).judge('Hold the reset button for 30 seconds.', EVIDENCE);
    expect(judgement).toMatchObject({ supported: false, contradicted: true });
    expect(asked).toHaveLength(0);
  });

  it('does not ask the model about a claim the words already confirm', async () => {
    const { model, asked } = fakeNli([]);
    expect((await nliJudge(model).judge('All settings return to factory defaults.', EVIDENCE)).supported).toBe(true);
    expect(asked).toHaveLength(0);
  });

  it('through the check stage: the claim is supported, judged on the entailing sentence of its cited passage', async () => {
    const question = 'What happens to my settings when I reset the router?';
    const answer = `${PARAPHRASE} [router#reset]`;
    const input = { question, parts: analyseQuestion(question), answer, given: [RESET] };
    const words = await verifyAnswer(input);
    expect(words.claims[0]?.state).toBe('not_found');
    const withNli = await verifyAnswer({ ...input, judge: nliJudge(fakeNli(['factory defaults']).model) });
    const [claim] = withNli.claims;
    expect(claim?.state).toBe('supported');
    expect(withNli.flags).not.toContain('unsupported_claim');
    const text = RESET.passage.text;
    expect(text.slice(claim!.evidence!.start, claim!.evidence!.end)).toBe('All settings return to factory defaults.');
  });
});
