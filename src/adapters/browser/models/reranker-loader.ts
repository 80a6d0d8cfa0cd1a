/**
 * Loading the optional cross-encoder reranker inside the engine worker: the catalogue's MS MARCO
 * MiniLM, or a one-logit model in the app's `models/` folder. Same device rules as the embedder
 * (WebGPU where there is an adapter, WASM otherwise, WASM again if WebGPU fails to start), and
 * the same room check before a catalogue model is downloaded.
 */
import { chooseEncoderRuntime, type EncoderRuntime } from '../../models/choose-runtime.js';
import { ensureEncoderRoom, type EncoderRoomSetup } from '../../models/encoder-room.js';
import { CrossEncoderReranker } from '../../models/cross-encoder-reranker.js';
import { checkGpu, type NavigatorLike } from '../../models/gpu-preflight.js';
import type { ModelLoadListener } from '../../models/load-progress.js';
import { RERANKER_MODEL, type EncoderDtype } from '../../models/model-catalogue.js';
import { toModelError } from '../../models/model-errors.js';
import { configureTransformers } from '../../models/transformers-env.js';
import { evictTransformersFiles, transformersFileCached } from './model-cache.js';
import type { ModelsState, RerankerChoice } from './model-settings.js';
import { MODELS_PATH } from './model-settings.js';
import { ortWasmPaths, ortWasmThreads } from './ort-files.js';

/** Options of `loadReranker`. */
export interface RerankerLoadOptions extends EncoderRoomSetup {
  offlineOnly: boolean;
  navigator: NavigatorLike | undefined;
  onProgress?: ModelLoadListener;
}

/** A loaded reranker and its description. */
export interface LoadedReranker {
  reranker: CrossEncoderReranker;
  info: NonNullable<ModelsState['reranker']>;
}

const WASM: EncoderRuntime = { device: 'wasm', dtype: 'q8', label: 'WASM (CPU), q8' };

/** Loads the chosen reranker, or undefined for none; throws a `ModelError` when it cannot load. */
export async function loadReranker(
  choice: RerankerChoice,
  options: RerankerLoadOptions,
): Promise<LoadedReranker | undefined> {
  if (choice.kind === 'off') return undefined;
  const id = choice.kind === 'local' ? choice.id : RERANKER_MODEL.id;
  const label = choice.kind === 'local' ? `${id} (this app's models/ folder)` : RERANKER_MODEL.label;
  const dtypes: EncoderDtype[] =
    choice.kind === 'local' ? ['fp32', 'q8'] : (Object.keys(RERANKER_MODEL.downloadMB) as EncoderDtype[]);
  configureTransformers({
    localModelPath: MODELS_PATH,
    offlineOnly: options.offlineOnly,
    wasmPaths: ortWasmPaths(),
    wasmThreads: ortWasmThreads(),
  });
  const runtime = chooseEncoderRuntime(await checkGpu(options.navigator), dtypes);
  // A model in the app's own folder is not downloaded into the origin's storage.
  const downloadMB = choice.kind === 'local' ? 0 : RERANKER_MODEL.downloadMB[runtime.dtype];
  await ensureEncoderRoom({ isCached: transformersFileCached, ...options }, id, runtime.dtype, downloadMB);
  const make = (chosen: EncoderRuntime) =>
    new CrossEncoderReranker({
      model: id,
      runtime: chosen,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
  try {
    const reranker = make(runtime);
    try {
      await reranker.load();
      return { reranker, info: { id: reranker.id, label, runtime: runtime.label } };
    } catch (error) {
      const failure = toModelError(error);
      if (runtime.device !== 'webgpu' || failure.code === 'download-failed' || failure.code === 'offline-only')
        throw failure;
      const fallback = make(WASM);
      await fallback.load();
      return { reranker: fallback, info: { id: fallback.id, label, runtime: WASM.label } };
    }
  } catch (error) {
    await evictTransformersFiles(id);
    throw toModelError(error);
  }
}
