/**
 * Loading the answer model inside the engine worker: the GPU and the chosen build are checked
 * and the space for it is looked up before anything is downloaded (`planLlm`); then WebLLM's
 * engine is started in its own worker (`llm-worker.ts`) and the model loaded with progress, a
 * stop, and eviction of a failed download. WebLLM is imported only here, lazily.
 */
import type { Generator } from '../../../core/ports.js';
import type { NavigatorLike } from '../../models/gpu-preflight.js';
import type { MeasuredSpeed } from '../../models/wllama-runtime.js';
import { findLlmModel, LLM_MODELS, llmVariants } from '../../models/model-catalogue.js';
import { ModelError } from '../../models/model-errors.js';
import { cachedModelIds, evictModel, type StorageLike } from '../../models/model-storage.js';
import { planLlm } from '../../models/plan-llm.js';
import { appConfigFor, modelRecord } from '../../models/webllm-app-config.js';
import { WebLlmGenerator } from '../../models/webllm-generator.js';
import { loadWebLlmModel, type LlmLoadProgress } from '../../models/webllm-loader.js';
import type { MLCEngineLike, WebLlmAppConfig } from '../../models/webllm-types.js';
import type { AnswerModelInfo, CachedModel } from './model-settings.js';
import { MODELS_PATH } from './model-settings.js';
import { sweepWebLlmFiles } from './model-cache.js';
import { loadTestEngine } from './test-engine.js';

/** Tokens kept for the answer. */
export const ANSWER_TOKENS = 512;

/** What a load needs from the worker. */
export interface AnswerModelSetup {
  /** A WebLLM catalogue key, a CPU model key (`cpu:…`, `cpu-path:…`, `cpu-file:…`), or `fake:<script>` in a test build. */
  key: string;
  /** The GGUF file a person chose, for `cpu-file:` keys. */
  file?: Blob;
  offlineOnly: boolean;
  navigator: (NavigatorLike & { storage?: StorageLike }) | undefined;
  signal?: AbortSignal;
  onProgress?: (progress: LlmLoadProgress) => void;
}

/** A loaded answer model. */
export interface LoadedAnswerModel {
  generator: Generator & { readonly lastFailure: ModelError | undefined };
  info: Exclude<AnswerModelInfo, { kind: 'extractive' }>;
  /** A CPU model's speed, measured by its last answer. */
  speed?: () => MeasuredSpeed | undefined;
  /** Unloads the model and stops its worker. */
  dispose(): Promise<void>;
}

/** A model that cannot be loaded here, with the reason in words. */
export class AnswerModelUnavailable extends Error {
  override readonly name = 'AnswerModelUnavailable';
}

/** Absolute URL of the app's `models/` folder (WebLLM needs absolute URLs). */
function modelsUrl(): string {
  return new URL(MODELS_PATH, globalThis.location.href).href;
}

/** Plans, downloads and loads the answer model; see the module comment. */
export async function loadAnswerModel(setup: AnswerModelSetup): Promise<LoadedAnswerModel> {
  if (setup.key.startsWith('fake:')) return loadFake(setup);
  if (setup.key.startsWith('cpu')) {
    const { loadCpuAnswerModel } = await import('./cpu-answer-model.js');
    return loadCpuAnswerModel({
      key: setup.key,
      offlineOnly: setup.offlineOnly,
      ...(setup.file ? { file: setup.file } : {}),
      ...(setup.signal ? { signal: setup.signal } : {}),
      ...(setup.onProgress ? { onProgress: setup.onProgress } : {}),
    });
  }
  const plan = await planLlm({
    key: setup.key,
    navigator: setup.navigator,
    modelsUrl: modelsUrl(),
    offlineOnly: setup.offlineOnly,
    fetch: (url, init) => fetch(url, init),
    isCached: async (modelId, appConfig) => {
      const webllm = await import('../../models/webllm-library.js');
      return (await cachedModelIds(webllm, [modelId], appConfig)).length > 0;
    },
    ...(setup.navigator?.storage ? { storage: setup.navigator.storage } : {}),
  });
  if (plan.status === 'unavailable') throw new AnswerModelUnavailable(plan.reason);
  const webllm = await import('../../models/webllm-library.js');
  const worker = new Worker(new URL('./llm-worker.ts', import.meta.url), { type: 'module', name: 'footnote-llm' });
  const engine = new webllm.WebWorkerMLCEngine(worker);
  const dispose = async () => {
    await engine.unload().catch(() => undefined);
    worker.terminate();
  };
  try {
    await load(engine, plan.variant.modelId, plan.appConfig, setup, (_id, config) =>
      sweepWebLlmFiles(modelUrls(config)),
    );
  } catch (error) {
    await dispose();
    throw error;
  }
  const { model, variant } = plan;
  return {
    generator: new WebLlmGenerator({
      engine,
      modelId: variant.modelId,
      contextWindowSize: model.contextWindowSize,
      maxTokens: ANSWER_TOKENS,
      ...(model.extraBody ? { extraBody: model.extraBody } : {}),
    }),
    info: {
      kind: 'webllm',
      key: model.key,
      modelId: variant.modelId,
      label: model.label,
      contextWindowSize: model.contextWindowSize,
      source: plan.source.kind,
      notes: plan.notes,
    },
    dispose,
  };
}

