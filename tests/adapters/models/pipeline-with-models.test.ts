// @vitest-environment node
// The whole core pipeline with the real transformers.js embedder (tiny fixture) in Node.
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { createNodeEmbedder, createNodeReranker } from '../../../src/adapters/models/node-models.js';
import { TransformersEmbedder } from '../../../src/adapters/models/transformers-embedder.js';
import { ExtractiveGenerator } from '../../../src/core/generate/extractive-generator.js';
import { answerQuestion } from '../../../src/core/pipeline/answer-question.js';
import { createEngine, engineBuster } from '../../../src/core/pipeline/engine.js';
import { ingestDocuments } from '../../../src/core/pipeline/ingest-documents.js';
import { retrieve } from '../../../src/core/retrieve/retrieve.js';
import { rerankPassages } from '../../../src/core/retrieve/rerank.js';
import { analyseQuestion } from '../../../src/core/question/analyse-question.js';
import { parseFile } from '../../helpers/documents.js';
import { CPU, FIXTURE_MODELS, TINY_BGE_LIKE, norm, useFixtureModels } from './fixture-models.js';

const CORPUS = new URL('../../fixtures/tiny-corpus/', import.meta.url);

async function corpus() {
  const names = ['kettle.md', 'kettle-bulletin.md'];
  return Promise.all(names.map(async (name) => parseFile(name, await readFile(new URL(name, CORPUS), 'utf8'))));
}

beforeAll(() => useFixtureModels());

describe('core pipeline with the transformers.js embedder', () => {
  it('ingests, retrieves by vector and answers with citations', async () => {
    const embedder = new TransformersEmbedder({ model: TINY_BGE_LIKE, runtime: CPU, maxBatchSize: 4 });
    const engine = createEngine({ embedder, generator: new ExtractiveGenerator(), retrieval: { mode: 'hybrid' } });
    const report = await ingestDocuments(engine, await corpus());
    expect(report.failed).toEqual([]);
    expect(report.embedded).toBeGreaterThan(2);
    expect(engineBuster(engine).embedderId).toBe('transformers:local/tiny-embed:cls:fp32');
    const result = await answerQuestion(engine, 'How long is the KT-100 warranty?');
    expect(result.retrieved.some((item) => item.vectorScore !== undefined)).toBe(true);
    expect(result.given.map((item) => item.passage.cite)).toContain('kettle-manual#1');
    expect(result.answer.text).toMatch(/3 years/);
    expect(result.answer.text).toContain('[kettle-manual#1]');
  });

  it('reranks a wider first cut with the cross-encoder fixture', async () => {
    const embedder = new TransformersEmbedder({ model: TINY_BGE_LIKE, runtime: CPU });
    const engine = createEngine({ embedder, generator: new ExtractiveGenerator() });
    await ingestDocuments(engine, await corpus());
    const question = 'How often should I descale the KT-100?';
    const wide = await retrieve(engine.index, embedder, analyseQuestion(question), { ...engine.retrieval, topK: 6 });
    const reranker = await createNodeReranker(`${FIXTURE_MODELS}local/tiny-rerank`);
    const { passages, moves } = await rerankPassages(reranker, question, wide.passages, 2);
    expect(passages.length).toBeGreaterThanOrEqual(Math.min(2, wide.passages.length));
    expect(passages.map((item) => item.rank)).toEqual(passages.map((_, index) => index + 1));
    expect(moves).toHaveLength(wide.passages.length);
    // The first kept passage is the one the cross-encoder scores highest (the fixture's real scores, not a fake).
    const direct = await reranker.score(
      question,
      wide.passages.map((item) => item.passage.text),
    );
    const best = wide.passages[direct.indexOf(Math.max(...direct))]!;
    expect(passages[0]!.passage.cite).toBe(best.passage.cite);
    expect(passages[0]!.score).toBeCloseTo(Math.max(...direct), 6);
  });

  it('loads a model folder for the eval command (createNodeEmbedder)', async () => {
    const embedder = await createNodeEmbedder(`${FIXTURE_MODELS}local/tiny-embed`, { maxBatchSize: 8 });
    expect(embedder.dimensions).toBe(8);
    expect(embedder.maxBatchSize).toBe(8);
    expect(embedder.modelId).toBe('transformers:local/tiny-embed:mean:fp32');
    expect(norm(await embedder.embedQuery('cat'))).toBeCloseTo(1, 5);
    await expect(createNodeEmbedder(`${FIXTURE_MODELS}local/nothing`)).rejects.toThrow(/no config.json/);
  });
});
