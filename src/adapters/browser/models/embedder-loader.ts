/**
 * Loading the library's embedder inside the engine worker: the built-in feature-hashing one,
 * a catalogue model, or a model in the app's own `models/` folder. transformers.js models run on
 * WebGPU where the worker has an adapter (fp16 only with `shader-f16`) and on WASM otherwise,
 * from the app's `models/` path first and the hub unless offline-only, with ONNX Runtime's
 * files served by the app. A load that fails leaves none of its files in the cache.
 */
import { HashingEmbedder } from '../../../core/embed/hashing-embedder.js';
import type { Embedder } from '../../../core/ports.js';
import { createEmbedder } from '../../models/create-embedder.js';
import type { EncoderRoomSetup } from '../../models/encoder-room.js';
import type { GpuCapabilities, NavigatorLike } from '../../models/gpu-preflight.js';
import type { ModelLoadListener } from '../../models/load-progress.js';
import { findEmbeddingModel, type EmbeddingModel } from '../../models/model-catalogue.js';
import { loadFailure, ModelError } from '../../models/model-errors.js';
import { sentenceTransformersSettings } from '../../models/sentence-transformers-settings.js';
import { evictTransformersFiles, transformersFileCached } from './model-cache.js';
import { BUILTIN_EMBEDDER_LABEL, MODELS_PATH, type EmbedderInfo, type EmbeddingChoice } from './model-settings.js';
import { ortWasmPaths, ortWasmThreads } from './ort-files.js';

/** Options of `loadEmbedder`. */
export interface EmbedderLoadOptions extends EncoderRoomSetup {
  offlineOnly: boolean;
  navigator: NavigatorLike | undefined;
  onProgress?: ModelLoadListener;
}

/** A loaded embedder with what the UI shows about it. */
export interface LoadedEmbedder {
  embedder: Embedder;
  info: EmbedderInfo;
  gpu?: GpuCapabilities;
}

/** Loads the chosen embedder; throws a `ModelError` when a model cannot be loaded. */
export async function loadEmbedder(choice: EmbeddingChoice, options: EmbedderLoadOptions): Promise<LoadedEmbedder> {
  if (choice.kind === 'builtin') {
    const embedder = new HashingEmbedder();
    return {
      embedder,
      info: { modelId: embedder.modelId, label: BUILTIN_EMBEDDER_LABEL, runtime: 'built in (no model)' },
    };
  }
  const model = choice.kind === 'catalogue' ? findEmbeddingModel(choice.id) : await localModel(choice);
  if (!model) throw new ModelError('model-not-found', choice.id);
  try {
    const ready = await createEmbedder({
      model,
      navigator: options.navigator,
      localModelPath: MODELS_PATH,
      offlineOnly: options.offlineOnly,
      wasmPaths: ortWasmPaths(),
      wasmThreads: ortWasmThreads(),
      storage: options.storage,
      isCached: options.isCached ?? transformersFileCached,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
    const info: EmbedderInfo = { modelId: ready.embedder.modelId, label: model.label, runtime: ready.runtime.label };
    if (ready.fallbackReason) info.fallbackReason = ready.fallbackReason;
    return { embedder: ready.embedder, info, gpu: ready.gpu };
  } catch (error) {
    await evictTransformersFiles(model.id);
    throw loadFailure(error, options.offlineOnly && choice.kind === 'catalogue');
  }
}

/** A JSON file of a model folder, or undefined where it is missing or not JSON. */
async function optionalJson(url: URL): Promise<Record<string, unknown> | undefined> {
  const response = await fetch(url).catch(() => undefined);
  if (!response?.ok) return undefined;
  return (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
}

/**
 * A model in the app's `models/` folder, described by its `config.json`; a sentence-transformers
 * folder's own pooling and prompts (as `npm run models:local` lays them out) win over the
 * pooling chosen in Settings, which is for folders that do not say.
 */
async function localModel(choice: Extract<EmbeddingChoice, { kind: 'local' }>): Promise<EmbeddingModel> {
  if (!/^[\w.-]+(\/[\w.-]+)*$/.test(choice.id) || choice.id.split('/').includes('..')) {
    throw new ModelError('model-not-found', `"${choice.id}" is not a model folder name`);
  }
  const url = new URL(`${MODELS_PATH}${choice.id}/config.json`, globalThis.location.href);
  const response = await fetch(url).catch(() => undefined);
  const config = response?.ok
    ? ((await response.json().catch(() => ({}))) as { hidden_size?: number; dim?: number })
    : undefined;
  const dimensions = config?.hidden_size ?? config?.dim;
  if (!dimensions) {
    throw new ModelError('download-failed', `${url.pathname}: ${response ? `HTTP ${response.status}` : 'unreachable'}`);
  }
  const folder = new URL(`${MODELS_PATH}${choice.id}/`, globalThis.location.href);
  const files = {
    pooling: await optionalJson(new URL('1_Pooling/config.json', folder)),
    settings: await optionalJson(new URL('config_sentence_transformers.json', folder)),
  };
  let own: ReturnType<typeof sentenceTransformersSettings>;
  try {
    own = sentenceTransformersSettings(files);
  } catch (error) {
    throw new ModelError('failed', `${choice.id}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return {
    id: choice.id,
    label: `${choice.id} (this app's models/ folder)`,
    dimensions,
    pooling: own.pooling ?? choice.pooling,
    queryPrefix: own.queryPrefix ?? '',
    passagePrefix: own.passagePrefix ?? '',
    maxTokens: 512,
    retrievalScore: 0,
    // The keys are the data types offered (createEmbedder picks among them): a local folder is
    // expected to hold `model.onnx` and `model_quantized.onnx`, not an fp16 build.
    downloadMB: { fp32: 0, q8: 0 } as EmbeddingModel['downloadMB'],
    licence: '',
  };
}