function load(
  engine: MLCEngineLike,
  modelId: string,
  appConfig: WebLlmAppConfig,
  setup: AnswerModelSetup,
  evict: (modelId: string, appConfig: WebLlmAppConfig) => Promise<unknown>,
): Promise<void> {
  return loadWebLlmModel(engine, {
    modelId,
    appConfig,
    evict,
    ...(setup.signal ? { signal: setup.signal } : {}),
    ...(setup.onProgress ? { onProgress: setup.onProgress } : {}),
  });
}

async function loadFake(setup: AnswerModelSetup): Promise<LoadedAnswerModel> {
  const script = setup.key.slice('fake:'.length);
  const fake = await loadTestEngine(script);
  const modelId = `fake-${script}`;
  await load(fake.engine, modelId, appConfigFor([]), setup, async () => undefined);
  return {
    generator: new WebLlmGenerator({
      engine: fake.engine,
      modelId,
      contextWindowSize: fake.contextWindowSize,
      maxTokens: Math.min(ANSWER_TOKENS, Math.floor(fake.contextWindowSize / 4)),
    }),
    info: {
      kind: 'webllm',
      key: setup.key,
      modelId,
      label: fake.label,
      contextWindowSize: fake.contextWindowSize,
      source: 'test',
      notes: [],
    },
    dispose: async () => undefined,
  };
}

/**
 * AppConfigs of every catalogue build, one per source: WebLLM keys its cache by file URL, so a
 * build downloaded from the hub and one from the app's own folder are looked up separately.
 */
function everySource(): WebLlmAppConfig[] {
  const sources = [{ kind: 'self-hosted' as const, modelsUrl: modelsUrl() }, { kind: 'hub' as const }];
  return sources.map((source) =>
    appConfigFor(
      LLM_MODELS.flatMap((model) =>
        [model.f16, model.f32]
          .filter((variant) => variant !== undefined)
          .map((variant) => modelRecord(model, variant, source)),
      ),
    ),
  );
}

/** The answer models in this site's storage: WebLLM's cache, then wllama's (the CPU models). */
export async function listCachedAnswerModels(): Promise<CachedModel[]> {
  const { listCachedCpuModels } = await import('./cpu-answer-model.js');
  return [...(await listCachedWebLlmModels()), ...(await listCachedCpuModels())];
}

async function listCachedWebLlmModels(): Promise<CachedModel[]> {
  const webllm = await import('../../models/webllm-library.js');
  const variants = llmVariants();
  const modelIds = variants.map((variant) => variant.modelId);
  const ids = (await Promise.all(everySource().map((config) => cachedModelIds(webllm, modelIds, config)))).flat();
  return variants
    .filter((variant) => ids.includes(variant.modelId))
    .map((variant) => ({
      modelId: variant.modelId,
      label: findLlmModel(variant.modelId)?.label ?? variant.modelId,
      downloadMB: variant.downloadMB,
    }));
}

/**
 * Removes a cached answer model, from wherever it was downloaded (the app's folder or the hub):
 * WebLLM's own clean-up, then a sweep of whatever it leaves. The bytes freed, where the browser tells.
 */
export async function removeCachedAnswerModel(
  modelId: string,
  storage: StorageLike | undefined,
): Promise<{ freedBytes: number | null }> {
  if (modelId.startsWith('cpu-cache:')) {
    const { removeCachedCpuModel } = await import('./cpu-answer-model.js');
    return freed(storage, () => removeCachedCpuModel(modelId));
  }
  if (!findLlmModel(modelId)) throw new ModelError('model-not-found', modelId);
  const webllm = await import('../../models/webllm-library.js');
  return freed(storage, async () => {
    const [selfHosted, hub] = everySource() as [WebLlmAppConfig, WebLlmAppConfig];
    // WebLLM's own clean-up reads the weights manifest, from the network when it is not cached:
    // only for the app's own copy; the sweep removes the rest, the hub's copy included.
    await evictModel(webllm, modelId, selfHosted);
    const only = (config: WebLlmAppConfig) =>
      appConfigFor(config.model_list.filter((item) => item.model_id === modelId));
    await sweepWebLlmFiles([...modelUrls(only(selfHosted)), ...modelUrls(only(hub))]);
  });
}

/** Runs a removal and says how many bytes of this site's storage it freed, where the browser tells. */
async function freed(
  storage: StorageLike | undefined,
  remove: () => Promise<unknown>,
): Promise<{ freedBytes: number | null }> {
  const before = await usage(storage);
  await remove();
  const after = await usage(storage);
  return { freedBytes: before === null || after === null ? null : Math.max(0, before - after) };
}

/** The weights folders and library URLs of an AppConfig's models: the prefixes of their cached files. */
function modelUrls(config: WebLlmAppConfig): string[] {
  return config.model_list.flatMap((record) => [record.model, record.model_lib]);
}

async function usage(storage: StorageLike | undefined): Promise<number | null> {
  const estimate = await storage?.estimate().catch(() => undefined);
  return typeof estimate?.usage === 'number' ? estimate.usage : null;
}
