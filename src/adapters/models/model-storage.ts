/**
 * Cached models and the origin's storage quota: which models are cached, removing one with the
 * space it frees, and checking there is room before a download (docs/reliability.md ST-23: the
 * library index and the models share one quota and are evicted together).
 */
import type { WebLlmAppConfig } from './webllm-types.js';

/** `navigator.storage`, the part used here. */
export interface StorageLike {
  estimate(): Promise<{ usage?: number; quota?: number }>;
}

/** WebLLM's cache helpers (from `webllm-library.js`, imported lazily by the caller). */
export interface WebLlmCacheHelpers {
  hasModelInCache(modelId: string, appConfig?: WebLlmAppConfig): Promise<boolean>;
  deleteModelInCache(modelId: string, appConfig?: WebLlmAppConfig): Promise<void>;
  deleteModelWasmInCache(modelId: string, appConfig?: WebLlmAppConfig): Promise<void>;
  deleteChatConfigInCache(modelId: string, appConfig?: WebLlmAppConfig): Promise<void>;
}

/**
 * Removes everything WebLLM cached for a model: weights and tokenizer, model library, config.
 * Each part separately: WebLLM's `deleteModelAllInfoInCache` stops at its first step when the
 * weights manifest is missing (the usual case after a failed download) and leaves the config
 * and library cached. Never throws; returns the parts that could not be removed.
 */
export async function evictModel(
  helpers: WebLlmCacheHelpers,
  modelId: string,
  appConfig: WebLlmAppConfig,
): Promise<string[]> {
  const parts = [
    ['weights', helpers.deleteModelInCache],
    ['library', helpers.deleteModelWasmInCache],
    ['config', helpers.deleteChatConfigInCache],
  ] as const;
  const failed: string[] = [];
  for (const [name, remove] of parts) {
    await remove(modelId, appConfig).catch(() => failed.push(name));
  }
  return failed;
}

/** The model ids among `modelIds` whose weights are in WebLLM's cache. */
export async function cachedModelIds(
  helpers: WebLlmCacheHelpers,
  modelIds: string[],
  appConfig: WebLlmAppConfig,
): Promise<string[]> {
  const cached = await Promise.all(modelIds.map((id) => helpers.hasModelInCache(id, appConfig).catch(() => false)));
  return modelIds.filter((_, index) => cached[index]);
}

/** Removes a model (weights, config, library) from WebLLM's cache; returns the bytes freed, when the browser tells. */
export async function removeCachedModel(
  helpers: WebLlmCacheHelpers,
  storage: StorageLike | undefined,
  modelId: string,
  appConfig: WebLlmAppConfig,
): Promise<{ freedBytes: number | null }> {
  const before = await usage(storage);
  await evictModel(helpers, modelId, appConfig);
  const after = await usage(storage);
  return { freedBytes: before === null || after === null ? null : Math.max(0, before - after) };
}

async function usage(storage: StorageLike | undefined): Promise<number | null> {
  const estimate = await storage?.estimate().catch(() => undefined);
  return typeof estimate?.usage === 'number' ? estimate.usage : null;
}

/** Whether a download fits the quota, with a sentence for the UI. */
export interface RoomCheck {
  ok: boolean;
  neededMB: number;
  /** Null when the browser does not tell. */
  availableMB: number | null;
  message: string;
}

/**
 * Checks that `downloadMB` plus a margin (10%, at least 100 MB) fits what the origin may still
 * store. Nothing to download (the model is cached already) always fits.
 */
export async function checkRoomFor(storage: StorageLike | undefined, downloadMB: number): Promise<RoomCheck> {
  if (downloadMB <= 0) return { ok: true, neededMB: 0, availableMB: null, message: 'Already downloaded.' };
  const neededMB = Math.ceil(downloadMB + Math.max(100, downloadMB * 0.1));
  const estimate = await storage?.estimate().catch(() => undefined);
  if (!estimate || typeof estimate.quota !== 'number') {
    return { ok: true, neededMB, availableMB: null, message: 'The browser does not say how much space is left.' };
  }
  const availableMB = Math.floor((estimate.quota - (estimate.usage ?? 0)) / 2 ** 20);
  const ok = availableMB >= neededMB;
  const message = ok
    ? `${neededMB} MB needed, ${availableMB} MB available.`
    : `Not enough space: the model needs about ${neededMB} MB and ${availableMB} MB is available. Nothing was downloaded. ` +
      'Your library and the downloaded models share this site’s storage, and the browser clears them together: ' +
      'remove a cached model or some documents first.';
  return { ok, neededMB, availableMB, message };
}
