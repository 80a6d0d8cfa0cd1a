/**
 * Runs parsers in a worker thread under the core's parse supervisor (docs/reliability.md IN-06, IN-10,
 * IN-22; the policy is `core/ingest/parse-worker-supervisor.ts`): one file at a time, each with
 * a budget for the whole file and one for progress, and a fresh thread after a parser that
 * throws, hangs, spins, runs out of memory or answers out of shape. `parse` never rejects.
 */
import { ParseWorkerSupervisor, type SupervisedParseOptions } from '../../core/ingest/parse-worker-supervisor.js';
import type { SizeLimits } from '../../core/ingest/limits.js';
import type { ParserInput } from '../../core/ports.js';
import type { NodeParserOptions } from './node-parsers.js';
import { siblingModule, spawnParseWorker, type ParseWorkerSettings } from './spawn-parse-worker.js';

export type { SupervisedParseOptions };

/** Settings of a supervisor. */
export interface ParseSupervisorOptions {
  /** Module exporting `createParsers(options)`; default the Node parsers (`node-parsers`). */
  parsersModule?: string;
  parserOptions?: NodeParserOptions;
  /** Budget of one file, in ms (default 300 000). */
  fileTimeoutMs?: number;
  /** Longest wait for the next sign of progress (start, each page), in ms (default 30 000). */
  progressTimeoutMs?: number;
  /** Heap cap of the worker thread, in MB (default 2048). */
  maxMemoryMb?: number;
  limits?: SizeLimits;
}

/** Parses files in a supervised worker thread; `close()` when done. */
export class ParseSupervisor extends ParseWorkerSupervisor<ParserInput> {
  constructor(options: ParseSupervisorOptions = {}) {
    const settings: ParseWorkerSettings = {
      parsersModule: options.parsersModule ?? siblingModule('node-parsers'),
      parserOptions: options.parserOptions ?? {},
      maxMemoryMb: options.maxMemoryMb ?? 2048,
    };
    super({
      spawn: (events) => spawnParseWorker(settings, events),
      fileTimeoutMs: options.fileTimeoutMs ?? 300_000,
      progressTimeoutMs: options.progressTimeoutMs ?? 30_000,
      // No start clock: the progress clock starts when the worker says it started (a fresh
      // thread's start-up is not a stalled parser); one that never starts meets the file budget.
      ...(options.limits ? { limits: options.limits } : {}),
    });
  }
}
