// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { RagError } from '../../../src/core/errors.js';
import { ModelError } from '../../../src/adapters/models/model-errors.js';
import type { ModelLoadProgress } from '../../../src/adapters/models/load-progress.js';
import * as transformers from '../../../src/adapters/models/transformers-library.js';
import { TransformersEmbedder } from '../../../src/adapters/models/transformers-embedder.js';
import { BGE_QUERY_PREFIX } from '../../../src/adapters/models/model-catalogue.js';
import { CPU, TINY_BGE_LIKE, maxDifference, norm, useFixtureModels } from './fixture-models.js';

/** A library whose pipeline is the real one, with every call and batch recorded (a recording fake). */
function recordingLibrary(options: { failFirstLoads?: number; onBatch?: (size: number) => void } = {}) {
  const record = { loads: 0, batches: [] as number[] };
  let failures = options.failFirstLoads ?? 0;
  const library: Pick<typeof transformers, 'pipeline'> = {
    async pipeline(task, model, pipelineOptions) {
      record.loads += 1;
      if (failures-- > 0) throw new TypeError('Failed to fetch');
      const real = await transformers.pipeline(task, model, pipelineOptions);
      const wrapped = (async (texts: string | string[], callOptions?: Parameters<typeof real>[1]) => {
        const size = Array.isArray(texts) ? texts.length : 1;
        record.batches.push(size);
        options.onBatch?.(size);
        return real(texts, callOptions);
      }) as typeof real;
      wrapped.dispose = () => real.dispose();
      return wrapped;
    },
  };
  return { library, record };
}

beforeAll(() => useFixtureModels());

describe('TransformersEmbedder on the tiny fixture (real transformers.js, onnxruntime-node)', () => {
  it('returns L2-normalised vectors of the model dimension that differ between texts', async () => {
    const embedder = new TransformersEmbedder({ model: TINY_BGE_LIKE, runtime: CPU });
    const vectors = await embedder.embedDocuments(['the cat sat on the mat', 'clean the pump filter every month']);
    expect(vectors).toHaveLength(2);
    for (const vector of vectors) {
      expect(vector).toBeInstanceOf(Float32Array);
      expect(vector).toHaveLength(8);
      expect(norm(vector)).toBeCloseTo(1, 5);
    }
    expect(maxDifference(vectors[0]!, vectors[1]!)).toBeGreaterThan(0.01);
  });

  it('prefixes queries, not passages, for a bge-style model', async () => {
    const embedder = new TransformersEmbedder({ model: TINY_BGE_LIKE, runtime: CPU });
    const text = 'how often should the filter be cleaned?';
    const query = await embedder.embedQuery(text);
    const [passage, prefixedPassage] = await embedder.embedDocuments([text, BGE_QUERY_PREFIX + text]);
    expect(maxDifference(query, passage!)).toBeGreaterThan(0.01);
    expect(maxDifference(query, prefixedPassage!)).toBeLessThan(1e-5);
  });

  it('embeds in batches of maxBatchSize and keeps the order', async () => {
    const { library, record } = recordingLibrary();
    const embedder = new TransformersEmbedder({ model: TINY_BGE_LIKE, runtime: CPU, maxBatchSize: 3, library });
    const texts = ['cat', 'dog', 'mat', 'pump', 'filter', 'water', 'manual'];
    const batched = await embedder.embedDocuments(texts);
    expect(record.batches).toEqual([3, 3, 1]);
    const single = await Promise.all(texts.map(async (text) => (await embedder.embedDocuments([text]))[0]!));
    batched.forEach((vector, index) => expect(maxDifference(vector, single[index]!)).toBeLessThan(1e-5));
    expect(record.loads).toBe(1);
  });

  it('stops between batches when the signal fires', async () => {
    const controller = new AbortController();
    const { library, record } = recordingLibrary({ onBatch: () => controller.abort() });
    const embedder = new TransformersEmbedder({ model: TINY_BGE_LIKE, runtime: CPU, maxBatchSize: 2, library });
    const run = embedder.embedDocuments(['cat', 'dog', 'mat', 'pump', 'filter'], { signal: controller.signal });
    await expect(run).rejects.toMatchObject({ name: 'RagError', code: 'ABORTED' });
    expect(record.batches).toEqual([2]);
  });

  it('rejects at once when the signal has already fired', async () => {
    const embedder = new TransformersEmbedder({ model: TINY_BGE_LIKE, runtime: CPU });
    await expect(embedder.embedQuery('cat', { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(RagError);
  });

  it('reports download progress in bytes and then ready', async () => {
    const events: ModelLoadProgress[] = [];
    const embedder = new TransformersEmbedder({
      model: TINY_BGE_LIKE,
      runtime: CPU,
      onProgress: (event) => events.push(event),
    });
    await embedder.load();
    expect(embedder.loaded).toBe(true);
    const last = events[events.length - 1]!;
    expect(last).toMatchObject({ model: 'local/tiny-embed', status: 'ready', percent: 100 });
    expect(last.total).toBeGreaterThan(2000);
    expect(events.filter((event) => event.status === 'download').length).toBeGreaterThan(0);
  });

  it('forgets a failed load, so the next call really retries', async () => {
    const { library, record } = recordingLibrary({ failFirstLoads: 1 });
    const embedder = new TransformersEmbedder({ model: TINY_BGE_LIKE, runtime: CPU, library });
    await expect(embedder.load()).rejects.toMatchObject({ name: 'ModelError', code: 'download-failed' });
    await embedder.load();
    expect(record.loads).toBe(2);
    expect(await embedder.embedQuery('cat')).toHaveLength(8);
  });

  it('names a missing local model as an offline-only failure', async () => {
    const embedder = new TransformersEmbedder({ model: { ...TINY_BGE_LIKE, id: 'local/not-there' }, runtime: CPU });
    const error = await embedder.load().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ code: 'offline-only' });
  });

  it('puts the dtype in the model id, so a change of weights re-indexes', () => {
    const fp32 = new TransformersEmbedder({ model: TINY_BGE_LIKE, runtime: CPU });
    const q8 = new TransformersEmbedder({ model: TINY_BGE_LIKE, runtime: { ...CPU, dtype: 'q8' } });
    expect(fp32.modelId).toBe('transformers:local/tiny-embed:cls:fp32');
    expect(q8.modelId).not.toBe(fp32.modelId);
  });

  it('loads the q8 file (onnx/model_quantized.onnx) when asked for q8', async () => {
    const embedder = new TransformersEmbedder({ model: TINY_BGE_LIKE, runtime: { ...CPU, dtype: 'q8' } });
    expect(norm(await embedder.embedQuery('cat'))).toBeCloseTo(1, 5);
  });

  it('refuses vectors of another length than declared', async () => {
    const embedder = new TransformersEmbedder({ model: { ...TINY_BGE_LIKE, dimensions: 16 }, runtime: CPU });
    await expect(embedder.embedQuery('cat')).rejects.toMatchObject({ code: 'DIMENSION_MISMATCH' });
  });
});
