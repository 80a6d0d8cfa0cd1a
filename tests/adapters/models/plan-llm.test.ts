import { describe, expect, it } from 'vitest';
import type { GpuAdapterLike } from '../../../src/adapters/models/gpu-preflight.js';
import { checkGpu } from '../../../src/adapters/models/gpu-preflight.js';
import { planLlm, pickerRows } from '../../../src/adapters/models/plan-llm.js';
import type { FetchLike } from '../../../src/adapters/models/webllm-app-config.js';

const modelsUrl = 'http://127.0.0.1:4173/models/';

function gpu(features: string[]): { requestAdapter: () => Promise<GpuAdapterLike> } {
  return {
    requestAdapter: async () => ({
      features: new Set(features),
      limits: {
        maxBufferSize: 2 ** 31,
        maxStorageBufferBindingSize: 2 ** 30,
        maxComputeWorkgroupStorageSize: 32768,
        maxStorageBuffersPerShaderStage: 10,
      },
    }),
  };
}

/** A fake fetch that records every URL: planning must not download anything. */
function recordingFetch(selfHosted: string[] = []) {
  const urls: string[] = [];
  const fetch: FetchLike = async (url) => {
    urls.push(url);
    const ok = selfHosted.some((path) => url === `${modelsUrl}${path}`);
    return { ok, headers: { get: () => (ok ? 'application/json' : null) } };
  };
  return { fetch, urls };
}

describe('planLlm (before any download)', () => {
  it('without WebGPU: unavailable with the plain reason, and nothing fetched', async () => {
    const { fetch, urls } = recordingFetch();
    const plan = await planLlm({ navigator: {}, modelsUrl, offlineOnly: false, fetch });
    expect(plan).toMatchObject({ status: 'unavailable', reason: expect.stringMatching(/no WebGPU/) });
    expect(urls).toEqual([]);
  });

  it('picks q4f32 without shader-f16 and the hub when the app has no copy; only a HEAD probe was made', async () => {
    const { fetch, urls } = recordingFetch();
    const plan = await planLlm({
      key: 'qwen2.5-0.5b',
      navigator: { gpu: gpu([]) },
      modelsUrl,
      offlineOnly: false,
      fetch,
    });
    expect(plan).toMatchObject({
      status: 'ready',
      variant: { modelId: 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC' },
      source: { kind: 'hub' },
    });
    expect(urls).toEqual([`${modelsUrl}mlc-ai/Qwen2.5-0.5B-Instruct-q4f32_1-MLC/resolve/main/mlc-chat-config.json`]);
  });

  it('uses the self-hosted copy; offline-only without one is unavailable', async () => {
    const hosted = recordingFetch(['mlc-ai/Qwen2.5-0.5B-Instruct-q4f16_1-MLC/resolve/main/mlc-chat-config.json']);
    const plan = await planLlm({
      key: 'qwen2.5-0.5b',
      navigator: { gpu: gpu(['shader-f16']) },
      modelsUrl,
      offlineOnly: true,
      fetch: hosted.fetch,
    });
    expect(plan).toMatchObject({ status: 'ready', source: { kind: 'self-hosted' } });
    const none = await planLlm({
      key: 'llama3.2-1b',
      navigator: { gpu: gpu([]) },
      modelsUrl,
      offlineOnly: true,
      fetch: recordingFetch().fetch,
    });
    expect(none).toMatchObject({ status: 'unavailable', reason: expect.stringMatching(/models:fetch/) });
  });

  it('refuses when the origin has no room for the download', async () => {
    const storage = { estimate: async () => ({ usage: 0, quota: 200 * 2 ** 20 }) };
    const plan = await planLlm({
      key: 'llama3.2-1b',
      navigator: { gpu: gpu([]) },
      modelsUrl,
      offlineOnly: false,
      fetch: recordingFetch().fetch,
      storage,
    });
    expect(plan).toMatchObject({ status: 'unavailable', reason: expect.stringMatching(/Not enough space/) });
  });

  it('ST-23: needs no room for a build already cached, and names the shared quota when short', async () => {
    const storage = { estimate: async () => ({ usage: 0, quota: 200 * 2 ** 20 }) };
    const setup = {
      key: 'llama3.2-1b',
      navigator: { gpu: gpu([]) },
      modelsUrl,
      offlineOnly: false,
      storage,
    };
    const asked: string[] = [];
    const cached = await planLlm({
      ...setup,
      fetch: recordingFetch().fetch,
      isCached: async (modelId) => {
        asked.push(modelId);
        return true;
      },
    });
    expect(cached).toMatchObject({ status: 'ready', room: { ok: true, neededMB: 0 } });
    expect(asked).toEqual([expect.stringMatching(/Llama-3\.2-1B/)]);
    const short = await planLlm({ ...setup, fetch: recordingFetch().fetch, isCached: async () => false });
    expect(short).toMatchObject({
      status: 'unavailable',
      reason: expect.stringMatching(
        /needs about \d+ MB and 200 MB is available.*share this site’s storage.*clears them together/,
      ),
    });
  });

  it('lists every catalogue model for the picker, disabling what the GPU cannot run', async () => {
    const rows = pickerRows(await checkGpu({ gpu: gpu([]) }));
    expect(rows).toHaveLength(6);
    expect(rows.find((row) => row.model.key === 'gemma3-1b')?.choice.status).toBe('disabled');
    expect(rows.filter((row) => row.choice.status === 'ok')).toHaveLength(5);
  });
});
