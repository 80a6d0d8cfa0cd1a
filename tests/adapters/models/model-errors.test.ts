// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loadFailure, ModelError, toModelError } from '../../../src/adapters/models/model-errors.js';
import { configureTransformers, withoutHttpCache } from '../../../src/adapters/models/transformers-env.js';
import { env } from '../../../src/adapters/models/transformers-library.js';

describe('toModelError', () => {
  it.each([
    ['DeviceLostError: The WebGPU device was lost while loading the model.', 'device-lost', true],
    [new Error('GPUOutOfMemoryError: out of memory'), 'out-of-memory', true],
    ['WebGPUNotAvailableError: WebGPU is not supported in your current environment', 'webgpu-unavailable', false],
    [new Error('Unable to find a compatible GPU. This issue might be because…'), 'no-adapter', false],
    ['ShaderF16SupportError: This model requires WebGPU extension shader-f16', 'shader-f16', false],
    [new Error('The device (webgpu) does not support fp16.'), 'shader-f16', false],
    ["TypeError: Failed to execute 'add' on 'Cache': Request failed", 'download-failed', false],
    ['SyntaxError: Unexpected token \'<\', "<!doctype "... is not valid JSON', 'download-failed', false],
    ['CompileError: WebAssembly.instantiate(): expected magic word 00 61 73 6d', 'download-failed', false],
    [
      'ContextWindowSizeExceededError: Prompt tokens exceed context window size: number of prompt tokens: 5000',
      'context-window',
      false,
    ],
    ["QuotaExceededError: Failed to execute 'put' on 'Cache': Quota exceeded.", 'no-space', false],
    // Offline only, and the reranker or NLI model is not in the app's models/ folder.
    [new TypeError("Cannot read properties of undefined (reading 'tokenizer_class')"), 'offline-only', false],
    // The same in Firefox's words.
    [new TypeError('can\'t access property "tokenizer_class", s is undefined'), 'offline-only', false],
    [new Error('something else'), 'failed', false],
  ])('%s → %s', (thrown, code, fatal) => {
    const error = toModelError(thrown);
    expect(error).toBeInstanceOf(ModelError);
    expect(error.code).toBe(code);
    expect(error.fatal).toBe(fatal);
    expect(error.message).toContain(error.advice);
  });
});

describe('loadFailure', () => {
  it('with the hub forbidden, a file missing or unreadable is the model not being in models/', () => {
    for (const thrown of [new Error('Request failed: 404'), new TypeError('x is undefined')]) {
      const failure = loadFailure(thrown, true);
      expect(failure.code).toBe('offline-only');
      expect(failure.detail).toContain(thrown.message);
    }
  });

  it('keeps every other failure, and any failure with the hub allowed, as it is', () => {
    expect(loadFailure(new Error('GPUOutOfMemoryError: out of memory'), true).code).toBe('out-of-memory');
    expect(loadFailure(new Error('Request failed: 404'), false).code).toBe('download-failed');
    expect(loadFailure(new Error('x is undefined'), false).code).toBe('failed');
  });
});

describe('configureTransformers (the one file that sets env)', () => {
  it('sets local path, hub access and self-hosted ORT files', () => {
    configureTransformers({
      localModelPath: '/models',
      offlineOnly: true,
      wasmPaths: { wasm: '/ort/a.wasm', mjs: '/ort/a.mjs' },
    });
    expect(env).toMatchObject({ allowLocalModels: true, localModelPath: '/models/', allowRemoteModels: false });
    expect(env.backends.onnx.wasm?.wasmPaths).toEqual({ wasm: '/ort/a.wasm', mjs: '/ort/a.mjs' });
    configureTransformers({ localModelPath: '/models/', offlineOnly: false });
    expect(env.allowRemoteModels).toBe(true);
  });

  it('sets the WASM thread count when told, and sends every model download past the HTTP cache', async () => {
    configureTransformers({ localModelPath: '/models/', offlineOnly: false, wasmThreads: 2 });
    expect(env.backends.onnx.wasm?.numThreads).toBe(2);
    const seen: RequestInit[] = [];
    const inner = (async (_input: unknown, init?: RequestInit) => {
      seen.push(init ?? {});
      return new Response('{}');
    }) as typeof fetch;
    await withoutHttpCache(inner)('http://localhost/models/x/config.json', { headers: { Accept: 'application/json' } });
    expect(seen).toEqual([{ headers: { Accept: 'application/json' }, cache: 'no-store' }]);
  });

  it('refuses a URL as localModelPath, and offline-only without a local path', () => {
    expect(() => configureTransformers({ localModelPath: 'http://x/models/', offlineOnly: false })).toThrow(
      /not a URL/,
    );
    expect(() => configureTransformers({ localModelPath: null, offlineOnly: true })).toThrow(/offline-only/);
  });
});
