/**
 * WebLLM `AppConfig`s for the catalogue's models, from the hub or self-hosted under the app's
 * own `models/` folder in the hub's layout (`models/mlc-ai/<name>/resolve/main/…` and
 * `models/webllm-libs/<lib>.wasm`, as `npm run models:fetch` writes them). WebLLM needs absolute
 * URLs (docs/library-notes.md §3.3): build the base with
 * `new URL(import.meta.env.BASE_URL + 'models/', location.href)`.
 */
import type { LlmModel, LlmVariant } from './model-catalogue.js';
import type { WebLlmAppConfig, WebLlmModelRecord } from './webllm-types.js';

/** Where the hub keeps MLC weights. */
export const WEBLLM_WEIGHTS_HOST = 'https://huggingface.co/';
/** WebLLM 0.2.86's `modelLibURLPrefix` + `modelVersion` (a test checks it against the package). */
export const WEBLLM_LIB_PREFIX =
  'https://raw.githubusercontent.com/mlc-ai/binary-mlc-llm-libs/main/web-llm-models/v0_2_86/base/';
/** Folder of the model libraries inside the app's `models/` folder. */
export const SELF_HOSTED_LIB_FOLDER = 'webllm-libs/';

/** Where a model's files come from. */
export type LlmSource = { kind: 'hub' } | { kind: 'self-hosted'; modelsUrl: string };

/** Paths of a build's files inside a `models/` folder (self-hosted) or under a mirror. */
export function selfHostedPaths(variant: LlmVariant): { weights: string; lib: string } {
  return { weights: `${variant.weightsRepo}/resolve/main/`, lib: `${SELF_HOSTED_LIB_FOLDER}${variant.modelLib}` };
}

/** The WebLLM model record of a build. */
export function modelRecord(model: LlmModel, variant: LlmVariant, source: LlmSource): WebLlmModelRecord {
  let urls = { model: `${WEBLLM_WEIGHTS_HOST}${variant.weightsRepo}`, lib: `${WEBLLM_LIB_PREFIX}${variant.modelLib}` };
  if (source.kind === 'self-hosted') {
    if (!/^https?:\/\//.test(source.modelsUrl)) {
      throw new TypeError(`WebLLM needs an absolute models URL, got "${source.modelsUrl}"`);
    }
    const base = source.modelsUrl.endsWith('/') ? source.modelsUrl : `${source.modelsUrl}/`;
    const paths = selfHostedPaths(variant);
    urls = { model: base + paths.weights, lib: base + paths.lib };
  }
  return {
    model: urls.model,
    model_id: variant.modelId,
    model_lib: urls.lib,
    vram_required_MB: variant.vramRequiredMB,
    low_resource_required: true,
    // Listing shader-f16 makes WebLLM refuse an f16 build early, before the weights download.
    ...(variant.needsShaderF16 ? { required_features: ['shader-f16'] } : {}),
    overrides: { context_window_size: model.contextWindowSize },
  };
}

/** An `AppConfig` over records, with the Cache API backend (the most tested, docs/library-notes.md §3.4). */
export function appConfigFor(records: WebLlmModelRecord[]): WebLlmAppConfig {
  return { model_list: records, cacheBackend: 'cache' };
}

/** The part of `fetch` used to look for self-hosted files. */
export type FetchLike = (
  url: string,
  init?: { method?: string },
) => Promise<{ ok: boolean; headers: { get(name: string): string | null } }>;

/** Settings of `resolveLlmSource`. */
export interface ResolveOptions {
  /** Absolute URL of the app's `models/` folder. */
  modelsUrl: string;
  /** True forbids the hub. */
  offlineOnly: boolean;
  fetch: FetchLike;
}

/** Where to load a build from, and its AppConfig. */
export interface ResolvedLlm {
  source: LlmSource;
  record: WebLlmModelRecord;
  appConfig: WebLlmAppConfig;
}

/**
 * The app's own copy when its `mlc-chat-config.json` is there (a real file, not an HTML page a
 * dev server sends for any path), else the hub, unless offline-only forbids it: then undefined.
 */
export async function resolveLlmSource(
  model: LlmModel,
  variant: LlmVariant,
  options: ResolveOptions,
): Promise<ResolvedLlm | undefined> {
  const local: LlmSource = { kind: 'self-hosted', modelsUrl: options.modelsUrl };
  const localRecord = modelRecord(model, variant, local);
  const probe = await options
    .fetch(`${localRecord.model}mlc-chat-config.json`, { method: 'HEAD' })
    .catch(() => undefined);
  const isFile = probe?.ok && !(probe.headers.get('content-type') ?? '').includes('text/html');
  if (isFile) return { source: local, record: localRecord, appConfig: appConfigFor([localRecord]) };
  if (options.offlineOnly) return undefined;
  const record = modelRecord(model, variant, { kind: 'hub' });
  return { source: { kind: 'hub' }, record, appConfig: appConfigFor([record]) };
}
