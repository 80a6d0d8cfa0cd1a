/**
 * Setting up the embedder inside the embedding worker: check the GPU (no download), choose WebGPU
 * (fp16 only with `shader-f16`) or WASM, point transformers.js at the app's `models/` path (and
 * the hub unless offline-only) and its own ONNX Runtime files, check the origin has room for the
 * model (before any byte is fetched), and load. If the model cannot start on WebGPU, it is loaded
 * on WASM instead, with the reason kept for the UI.
 */
import { ensureEncoderRoom, type EncoderRoomSetup } from './encoder-room.js';
import { chooseEncoderRuntime, type EncoderRuntime } from './choose-runtime.js';
import { checkGpu, type GpuCapabilities, type NavigatorLike } from './gpu-preflight.js';
import type { ModelLoadListener } from './load-progress.js';
import {
  DEFAULT_EMBEDDING_MODEL_ID,
  findEmbeddingModel,
  type EmbeddingModel,
  type EncoderDtype,
} from './model-catalogue.js';
import { ModelError, toModelError } from './model-errors.js';
import { configureTransformers } from './transformers-env.js';
import { TransformersEmbedder, type TransformersEmbedderOptions } from './transformers-embedder.js';

/** What the worker knows when it sets up the embedder. */
export interface EmbedderSetup extends EncoderRoomSetup {
  /** A catalogue id; default bge-small-en-v1.5. */
  modelId?: string;
  /** `self.navigator` in the worker (undefined where there is none). */
  navigator: NavigatorLike | undefined;
  /** `import.meta.env.BASE_URL + 'models/'`: a path, not a URL. */
  localModelPath: string;
  offlineOnly: boolean;
  /** The ONNX Runtime files served by the app (`?url` imports of onnxruntime-web, made absolute). */
  wasmPaths?: { wasm: string; mjs: string };
  /** Threads for ONNX Runtime's WASM back end (ort-files.ts); ORT's default when absent. */
  wasmThreads?: number;
  onProgress?: ModelLoadListener;
  /** Texts per forward pass; default 16 on WASM, 32 on WebGPU. */
  maxBatchSize?: number;
  /** A model outside the catalogue (tests: the tiny fixture); overrides `modelId`. */
  model?: EmbeddingModel;
  /** The library; tests pass a wrapper. Default: transformers.js. */
  library?: TransformersEmbedderOptions['library'];
}

/** A loaded embedder and what the UI shows about it. */
export interface EmbedderReady {
  embedder: TransformersEmbedder;
  model: EmbeddingModel;
  gpu: GpuCapabilities;
  /** Device and dtype in use ("WebGPU, fp16", "WASM (CPU), q8"). */
  runtime: EncoderRuntime;
  /** Why WebGPU was given up for WASM, when it was. */
  fallbackReason?: string;
}

const WASM: EncoderRuntime = { device: 'wasm', dtype: 'q8', label: 'WASM (CPU), q8' };

/** Loads the embedder; see the module comment. Throws a `ModelError` when no device can load it. */
export async function createEmbedder(setup: EmbedderSetup): Promise<EmbedderReady> {
  const id = setup.modelId ?? DEFAULT_EMBEDDING_MODEL_ID;
  const model = setup.model ?? findEmbeddingModel(id);
  if (!model) throw new ModelError('model-not-found', id);
  configureTransformers({
    localModelPath: setup.localModelPath,
    offlineOnly: setup.offlineOnly,
    ...(setup.wasmPaths ? { wasmPaths: setup.wasmPaths } : {}),
    ...(setup.wasmThreads ? { wasmThreads: setup.wasmThreads } : {}),
  });
  const gpu = await checkGpu(setup.navigator);
  const make = (runtime: EncoderRuntime) =>
    new TransformersEmbedder({
      model,
      runtime,
      ...(setup.onProgress ? { onProgress: setup.onProgress } : {}),
      ...(setup.maxBatchSize ? { maxBatchSize: setup.maxBatchSize } : {}),
      ...(setup.library ? { library: setup.library } : {}),
    });
  const runtime = chooseEncoderRuntime(gpu, Object.keys(model.downloadMB) as EncoderDtype[]);
  await ensureEncoderRoom(setup, model.id, runtime.dtype, model.downloadMB[runtime.dtype]);
  const embedder = make(runtime);
  try {
    await embedder.load();
    return { embedder, model, gpu, runtime };
  } catch (error) {
    const failure = toModelError(error);
    // A missing file or a forbidden hub fails the same way on WASM: report it, do not retry.
    if (runtime.device !== 'webgpu' || failure.code === 'download-failed' || failure.code === 'offline-only') {
      throw failure;
    }
    const fallback = make(WASM);
    await fallback.load();
    return { embedder: fallback, model, gpu, runtime: WASM, fallbackReason: failure.detail || failure.message };
  }
}
