/**
 * Runs parsers in a worker thread under a supervisor (docs/reliability.md IN-06, IN-10, IN-22): one
 * file at a time, each with a budget for the whole file and one for progress (a PDF reports
 * each page; a file that shows no progress for `progressTimeoutMs` is stopped). A parser that
 * throws, hangs, spins, runs out of memory or answers out of shape gets its thread terminated,
 * the file is marked failed with a code, and the next file gets a fresh thread.
 * `parse` never rejects.
 */
import type { Worker } from 'node:worker_threads';
import { RagError, type ErrorCode } from '../../core/errors.js';
import { checkFileSize, DEFAULT_SIZE_LIMITS, type SizeLimits } from '../../core/ingest/limits.js';
import type { ParseProgress } from '../../core/ingest/parse-document.js';
import { toParseFailure, type ParseResult } from '../../core/ingest/parse-safely.js';
import type { ParserInput } from '../../core/ports.js';
import type { NodeParserOptions } from './node-parsers.js';
import { readParseMessage, type ParseRequest } from './parse-protocol.js';
import { siblingModule, spawnParseWorker } from './spawn-parse-worker.js';

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

/** Options of one supervised parse. */
export interface SupervisedParseOptions {
  signal?: AbortSignal;
  onProgress?: (progress: ParseProgress) => void;
}

/** A well-addressed message for an earlier request (a parser posting after its answer): ignored. */
function isStale(raw: unknown, id: number): boolean {
  const candidate = raw as { id?: unknown } | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.id === 'number' && candidate.id < id;
}

/** Parses files in a supervised worker thread. */
export class ParseSupervisor {
  #worker: Worker | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  #nextId = 1;
  readonly #settings: Required<Omit<ParseSupervisorOptions, 'limits'>> & { limits: SizeLimits };

  constructor(options: ParseSupervisorOptions = {}) {
    this.#settings = {
      parsersModule: options.parsersModule ?? siblingModule('node-parsers'),
      parserOptions: options.parserOptions ?? {},
      fileTimeoutMs: options.fileTimeoutMs ?? 300_000,
      progressTimeoutMs: options.progressTimeoutMs ?? 30_000,
      maxMemoryMb: options.maxMemoryMb ?? 2048,
      limits: options.limits ?? { ...DEFAULT_SIZE_LIMITS },
    };
  }

  /** Parses one file; files are parsed one after another. Never rejects. */
  parse(input: ParserInput, options: SupervisedParseOptions = {}): Promise<ParseResult> {
    const run = this.#queue.then(() => this.#run(input, options));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** Waits for queued files, then stops the worker thread. */
  async close(): Promise<void> {
    await this.#queue;
    const worker = this.#worker;
    this.#worker = undefined;
    await worker?.terminate();
  }

  #ensureWorker(): Worker {
    if (this.#worker) return this.#worker;
    const worker = spawnParseWorker(this.#settings);
    // Errors and exits while idle only retire the thread; a running job listens for its own.
    worker.on('error', () => this.#discard(worker));
    worker.on('exit', () => this.#discard(worker));
    this.#worker = worker;
    return worker;
  }

  #discard(worker: Worker): void {
    if (this.#worker === worker) this.#worker = undefined;
    void worker.terminate().catch(() => undefined);
  }

  #run(input: ParserInput, options: SupervisedParseOptions): Promise<ParseResult> {
    const failed = (code: ErrorCode, details: Record<string, string | number> = {}): ParseResult => ({
      ok: false,
      error: toParseFailure(new RagError(code, { ...details, file: input.name }), input.name),
    });
    try {
      checkFileSize(input.name, input.bytes.length, this.#settings.limits);
    } catch (error) {
      return Promise.resolve({ ok: false, error: toParseFailure(error, input.name) });
    }
    if (options.signal?.aborted) return Promise.resolve(failed('ABORTED'));
    const worker = this.#ensureWorker();
    const id = this.#nextId++;
    const { fileTimeoutMs, progressTimeoutMs } = this.#settings;
    return new Promise<ParseResult>((resolve) => {
      let stall: NodeJS.Timeout | undefined;
      const finish = (result: ParseResult, keepWorker: boolean) => {
        clearTimeout(whole);
        clearTimeout(stall);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        options.signal?.removeEventListener('abort', onAbort);
        if (keepWorker) worker.unref();
        else this.#discard(worker);
        resolve(result);
      };
      const timedOut = (ms: number) => () => finish(failed('PARSE_TIMEOUT', { seconds: ms / 1000 }), false);
      const watch = () => {
        clearTimeout(stall);
        stall = setTimeout(timedOut(progressTimeoutMs), progressTimeoutMs);
      };
      const whole = setTimeout(timedOut(fileTimeoutMs), fileTimeoutMs);
      const onMessage = (raw: unknown) => {
        if (isStale(raw, id)) return;
        const message = readParseMessage(raw, id);
        if (!message) return finish(failed('PARSE_FAILED', { detail: 'the parser sent an invalid reply' }), false);
        if (message.type === 'result') return finish(message.result, true);
        watch();
        if (message.pages > 0) options.onProgress?.({ file: input.name, page: message.page, pages: message.pages });
      };
      const onError = (error: Error & { code?: string }) =>
        finish(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? failed('PARSE_OUT_OF_MEMORY')
            : { ok: false, error: toParseFailure(error, input.name) },
          false,
        );
      const onExit = (code: number) =>
        finish(failed('PARSE_FAILED', { detail: `the parser stopped unexpectedly (exit code ${code})` }), false);
      const onAbort = () => finish(failed('ABORTED'), false);
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      options.signal?.addEventListener('abort', onAbort);
      worker.ref();
      // The progress clock starts when the worker says it started (a fresh thread's start-up
      // is not a stalled parser); a worker that never starts is stopped by the file budget.
      const request: ParseRequest = {
        type: 'parse',
        id,
        input: { ...input, bytes: input.bytes.slice() },
        limits: this.#settings.limits,
      };
      worker.postMessage(request);
    });
  }
}
