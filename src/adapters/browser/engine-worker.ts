/**
 * The engine worker: parsing, embedding, indexing, storage and answering run here so that the
 * page stays responsive. Requests run one at a time, in order (the index is never changed by two
 * at once); a cancel message aborts the request it names at its next step.
 */
import { RagError } from '../../core/errors.js';
import { LibraryService } from './library-service.js';
import type { FileProgress, FromWorker, Request, Responses, ToWorker, WorkerError, WorkerEvent } from './protocol.js';
import { sampleFiles } from './sample-corpus.js';

interface WorkerScope {
  postMessage(message: FromWorker): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToWorker>) => void): void;
  addEventListener(type: 'unhandledrejection', listener: (event: PromiseRejectionEvent) => void): void;
}

const scope = self as unknown as WorkerScope;
const controllers = new Map<number, AbortController>();
let service: Promise<LibraryService> | undefined;
let queue: Promise<void> = Promise.resolve();

function library(): Promise<LibraryService> {
  service ??= LibraryService.open({
    onLost: (reason) => scope.postMessage({ kind: 'storage-lost', reason }),
  }).catch((error: unknown) => {
    service = undefined;
    throw error;
  });
  return service;
}

async function run(
  request: Request,
  signal: AbortSignal,
  emit: (event: WorkerEvent) => void,
): Promise<Responses[keyof Responses]> {
  const onProgress = (file: FileProgress) => emit({ type: 'file-progress', file });
  const service = await library();
  switch (request.type) {
    case 'open':
      return service.state();
    case 'ingest':
      return service.ingest(request.files, { signal, onProgress });
    case 'ingest-sample':
      return service.ingest(sampleFiles(), { signal, onProgress });
    case 'remove':
      return service.remove(request.documentId);
    case 'update-document':
      return service.updateDocument(request.documentId, request.access, request.supersedes);
    case 'clear':
      return service.clear();
    case 'ask':
      return service.ask(request.question, request.retrieval, {
        signal,
        onDelta: (text) => emit({ type: 'answer-delta', text }),
      });
    case 'document-text':
      return service.documentText(request.documentId, request.viewer);
    case 'storage-estimate':
      return service.estimate();
  }
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
  if (error instanceof Error) return { message: error.message.slice(0, 300) };
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
  queue = queue.then(() => handle(message.id, message.request, controller.signal));
});

scope.addEventListener('unhandledrejection', (event) => {
  scope.postMessage({ kind: 'crash', error: toWorkerError(event.reason) });
});
