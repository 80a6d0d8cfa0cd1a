/**
 * Model files in the browser's Cache API: transformers.js keeps its files under
 * `transformers-cache`, WebLLM under `webllm/*`. A failed transformers.js load is evicted here
 * (its config and tokenizer may have arrived before the model file failed), so nothing
 * half-loaded stays; WebLLM's own files are evicted by `evictModel` (adapters/models).
 */
import { ENCODER_FILES } from '../../models/encoder-room.js';
import type { EncoderDtype } from '../../models/model-catalogue.js';

/** The part of `CacheStorage` used here (tests pass a fake). */
export interface CachesLike {
  keys(): Promise<string[]>;
  open(
    name: string,
  ): Promise<{ keys(): Promise<readonly { url: string }[]>; delete(request: { url: string }): Promise<boolean> }>;
}

function browserCaches(): CachesLike | undefined {
  return (globalThis as { caches?: CachesLike }).caches;
}

/** Removes every cached transformers.js file of model `id` (local or hub copy); returns how many. */
export async function evictTransformersFiles(
  id: string,
  caches: CachesLike | undefined = browserCaches(),
): Promise<number> {
  if (!caches) return 0;
  let removed = 0;
  try {
    for (const name of await caches.keys()) {
      if (!name.startsWith('transformers')) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const path = new URL(request.url).pathname;
        if (path.includes(`/${id}/`) && (await cache.delete(request))) removed += 1;
      }
    }
  } catch {
    // A cache that cannot be read holds nothing we could remove.
  }
  return removed;
}

/** Whether transformers.js has cached the ONNX file of model `id` for `dtype` (local or hub copy). */
export async function transformersFileCached(
  id: string,
  dtype: EncoderDtype,
  caches: CachesLike | undefined = browserCaches(),
): Promise<boolean> {
  const file = `/${id}/`;
  const urls = await cachedUrls(file, caches).catch(() => []);
  return urls.some((url) => url.includes(file) && new URL(url).pathname.endsWith(`/${ENCODER_FILES[dtype]}`));
}

/** WebLLM's cache scopes (`webllm/model`, `webllm/config`, `webllm/wasm`). */
const WEBLLM_CACHES = /^webllm\//;

/**
 * Removes every file WebLLM cached under any of `prefixes` (a model's weights folder, its
 * library URL). WebLLM's own helpers leave the weights manifest (`tensor-cache.json`) behind;
 * this sweep makes a removal or a failed download leave nothing of the model. Returns how many.
 */
export async function sweepWebLlmFiles(
  prefixes: readonly string[],
  caches: CachesLike | undefined = browserCaches(),
): Promise<number> {
  if (!caches) return 0;
  let removed = 0;
  try {
    for (const name of await caches.keys()) {
      if (!WEBLLM_CACHES.test(name)) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (prefixes.some((prefix) => request.url.startsWith(prefix)) && (await cache.delete(request))) removed += 1;
      }
    }
  } catch {
    // A cache that cannot be read holds nothing we could remove.
  }
  return removed;
}

/** URLs of every cached file whose path contains `fragment` (tests and the e2e check "nothing half-cached"). */
export async function cachedUrls(
  fragment: string,
  caches: CachesLike | undefined = browserCaches(),
): Promise<string[]> {
  if (!caches) return [];
  const found: string[] = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) if (request.url.includes(fragment)) found.push(request.url);
  }
  return found;
}
