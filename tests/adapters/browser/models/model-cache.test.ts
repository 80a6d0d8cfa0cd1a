/**
 * Model files in the Cache API: a failed transformers.js load and a removed WebLLM model leave
 * none of their files behind (and nothing of other models is touched).
 */
import { describe, expect, it } from 'vitest';
import {
  cachedUrls,
  evictTransformersFiles,
  sweepWebLlmFiles,
  transformersFileCached,
  type CachesLike,
} from '../../../../src/adapters/browser/models/model-cache.js';

/** A fake CacheStorage over named lists of URLs. */
function fakeCaches(contents: Record<string, string[]>): CachesLike & { contents: Record<string, string[]> } {
  return {
    contents,
    keys: async () => Object.keys(contents),
    open: async (name) => ({
      keys: async () => (contents[name] ?? []).map((url) => ({ url })),
      delete: async (request) => {
        const before = contents[name]?.length ?? 0;
        contents[name] = (contents[name] ?? []).filter((url) => url !== request.url);
        return (contents[name]?.length ?? 0) < before;
      },
    }),
  };
}

const QWEN = 'http://localhost/models/mlc-ai/Qwen2.5-0.5B-Instruct-q4f32_1-MLC/resolve/main/';
const LIB = 'http://localhost/models/webllm-libs/Qwen2-0.5B-Instruct-q4f32_1_cs1k-webgpu.wasm';

describe('model files in the cache', () => {
  it("evicts a transformers.js model's files, local or from the hub, and only its", async () => {
    const caches = fakeCaches({
      'transformers-cache': [
        'http://localhost/models/local/tiny-embed/config.json',
        'http://localhost/models/local/tiny-embed/tokenizer.json',
        'https://huggingface.co/local/tiny-embed/resolve/main/onnx/model.onnx',
        'http://localhost/models/local/tiny-rerank/config.json',
      ],
      other: ['http://localhost/models/local/tiny-embed/config.json'],
    });
    expect(await evictTransformersFiles('local/tiny-embed', caches)).toBe(3);
    expect(caches.contents['transformers-cache']).toEqual(['http://localhost/models/local/tiny-rerank/config.json']);
    expect(caches.contents.other).toHaveLength(1);
  });

  it("sweeps every WebLLM file of a model, the manifest WebLLM's helpers leave included", async () => {
    const caches = fakeCaches({
      'webllm/model': [
        `${QWEN}tensor-cache.json`,
        `${QWEN}params_shard_0.bin`,
        `${QWEN}tokenizer.json`,
        'http://localhost/models/mlc-ai/Other/resolve/main/tensor-cache.json',
      ],
      'webllm/config': [`${QWEN}mlc-chat-config.json`],
      'webllm/wasm': [LIB],
      'transformers-cache': [`${QWEN}tensor-cache.json`],
    });
    expect(await sweepWebLlmFiles([QWEN, LIB], caches)).toBe(5);
    expect(await cachedUrls('Qwen2.5', caches)).toEqual([`${QWEN}tensor-cache.json`]);
    expect(caches.contents['webllm/model']).toEqual([
      'http://localhost/models/mlc-ai/Other/resolve/main/tensor-cache.json',
    ]);
    expect(await sweepWebLlmFiles([QWEN], undefined)).toBe(0);
  });

  it("tells whether a transformers.js model's file for a data type is cached (ST-23: nothing to download)", async () => {
    const caches = fakeCaches({
      'transformers-cache': [
        'http://localhost/models/Xenova/bge-small-en-v1.5/config.json',
        'https://huggingface.co/Xenova/bge-small-en-v1.5/resolve/main/onnx/model_quantized.onnx',
      ],
    });
    expect(await transformersFileCached('Xenova/bge-small-en-v1.5', 'q8', caches)).toBe(true);
    expect(await transformersFileCached('Xenova/bge-small-en-v1.5', 'fp32', caches)).toBe(false);
    expect(await transformersFileCached('Xenova/all-MiniLM-L6-v2', 'q8', caches)).toBe(false);
    expect(await transformersFileCached('Xenova/bge-small-en-v1.5', 'q8', undefined)).toBe(false);
  });
});
