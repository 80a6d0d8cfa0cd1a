/**
 * Loading a CPU answer model in the engine worker: a GGUF file run by wllama (llama.cpp compiled
 * to WebAssembly, inference in wllama's own worker, multi-threaded because the page is
 * cross-origin isolated). No GPU is needed. The file comes from, in this order: a file the
 * person chose on this computer; the app's own `models/` folder; the copy kept in this site's
 * storage (`cpu-model-store.ts`, not wllama's own cache); the model hub (unless Offline only is
 * on). wllama's compatibility build comes from a CDN, so it is switched off: a browser without
 * WebAssembly JSPI and 64-bit memory is told so before anything is downloaded. The answers go
 * through `CompletionGenerator`, the path the evaluation measured with node-llama-cpp.
 */
import wasmUrl from '@wllama/wllama/esm/wasm/wllama.wasm?url';
import { CompletionGenerator } from '../../models/completion-generator.js';
import { CPU_LLM_MODELS, cpuModelUrl, findCpuLlmModel, type CpuLlmModel } from '../../models/model-catalogue.js';
import { ModelError, toModelError } from '../../models/model-errors.js';
import type { LlmLoadProgress } from '../../models/webllm-loader.js';
import { cpuRuntimeShortfall } from '../../models/cpu-runtime-check.js';
import { startLimitMs, startWithRetries } from '../../models/stall-retry.js';
import { wllamaRuntime, type WllamaChat } from '../../models/wllama-runtime.js';
import {
  fetchCpuModel,
  keepsCpuModel,
  listStoredCpuModels,
  removeStoredCpuModel,
  storedCpuModel,
} from './cpu-model-store.js';
import type { AnswerModelInfo, CachedModel } from './model-settings.js';
import { MODELS_PATH } from './model-settings.js';

/** Tokens kept for a CPU model's answer: the evaluation's 384 (a CPU writes 5–20 tokens a second). */
export const CPU_ANSWER_TOKENS = 384;
/** The context a CPU model is loaded with. */
const CONTEXT_TOKENS = 4096;

/** What a CPU load needs. */
export interface CpuModelSetup {
  /** `cpu:<catalogue key>`, `cpu-path:<path under models/>`, or `cpu-file:<name>` with `file`. */
  key: string;
  file?: Blob;
  offlineOnly: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: LlmLoadProgress) => void;
}

/** A loaded CPU answer model. */
export interface LoadedCpuModel {
  generator: CompletionGenerator;
  info: Extract<AnswerModelInfo, { kind: 'cpu' }>;
  /** The measured speed of the last answer. */
  speed(): Extract<AnswerModelInfo, { kind: 'cpu' }>['speed'];
  dispose(): Promise<void>;
}

/** The wllama module, loaded on first use (272 KB, and its 10 MB wasm only when a model loads). */
type WllamaModule = typeof import('@wllama/wllama');

function threads(): number {
  const cores = globalThis.navigator?.hardwareConcurrency ?? 1;
  return globalThis.crossOriginIsolated ? Math.max(1, Math.min(8, cores)) : 1;
}

function absolute(path: string): string {
  return new URL(path, globalThis.location.href).href;
}

/** What the key names: a catalogue model, a path under `models/`, or a chosen file. */
type Target =
  | { kind: 'catalogue'; model: CpuLlmModel }
  | { kind: 'path'; path: string }
  | { kind: 'file'; name: string; file: Blob };

function targetOf(setup: CpuModelSetup): Target {
  if (setup.key.startsWith('cpu-file:')) {
    if (!setup.file) throw new ModelError('model-not-found', 'no file was given');
    return { kind: 'file', name: setup.key.slice('cpu-file:'.length), file: setup.file };
  }
  if (setup.key.startsWith('cpu-path:')) {
    const path = setup.key.slice('cpu-path:'.length).replace(/^\/+/, '');
    if (!/\.gguf$/i.test(path) || path.split('/').includes('..')) {
      throw new ModelError('model-not-found', `${path}: give the path of a .gguf file under the app's models/ folder`);
    }
    return { kind: 'path', path };
  }
  const model = findCpuLlmModel(setup.key.slice('cpu:'.length));
  if (!model) throw new ModelError('model-not-found', setup.key);
  return { kind: 'catalogue', model };
}

