/**
 * What the engine worker does for each request: one handler per request type, in a table typed
 * by `RequestHandlers`, so that each handler must answer its own type's response. The worker
 * (`engine-worker.ts`) opens the library, queues the requests and dispatches through this table.
 * Model code (transformers.js, WebLLM) is imported only when a request needs it.
 */
import type { IngestFilesOptions } from './ingest-files.js';
import type { LibraryService } from './library-service.js';
import type { ModelHost, WorkerNavigator } from './models/model-host.js';
import type { LibraryState, ModelCache, RequestHandlers, WorkerEvent } from './protocol.js';
import { sampleFiles } from './sample-corpus.js';

/** What every handler is given besides its request. */
export interface HandlerContext {
  /** The library, open. */
  library: LibraryService;
  /** The models in use, and their loading. */
  host: ModelHost;
  /** The worker's navigator: its storage estimate and the GPU. */
  navigator: WorkerNavigator;
  /** Aborted when the page cancels the request. */
  signal: AbortSignal;
  /** Sends an event of this request to the page. */
  emit: (event: WorkerEvent) => void;
}

/** See the module comment. */
export const engineHandlers: RequestHandlers<HandlerContext> = {
  open: async (_request, context) => state(context),
  ingest: async (request, context) =>
    withModels(context, await context.library.ingest(request.files, ingestOptions(context))),
  'ingest-sample': async (_request, context) =>
    withModels(context, await context.library.ingest(sampleFiles(), ingestOptions(context))),
  'ingest-documents': async (request, context) =>
    withModels(context, await context.library.ingestDocuments(request.files, ingestOptions(context))),
  'save-index': async (_request, context) => {
    await context.library.saveIndex();
    return state(context);
  },
  remove: async (request, context) => {
    await context.library.remove(request.documentId);
    return state(context);
  },
  'update-document': async (request, context) => {
    await context.library.updateDocument(request.documentId, request.changes);
    return state(context);
  },
  clear: async (_request, context) => {
    await context.library.clear();
    return state(context);
  },
  ask: async (request, { library, host, signal, emit }) => {
    const outcome = await library.ask(request.question, request.retrieval, {
      signal,
      onDelta: (text) => emit({ type: 'answer-delta', text }),
      onPromptProgress: (processed, total) => emit({ type: 'answer-reading', processed, total }),
    });
    await host.afterAnswer(library);
    return { ...outcome, models: host.state() };
  },
  'document-text': async (request, { library }) => library.documentText(request.documentId, request.viewer),
  'storage-estimate': async (_request, { library }) => library.estimate(),
  'export-pack': async (request, { library }) => library.exportPack(request.viewer),
  'import-pack': async (request, context) => {
    const { library, signal, emit } = context;
    const imported = await library.importPack(request.name, request.bytes, {
      signal,
      onProgress: (progress) => emit({ type: 'import-progress', progress }),
    });
    return withModels(context, imported);
  },
  'save-receipt': async (_request, { library }) => library.saveReceipt(),
  'open-receipt': async (request, { library }) => library.openReceipt(request.name, request.text),
  'set-models': async (request, context) => {
    const { library, host, signal, emit } = context;
    await host.apply(library, request.models, {
      signal,
      onModelProgress: (progress) => emit({ type: 'model-progress', progress }),
      onReembedProgress: (progress) => emit({ type: 'reembed-progress', progress }),
    });
    return state(context);
  },
  'load-answer-model': async (request, context) => {
    const { library, host, signal, emit } = context;
    await host.loadAnswerModel(library, request.key, {
      signal,
      ...(request.file ? { file: request.file } : {}),
      onAnswerModelProgress: (progress) => emit({ type: 'answer-model-progress', progress }),
    });
    return state(context);
  },
  'unload-answer-model': async (_request, context) => {
    await context.host.unloadAnswerModel(context.library);
    return state(context);
  },
  'model-cache': async (_request, { navigator }) => modelCache(navigator),
  'remove-cached-model': async (request, { navigator }) => {
    const { removeCachedAnswerModel } = await import('./models/answer-model.js');
    const { freedBytes } = await removeCachedAnswerModel(request.modelId, navigator?.storage);
    return { ...(await modelCache(navigator)), freedBytes };
  },
  evaluate: async (request, { library, host, signal, emit }) => {
    const { evaluate } = await import('./models/evaluation.js');
    return evaluate(library.engine, request.evaluation, host.state(), {
      signal,
      onProgress: (done, total) => emit({ type: 'evaluate-progress', done, total }),
    });
  },
};

/** The library with the models in use, as the page shows it. */
function state({ library, host }: HandlerContext): LibraryState {
  return { ...library.state(), models: host.state() };
}

/** `outcome` with the models in use added to its library. */
function withModels<T extends { library: LibraryState }>({ host }: HandlerContext, outcome: T): T {
  return { ...outcome, library: { ...outcome.library, models: host.state() } };
}

/** An ingest's options: stopped by the request's signal, each file's progress sent to the page. */
function ingestOptions({ signal, emit }: HandlerContext): IngestFilesOptions {
  return { signal, onProgress: (file) => emit({ type: 'file-progress', file }) };
}

/** The answer models WebLLM has cached, with the origin's usage and quota where the browser tells. */
async function modelCache(navigator: WorkerNavigator): Promise<ModelCache> {
  const { listCachedAnswerModels } = await import('./models/answer-model.js');
  const estimate = await navigator?.storage?.estimate().catch(() => undefined);
  return {
    cached: await listCachedAnswerModels(),
    ...(estimate?.usage !== undefined ? { usage: estimate.usage } : {}),
    ...(estimate?.quota !== undefined ? { quota: estimate.quota } : {}),
  };
}
