/**
 * Download progress of a transformers.js model, in bytes, for one progress bar: the library's
 * `progress_total` events already add up every file of a load (docs/library-notes.md §2.3).
 */
import type { ProgressInfo } from './transformers-library.js';

/** One progress report of a model load. */
export interface ModelLoadProgress {
  /** The model being loaded. */
  model: string;
  /** `download` while files arrive (or are read from the cache), `ready` once the model can run. */
  status: 'download' | 'ready';
  loaded: number;
  total: number;
  /** 0–100. */
  percent: number;
}

/** Called with each progress report. */
export type ModelLoadListener = (progress: ModelLoadProgress) => void;

/** Turns transformers.js progress events into `ModelLoadProgress` reports. */
export function progressCallback(model: string, listener: ModelLoadListener | undefined): (info: ProgressInfo) => void {
  let last: ModelLoadProgress = { model, status: 'download', loaded: 0, total: 0, percent: 0 };
  return (info) => {
    if (!listener) return;
    if (info.status === 'progress_total') {
      last = {
        model,
        status: 'download',
        loaded: info.loaded ?? 0,
        total: info.total ?? 0,
        percent: Math.min(100, info.progress ?? 0),
      };
      listener(last);
    } else if (info.status === 'ready') {
      listener({ ...last, status: 'ready', loaded: Math.max(last.loaded, last.total), percent: 100 });
    }
  };
}
