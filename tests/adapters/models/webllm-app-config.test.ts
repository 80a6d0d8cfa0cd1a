import { describe, expect, it } from 'vitest';
import { findLlmModel } from '../../../src/adapters/models/model-catalogue.js';
import {
  modelRecord,
  resolveLlmSource,
  selfHostedPaths,
  type FetchLike,
} from '../../../src/adapters/models/webllm-app-config.js';

const model = findLlmModel('qwen2.5-0.5b')!;
const variant = model.f32!;

/** A fake fetch answering from a table of URL → content type (absent: 404), recording calls. */
function fakeFetch(files: Record<string, string>) {
  const calls: { url: string; method?: string }[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, ...(init?.method ? { method: init.method } : {}) });
    const type = files[url];
    return { ok: type !== undefined, headers: { get: () => type ?? null } };
  };
  return { fetch, calls };
}

describe('WebLLM app config', () => {
  it('builds absolute self-hosted URLs in the hub layout', () => {
    const record = modelRecord(model, variant, { kind: 'self-hosted', modelsUrl: 'https://school.example/app/models' });
    expect(record).toMatchObject({
      model: 'https://school.example/app/models/mlc-ai/Qwen2.5-0.5B-Instruct-q4f32_1-MLC/resolve/main/',
      model_id: 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC',
      model_lib: 'https://school.example/app/models/webllm-libs/Qwen2-0.5B-Instruct-q4f32_1_cs1k-webgpu.wasm',
      overrides: { context_window_size: 4096 },
    });
    expect(record.required_features).toBeUndefined();
    expect(modelRecord(model, model.f16!, { kind: 'hub' }).required_features).toEqual(['shader-f16']);
    expect(selfHostedPaths(variant).weights).toBe('mlc-ai/Qwen2.5-0.5B-Instruct-q4f32_1-MLC/resolve/main/');
  });

  it('refuses a relative models URL (WebLLM would throw "Invalid URL")', () => {
    expect(() => modelRecord(model, variant, { kind: 'self-hosted', modelsUrl: '/models/' })).toThrow(/absolute/);
  });

  it("uses the app's own copy when its config is there, without touching the hub", async () => {
    const modelsUrl = 'http://127.0.0.1:4173/models/';
    const config = `${modelsUrl}mlc-ai/Qwen2.5-0.5B-Instruct-q4f32_1-MLC/resolve/main/mlc-chat-config.json`;
    const { fetch, calls } = fakeFetch({ [config]: 'application/json' });
    const resolved = await resolveLlmSource(model, variant, { modelsUrl, offlineOnly: false, fetch });
    expect(resolved?.source).toEqual({ kind: 'self-hosted', modelsUrl });
    expect(resolved?.appConfig.cacheBackend).toBe('cache');
    expect(calls).toEqual([{ url: config, method: 'HEAD' }]);
  });

  it('falls back to the hub, unless offline-only; an HTML page is not a model file', async () => {
    const modelsUrl = 'http://127.0.0.1:4173/models/';
    const config = `${modelsUrl}mlc-ai/Qwen2.5-0.5B-Instruct-q4f32_1-MLC/resolve/main/mlc-chat-config.json`;
    const { fetch } = fakeFetch({ [config]: 'text/html; charset=utf-8' });
    const hub = await resolveLlmSource(model, variant, { modelsUrl, offlineOnly: false, fetch });
    expect(hub?.source.kind).toBe('hub');
    expect(hub?.record.model).toBe('https://huggingface.co/mlc-ai/Qwen2.5-0.5B-Instruct-q4f32_1-MLC');
    expect(await resolveLlmSource(model, variant, { modelsUrl, offlineOnly: true, fetch })).toBeUndefined();
  });
});
