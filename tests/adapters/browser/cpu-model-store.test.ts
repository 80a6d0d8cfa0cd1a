import { describe, expect, it } from 'vitest';
import {
  CPU_MODEL_CACHE,
  CPU_MODEL_SIZES,
  fetchCpuModel,
  keepsCpuModel,
  listStoredCpuModels,
  removeStoredCpuModel,
  storedCpuModel,
} from '../../../src/adapters/browser/models/cpu-model-store.js';
import { ModelError } from '../../../src/adapters/models/model-errors.js';
import { FakeCacheStorage } from '../models/fake-cache-storage.js';

const URL_HERE = 'http://localhost/models/local/gguf/tiny.gguf';

/** A server (a fake `fetch`) that sends `bytes` in chunks of 4, announcing `announced` bytes. */
function serving(bytes: Uint8Array, options: { announced?: number; status?: number; breakAfter?: number } = {}) {
  const requested: string[] = [];
  const fake = async (url: string): Promise<Response> => {
    requested.push(url);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (options.breakAfter !== undefined && sent >= options.breakAfter) {
          controller.error(new TypeError('NetworkError when attempting to fetch resource.'));
          return;
        }
        if (sent >= bytes.length) {
          controller.close();
          return;
        }
        controller.enqueue(bytes.slice(sent, sent + 4));
        sent += 4;
      },
    });
    return new Response(body, {
      status: options.status ?? 200,
      headers: { 'content-length': String(options.announced ?? bytes.length) },
    });
  };
  return { fetch: fake, requested };
}

const FILE = new Uint8Array(Array.from({ length: 22 }, (_, index) => index));

describe('the CPU model store (Cache API)', () => {
  it('keeps a downloaded file with its progress, finds it again, lists it and removes it', async () => {
    const caches = new FakeCacheStorage();
    const server = serving(FILE);
    const progress: [number, number][] = [];
    const file = await fetchCpuModel(
      URL_HERE,
      { fetch: server.fetch, onProgress: (loaded, total) => progress.push([loaded, total]) },
      caches,
    );
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(FILE);
    expect(progress.at(-1)).toEqual([22, 22]);
    expect(progress.length).toBe(6);
    expect(caches.stores.get(CPU_MODEL_CACHE)?.entries.has(URL_HERE)).toBe(true);

    expect(await keepsCpuModel(URL_HERE, caches)).toBe(true);
    const again = await storedCpuModel(URL_HERE, caches);
    expect(again && new Uint8Array(await again.arrayBuffer())).toEqual(FILE);
    expect(await storedCpuModel('http://localhost/models/other.gguf', caches)).toBeUndefined();
    // Listed from the size kept beside the file, or from the file itself when that is missing.
    expect(await (await (await caches.open(CPU_MODEL_SIZES)).match(URL_HERE))?.text()).toBe('22');
    expect(await listStoredCpuModels(caches)).toEqual([{ url: URL_HERE, bytes: 22 }]);
    await (await caches.open(CPU_MODEL_SIZES)).put(URL_HERE, new Response('7'));
    expect(await listStoredCpuModels(caches)).toEqual([{ url: URL_HERE, bytes: 7 }]);
    await (await caches.open(CPU_MODEL_SIZES)).delete(URL_HERE);
    expect(await listStoredCpuModels(caches)).toEqual([{ url: URL_HERE, bytes: 22 }]);
    await (await caches.open(CPU_MODEL_SIZES)).put(URL_HERE, new Response('22'));

    expect(await removeStoredCpuModel(URL_HERE, caches)).toBe(true);
    expect(await storedCpuModel(URL_HERE, caches)).toBeUndefined();
    expect(await keepsCpuModel(URL_HERE, caches)).toBe(false);
    expect(caches.urls()).toEqual([]);
    expect(await listStoredCpuModels(caches)).toEqual([]);
  });

  it('keeps nothing of a download that broke off, or came short of its announced size', async () => {
    const caches = new FakeCacheStorage();
    const broken = fetchCpuModel(URL_HERE, { fetch: serving(FILE, { breakAfter: 8 }).fetch }, caches);
    await expect(broken).rejects.toThrow(/NetworkError/);
    expect(caches.urls()).toEqual([]);

    const short = fetchCpuModel(URL_HERE, { fetch: serving(FILE, { announced: 40 }).fetch }, caches);
    await expect(short).rejects.toSatisfy(
      (error: unknown) =>
        error instanceof ModelError && error.code === 'download-failed' && /22 of 40/.test(error.detail),
    );
    expect(caches.urls()).toEqual([]);
  });

  it('a missing file is a failed download, and nothing is kept', async () => {
    const caches = new FakeCacheStorage();
    const missing = fetchCpuModel(URL_HERE, { fetch: serving(FILE, { status: 404 }).fetch }, caches);
    await expect(missing).rejects.toSatisfy(
      (error: unknown) =>
        error instanceof ModelError && error.code === 'download-failed' && /HTTP 404/.test(error.detail),
    );
    expect(caches.urls()).toEqual([]);
  });

  it('without the Cache API the file is still returned, and nothing is listed', async () => {
    const file = await fetchCpuModel(URL_HERE, { fetch: serving(FILE).fetch }, undefined);
    expect(file.size).toBe(22);
    expect(await storedCpuModel(URL_HERE, undefined)).toBeUndefined();
    expect(await listStoredCpuModels(undefined)).toEqual([]);
  });
});