async function exists(url: string, signal: AbortSignal | undefined): Promise<boolean> {
  try {
    const response = await fetch(url, { method: 'HEAD', ...(signal ? { signal } : {}) });
    return response.ok;
  } catch {
    return false;
  }
}

function downloadProgress(loaded: number, total: number, started: number): LlmLoadProgress {
  const fraction = total > 0 ? Math.min(1, loaded / total) : 0;
  const seconds = (performance.now() - started) / 1000;
  const progress: LlmLoadProgress = {
    phase: 'download',
    percent: Math.round(fraction * 100),
    fetchedMB: Math.round(loaded / 1e6),
    text: 'Downloading the model file',
  };
  if (total > 0) progress.totalMB = Math.round(total / 1e6);
  if (fraction > 0.02 && fraction < 1) progress.etaSeconds = Math.round((seconds * (1 - fraction)) / fraction);
  return progress;
}

/** Loads a CPU answer model; throws a `ModelError` (or says why this browser cannot) before downloading anything it cannot use. */
export async function loadCpuAnswerModel(setup: CpuModelSetup): Promise<LoadedCpuModel> {
  const shortfall = cpuRuntimeShortfall();
  if (shortfall) throw new ModelError('failed', shortfall);
  const target = targetOf(setup);
  const wllamaModule: WllamaModule = await import('@wllama/wllama');
  const newRuntime = () => {
    const created = new wllamaModule.Wllama(
      { default: absolute(wasmUrl) },
      { suppressNativeLog: true, logger: quietLogger() },
    );
    // The compatibility build would be fetched from a CDN: never.
    created.setCompat(null);
    return created;
  };
  // The runtime of the try under way (`start`), ended by Stop.
  let wllama = newRuntime();
  const nThreads = threads();
  // Batches of 256 tokens: the prompt's reading is reported (and a stop heard) every few seconds.
  const params = {
    n_ctx: CONTEXT_TOKENS,
    n_batch: 256,
    n_ubatch: 256,
    n_threads: nThreads,
    n_parallel: 1,
    n_gpu_layers: 0,
  };
  const notify = (progress: LlmLoadProgress) => setup.onProgress?.(progress);
  // A start that stalls is tried again in a new runtime (stall-retry.ts).
  const start = async (file: Blob) => {
    await startWithRetries(
      (attempt) => {
        if (setup.signal?.aborted) throw new ModelError('aborted');
        if (attempt > 1) wllama = newRuntime();
        const current = wllama;
        return { started: current.loadModel([file], params), stop: () => current.exit() };
      },
      startLimitMs(file.size),
      (attempt) => notify({ phase: 'start', percent: 0, text: `Starting the model again (try ${attempt} stalled)` }),
    );
  };
  let source: Extract<AnswerModelInfo, { kind: 'cpu' }>['source'];
  const stop = () => void wllama.exit().catch(() => undefined);
  setup.signal?.addEventListener('abort', stop);
  try {
    notify({ phase: 'start', percent: 0, text: 'Starting the CPU runtime' });
    if (target.kind === 'file') {
      source = 'file';
      notify({ phase: 'cache', percent: 0, text: `Reading ${target.name}` });
      await start(target.file);
    } else {
      const selfHosted = absolute(
        target.kind === 'path'
          ? `${MODELS_PATH}${target.path}`
          : cpuModelUrl(target.model, { kind: 'self-hosted', modelsUrl: absolute(MODELS_PATH) }),
      );
      const hub = target.kind === 'catalogue' ? cpuModelUrl(target.model, { kind: 'hub' }) : undefined;
      const started = performance.now();
      const download = async (url: string) => {
        const file = await fetchCpuModel(url, {
          ...(setup.signal ? { signal: setup.signal } : {}),
          onProgress: (loaded, total) => notify(downloadProgress(loaded, total, started)),
        });
        notify({ phase: 'start', percent: 0, fetchedMB: Math.round(file.size / 1e6), text: 'Starting the model' });
        return file;
      };
      // Offline, the app's folder does not answer: the copy kept in this site's storage does.
      const keptAt = async (url: string | undefined) => (url && (await keepsCpuModel(url)) ? url : undefined);
      const kept = (await keptAt(selfHosted)) ?? (await keptAt(hub));
      const readKept = async (url: string) => {
        notify({ phase: 'cache', percent: 0, text: 'Reading the model from this site’s storage' });
        const file = await storedCpuModel(url);
        if (!file) throw new ModelError('download-failed', `${url}: no longer in this site’s storage`);
        return file;
      };
      if (await exists(selfHosted, setup.signal)) {
        source = 'self-hosted';
        await start(kept === selfHosted ? await readKept(kept) : await download(selfHosted));
      } else if (kept) {
        source = 'cache';
        await start(await readKept(kept));
      } else if (!hub) {
        throw new ModelError(
          'download-failed',
          `${MODELS_PATH}${target.kind === 'path' ? target.path : ''}: no such file`,
        );
      } else if (setup.offlineOnly) {
        throw new ModelError('offline-only');
      } else {
        source = 'hub';
        await start(await download(hub));
      }
    }
    if (setup.signal?.aborted) throw new ModelError('aborted');
  } catch (error) {
    stop();
    throw setup.signal?.aborted ? new ModelError('aborted') : toModelError(error);
  } finally {
    setup.signal?.removeEventListener('abort', stop);
  }
  notify({ phase: 'ready', percent: 100, text: 'Ready' });
  const file =
    target.kind === 'catalogue'
      ? target.model.file
      : target.kind === 'file'
        ? target.name
        : target.path.split('/').pop();
  const modelId = (file || 'model').replace(/\.gguf$/i, '');
  const label = target.kind === 'catalogue' ? `${target.model.label} (CPU)` : `${file || 'GGUF'} (CPU)`;
  const contextSize = Math.min(CONTEXT_TOKENS, wllama.getModelMetadata().hparams.nCtxTrain || CONTEXT_TOKENS);
  const runtime = wllamaRuntime(wllama as unknown as WllamaChat, { modelId, contextSize });
  const actualThreads = wllama.getNumThreads();
  return {
    generator: new CompletionGenerator({ runtime, kind: 'wllama', maxTokens: CPU_ANSWER_TOKENS }),
    info: {
      kind: 'cpu',
      key: setup.key,
      modelId,
      label,
      contextWindowSize: contextSize,
      source,
      threads: actualThreads,
      notes:
        actualThreads > 1
          ? []
          : ['one CPU thread: the page is not cross-origin isolated, or the machine has one core.'],
    },
    speed: () => runtime.speed,
    dispose: () => wllama.exit().catch(() => undefined),
  };
}

function quietLogger() {
  const nothing = () => undefined;
  return { debug: nothing, log: nothing, warn: console.warn.bind(console), error: console.error.bind(console) };
}

/** The CPU models kept in this site's storage (`cpu-model-store.ts`). */
export async function listCachedCpuModels(): Promise<CachedModel[]> {
  const files = await listStoredCpuModels().catch(() => []);
  return files.map(({ url, bytes }) => {
    const model = CPU_LLM_MODELS.find((item) => url.endsWith(`/${item.file}`));
    const file = url.split('/').pop() ?? url;
    return {
      modelId: `cpu-cache:${url}`,
      label: model ? `${model.label} (CPU)` : `${file} (CPU)`,
      downloadMB: Math.round(bytes / 1e6),
    };
  });
}

/** Removes a CPU model from this site's storage. */
export async function removeCachedCpuModel(modelId: string): Promise<void> {
  await removeStoredCpuModel(modelId.slice('cpu-cache:'.length));
}
