/**
 * The page's parse supervisor (docs/reliability.md IN-06, IN-10, IN-22): files are parsed one at a
 * time in a module worker, each with a budget for the whole file and one for progress (the worker
 * reports its start and every PDF page; a file that shows no progress for `progressTimeoutMs`
 * is stopped). A parser that throws, hangs, spins, crashes or answers out of shape gets its
 * worker terminated, the file is marked failed with a code, and the next file gets a fresh
 * worker. Sizes are checked before a byte is sent. `parse` never rejects.
 */
import { RagError, type ErrorCode } from '../../../core/errors.js';
import { checkFileSize, DEFAULT_SIZE_LIMITS, type SizeLimits } from '../../../core/ingest/limits.js';
import type { ParseProgress } from '../../../core/ingest/parse-document.js';
import { toParseFailure, type ParseResult } from '../../../core/ingest/parse-safely.js';
import { isStaleMessage, readParseMessage, type ParseInput, type ParseRequest } from './parse-protocol.js';

/** The part of `Worker` the supervisor uses (tests pass fakes that throw, hang or send junk). */
export interface ParseWorkerPort {
  postMessage(message: ParseRequest, transfer?: Transferable[]): void;
  addEventListener(type: 'message' | 'messageerror' | 'error', listener: (event: Event) => void): void;
  removeEventListener(type: 'message' | 'messageerror' | 'error', listener: (event: Event) => void): void;
  terminate(): void;
}

/** Settings of a supervisor. */
export interface ParseSupervisorOptions {
  /** Starts a parse worker; default the app's (`parse-worker.ts`). */
  spawn?: () => ParseWorkerPort;
  /** Budget of one file, in ms (default 120 000). */
  fileTimeoutMs?: number;
  /** Longest wait for the next sign of progress (start, each page), in ms (default 30 000). */
  progressTimeoutMs?: number;
  limits?: SizeLimits;
}

/** Options of one supervised parse. */
export interface SupervisedParseOptions {
  signal?: AbortSignal;
  onProgress?: (progress: ParseProgress) => void;
}

/** Starts the app's parse worker. */
export function spawnParseWorker(): ParseWorkerPort {
  return new Worker(new URL('./parse-worker.ts', import.meta.url), {
    type: 'module',
    name: 'footnote-parse',
  }) as unknown as ParseWorkerPort;
}

/** Parses files in a supervised worker; see the module comment. */
export class ParseSupervisor {
  #worker: ParseWorkerPort | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  #nextId = 1;
  readonly #spawn: () => ParseWorkerPort;
  readonly #fileTimeoutMs: number;
  readonly #progressTimeoutMs: number;
  readonly #limits: SizeLimits;
  /** Workers started so far (a fresh one after each stopped parse). */
  spawned = 0;

  constructor(options: ParseSupervisorOptions = {}) {
    this.#spawn = options.spawn ?? spawnParseWorker;
    this.#fileTimeoutMs = options.fileTimeoutMs ?? 120_000;
    this.#progressTimeoutMs = options.progressTimeoutMs ?? 30_000;
    this.#limits = options.limits ?? { ...DEFAULT_SIZE_LIMITS };
  }

  /** Parses one file (after the ones queued before it). Never rejects. The bytes are transferred. */
  parse(input: ParseInput, options: SupervisedParseOptions = {}): Promise<ParseResult> {
    const run = this.#queue.then(() => this.#run(input, options));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** Stops the worker (a parse running now fails as stopped). */
  dispose(): void {
    this.#worker?.terminate();
    this.#worker = undefined;
  }

  #ensureWorker(): ParseWorkerPort {
    if (!this.#worker) {
      this.#worker = this.#spawn();
      this.spawned += 1;
    }
    return this.#worker;
  }

  #discard(worker: ParseWorkerPort): void {
    if (this.#worker === worker) this.#worker = undefined;
    try {
      worker.terminate();
    } catch {
      // Already gone.
    }
  }

  #run(input: ParseInput, options: SupervisedParseOptions): Promise<ParseResult> {
    const failed = (code: ErrorCode, details: Record<string, string | number> = {}): ParseResult => ({
      ok: false,
      error: toParseFailure(new RagError(code, { ...details, file: input.name }), input.name),
    });
    try {
      checkFileSize(input.name, input.bytes.byteLength, this.#limits);
    } catch (error) {
      return Promise.resolve({ ok: false, error: toParseFailure(error, input.name) });
    }
    if (options.signal?.aborted) return Promise.resolve(failed('ABORTED'));
    let worker: ParseWorkerPort;
    try {
      worker = this.#ensureWorker();
    } catch (error) {
      return Promise.resolve(failed('PARSE_FAILED', { detail: `the parse worker did not start (${String(error)})` }));
    }
    return this.#watch(worker, input, options, failed);
  }

  #watch(
    worker: ParseWorkerPort,
    input: ParseInput,
    options: SupervisedParseOptions,
    failed: (code: ErrorCode, details?: Record<string, string | number>) => ParseResult,
  ): Promise<ParseResult> {
    const id = this.#nextId++;
    return new Promise<ParseResult>((resolve) => {
      let stall: ReturnType<typeof setTimeout> | undefined;
      const finish = (result: ParseResult, keepWorker: boolean) => {
        clearTimeout(whole);
        clearTimeout(stall);
        worker.removeEventListener('message', onMessage);
        worker.removeEventListener('messageerror', onJunk);
        worker.removeEventListener('error', onError);
        options.signal?.removeEventListener('abort', onAbort);
        if (!keepWorker) this.#discard(worker);
        resolve(result);
      };
      const timedOut = (ms: number) => () => finish(failed('PARSE_TIMEOUT', { seconds: ms / 1000 }), false);
      const watch = () => {
        clearTimeout(stall);
        stall = setTimeout(timedOut(this.#progressTimeoutMs), this.#progressTimeoutMs);
      };
      const whole = setTimeout(timedOut(this.#fileTimeoutMs), this.#fileTimeoutMs);
      const onMessage = (event: Event) => {
        const raw = (event as MessageEvent<unknown>).data;
        if (isStaleMessage(raw, id)) return;
        const message = readParseMessage(raw, id);
        if (!message) return finish(failed('PARSE_FAILED', { detail: 'the parser sent an invalid reply' }), false);
        if (message.type === 'result') return finish(message.result, true);
        watch();
        if (message.pages > 0) options.onProgress?.({ file: input.name, page: message.page, pages: message.pages });
      };
      const onJunk = () => finish(failed('PARSE_FAILED', { detail: 'the parser sent an unreadable reply' }), false);
      const onError = (event: Event) => {
        event.preventDefault?.();
        const message = (event as ErrorEvent).message;
        const error = new Error(message || 'the parser stopped unexpectedly');
        finish({ ok: false, error: toParseFailure(error, input.name) }, false);
      };
      const onAbort = () => finish(failed('ABORTED'), false);
      worker.addEventListener('message', onMessage);
      worker.addEventListener('messageerror', onJunk);
      worker.addEventListener('error', onError);
      options.signal?.addEventListener('abort', onAbort);
      watch();
      const request: ParseRequest = { type: 'parse', id, input, limits: this.#limits };
      try {
        worker.postMessage(request, [input.bytes]);
      } catch (error) {
        finish(
          failed('PARSE_FAILED', { detail: `the file could not be handed to the parser (${String(error)})` }),
          false,
        );
      }
    });
  }
}
