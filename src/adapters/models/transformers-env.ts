/**
 * The one place that sets transformers.js' global `env` (STYLE: "the global `env` of
 * transformers.js is set in exactly one adapter file"). Every loader in this folder calls
 * `configureTransformers` before it loads anything; settings are applied as a whole each time.
 */
import { env } from './transformers-library.js';

/** Whether transformers.js found a file system to cache in (Node); read once, before any change. */
const FS_CACHE_AVAILABLE = env.useFSCache;
/** The fetch transformers.js was given, before any change. */
const LIBRARY_FETCH = env.fetch;

/**
 * Model files bypass the browser's HTTP cache: transformers.js keeps its own copy in the Cache
 * API, so the HTTP cache would only hold a second one, and Chromium fails the whole request
 * (`ERR_CACHE_WRITE_FAILURE`, "network error") when a file larger than its in-memory HTTP cache
 * allows (a 22 MB model in a private window) cannot be written there.
 */
export function withoutHttpCache(inner: typeof fetch): typeof fetch {
  return (input, init) => inner(input, { ...init, cache: 'no-store' });
}
/** Applied to `env.fetch` by every `configureTransformers`. */
const modelFetch = typeof LIBRARY_FETCH === 'function' ? withoutHttpCache(LIBRARY_FETCH) : LIBRARY_FETCH;

/** Where models and the ONNX Runtime files come from. */
export interface TransformersSettings {
  /**
   * Where the app's own model files are: a path such as `'/models/'` (browser; built from
   * `import.meta.env.BASE_URL`) or a folder (Node). Not a full `http://` URL: transformers.js
   * then skips its tokenizer probe (docs/library-notes.md §2.2). `null` turns local models off.
   */
  localModelPath: string | null;
  /** True forbids the model hub: only files under `localModelPath` are used. */
  offlineOnly: boolean;
  /** The hub, or a mirror of it, when not offline-only (default `https://huggingface.co/`). */
  remoteHost?: string;
  /**
   * The ONNX Runtime WASM files served by the app itself (docs/library-notes.md §2.7). Give both URLs:
   * only the object form lets transformers.js keep them in its cache for offline loads.
   */
  wasmPaths?: { wasm: string; mjs: string };
  /** Threads for ONNX Runtime's WASM back end (browser); ORT's default when absent. */
  wasmThreads?: number;
  /** Keep downloaded files in the Cache API (browser) or on disk (Node). Default true. */
  cache?: boolean;
}

/** Thrown for settings transformers.js would misread. */
export class TransformersSettingsError extends Error {
  override readonly name = 'TransformersSettingsError';
}

/** Applies the settings to transformers.js' `env`; returns what was applied. */
export function configureTransformers(settings: TransformersSettings): TransformersSettings {
  const { localModelPath } = settings;
  if (localModelPath !== null && /^[a-z][a-z0-9+.-]*:\/\//i.test(localModelPath)) {
    throw new TransformersSettingsError(
      `localModelPath must be a path such as "/models/", not a URL ("${localModelPath}"): with a URL no tokenizer is loaded.`,
    );
  }
  if (settings.offlineOnly && localModelPath === null) {
    throw new TransformersSettingsError('offline-only needs a localModelPath to load models from.');
  }
  env.allowLocalModels = localModelPath !== null;
  if (localModelPath !== null)
    env.localModelPath = localModelPath.endsWith('/') ? localModelPath : `${localModelPath}/`;
  env.allowRemoteModels = !settings.offlineOnly;
  env.remoteHost = settings.remoteHost ?? 'https://huggingface.co/';
  const cache = settings.cache ?? true;
  env.useBrowserCache = cache && typeof (globalThis as { caches?: unknown }).caches !== 'undefined';
  env.useFSCache = cache && FS_CACHE_AVAILABLE;
  env.fetch = modelFetch;
  if (settings.wasmPaths) {
    const wasm = (env.backends.onnx.wasm ??= {});
    wasm.wasmPaths = { ...settings.wasmPaths };
  }
  if (settings.wasmThreads !== undefined) (env.backends.onnx.wasm ??= {}).numThreads = settings.wasmThreads;
  return { ...settings };
}
