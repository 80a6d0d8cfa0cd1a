/**
 * Loading an optional cross-encoder (the reranker, the NLI model that checks claims) inside the
 * engine worker: a catalogue model from the hub, or one in the app's `models/` folder. Same
 * device rules as the embedder (WebGPU where there is an adapter, WASM otherwise, WASM again if
 * WebGPU fails to start), and the same room check before a catalogue model is downloaded; files
 * of a model that failed to load are evicted from the cache.
 */
import { chooseEncoderRuntime, type EncoderRuntime } from '../../models/choose-runtime.js';
import { ensureEncoderRoom, type EncoderRoomSetup } from '../../models/encoder-room.js';
import { checkGpu, type NavigatorLike } from '../../models/gpu-preflight.js';
import type { ModelLoadListener } from '../../models/load-progress.js';
import type { EncoderDtype } from '../../models/model-catalogue.js';
import { loadFailure } from '../../models/model-errors.js';
import { configureTransformers } from '../../models/transformers-env.js';
import { evictTransformersFiles, transformersFileCached } from './model-cache.js';
import { MODELS_PATH } from './model-settings.js';
import { ortWasmPaths, ortWasmThreads } from './ort-files.js';

/** Options of the classifier loaders. */
export interface ClassifierLoadOptions extends EncoderRoomSetup {
  offlineOnly: boolean;
  navigator: NavigatorLike | undefined;
  onProgress?: ModelLoadListener;
}

/** Which model to load: a catalogue entry's files and sizes, or a folder of the app's own. */
export interface ClassifierSpec {
  id: string;
  /** True for a model in the app's `models/` folder (not downloaded into the origin's storage). */
  local: boolean;
  /** Data types on offer, and the download of each in MB (ignored for a local model). */
  downloadMB: Partial<Record<EncoderDtype, number>>;
}

/** A loaded model and the runtime it runs on. */
export interface LoadedClassifierModel<T> {
  model: T;
  runtime: EncoderRuntime;
}

const WASM: EncoderRuntime = { device: 'wasm', dtype: 'q8', label: 'WASM (CPU), q8' };

/** Loads `spec` with `make`; throws a `ModelError` when it cannot load. */
export async function loadClassifierModel<T extends { load(): Promise<void> }>(
  spec: ClassifierSpec,
  options: ClassifierLoadOptions,
  make: (runtime: EncoderRuntime) => T,
): Promise<LoadedClassifierModel<T>> {
  const dtypes: EncoderDtype[] = spec.local ? ['fp32', 'q8'] : (Object.keys(spec.downloadMB) as EncoderDtype[]);
  configureTransformers({
    localModelPath: MODELS_PATH,
    offlineOnly: options.offlineOnly,
    wasmPaths: ortWasmPaths(),
    wasmThreads: ortWasmThreads(),
  });
  const runtime = chooseEncoderRuntime(await checkGpu(options.navigator), dtypes);
  const downloadMB = spec.local ? 0 : (spec.downloadMB[runtime.dtype] ?? 0);
  await ensureEncoderRoom({ isCached: transformersFileCached, ...options }, spec.id, runtime.dtype, downloadMB);
  const hubForbidden = options.offlineOnly && !spec.local;
  try {
    const model = make(runtime);
    try {
      await model.load();
      return { model, runtime };
    } catch (error) {
      const failure = loadFailure(error, hubForbidden);
      const retry =
        runtime.device === 'webgpu' && !['download-failed', 'offline-only', 'not-nli'].includes(failure.code);
      if (!retry) throw failure;
      const fallback = make(WASM);
      await fallback.load();
      return { model: fallback, runtime: WASM };
    }
  } catch (error) {
    await evictTransformersFiles(spec.id);
    throw loadFailure(error, hubForbidden);
  }
}
