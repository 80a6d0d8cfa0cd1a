/**
 * Bookkeeping of an ingest: the report it adds up, per-file progress throttled for the page,
 * and failure messages that name the file and stay short.
 */
import { RagError } from '../../core/errors.js';
import type { IngestReport } from '../../core/pipeline/ingest-documents.js';
import type { FileProgress } from './protocol.js';

/** Longest failure message shown; file content never ends up in one whole (docs/reliability.md OUT-16). */
const MAX_MESSAGE = 300;
/** Least time between two progress reports of one file. */
const PROGRESS_INTERVAL_MS = 100;

/** An ingest's report, with the files skipped on purpose (duplicates of documents in the library). */
export interface BatchReport extends IngestReport {
  skipped: { sourceName: string; message: string }[];
}

/** Where progress goes. */
export interface ProgressSink {
  onProgress?: (file: FileProgress) => void;
}

/** A report with nothing in it. */
export function emptyReport(): BatchReport {
  return { added: [], replaced: [], unchanged: [], failed: [], skipped: [], passages: 0, embedded: 0, reused: 0 };
}

/** Adds embedded passages to `progress` and reports it, at most every 100 ms (and at the end). */
export function reporter(progress: FileProgress, options: ProgressSink): (count: number) => void {
  const started = performance.now();
  let reported = started;
  return (count) => {
    progress.passagesDone = Math.min(progress.passagesTotal, progress.passagesDone + count);
    const now = performance.now();
    progress.passagesPerSecond = progress.passagesDone / Math.max((now - started) / 1000, 0.001);
    if (now - reported < PROGRESS_INTERVAL_MS && progress.passagesDone < progress.passagesTotal) return;
    reported = now;
    options.onProgress?.({ ...progress });
  };
}

/** Records a failure in the report and reports the file as failed. */
export function fail(report: IngestReport, progress: FileProgress, message: string, options: ProgressSink): void {
  const shown = message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE - 1)}…` : message;
  report.failed.push({ sourceName: progress.name, message: shown });
  options.onProgress?.({ ...progress, status: 'failed', message: shown });
}

/** Records a file skipped on purpose and reports it as skipped. */
export function skip(report: BatchReport, progress: FileProgress, message: string, options: ProgressSink): void {
  report.skipped.push({ sourceName: progress.name, message });
  options.onProgress?.({ ...progress, status: 'skipped', message });
}

/** Adds one document's report to the batch's. */
export function merge(report: IngestReport, part: IngestReport): void {
  report.added.push(...part.added);
  report.replaced.push(...part.replaced);
  report.unchanged.push(...part.unchanged);
  report.passages += part.passages;
  report.embedded += part.embedded;
  report.reused += part.reused;
}

/** A failure message that names the file. */
export function messageOf(error: unknown, name: string): string {
  if (error instanceof RagError) return error.message;
  const detail = error instanceof Error ? error.message : String(error);
  return `${name}: ${detail}`;
}
