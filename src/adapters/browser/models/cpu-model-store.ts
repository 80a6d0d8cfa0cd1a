/**
 * The CPU answer models' files (GGUF) kept in this site's storage: the Cache API, in the cache
 * `footnote-cpu-models`, one entry per address the file came from (the app's `models/` folder or
 * the hub), as transformers.js and WebLLM keep theirs.
 *
 * wllama's own cache is not used: through it, wllama downloads and starts a model in one call, and
 * a start that stalls (stall-retry.ts) could not be told from a download that takes its time.
 * Kept here, the download is the app's, and only the start has a time limit.
 */
import { ModelError } from '../../models/model-errors.js';

/** The Cache API cache the CPU models are kept in. */
export const CPU_MODEL_CACHE = 'footnote-cpu-models';
/** Each file's size, under the file's address (listing the files reads none of them). */
export const CPU_MODEL_SIZES = 'footnote-cpu-model-sizes';

/** The part of a `Cache` used here (tests pass a fake). */
export interface CacheLike {
  match(url: string): Promise<Response | undefined>;
  put(url: string, response: Response): Promise<void>;
  delete(url: string): Promise<boolean>;
  keys(): Promise<readonly { url: string }[]>;
}

/** The part of `CacheStorage` used here. */
export interface CacheStorageLike {
  open(name: string): Promise<CacheLike>;
}

function browserCaches(): CacheStorageLike | undefined {
  return (globalThis as { caches?: CacheStorageLike }).caches;
}

async function openStore(caches: CacheStorageLike | undefined, name = CPU_MODEL_CACHE): Promise<CacheLike | undefined> {
  try {
    return await caches?.open(name);
  } catch {
    // No Cache API here (an insecure page, a private window that refuses it): nothing is kept.
    return undefined;
  }
}

/** Whether a file is kept for `url` (nothing of it is read). */
export async function keepsCpuModel(
  url: string,
  caches: CacheStorageLike | undefined = browserCaches(),
): Promise<boolean> {
  const store = await openStore(caches);
  return (await store?.match(url).catch(() => undefined)) !== undefined;
}

/** The file kept for `url`, or undefined. */
export async function storedCpuModel(
  url: string,
  caches: CacheStorageLike | undefined = browserCaches(),
): Promise<Blob | undefined> {
  const store = await openStore(caches);
  const response = await store?.match(url).catch(() => undefined);
  return response ? response.blob() : undefined;
}

/** What `fetchCpuModel` needs beside the address. */
export interface FetchCpuModelOptions {
  signal?: AbortSignal;
  /** Bytes received so far, and the file's size (0 when the server does not say). */
  onProgress?: (loaded: number, total: number) => void;
  /** Injected in tests; the browser's `fetch` by default. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

/**
 * Downloads the model file at `url`, keeping it in this site's storage as it arrives (the file
 * goes to disk, not to memory), and returns the copy kept. A download that fails or stops
 * part-way keeps nothing. Without the Cache API the file is read into memory and not kept.
 */
export async function fetchCpuModel(
  url: string,
  options: FetchCpuModelOptions = {},
  caches: CacheStorageLike | undefined = browserCaches(),
): Promise<Blob> {
  const get = options.fetch ?? ((address: string, init: RequestInit) => fetch(address, init));
  const response = await get(url, options.signal ? { signal: options.signal } : {});
  if (!response.ok || !response.body) throw new ModelError('download-failed', `${url}: HTTP ${response.status}`);
  const total = Number(response.headers.get('content-length')) || 0;
  let loaded = 0;
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        loaded += chunk.byteLength;
        options.onProgress?.(loaded, total);
        controller.enqueue(chunk);
      },
    }),
  );
  const store = await openStore(caches);
  if (!store) return whole(await readAll(counted), total, url);
  await keep(store, url, counted, total);
  const sizes = await openStore(caches, CPU_MODEL_SIZES);
  await sizes
    ?.put(url, new Response(String(loaded), { headers: { 'content-type': 'text/plain' } }))
    .catch(() => undefined);
  const kept = await store.match(url);
  if (!kept) throw new ModelError('download-failed', `${url}: the file was not kept`);
  return kept.blob();
}

/** Writes `body` to the store under `url`; a body that fails or comes short of `total` leaves nothing. */
async function keep(store: CacheLike, url: string, body: ReadableStream<Uint8Array>, total: number): Promise<void> {
  try {
    await store.put(url, new Response(body, { headers: { 'content-type': 'application/octet-stream' } }));
    const kept = await store.match(url);
    if (kept) whole(await kept.blob(), total, url);
  } catch (error) {
    await store.delete(url).catch(() => false);
    throw error;
  }
}

/** The stream's bytes as a Blob held in memory. */
async function readAll(stream: ReadableStream<Uint8Array>): Promise<Blob> {
  const chunks: BlobPart[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return new Blob(chunks);
    chunks.push(value as Uint8Array<ArrayBuffer>);
  }
}

/** `file`, when it has the size the server announced; a short file is a download that broke off. */
function whole(file: Blob, total: number, url: string): Blob {
  if (total > 0 && file.size !== total) {
    throw new ModelError('download-failed', `${url}: ${file.size} of ${total} bytes arrived`);
  }
  return file;
}

/** The files kept: each one's address and size in bytes (from `CPU_MODEL_SIZES`). */
export async function listStoredCpuModels(
  caches: CacheStorageLike | undefined = browserCaches(),
): Promise<{ url: string; bytes: number }[]> {
  const store = await openStore(caches);
  if (!store) return [];
  const sizes = await openStore(caches, CPU_MODEL_SIZES);
  const files: { url: string; bytes: number }[] = [];
  for (const request of await store.keys().catch(() => [])) {
    const size = await sizes?.match(request.url).catch(() => undefined);
    const bytes = Number(await size?.text());
    if (Number.isFinite(bytes) && bytes > 0) {
      files.push({ url: request.url, bytes });
      continue;
    }
    // No size kept: the file's own (a browser may read the whole file for it).
    const response = await store.match(request.url).catch(() => undefined);
    if (response) files.push({ url: request.url, bytes: (await response.blob()).size });
  }
  return files;
}

/** Removes the file kept for `url`; true when there was one. */
export async function removeStoredCpuModel(
  url: string,
  caches: CacheStorageLike | undefined = browserCaches(),
): Promise<boolean> {
  const store = await openStore(caches);
  if (!store) return false;
  await (await openStore(caches, CPU_MODEL_SIZES))?.delete(url).catch(() => false);
  return store.delete(url);
}
