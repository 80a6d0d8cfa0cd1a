// @vitest-environment node
// The worker-side set-up of the embedder: GPU check, device choice, WebGPU → WASM fall-back. In
// Node the library is wrapped: it records the device asked for, fails 'webgpu' the way
// transformers.js does without an adapter, and runs everything else on onnxruntime-node's CPU.
import { describe, expect, it } from 'vitest';
import { createEmbedder } from '../../../src/adapters/models/create-embedder.js';
import type { GpuAdapterLike } from '../../../src/adapters/models/gpu-preflight.js';
import type { EmbeddingModel } from '../../../src/adapters/models/model-catalogue.js';
import * as transformers from '../../../src/adapters/models/transformers-library.js';
import { FIXTURE_MODELS, TINY_BGE_LIKE } from './fixture-models.js';

const TINY: EmbeddingModel = {
  ...TINY_BGE_LIKE,
  label: 'tiny',
  maxTokens: 128,
  retrievalScore: 0,
  downloadMB: { fp32: 0.01, fp16: 0.01, q8: 0.01 },
  licence: 'MIT',
};

function deviceRecordingLibrary(webgpuWorks: boolean) {
  const asked: string[] = [];
  const library: Pick<typeof transformers, 'pipeline'> = {
    async pipeline(task, model, options) {
      asked.push(`${options?.device}:${options?.dtype}`);
      if (options?.device === 'webgpu' && !webgpuWorks) {
        throw new Error('no available backend found. ERR: [webgpu] Error: Failed to get GPU adapter.');
      }
      return transformers.pipeline(task, model, {
        ...options,
        device: 'cpu',
        dtype: options?.dtype === 'q8' ? 'q8' : 'fp32',
      });
    },
  };
  return { library, asked };
}

const f32Adapter: GpuAdapterLike = {
  features: new Set<string>(),
  limits: { maxBufferSize: 2 ** 30, maxStorageBufferBindingSize: 2 ** 30 },
};

const setup = { localModelPath: FIXTURE_MODELS, offlineOnly: true, model: TINY };

describe('createEmbedder', () => {
  it('uses WASM q8 when there is no WebGPU', async () => {
    const { library, asked } = deviceRecordingLibrary(true);
    const ready = await createEmbedder({ ...setup, navigator: {}, library });
    expect(asked).toEqual(['wasm:q8']);
    expect(ready.runtime.label).toBe('WASM (CPU), q8');
    expect(ready.gpu.reason).toBe('no-webgpu');
    expect(ready.embedder.modelId).toBe('transformers:local/tiny-embed:cls:q8');
    expect(await ready.embedder.embedQuery('cat')).toHaveLength(8);
  });

  it('uses WebGPU fp32 on an adapter without shader-f16', async () => {
    const { library, asked } = deviceRecordingLibrary(true);
    const ready = await createEmbedder({
      ...setup,
      navigator: { gpu: { requestAdapter: async () => f32Adapter } },
      library,
    });
    expect(asked).toEqual(['webgpu:fp32']);
    expect(ready.runtime.label).toBe('WebGPU, fp32');
    expect(ready.fallbackReason).toBeUndefined();
  });

  it('falls back to WASM when WebGPU cannot start, and says why', async () => {
    const { library, asked } = deviceRecordingLibrary(false);
    const ready = await createEmbedder({
      ...setup,
      navigator: { gpu: { requestAdapter: async () => f32Adapter } },
      library,
    });
    expect(asked).toEqual(['webgpu:fp32', 'wasm:q8']);
    expect(ready.runtime.device).toBe('wasm');
    expect(ready.fallbackReason).toMatch(/Failed to get GPU adapter/);
  });

  it('does not fall back when the files are missing: the same would happen on WASM', async () => {
    const { library, asked } = deviceRecordingLibrary(true);
    const missing = { ...TINY, id: 'local/not-there' };
    const run = createEmbedder({
      ...setup,
      model: missing,
      navigator: { gpu: { requestAdapter: async () => f32Adapter } },
      library,
    });
    await expect(run).rejects.toMatchObject({ code: 'offline-only' });
    expect(asked).toEqual(['webgpu:fp32']);
  });

  it('refuses a model outside the catalogue', async () => {
    await expect(
      createEmbedder({ ...setup, model: undefined, modelId: 'someone/else', navigator: {} }),
    ).rejects.toMatchObject({
      code: 'model-not-found',
    });
  });

  describe('ST-23: room for the model before its download', () => {
    const MB = 2 ** 20;
    /** `navigator.storage` with 50 MB left of the quota. */
    const tight = { estimate: async () => ({ quota: 1000 * MB, usage: 950 * MB }) };

    it('refuses before any file is fetched: "needs about X, Y is available", and why (shared quota)', async () => {
      const { library, asked } = deviceRecordingLibrary(true);
      const asks: string[] = [];
      const run = createEmbedder({
        ...setup,
        navigator: {},
        library,
        storage: tight,
        isCached: async (id, dtype) => {
          asks.push(`${id}:${dtype}`);
          return false;
        },
      });
      await expect(run).rejects.toMatchObject({ code: 'no-space' });
      // The fixture's catalogue size is 0.01 MB; the margin is that of the answer model: 100 MB at least.
      await expect(run).rejects.toThrow(/needs about 101 MB, 50 MB is available/);
      await expect(run).rejects.toThrow(/nothing was downloaded.*share this site’s storage.*clears them together/s);
      expect(asked).toEqual([]);
      expect(asks).toEqual(['local/tiny-embed:q8']);
    });

    it('counts the size of the data type chosen: fp32 on WebGPU', async () => {
      const { library, asked } = deviceRecordingLibrary(true);
      const big = { ...TINY, downloadMB: { fp32: 400, fp16: 200, q8: 0.01 } };
      const roomy = { estimate: async () => ({ quota: 1000 * MB, usage: 550 * MB }) };
      const run = createEmbedder({
        ...setup,
        model: big,
        navigator: { gpu: { requestAdapter: async () => f32Adapter } },
        library,
        storage: roomy,
      });
      await expect(run).rejects.toThrow(/needs about 500 MB, 450 MB is available/);
      expect(asked).toEqual([]);
      const wasm = await createEmbedder({ ...setup, model: big, navigator: {}, library, storage: roomy });
      expect(wasm.runtime.dtype).toBe('q8');
    });

    it('loads a model already cached however full the quota, and loads when the browser does not tell', async () => {
      const { library, asked } = deviceRecordingLibrary(true);
      const cached = await createEmbedder({
        ...setup,
        navigator: {},
        library,
        storage: tight,
        isCached: async () => true,
      });
      expect(cached.runtime.label).toBe('WASM (CPU), q8');
      const silent = { estimate: async () => ({}) };
      await createEmbedder({ ...setup, navigator: {}, library, storage: silent });
      expect(asked).toEqual(['wasm:q8', 'wasm:q8']);
    });
  });
});
