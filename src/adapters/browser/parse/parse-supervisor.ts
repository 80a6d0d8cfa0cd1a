/**
 * The page's parse supervisor (docs/reliability.md IN-06, IN-10, IN-22; the policy is
 * `core/ingest/parse-worker-supervisor.ts`): files are parsed one at a time in a module worker,
 * each with a budget for the whole file and one for progress, counted from the request (a
 * module worker starts fast, so waiting for its start is a wait for progress like any other).
 * A worker that misbehaves is terminated and the next file gets a fresh one. `parse` never
 * rejects; the bytes are transferred.
 */
import { ParseWorkerSupervisor, type SupervisedParseOptions } from '../../../core/ingest/parse-worker-supervisor.js';
import type { SizeLimits } from '../../../core/ingest/limits.js';
import type { ParseInput } from './parse-protocol.js';
import { moduleWorkerPort, startParseWorker, type ParseModuleWorker } from './spawn-parse-worker.js';

export type { SupervisedParseOptions };

/** Settings of a supervisor. */
export interface ParseSupervisorOptions {
  /** Starts a parse worker; default the app's (`parse-worker.ts`). */
  spawn?: () => ParseModuleWorker;
  /** Budget of one file, in ms (default 120 000). */
  fileTimeoutMs?: number;
  /** Longest wait for the next sign of progress (start, each page), in ms (default 30 000). */
  progressTimeoutMs?: number;
  limits?: SizeLimits;
}

/** Parses files in a supervised module worker; see the module comment. */
export class ParseSupervisor extends ParseWorkerSupervisor<ParseInput> {
  constructor(options: ParseSupervisorOptions = {}) {
    const start = options.spawn ?? startParseWorker;
    const progressTimeoutMs = options.progressTimeoutMs ?? 30_000;
    super({
      spawn: (events) => moduleWorkerPort(start(), events),
      fileTimeoutMs: options.fileTimeoutMs ?? 120_000,
      progressTimeoutMs,
      startTimeoutMs: progressTimeoutMs,
      ...(options.limits ? { limits: options.limits } : {}),
    });
  }
}
