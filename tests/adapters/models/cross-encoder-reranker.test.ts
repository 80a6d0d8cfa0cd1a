// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { CrossEncoderReranker } from '../../../src/adapters/models/cross-encoder-reranker.js';
import * as transformers from '../../../src/adapters/models/transformers-library.js';
import { CPU, useFixtureModels } from './fixture-models.js';

beforeAll(() => useFixtureModels());

const QUERY = 'how often should the pump filter be cleaned?';
const PASSAGES = ['clean the pump filter every month', 'the cat sat on the mat', 'what is water', 'a dog'];

describe('CrossEncoderReranker on the one-logit fixture (real transformers.js)', () => {
  it('scores pairs with a sigmoid of the logit: values in (0, 1), not all 1.0', async () => {
    const reranker = new CrossEncoderReranker({ model: 'local/tiny-rerank', runtime: CPU });
    const scores = await reranker.score(QUERY, PASSAGES);
    expect(scores).toHaveLength(PASSAGES.length);
    for (const score of scores) {
      expect(score).toBeGreaterThan(0);
      expect(score).toBeLessThan(1);
    }
    expect(new Set(scores.map((score) => score.toFixed(6))).size).toBe(PASSAGES.length);
  });

  it('matches sigmoid(logit) computed from the model directly, with the passage as text_pair', async () => {
    const tokenizer = await transformers.AutoTokenizer.from_pretrained('local/tiny-rerank');
    const model = await transformers.AutoModelForSequenceClassification.from_pretrained('local/tiny-rerank', {
      dtype: 'fp32',
    });
    const inputs = tokenizer([QUERY], { text_pair: [PASSAGES[0]!], padding: true, truncation: true });
    const { logits } = await model(inputs);
    const expected = 1 / (1 + Math.exp(-Number(logits.data[0])));
    const reranker = new CrossEncoderReranker({ model: 'local/tiny-rerank', runtime: CPU });
    const [score] = await reranker.score(QUERY, [PASSAGES[0]!]);
    expect(score).toBeCloseTo(expected, 5);
  });

  it('gives the same scores in batches as one by one, and stops between batches', async () => {
    const reranker = new CrossEncoderReranker({ model: 'local/tiny-rerank', runtime: CPU, maxBatchSize: 2 });
    const together = await reranker.score(QUERY, PASSAGES);
    const alone = await Promise.all(PASSAGES.map(async (passage) => (await reranker.score(QUERY, [passage]))[0]!));
    together.forEach((score, index) => expect(score).toBeCloseTo(alone[index]!, 5));
    await expect(reranker.score(QUERY, PASSAGES, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      code: 'ABORTED',
    });
  });

  it('names the model and dtype in its id', () => {
    expect(new CrossEncoderReranker({ model: 'local/tiny-rerank', runtime: CPU }).id).toBe(
      'cross-encoder:local/tiny-rerank:fp32',
    );
  });
});
