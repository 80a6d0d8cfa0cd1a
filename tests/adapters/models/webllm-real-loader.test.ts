// @vitest-environment node
// The real WebLLM engine code (MLCEngine.reload) against model files served from 127.0.0.1. WebLLM
// cannot run models in Node, but its download path runs once `location` and the Cache API exist:
// here a stub `location` and FakeCacheStorage. It never gets as far as the GPU (the model library
// would have to be a real compiled one), so the no-GPU paths are tested through the pre-flight.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appConfigFor } from '../../../src/adapters/models/webllm-app-config.js';
import { loadWebLlmModel } from '../../../src/adapters/models/webllm-loader.js';
import { evictModel } from '../../../src/adapters/models/model-storage.js';
import type { WebLlmModelRecord } from '../../../src/adapters/models/webllm-types.js';
import { FakeCacheStorage } from './fake-cache-storage.js';

type WebLlm = typeof import('../../../src/adapters/models/webllm-library.js');

let server: Server;
let base = '';
let webllm: WebLlm;
const requests: string[] = [];
const saved = { location: globalThis.location, caches: (globalThis as { caches?: unknown }).caches };
let storage: FakeCacheStorage;

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    if (request.url?.startsWith('/slow/')) return; // never answers: only an abort ends it
    if (request.url === '/half/mlc-ai/M-MLC/resolve/main/mlc-chat-config.json') {
      response.setHeader('content-type', 'application/json');
      return response.end(JSON.stringify({ context_window_size: 1024, tokenizer_files: ['tokenizer.json'] }));
    }
    response.statusCode = 404;
    response.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  Object.assign(globalThis, { location: new URL(base) });
  webllm = await import('../../../src/adapters/models/webllm-library.js');
});

afterAll(async () => {
  Object.assign(globalThis, saved);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function record(prefix: string): WebLlmModelRecord {
  return {
    model: `${base}${prefix}/mlc-ai/M-MLC/resolve/main/`,
    model_id: 'M-MLC',
    model_lib: `${base}${prefix}/libs/m.wasm`,
  };
}

async function load(prefix: string, signal?: AbortSignal) {
  storage = new FakeCacheStorage();
  Object.assign(globalThis, { caches: storage });
  const appConfig = appConfigFor([record(prefix)]);
  const engine = new webllm.MLCEngine({ appConfig });
  const evicted: string[] = [];
  const run = loadWebLlmModel(engine, {
    modelId: 'M-MLC',
    appConfig,
    ...(signal ? { signal } : {}),
    evict: async (modelId, config) => {
      evicted.push(modelId);
      return evictModel(webllm, modelId, config);
    },
  });
  return { run, evicted, appConfig };
}

describe('real WebLLM loader against a local server', () => {
  it('a 404 for mlc-chat-config.json fails as a download error and caches nothing', async () => {
    const { run, evicted } = await load('missing');
    await expect(run).rejects.toMatchObject({ name: 'ModelError', code: 'download-failed' });
    expect(requests).toContain('/missing/mlc-ai/M-MLC/resolve/main/mlc-chat-config.json');
    expect(evicted).toEqual(['M-MLC']);
    expect(storage.urls()).toEqual([]);
  });

  it('a 404 for the model library evicts the config it had already cached', async () => {
    const { run } = await load('half');
    await expect(run).rejects.toMatchObject({ code: 'download-failed' });
    expect(requests).toContain('/half/libs/m.wasm');
    expect(storage.urls()).toEqual([]);
  });

  it("WebLLM's own deleteModelAllInfoInCache leaves that config behind (why evictModel deletes each part)", async () => {
    const { run, appConfig } = await load('half');
    await run.catch(() => undefined);
    await storage
      .open('webllm/config')
      .then((cache) => cache.put(`${record('half').model}mlc-chat-config.json`, new Response('{}')));
    await expect(webllm.deleteModelAllInfoInCache('M-MLC', appConfig)).rejects.toThrow();
    expect(storage.urls()).toEqual([`${record('half').model}mlc-chat-config.json`]);
  });

  it('stops a load when the signal fires (engine.unload), keeping nothing half-made', async () => {
    const controller = new AbortController();
    const { run, evicted } = await load('slow', controller.signal);
    await vi.waitFor(() => expect(requests.some((url) => url.startsWith('/slow/'))).toBe(true));
    controller.abort();
    await expect(run).rejects.toMatchObject({ code: 'aborted' });
    expect(evicted).toEqual([]);
    expect(storage.urls()).toEqual([]);
  });
});
