/**
 * The library behind the page: the engine, its storage and every operation the page asks for.
 * It runs inside the engine worker (see `engine-worker.ts`) and in tests, where it is driven
 * directly on fake-indexeddb. Nothing here touches the DOM.
 */
import { HashingEmbedder } from '../../core/embed/hashing-embedder.js';
import { ExtractiveGenerator } from '../../core/generate/extractive-generator.js';
import { createSearchIndex } from '../../core/index/search-index.js';
import { removeDocument } from '../../core/index/update-index.js';
import { answerQuestion } from '../../core/pipeline/answer-question.js';
import { createEngine, type Engine } from '../../core/pipeline/engine.js';
import { saveIndex } from '../../core/pipeline/persist.js';
import type { AbortSignalLike, Embedder, Generator } from '../../core/ports.js';
import { readableLabels } from '../../core/retrieve/access.js';
import type { AccessLabel } from '../../core/types.js';
import { detectInjection, type InjectionSpan } from '../../core/verify/injection.js';
import { summarise } from './document-records.js';
import { ingestFiles, reindexDocument, type IngestFilesOptions } from './ingest-files.js';
import type { LibraryStore } from './library-store.js';
import { openLibraryStore, type OpenStoreOptions } from './open-library-store.js';
import { ProgressEmbedder } from './progress-embedder.js';
import { restoreLibrary } from './restore-library.js';
import type {
  AskOutcome,
  AskRetrieval,
  DocumentText,
  FileInput,
  IngestOutcome,
  LibraryState,
  StorageEstimate,
  StorageInfo,
} from './protocol.js';

/** How to build the service; defaults are the app's (hashing embedder, extractive answers, IndexedDB). */
export interface LibraryServiceOptions extends OpenStoreOptions {
  embedder?: Embedder;
  generator?: Generator;
}

/** Options of one question. */
export interface AskOptions {
  signal?: AbortSignalLike;
  onDelta?: (text: string) => void;
}

/** The library and its engine; see the module comment. */
export class LibraryService {
  private constructor(
    readonly engine: Engine,
    readonly embedder: ProgressEmbedder,
    private readonly store: LibraryStore,
    private readonly storage: StorageInfo,
  ) {}

  /** Opens storage and restores the library (without embedding when the records are current). */
  static async open(options: LibraryServiceOptions = {}): Promise<LibraryService> {
    const embedder = new ProgressEmbedder(options.embedder ?? new HashingEmbedder());
    const engine = createEngine({
      embedder,
      generator: options.generator ?? new ExtractiveGenerator(),
      clock: () => performance.now(),
    });
    const { store, reason } = await openLibraryStore(options);
    const started = performance.now();
    const restore = await restoreLibrary(engine, store);
    const storage: StorageInfo = { kind: store.kind, restore, restoreMs: performance.now() - started };
    if (reason) storage.reason = reason;
    return new LibraryService(engine, embedder, store, storage);
  }

  /** The library as the page shows it. */
  state(): LibraryState {
    return {
      documents: summarise(this.engine),
      storage: { ...this.storage },
      embeddedThisSession: this.embedder.embedded,
    };
  }

  /** Adds or replaces documents from files. */
  async ingest(files: FileInput[], options: IngestFilesOptions = {}): Promise<IngestOutcome> {
    const started = performance.now();
    const report = await ingestFiles(this.context(), files, options);
    return { report, library: this.state(), ms: performance.now() - started };
  }

  /** Removes a document from the index and the storage. */
  async remove(documentId: string): Promise<LibraryState> {
    await this.store.deleteDocument(documentId);
    await removeDocument(this.engine.index, documentId);
    await saveIndex(this.engine, this.store).catch(() => undefined);
    return this.state();
  }

  /** Changes a document's access label and what it supersedes; its vectors are reused. */
  async updateDocument(documentId: string, access: AccessLabel, supersedes: string[]): Promise<LibraryState> {
    const record = await this.store.readDocument(documentId);
    if (!record) throw new Error(`No document "${documentId}" in the library.`);
    const label = access.trim() || 'public';
    if (!/^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u.test(label)) {
      throw new Error(`"${label.slice(0, 40)}" is not an access label: use letters, digits, ".", "_" or "-".`);
    }
    const links = [...new Set(supersedes.map((item) => item.trim()).filter((item) => item && item !== documentId))];
    const report = await reindexDocument(this.context(), { ...record.source, access: label, supersedes: links });
    const failure = report.failed[0];
    if (failure) throw new Error(failure.message);
    return this.state();
  }

  /** Wipes the library: storage and index. */
  async clear(): Promise<LibraryState> {
    await this.store.clearAll();
    this.engine.index = createSearchIndex(this.engine.embedder.dimensions);
    return this.state();
  }

  /** Answers a question for a viewer. */
  async ask(question: string, retrieval: AskRetrieval, options: AskOptions = {}): Promise<AskOutcome> {
    const result = await answerQuestion(this.engine, question, {
      retrieval: { viewer: retrieval.viewer, mode: retrieval.mode, topK: retrieval.topK },
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onDelta ? { onDelta: options.onDelta } : {}),
    });
    const injections: Record<string, InjectionSpan[]> = {};
    for (const item of result.retrieved) {
      const spans = detectInjection(item.passage.text);
      if (spans.length > 0) injections[item.passage.cite] = spans;
    }
    return { result, injections };
  }

  /** A document's whole text, for reading a passage in context; undefined when the viewer may not read it. */
  async documentText(documentId: string, viewer: AccessLabel): Promise<DocumentText | undefined> {
    const record = await this.store.readDocument(documentId);
    if (!record || !readableLabels(viewer).includes(record.source.access)) return undefined;
    const { id, title, format, text, sections } = record.source;
    return { id, title, format, text, sections };
  }

  /** How much the library takes. */
  async estimate(): Promise<StorageEstimate> {
    return { libraryBytes: await this.store.estimateBytes() };
  }

  private context() {
    return { engine: this.engine, embedder: this.embedder, store: this.store };
  }
}
