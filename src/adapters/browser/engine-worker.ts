/**
 * The engine worker: parsing the sample, embedding, indexing, storage, models and answering run
 * here so that the page stays responsive. Requests run one at a time, in order (the index is
 * never changed by two at once), except those that never touch the index: loading an answer
 * model (a download of minutes must not hold questions up) and the model cache. A cancel
 * message aborts the request it names at its next step. Model code (transformers.js, WebLLM) is
 * imported only when a model is chosen.
 */
import { RagError } from '../../core/errors.js';
import { ModelError } from '../models/model-errors.js';
import { LibraryService } from './library-service.js';
import { ModelHost, type WorkerNavigator } from './models/model-host.js';
import type { ModelProgress, ModelSettings } from './models/model-settings.js';
import type {
  FileProgress,
  FromWorker,
  LibraryState,
  Request,
  Responses,
  StorageLossCause,
  ToWorker,
  WorkerError,
  WorkerEvent,
} from './protocol.js';
import { reportWorkerRequests } from './network-report.js';
import { sampleFiles } from './sample-corpus.js';
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
const BESIDE_THE_QUEUE: ReadonlySet<Request['type']> = new Set([
  'load-answer-model',
  'model-cache',
  'remove-cached-model',
]);

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

function state(opened: LibraryService): LibraryState {
  return { ...opened.state(), models: host.state() };
}

async function run(request: Request, signal: AbortSignal, emit: Emit): Promise<Responses[keyof Responses]> {
  const onProgress = (file: FileProgress) => emit({ type: 'file-progress', file });
  await reopening;
  const opened = await library(request.type === 'open' ? request.models : undefined, emit);
  switch (request.type) {
    case 'open':
      return state(opened);
    case 'ingest':
      return withModels(await opened.ingest(request.files, { signal, onProgress }));
    case 'ingest-sample':
      return withModels(await opened.ingest(sampleFiles(), { signal, onProgress }));
    case 'ingest-documents':
      return withModels(await opened.ingestDocuments(request.files, { signal, onProgress }));
    case 'save-index':
      await opened.saveIndex();
      return state(opened);
    case 'remove':
      await opened.remove(request.documentId);
      return state(opened);
    case 'update-document':
      await opened.updateDocument(request.documentId, request.changes);
      return state(opened);
    case 'clear':
      await opened.clear();
      return state(opened);
    case 'ask':
      return ask(opened, request, signal, emit);
    case 'document-text':
      return opened.documentText(request.documentId, request.viewer);
    case 'storage-estimate':
      return opened.estimate();
    case 'export-pack':
      return opened.exportPack(request.viewer);
    case 'import-pack':
      return withModels(
        await opened.importPack(request.name, request.bytes, {
          signal,
          onProgress: (progress) => emit({ type: 'import-progress', progress }),
        }),
      );
    case 'save-receipt':
      return opened.saveReceipt();
    case 'open-receipt':
      return opened.openReceipt(request.name, request.text);
    default:
      return runModelRequest(opened, request, signal, emit);
  }
}

async function ask(
  opened: LibraryService,
  request: Extract<Request, { type: 'ask' }>,
  signal: AbortSignal,
  emit: Emit,
): Promise<Responses['ask']> {
  const outcome = await opened.ask(request.question, request.retrieval, {
    signal,
    onDelta: (text) => emit({ type: 'answer-delta', text }),
    onPromptProgress: (processed, total) => emit({ type: 'answer-reading', processed, total }),
  });
  await host.afterAnswer(opened);
  return { ...outcome, models: host.state() };
}

async function runModelRequest(
  opened: LibraryService,
  request: Request,
  signal: AbortSignal,
  emit: Emit,
): Promise<Responses[keyof Responses]> {
  const onModelProgress = progressOf(emit);
  switch (request.type) {
    case 'set-models':
      await host.apply(opened, request.models, {
        signal,
        onModelProgress,
        onReembedProgress: (progress) => emit({ type: 'reembed-progress', progress }),
      });
      return state(opened);
    case 'load-answer-model':
      await host.loadAnswerModel(opened, request.key, {
        signal,
        ...(request.file ? { file: request.file } : {}),
        onAnswerModelProgress: (progress) => emit({ type: 'answer-model-progress', progress }),
      });
      return state(opened);
    case 'unload-answer-model':
      await host.unloadAnswerModel(opened);
      return state(opened);
    case 'model-cache':
      return modelCache();
    case 'remove-cached-model': {
      const { removeCachedAnswerModel } = await import('./models/answer-model.js');
      const { freedBytes } = await removeCachedAnswerModel(request.modelId, scope.navigator?.storage);
      return { ...(await modelCache()), freedBytes };
    }
    case 'evaluate': {
      const { evaluate } = await import('./models/evaluation.js');
      return evaluate(opened.engine, request.evaluation, host.state(), {
        signal,
        onProgress: (done, total) => emit({ type: 'evaluate-progress', done, total }),
      });
    }
    default:
      throw new Error(`Unknown request "${request.type}".`);
  }
}

async function modelCache(): Promise<Responses['model-cache']> {
  const { listCachedAnswerModels } = await import('./models/answer-model.js');
  const estimate = await scope.navigator?.storage?.estimate().catch(() => undefined);
  return {
    cached: await listCachedAnswerModels(),
    ...(estimate?.usage !== undefined ? { usage: estimate.usage } : {}),
    ...(estimate?.quota !== undefined ? { quota: estimate.quota } : {}),
  };
}

function withModels<T extends { library: LibraryState }>(outcome: T): T {
  return { ...outcome, library: { ...outcome.library, models: host.state() } };
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
