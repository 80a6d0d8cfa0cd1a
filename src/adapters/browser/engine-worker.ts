/**
 * The engine worker: parsing the sample, embedding, indexing, storage, models and answering run
 * here so that the page stays responsive. Requests run one at a time, in order (the index is
 * never changed by two at once), except those that never touch the index: loading an answer
 * model (a download of minutes must not hold questions up) and the model cache. A cancel
 * message aborts the request it names at its next step. Each request is answered by its handler
 * in `engine-handlers.ts`. Model code (transformers.js, WebLLM) is imported only when a model is
 * chosen.
 */
import { RagError } from '../../core/errors.js';
import { ModelError } from '../models/model-errors.js';
import { LibraryService } from './library-service.js';
import { ModelHost, type WorkerNavigator } from './models/model-host.js';
import type { ModelProgress, ModelSettings } from './models/model-settings.js';
import { engineHandlers, type HandlerContext } from './engine-handlers.js';
import type {
  FromWorker,
  Request,
  RequestHandlers,
  RequestOf,
  RequestType,
  Responses,
  RestoreProgress,
  StorageLossCause,
  ToWorker,
  WorkerError,
  WorkerEvent,
} from './protocol.js';
import { reportWorkerRequests } from './network-report.js';
import { installStorageFault } from './test-storage-fault.js';

interface WorkerScope {
  navigator?: WorkerNavigator;
  postMessage(message: FromWorker): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToWorker>) => void): void;
  addEventListener(type: 'unhandledrejection', listener: (event: PromiseRejectionEvent) => void): void;
}

type Emit = (event: WorkerEvent) => void;

const scope = self as unknown as WorkerScope;
reportWorkerRequests('engine worker');
installStorageFault((self as unknown as { name?: string }).name ?? '');
const controllers = new Map<number, AbortController>();
const host = new ModelHost(scope.navigator);
let service: Promise<LibraryService> | undefined;
let queue: Promise<void> = Promise.resolve();
/** The queued request running now (settled between requests). */
let current: Promise<void> = Promise.resolve();
/** The reopen after a storage loss; every request waits for it before it uses the library. */
let reopening: Promise<void> = Promise.resolve();

/** Requests that run beside the queue: they do not read or change the index. */
const BESIDE_THE_QUEUE: ReadonlySet<RequestType> = new Set(['load-answer-model', 'model-cache', 'remove-cached-model']);

/** The library, opened on first use with the embedder of `models` (the built-in one by default). */
function library(models?: ModelSettings, emit?: Emit): Promise<LibraryService> {
  service ??= open(models, emit).catch((error: unknown) => {
    service = undefined;
    throw error;
  });
  return service;
}

async function open(models: ModelSettings | undefined, emit: Emit | undefined): Promise<LibraryService> {
  const onModelProgress = emit ? { onModelProgress: progressOf(emit) } : {};
  const embedder = models ? await host.openingEmbedder(models, onModelProgress) : undefined;
  const opened = await LibraryService.open({
    onLost: lostStorage,
    onBlocked: (reason) => scope.postMessage({ kind: 'storage-lost', cause: 'blocked', reason }),
    ...(embedder ? { embedder } : {}),
    ...(emit ? { onRestoreProgress: (progress: RestoreProgress) => emit({ type: 'restore-progress', progress }) } : {}),
  });
  if (models && (models.reranker.kind !== 'off' || models.judge.kind !== 'off')) {
    await host.apply(opened, models, onModelProgress).catch((error: unknown) => {
      host.note(`A saved reranker or claim-checking model could not be loaded: ${toWorkerError(error).message}`);
    });
  }
  await host.checkGpu().catch(() => undefined);
  return opened;
}

/**
 * The storage connection was lost. Another tab's upgrade: this tab can only reload. Deleted or
 * closed by the browser (site data cleared, ST-12): the library is reopened as soon as the
 * request running now ends, ahead of those still queued (which wait for it, so none runs on the
 * closed connection), and the page gets its state (usually empty).
 */
function lostStorage(cause: StorageLossCause, reason: string): void {
  if (cause === 'upgraded') return scope.postMessage({ kind: 'storage-lost', cause, reason });
  reopening = Promise.all([reopening, current]).then(async () => {
    try {
      const opened = await library();
      const reopened = await opened.reopen();
      // Closed but not cleared (the records are still there): the library is back as it was.
      const message = reopened.storage.notice?.message ?? 'The library storage was reopened; nothing was lost.';
      scope.postMessage({
        kind: 'storage-lost',
        cause,
        reason: message,
        library: { ...reopened, models: host.state() },
      });
    } catch (error) {
      scope.postMessage({ kind: 'storage-lost', cause, reason: `${reason} ${toWorkerError(error).message}` });
    }
  });
}

function progressOf(emit: Emit): (progress: ModelProgress) => void {
  return (progress) => emit({ type: 'model-progress', progress });
}

/** Answers `request` through its handler, once the library is open (and reopened after a loss). */
async function run(request: Request, signal: AbortSignal, emit: Emit): Promise<Responses[RequestType]> {
  await reopening;
  const opened = await library(request.type === 'open' ? request.models : undefined, emit);
  return dispatch(request, { library: opened, host, navigator: scope.navigator, signal, emit });
}

/** Calls the handler of the request's type; a type the table lacks (a page of another version) fails in words. */
async function dispatch<K extends RequestType>(request: RequestOf<K>, context: HandlerContext): Promise<Responses[K]> {
  // `RequestOf<K>['type']` is `K`, which TypeScript cannot see through `Extract`.
  const type = request.type as K;
  if (!Object.hasOwn(engineHandlers, type)) throw new Error(`Unknown request "${type}".`);
  const handler: RequestHandlers<HandlerContext>[K] = engineHandlers[type];
  return handler(request, context);
}

async function handle(id: number, request: Request, signal: AbortSignal): Promise<void> {
  try {
    const value = await run(request, signal, (event) => scope.postMessage({ kind: 'event', id, event }));
    scope.postMessage({ kind: 'response', id, ok: true, value });
  } catch (error) {
    scope.postMessage({ kind: 'response', id, ok: false, error: toWorkerError(error) });
  } finally {
    controllers.delete(id);
  }
}

function toWorkerError(error: unknown): WorkerError {
  if (error instanceof RagError) return { message: error.message, code: error.code };
  // In words first; what the library said is kept apart, for those who want it.
  if (error instanceof ModelError) {
    return { message: error.advice, code: error.code, ...(error.detail ? { detail: error.detail.slice(0, 400) } : {}) };
  }
  if (error instanceof Error) return { message: error.message.slice(0, 400) };
  return { message: String(error).slice(0, 300) };
}

scope.addEventListener('message', (event) => {
  const message = event.data;
  if (message.kind === 'cancel') {
    controllers.get(message.id)?.abort();
    return;
  }
  const controller = new AbortController();
  controllers.set(message.id, controller);
  if (BESIDE_THE_QUEUE.has(message.request.type)) void handle(message.id, message.request, controller.signal);
  else queue = queue.then(() => (current = handle(message.id, message.request, controller.signal)));
});

scope.addEventListener('unhandledrejection', (event) => {
  scope.postMessage({ kind: 'crash', error: toWorkerError(event.reason) });
});
