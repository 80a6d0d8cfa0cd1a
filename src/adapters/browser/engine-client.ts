/**
 * The page's side of the worker protocol: one promise per request, events routed to the
 * request that raised them, cancellation through an `AbortSignal`.
 */
import type {
  FromWorker,
  LibraryState,
  Request,
  ResponseOf,
  StorageLossCause,
  ToWorker,
  WorkerError,
  WorkerEvent,
} from './protocol.js';
import { engineWorkerName } from './test-storage-fault.js';

/** A failed request; `code` is `ABORTED` when it was cancelled; `detail` is what a model library said. */
export class EngineRequestError extends Error {
  override readonly name = 'EngineRequestError';

  constructor(
    message: string,
    readonly code?: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

/** Options of one request. */
export interface RequestOptions {
  onEvent?: (event: WorkerEvent) => void;
  signal?: AbortSignal;
  /** Buffers to move to the worker instead of copying (file bytes). */
  transfer?: Transferable[];
}

/** A notice that arrives unasked: the storage was lost (with the library reopened after a clear), or the worker failed. */
export interface EngineNotice {
  kind: 'storage-lost' | 'crash';
  message: string;
  cause?: StorageLossCause | 'blocked';
  library?: LibraryState;
}

/** What the page needs from the engine: requests, and notices that arrive unasked. */
export interface EngineConnection {
  request<R extends Request>(request: R, options?: RequestOptions): Promise<ResponseOf<R>>;
  /** Called when the storage is lost or the worker fails outside a request. */
  onNotice: ((notice: EngineNotice) => void) | undefined;
}

/** The part of `Worker` the client uses. */
export interface WorkerPort {
  postMessage(message: ToWorker, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<FromWorker>) => void): void;
  addEventListener(type: 'error', listener: (event: ErrorEvent) => void): void;
  terminate(): void;
}

interface Pending {
  resolve: (value: never) => void;
  reject: (error: EngineRequestError) => void;
  onEvent?: (event: WorkerEvent) => void;
}

/** An `EngineConnection` over a worker. */
export class EngineClient implements EngineConnection {
  onNotice: EngineConnection['onNotice'];
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly worker: WorkerPort) {
    worker.addEventListener('message', (event) => this.receive(event.data));
    worker.addEventListener('error', (event) => {
      const message = event.message || 'The engine worker failed to start.';
      this.failAll({ message });
      this.onNotice?.({ kind: 'crash', message });
    });
  }

  request<R extends Request>(request: R, options: RequestOptions = {}): Promise<ResponseOf<R>> {
    const id = this.nextId++;
    return new Promise<ResponseOf<R>>((resolve, reject) => {
      if (options.signal?.aborted) return reject(new EngineRequestError('The operation was stopped.', 'ABORTED'));
      this.pending.set(id, {
        resolve: resolve as (value: never) => void,
        reject,
        ...(options.onEvent ? { onEvent: options.onEvent } : {}),
      });
      options.signal?.addEventListener('abort', () => this.worker.postMessage({ kind: 'cancel', id }), { once: true });
      this.worker.postMessage({ kind: 'request', id, request }, options.transfer ?? []);
    });
  }

  /** Stops the worker; pending requests fail. */
  dispose(): void {
    this.worker.terminate();
    this.failAll({ message: 'The engine was stopped.' });
  }

  private receive(message: FromWorker): void {
    if (message.kind === 'storage-lost') {
      const { cause, reason, library } = message;
      return this.onNotice?.({ kind: 'storage-lost', message: reason, cause, ...(library ? { library } : {}) });
    }
    if (message.kind === 'crash') return this.onNotice?.({ kind: 'crash', message: message.error.message });
    const pending = this.pending.get(message.id);
    if (!pending) return;
    if (message.kind === 'event') return pending.onEvent?.(message.event);
    this.pending.delete(message.id);
    if (message.ok) pending.resolve(message.value as never);
    else pending.reject(new EngineRequestError(message.error.message, message.error.code, message.error.detail));
  }

  private failAll(error: WorkerError): void {
    for (const pending of this.pending.values()) pending.reject(new EngineRequestError(error.message, error.code));
    this.pending.clear();
  }
}

/** Starts the engine worker and connects to it. */
export function connectEngine(): EngineClient {
  const worker = new Worker(new URL('./engine-worker.ts', import.meta.url), {
    type: 'module',
    name: engineWorkerName(),
  });
  return new EngineClient(worker);
}
