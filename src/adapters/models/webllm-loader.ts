/**
 * Loading a WebLLM model into an engine with one progress bar (bytes and an estimate of the time
 * left), a stop, and eviction of a failed download: a load that fails (a missing file, a broken
 * library, the GPU lost) removes the model's cached files so nothing half-made stays. A load that
 * is stopped or interrupted by a reload keeps its complete shards, so the next load resumes
 * from the cache. Run the GPU pre-flight (`checkGpu`, `pickModelVariant`) before calling this.
 */
import { ModelError, toModelError } from './model-errors.js';
import type { MLCEngineLike, WebLlmAppConfig, WebLlmInitProgress } from './webllm-types.js';

/** One progress report of a WebLLM load. */
export interface LlmLoadProgress {
  phase: 'start' | 'download' | 'cache' | 'shaders' | 'ready';
  /** 0–100 within the phase. */
  percent: number;
  /** MB of weights fetched (or read from the cache) so far. */
  fetchedMB?: number;
  /** Estimated MB in all, from the fetched MB and the percentage. */
  totalMB?: number;
  /** Estimated seconds left in the phase. */
  etaSeconds?: number;
  /** WebLLM's own text. */
  text: string;
}

/** Reads a WebLLM `InitProgressReport` (docs/library-notes.md §3.1). */
export function parseInitProgress(report: WebLlmInitProgress): LlmLoadProgress {
  const percent = Math.round(Math.min(1, Math.max(0, report.progress)) * 100);
  const { text } = report;
  const phase: LlmLoadProgress['phase'] = text.startsWith('Fetching param cache')
    ? 'download'
    : text.startsWith('Loading model from cache')
      ? 'cache'
      : text.startsWith('Loading GPU shader')
        ? 'shaders'
        : text.startsWith('Finish loading')
          ? 'ready'
          : 'start';
  const progress: LlmLoadProgress = { phase, percent: phase === 'ready' ? 100 : percent, text };
  const fetched = /(\d+)MB (fetched|loaded)/.exec(text);
  if (fetched) {
    progress.fetchedMB = Number(fetched[1]);
    if (report.progress > 0) progress.totalMB = Math.round(progress.fetchedMB / report.progress);
  }
  if (phase === 'download' && report.progress > 0 && report.progress < 1) {
    progress.etaSeconds = Math.round((report.timeElapsed * (1 - report.progress)) / report.progress);
  }
  return progress;
}

/** Options of `loadWebLlmModel`. */
export interface LoadWebLlmOptions {
  modelId: string;
  appConfig: WebLlmAppConfig;
  onProgress?: (progress: LlmLoadProgress) => void;
  /** Stops the load (`engine.unload()`); complete shards stay cached for a later resume. */
  signal?: { aborted: boolean; addEventListener(type: 'abort', listener: () => void): void };
  /** Removes a model's cached files (`evictModel` with WebLLM's cache helpers). */
  evict: (modelId: string, appConfig: WebLlmAppConfig) => Promise<unknown>;
}

/** Loads a model; throws a `ModelError` (after evicting the failed download) when it cannot. */
export async function loadWebLlmModel(engine: MLCEngineLike, options: LoadWebLlmOptions): Promise<void> {
  if (options.signal?.aborted) throw new ModelError('aborted');
  let stopped = false;
  options.signal?.addEventListener('abort', () => {
    stopped = true;
    void engine.unload().catch(() => undefined);
  });
  engine.setAppConfig(options.appConfig);
  engine.setInitProgressCallback((report) => options.onProgress?.(parseInitProgress(report)));
  try {
    await engine.reload(options.modelId);
  } catch (thrown) {
    const error = stopped ? new ModelError('aborted') : toModelError(thrown);
    if (error.code !== 'aborted') await options.evict(options.modelId, options.appConfig).catch(() => undefined);
    throw error;
  }
  if (stopped) throw new ModelError('aborted');
}
