import { describe, expect, it } from 'vitest';
import { parseInitProgress, loadWebLlmModel } from '../../../src/adapters/models/webllm-loader.js';
import { appConfigFor } from '../../../src/adapters/models/webllm-app-config.js';
import { FakeMLCEngine } from './fake-mlc-engine.js';

const appConfig = appConfigFor([
  { model: 'https://x.example/m/', model_id: 'M-MLC', model_lib: 'https://x.example/m.wasm' },
]);

describe('parseInitProgress', () => {
  it('reads the download phase with bytes, total and an estimate of the time left', () => {
    const progress = parseInitProgress({
      progress: 0.25,
      timeElapsed: 10,
      text: 'Fetching param cache[5/20]: 150MB fetched. 25% completed, 10 secs elapsed. It can take a while when we first visit this page to populate the cache. Later refreshes will become faster.',
    });
    expect(progress).toMatchObject({ phase: 'download', percent: 25, fetchedMB: 150, totalMB: 600, etaSeconds: 30 });
  });

  it('tells loading from the cache, shader compilation and the end apart', () => {
    expect(
      parseInitProgress({
        progress: 0.5,
        timeElapsed: 1,
        text: 'Loading model from cache[3/6]: 300MB loaded. 50% completed, 1 secs elapsed.',
      }).phase,
    ).toBe('cache');
    expect(
      parseInitProgress({
        progress: 0.1,
        timeElapsed: 2,
        text: 'Loading GPU shader modules[10/100]: 10% completed, 2 secs elapsed.',
      }).phase,
    ).toBe('shaders');
    expect(parseInitProgress({ progress: 1, timeElapsed: 9, text: 'Finish loading on WebGPU - nvidia' })).toMatchObject(
      { phase: 'ready', percent: 100 },
    );
    expect(parseInitProgress({ progress: 0, timeElapsed: 0, text: 'Start to fetch params' }).phase).toBe('start');
  });
});

describe('loadWebLlmModel (fake engine)', () => {
  it('sets the app config, reports progress and loads', async () => {
    const engine = new FakeMLCEngine({
      reply: '',
      progress: [
        {
          progress: 0.5,
          timeElapsed: 4,
          text: 'Fetching param cache[1/2]: 100MB fetched. 50% completed, 4 secs elapsed.',
        },
      ],
    });
    const seen: string[] = [];
    const evicted: string[] = [];
    await loadWebLlmModel(engine, {
      modelId: 'M-MLC',
      appConfig,
      onProgress: (progress) => seen.push(`${progress.phase}:${progress.percent}`),
      evict: async (id) => evicted.push(id),
    });
    expect(engine.appConfig).toBe(appConfig);
    expect(engine.reloads).toEqual(['M-MLC']);
    expect(seen).toEqual(['download:50']);
    expect(evicted).toEqual([]);
  });

  it('ST-21: evicts the model after a failed load (device lost while loading), says to try a smaller model, tries once', async () => {
    const engine = new FakeMLCEngine({
      reply: '',
      failOnReload: 'DeviceLostError: The WebGPU device was lost while loading the model.',
    });
    const evicted: string[] = [];
    const error = await loadWebLlmModel(engine, {
      modelId: 'M-MLC',
      appConfig,
      evict: async (id) => evicted.push(id),
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'ModelError', code: 'device-lost', suggestsSmallerModel: true });
    expect((error as Error).message).toMatch(/Try a smaller model or a shorter context/);
    expect(evicted).toEqual(['M-MLC']);
    expect(engine.reloads).toEqual(['M-MLC']);
  });

  it('does not start when the signal has fired', async () => {
    const engine = new FakeMLCEngine({ reply: '' });
    const run = loadWebLlmModel(engine, {
      modelId: 'M-MLC',
      appConfig,
      signal: AbortSignal.abort(),
      evict: async () => undefined,
    });
    await expect(run).rejects.toMatchObject({ code: 'aborted' });
    expect(engine.reloads).toEqual([]);
  });
});
