/**
 * The parse supervisor's policy, once for Node and the browser (docs/reliability.md IN-06, IN-10,
 * IN-22): files are parsed one at a time in a worker, each with a budget for the whole file and
 * one for progress (the worker reports its start and every PDF page; a file that shows no
 * progress for `progressTimeoutMs` is stopped). A parser that throws, hangs, spins, crashes or
 * answers out of shape gets its worker terminated, the file is marked failed with a code naming
 * it, and the next file gets a fresh worker. Sizes are checked before a byte is sent. `parse`
 * never rejects. Each platform starts its own workers (`SpawnParseWorker` in `ports.ts`).
 */
import { RagError, type ErrorCode } from '../errors.js';
import type { AbortSignalLike, ParseWorkerEvents, ParseWorkerPort, SpawnParseWorker } from '../ports.js';
import { checkFileSize, DEFAULT_SIZE_LIMITS, type SizeLimits } from './limits.js';
import type { ParseProgress } from './parse-document.js';
import { isStaleMessage, readParseMessage } from './parse-messages.js';
import { toParseFailure, type ParseResult } from './parse-safely.js';

/** What the supervisor needs of a platform's file: its name and the size of its bytes. */
export interface SupervisedInput {
  name: string;
  bytes: { readonly byteLength: number };
}

/** Settings of a supervisor; the platforms choose the budgets. */
export interface ParseWorkerSupervisorOptions<Input> {
  spawn: SpawnParseWorker<Input>;
  /** Budget of one file, in ms. */
  fileTimeoutMs: number;
  /** Longest wait for the next sign of progress after the start (each page), in ms. */
  progressTimeoutMs: number;
  /** Longest wait for the worker to say it started, in ms; when omitted only the file budget applies. */
  startTimeoutMs?: number;
  /** Size caps, checked here and sent with each request; default `DEFAULT_SIZE_LIMITS`. */
  limits?: SizeLimits;
}

/** Options of one supervised parse. */
export interface SupervisedParseOptions {
  signal?: AbortSignalLike;
  onProgress?: (progress: ParseProgress) => void;
}

/** A failure naming the file. */
function failure(name: string, code: ErrorCode, details: Record<string, string | number> = {}): ParseResult {
  return { ok: false, error: toParseFailure(new RagError(code, { ...details, file: name }), name) };
}

/** Parses files in a supervised worker; see the module comment. */
export class ParseWorkerSupervisor<Input extends SupervisedInput> {
  #worker: ParseWorkerPort<Input> | undefined;
  /** What the running parse does with its worker's events. */
  #job: ParseWorkerEvents | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  #nextId = 1;
  readonly #settings: ParseWorkerSupervisorOptions<Input> & { limits: SizeLimits };
  /** Workers started so far (a fresh one after each stopped parse). */
  spawned = 0;

  constructor(options: ParseWorkerSupervisorOptions<Input>) {
    this.#settings = { ...options, limits: options.limits ?? { ...DEFAULT_SIZE_LIMITS } };
  }

  /** Parses one file (after the ones queued before it). Never rejects. */
  parse(input: Input, options: SupervisedParseOptions = {}): Promise<ParseResult> {
    const run = this.#queue.then(() => this.#run(input, options));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** Stops the worker now. */
  dispose(): void {
    if (this.#worker) this.#discard(this.#worker);
  }

  /** Waits for queued files, then stops the worker. */
  async close(): Promise<void> {
    await this.#queue;
    const worker = this.#worker;
    this.#worker = undefined;
    await worker?.terminate();
  }

  #ensureWorker(): ParseWorkerPort<Input> {
    if (this.#worker) return this.#worker;
    // Filled once the spawn returns; an event before that, or after the worker is retired, is
    // not heard. A worker that fails while idle is retired, so that the next file gets a fresh
    // one instead of waiting out its budget on a dead worker.
    const slot: { worker?: ParseWorkerPort<Input> } = {};
    const isCurrent = () => slot.worker !== undefined && slot.worker === this.#worker;
    const worker = this.#settings.spawn({
      message: (data) => {
        if (isCurrent()) this.#job?.message(data);
      },
      failure: (error) => {
        if (!isCurrent()) return;
        if (this.#job) this.#job.failure(error);
        else this.#discard(slot.worker!);
      },
    });
    slot.worker = worker;
    this.#worker = worker;
    this.spawned += 1;
    return worker;
  }

  #discard(worker: ParseWorkerPort<Input>): void {
    if (this.#worker === worker) this.#worker = undefined;
    worker.terminate().catch(() => undefined);
  }

  #run(input: Input, options: SupervisedParseOptions): Promise<ParseResult> {
    try {
      checkFileSize(input.name, input.bytes.byteLength, this.#settings.limits);
    } catch (error) {
      return Promise.resolve({ ok: false, error: toParseFailure(error, input.name) });
    }
    if (options.signal?.aborted) return Promise.resolve(failure(input.name, 'ABORTED'));
    let worker: ParseWorkerPort<Input>;
    try {
      worker = this.#ensureWorker();
    } catch (error) {
      const detail = `the parse worker did not start (${String(error)})`;
      return Promise.resolve(failure(input.name, 'PARSE_FAILED', { detail }));
    }
    return new Promise((resolve) => this.#watch(worker, input, options, resolve));
  }

  /** Sends one request and settles it by the first of: its answer, a failure, a budget, an abort. */
  #watch(
    worker: ParseWorkerPort<Input>,
    input: Input,
    options: SupervisedParseOptions,
    resolve: (result: ParseResult) => void,
  ): void {
    const id = this.#nextId++;
    const { fileTimeoutMs, progressTimeoutMs, startTimeoutMs, limits } = this.#settings;
    const failed = (code: ErrorCode, details?: Record<string, string | number>) => failure(input.name, code, details);
    let stall: ReturnType<typeof setTimeout> | undefined;
    const finish = (result: ParseResult, keepWorker: boolean) => {
      clearTimeout(whole);
      clearTimeout(stall);
      this.#job = undefined;
      options.signal?.removeEventListener('abort', onAbort);
      if (!keepWorker) this.#discard(worker);
      else worker.idle?.();
      resolve(result);
    };
    const timedOut = (ms: number) => () => finish(failed('PARSE_TIMEOUT', { seconds: ms / 1000 }), false);
    const watch = (ms: number) => {
      clearTimeout(stall);
      stall = setTimeout(timedOut(ms), ms);
    };
    const whole = setTimeout(timedOut(fileTimeoutMs), fileTimeoutMs);
    const onAbort = () => finish(failed('ABORTED'), false);
    this.#job = {
      message: (raw) => {
        if (isStaleMessage(raw, id)) return;
        const message = readParseMessage(raw, id);
        if (!message) return finish(failed('PARSE_FAILED', { detail: 'the parser sent an invalid reply' }), false);
        if (message.type === 'result') return finish(message.result, true);
        watch(progressTimeoutMs);
        if (message.pages > 0) options.onProgress?.({ file: input.name, page: message.page, pages: message.pages });
      },
      failure: (error) => finish({ ok: false, error: toParseFailure(error, input.name) }, false),
    };
    options.signal?.addEventListener('abort', onAbort);
    if (startTimeoutMs !== undefined) watch(startTimeoutMs);
    try {
      worker.post({ type: 'parse', id, input, limits });
    } catch (error) {
      finish(
        failed('PARSE_FAILED', { detail: `the file could not be handed to the parser (${String(error)})` }),
        false,
      );
    }
  }
}
