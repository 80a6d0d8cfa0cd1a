// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { NliModel, nliColumns } from '../../../src/adapters/models/nli-model.js';
import * as transformers from '../../../src/adapters/models/transformers-library.js';
import { judgeLexically } from '../../../src/core/verify/lexical-judge.js';
import { entails, nliJudge } from '../../../src/core/verify/nli-judge.js';
import { CPU, useFixtureModels } from './fixture-models.js';

beforeAll(() => useFixtureModels());

const HYPOTHESIS = 'clean the pump filter every month';
const PREMISES = ['how often should the pump filter be cleaned?', 'the cat sat on the mat', 'what is water', 'a dog'];

describe('NliModel on the three-label fixture (real transformers.js)', () => {
  it('gives probabilities that sum to 1, from a softmax of the logits in the order config.json labels them', async () => {
    const model = new NliModel({ model: 'local/tiny-nli', runtime: CPU });
    const scores = await model.classify(PREMISES, HYPOTHESIS);
    expect(scores).toHaveLength(PREMISES.length);
    const tokenizer = await transformers.AutoTokenizer.from_pretrained('local/tiny-nli');
    const classifier = await transformers.AutoModelForSequenceClassification.from_pretrained('local/tiny-nli', {
      dtype: 'fp32',
    });
    expect(classifier.config?.id2label).toEqual({ '0': 'contradiction', '1': 'entailment', '2': 'neutral' });
    const { logits } = await classifier(tokenizer([PREMISES[0]!], { text_pair: [HYPOTHESIS], padding: true }));
    const exps = Array.from(logits.data, Number).map(Math.exp);
    const sum = exps.reduce((total, value) => total + value, 0);
    const first = scores[0]!;
    expect(first.contradiction).toBeCloseTo(exps[0]! / sum, 5);
    expect(first.entailment).toBeCloseTo(exps[1]! / sum, 5);
    expect(first.neutral).toBeCloseTo(exps[2]! / sum, 5);
    for (const score of scores) expect(score.entailment + score.contradiction + score.neutral).toBeCloseTo(1, 5);
    expect(new Set(scores.map((score) => score.entailment.toFixed(6))).size).toBe(PREMISES.length);
  });

  it('gives the same scores in batches as one by one, and stops between batches', async () => {
    const model = new NliModel({ model: 'local/tiny-nli', runtime: CPU, maxBatchSize: 2 });
    const together = await model.classify(PREMISES, HYPOTHESIS);
    for (const [index, premise] of PREMISES.entries()) {
      const [alone] = await model.classify([premise], HYPOTHESIS);
      expect(together[index]!.entailment).toBeCloseTo(alone!.entailment, 5);
    }
    await expect(model.classify(PREMISES, HYPOTHESIS, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      code: 'ABORTED',
    });
  });

  it('refuses a classifier without an entailment label, naming its labels', async () => {
    const reranker = new NliModel({ model: 'local/tiny-rerank', runtime: CPU });
    await expect(reranker.load()).rejects.toMatchObject({ code: 'not-nli', detail: expect.stringMatching(/label_0/) });
    expect(() => nliColumns('m', { '0': 'ENTAILMENT', '1': 'NOT_ENTAILMENT' })).not.toThrow();
    expect(nliColumns('m', { '0': 'ENTAILMENT', '1': 'CONTRADICTION', '2': 'NEUTRAL' })).toEqual({
      entailment: 0,
      contradiction: 1,
      neutral: 2,
    });
  });

  it('runs inside the check stage judge, which decides as the model does, and names the model and dtype in its id', async () => {
    const model = new NliModel({ model: 'local/tiny-nli', runtime: CPU });
    expect(model.id).toBe('nli:local/tiny-nli:fp32');
    const judge = nliJudge(model);
    expect(judge.id).toBe(model.id);
    const sentence = 'Clean the pump filter every month.';
    const claim = 'Rinse the strainer of the pump regularly.';
    // Words alone leave it unconfirmed for its wording only, so the model is asked.
    expect(judgeLexically(claim, [sentence])).toMatchObject({ supported: false, onlyWording: true });
    const [scores] = await model.classify([sentence], claim);
    const judgement = await judge.judge(claim, [sentence]);
    // The fixture's probabilities mean nothing; the judge must follow them either way.
    expect(judgement.supported).toBe(entails(scores!));
    if (judgement.supported) expect(judgement.score).toBeCloseTo(scores!.entailment, 5);
  });
});

describe('an NLI model that is not in the models/ folder, with the hub forbidden', () => {
  it('says offline-only is on and the model is not there, not a programmer error', async () => {
    const model = new NliModel({ model: 'Xenova/nli-deberta-v3-xsmall', runtime: CPU });
    await expect(model.load()).rejects.toMatchObject({ code: 'offline-only', message: /Offline-only is on/ });
  });
});
