/**
 * The library behind the page: the engine, its storage and every operation the page asks for.
 * It runs inside the engine worker (see `engine-worker.ts`) and in tests, where it is driven
 * directly on fake-indexeddb. Nothing here touches the DOM. Models are handed in: another
 * embedder re-embeds the library (and only then replaces the engine), a reranker or a model
 * generator takes effect with the next question.
 */
import { HashingEmbedder } from '../../core/embed/hashing-embedder.js';
import { ExtractiveGenerator } from '../../core/generate/extractive-generator.js';
import { createSearchIndex } from '../../core/index/search-index.js';
import { removeDocument } from '../../core/index/update-index.js';
import { answerQuestion } from '../../core/pipeline/answer-question.js';
import { createEngine, engineBuster, type Engine } from '../../core/pipeline/engine.js';
import { saveIndex, sameBuster } from '../../core/pipeline/persist.js';
import type { AbortSignalLike, Embedder, EntailmentModel, Generator } from '../../core/ports.js';
import type { Reranker } from '../../core/retrieve/rerank.js';
import { nliJudge } from '../../core/verify/nli-judge.js';
import { readableLabels } from '../../core/retrieve/access.js';
import type { AccessLabel, SourceDocument } from '../../core/types.js';
import { detectInjection, type InjectionSpan } from '../../core/verify/injection.js';
import { makeReceipt } from '../../core/export/answer-receipt.js';
import { checkReceipt } from '../../core/export/check-receipt.js';
import { libraryHashOf } from '../../core/export/hashes.js';
import {
  exportLibraryPack,
  importLibraryPack,
  readLibraryPack,
  type ImportProgress,
} from '../../core/export/library-pack.js';
import { parseReceipt } from '../../core/export/parse-receipt.js';
import { receiptToMarkdown } from '../../core/export/receipt-markdown.js';
import type { AnswerResult } from '../../core/pipeline/answer-question.js';
import { loadRecord, recordFromIndex, recordIsCurrent, summarise } from './document-records.js';
import { ingestFiles, ingestParsedFiles, reindexDocument, type IngestFilesOptions } from './ingest-files.js';
import type { BatchReport } from './ingest-report.js';
import { factsOf, type DocumentFacts, type LibraryStore } from './library-store.js';
import { MemoryLibraryStore } from './memory-library-store.js';
import { openLibraryStore, type OpenStoreOptions } from './open-library-store.js';
import { ProgressEmbedder } from './progress-embedder.js';
import type { ReembedProgress } from './models/model-settings.js';
import { reembedLibrary, restoreLibrary } from './restore-library.js';
import { isQuotaError, STORAGE_FULL_MESSAGE } from './storage-errors.js';
import type {
  AskOutcome,
  AskRetrieval,
  DocumentText,
  ExportedPack,
  FileInput,
  DocumentChanges,
  OpenedReceipt,
  PackImport,
  SavedReceipt,
  IngestOutcome,
  LibraryState,
  ParsedFile,
  StorageEstimate,
  StorageInfo,
  StorageNotice,
} from './protocol.js';

/** Opens tried, and the wait between them, when the storage is reopened after it was lost. */
const REOPEN_ATTEMPTS = 8;
const REOPEN_DELAY_MS = 250;

/** What the page is told when the storage could not be reopened after it was lost. */
export const REOPEN_FAILED_MESSAGE =
  'Your library storage could not be reopened after it was lost. Reload the page to use your library; ' +
  'until then, what you add is kept in this tab only.';

/** How to build the service; defaults are the app's (hashing embedder, extractive answers, IndexedDB). */
export interface LibraryServiceOptions extends OpenStoreOptions {
  embedder?: Embedder;
  generator?: Generator;
}

/** Options of one question. */
export interface AskOptions {
  signal?: AbortSignalLike;
  onDelta?: (text: string) => void;
  onPromptProgress?: (processed: number, total: number) => void;
}

/** Options of `setEmbedder`. */
export interface ReembedOptions {
  signal?: AbortSignalLike;
  onProgress?: (progress: ReembedProgress) => void;
}

/** The library and its engine; see the module comment. */
export class LibraryService {
  /** Passages embedded by embedders used before the current one, this session. */
  private embeddedBefore = 0;
  /** Storage notices raised so far, to number them. */
  private notices = 0;
  /** The last answer and its settings, for its receipt. */
  private last: { result: AnswerResult; retrieval: AskRetrieval } | undefined;

  private constructor(
    private current: Engine,
    private progressEmbedder: ProgressEmbedder,
    private store: LibraryStore,
    private storage: StorageInfo,
    private facts: Map<string, DocumentFacts>,
    private readonly options: LibraryServiceOptions,
  ) {}

  /** The engine: its embedder, generator, reranker and index. */
  get engine(): Engine {
    return this.current;
  }

  /** The embedder, counting what it embeds. */
  get embedder(): ProgressEmbedder {
    return this.progressEmbedder;
  }

  /** Opens storage and restores the library (without embedding when the records are current). */
  static async open(options: LibraryServiceOptions = {}): Promise<LibraryService> {
    const embedder = new ProgressEmbedder(options.embedder ?? new HashingEmbedder());
    const engine = createEngine({
      embedder,
      generator: options.generator ?? new ExtractiveGenerator(),
      clock: () => performance.now(),
    });
    const { store, storage, facts } = await openStorage(engine, options);
    return new LibraryService(engine, embedder, store, storage, facts, options);
  }

  /**
   * Opens the storage again after the connection was lost under the app (site data cleared, the
   * database deleted, the browser closed it: ST-12) and restores what it holds, usually nothing.
   * The page is told the library was cleared; when the records are still there, they are back.
   */
  async reopen(): Promise<LibraryState> {
    this.store.close();
    this.engine.index = createSearchIndex(this.engine.embedder.dimensions);
    const opened = await this.openAgain().catch((error: unknown) => {
      // Never left on the closed connection: the session goes on in memory until a reload.
      this.engine.index = createSearchIndex(this.engine.embedder.dimensions);
      const detail = error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 160) : 'unknown error';
      return {
        store: new MemoryLibraryStore(),
        facts: new Map<string, DocumentFacts>(),
        storage: {
          kind: 'memory',
          restore: 'empty',
          restoreMs: 0,
          reason: `The library storage could not be reopened (${detail}).`,
          notice: this.numbered({ kind: 'unavailable', message: REOPEN_FAILED_MESSAGE }),
        } satisfies StorageInfo,
      };
    });
    const { store, storage, facts } = opened;
    this.store = store;
    this.facts = facts;
    this.storage = storage;
    if (storage.restore === 'empty' && !storage.notice) {
      this.storage.notice = this.numbered({
        kind: 'cleared',
        message: 'Your library was cleared: its storage was deleted while Footnote was open. Add your files again.',
      });
    }
    return this.state();
  }

  /** Opens the storage again; a browser clearing site data may refuse opens until it is done. */
  private async openAgain() {
    let attempt = 0;
    let opened = await openStorage(this.engine, this.options);
    while (opened.store.kind === 'memory' && !this.options.memoryOnly && ++attempt < REOPEN_ATTEMPTS) {
      await new Promise((resolve) => setTimeout(resolve, REOPEN_DELAY_MS));
      opened = await openStorage(this.engine, this.options);
    }
    return opened;
  }

  /** The library as the page shows it. */
  state(): LibraryState {
    return {
      documents: summarise(this.engine, this.facts),
      storage: { ...this.storage },
      embeddedThisSession: this.embeddedBefore + this.embedder.embedded,
    };
  }

  /** Adds or replaces documents from files, parsed here (the sample; tests). */
  async ingest(files: FileInput[], options: IngestFilesOptions = {}): Promise<IngestOutcome> {
    return this.outcome(() => ingestFiles(this.context(), files, options));
  }

  /** A notice with the next number: dismissing it on the page hides it, not a later one with the same words. */
  private numbered(notice: Omit<StorageNotice, 'id'>): StorageNotice {
    return { ...notice, id: ++this.notices };
  }

  /** Forgets a storage notice the person has acted on (or a full storage once space was freed). */
  private settle(kinds: readonly string[]): void {
    if (this.storage.notice && kinds.includes(this.storage.notice.kind)) delete this.storage.notice;
  }

  /** Adds or replaces documents parsed by the page's parse worker; call `saveIndex` after the last batch. */
  async ingestDocuments(files: ParsedFile[], options: IngestFilesOptions = {}): Promise<IngestOutcome> {
    return this.outcome(() => ingestParsedFiles(this.context(), files, options));
  }

  /** Saves the index cache (after a batch of `ingestDocuments`); a failure only costs a rebuild at the next start. */
  async saveIndex(): Promise<LibraryState> {
    await saveIndex(this.engine, this.store).catch(() => undefined);
    return this.state();
  }

  private async outcome(run: () => Promise<BatchReport>): Promise<IngestOutcome> {
    const started = performance.now();
    this.settle(['full', 'cleared', 'evicted']);
    const report = await run();
    return { report, library: this.state(), ms: performance.now() - started };
  }

  /** Removes a document from the index and the storage. */
  async remove(documentId: string): Promise<LibraryState> {
    await this.store.deleteDocument(documentId);
    await removeDocument(this.engine.index, documentId);
    this.facts.delete(documentId);
    this.settle(['full']);
    await saveIndex(this.engine, this.store).catch(() => undefined);
    return this.state();
  }

  /**
   * Changes a document's access label, what it supersedes and (when given) its revision and date,
   * which are then said to be "set in Edit"; its vectors are reused.
   */
  async updateDocument(documentId: string, changes: DocumentChanges): Promise<LibraryState> {
    const record = await this.store.readDocument(documentId);
    if (!record) throw new Error(`No document "${documentId}" in the library.`);
    const label = changes.access.trim() || 'public';
    if (!/^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u.test(label)) {
      throw new Error(`"${label.slice(0, 40)}" is not an access label: use letters, digits, ".", "_" or "-".`);
    }
    const links = [
      ...new Set(changes.supersedes.map((item) => item.trim()).filter((item) => item && item !== documentId)),
    ];
    const source = { ...record.source, access: label, supersedes: links, ...editedMetadata(record.source, changes) };
    const report = await reindexDocument(this.context(), source);
    const failure = report.failed[0];
    if (failure) throw new Error(failure.message);
    return this.state();
  }

  /**
   * Uses another embedder: every document is re-embedded from its stored text into a new index
   * (the buster changed), and only when all are done are the records written and the engine
   * replaced. Stopped or failed, nothing changes. The same embedder again changes nothing.
   */
  async setEmbedder(inner: Embedder, options: ReembedOptions = {}): Promise<LibraryState> {
    const embedder = new ProgressEmbedder(inner);
    const engine = createEngine({
      embedder,
      generator: this.engine.generator,
      clock: () => performance.now(),
      ...(this.engine.reranker ? { reranker: this.engine.reranker } : {}),
      ...(this.engine.judge ? { judge: this.engine.judge } : {}),
    });
    if (sameBuster(engineBuster(engine), engineBuster(this.engine))) return this.state();
    const fresh = await reembedLibrary(engine, this.store, options);
    for (const record of fresh) await this.store.writeDocument(record);
    await saveIndex(engine, this.store).catch(() => undefined);
    this.embeddedBefore += this.embedder.embedded;
    this.current = engine;
    this.progressEmbedder = embedder;
    return this.state();
  }

  /**
   * Checks claims with `model` (confirming paraphrases the words miss, verify/nli-judge.ts) from
   * the next question on; undefined: by words (and the embedder's meaning) only.
   */
  setEntailmentModel(model: EntailmentModel | undefined): void {
    if (model) this.engine.judge = nliJudge(model);
    else delete this.engine.judge;
  }

  /** Reranks with `reranker` from the next question on; undefined turns reranking off. */
  setReranker(reranker: Reranker | undefined): void {
    if (reranker) this.engine.reranker = reranker;
    else delete this.engine.reranker;
  }

  /**
   * Writes answers with `generator` from the next question on; a model's prompt is fitted to its
   * own context window (`Generator.window`). No generator: extractive.
   */
  setGenerator(generator: Generator | undefined): void {
    this.engine.generator = generator ?? new ExtractiveGenerator();
  }

  /** Wipes the library: storage and index. */
  async clear(): Promise<LibraryState> {
    await this.store.clearAll();
    this.facts.clear();
    this.settle(['full', 'cleared', 'evicted']);
    this.engine.index = createSearchIndex(this.engine.embedder.dimensions);
    return this.state();
  }

  /** Answers a question for a viewer. */
  async ask(question: string, retrieval: AskRetrieval, options: AskOptions = {}): Promise<AskOutcome> {
    const result = await answerQuestion(this.engine, question, {
      retrieval: { viewer: retrieval.viewer, mode: retrieval.mode, topK: retrieval.topK },
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onDelta ? { onDelta: options.onDelta } : {}),
      ...(options.onPromptProgress ? { onPromptProgress: options.onPromptProgress } : {}),
    });
    const injections: Record<string, InjectionSpan[]> = {};
    for (const item of result.retrieved) {
      const spans = detectInjection(item.passage.text);
      if (spans.length > 0) injections[item.passage.cite] = spans;
    }
    this.last = { result, retrieval: { ...retrieval } };
    return { result, injections };
  }

  /** The library as a pack, holding only the documents `viewer` may read. */
  async exportPack(viewer: AccessLabel): Promise<ExportedPack> {
    const records = await this.store.readDocuments();
    const documents = records
      .map((record) => record.source)
      .filter((source) => this.engine.index.documents.has(source.id));
    const bytes = exportLibraryPack(this.engine, { documents, viewer, settings: { viewer } });
    const readable = readableLabels(viewer);
    const kept = [...this.engine.index.documents.values()].filter((document) => readable.includes(document.access));
    return { bytes, viewer, documents: kept.length, passages: kept.reduce((sum, item) => sum + item.cites.length, 0) };
  }

  /**
   * Imports a pack: it is checked whole first (a bad pack throws a `RagError` naming the file and
   * changes nothing), then restored or re-embedded, and each of its documents is stored.
   */
  async importPack(
    name: string,
    bytes: ArrayBuffer,
    options: { signal?: AbortSignalLike; onProgress?: (progress: ImportProgress) => void } = {},
  ): Promise<PackImport> {
    const started = performance.now();
    const pack = readLibraryPack(new Uint8Array(bytes), { name });
    const written = new Set<string>();
    const undo = async (error: unknown): Promise<never> => {
      await this.putBackUnwritten(pack.documents, written);
      throw error;
    };
    const report = await importLibraryPack(this.engine, pack, options).catch(undo);
    for (const source of report.documents) {
      const record = recordFromIndex(this.engine, source);
      if (!record) continue;
      await this.store.writeDocument(record).catch((error: unknown) => {
        if (!isQuotaError(error)) return undo(error);
        this.storage.notice = this.numbered({ kind: 'full', message: STORAGE_FULL_MESSAGE });
        return undo(new Error(`${source.sourceName}: failed: storage full. ${STORAGE_FULL_MESSAGE}`));
      });
      written.add(source.id);
      this.facts.set(source.id, factsOf(source));
    }
    await saveIndex(this.engine, this.store).catch(() => undefined);
    return {
      name,
      outcome: report.outcome,
      documents: report.documents.length,
      replaced: report.replaced.length,
      failed: report.failed,
      passages: report.passages,
      embedded: report.embedded,
      warnings: report.warnings,
      library: this.state(),
      ms: performance.now() - started,
    };
  }

  /**
   * After a pack import failed half-way (storage full, stopped): each pack document the index took
   * but the store did not gets its stored record back, or leaves the index when it has none, so
   * that nothing is searchable that is not stored (nor comes back in the next saved index).
   */
  private async putBackUnwritten(documents: readonly { id: string }[], written: ReadonlySet<string>): Promise<void> {
    for (const { id } of documents) {
      if (written.has(id)) continue;
      const previous = await this.store.readDocument(id).catch(() => undefined);
      if (previous && recordIsCurrent(this.engine, previous)) await loadRecord(this.engine, previous);
      else if (this.engine.index.documents.has(id)) await removeDocument(this.engine.index, id);
    }
  }

  /** The last answer as a receipt (JSON and inert Markdown). */
  saveReceipt(): SavedReceipt {
    if (!this.last) throw new Error('There is no answer to save yet: ask a question first.');
    const { result, retrieval } = this.last;
    const receipt = makeReceipt(result, {
      embedderId: this.engine.embedder.modelId,
      generatorId: this.engine.generator.id,
      ...(this.engine.reranker ? { rerankerId: this.engine.reranker.id } : {}),
      ...(this.engine.judge ? { judgeId: this.engine.judge.id } : {}),
      settings: { viewer: retrieval.viewer, mode: retrieval.mode, topK: retrieval.topK },
      libraryHash: libraryHashOf(this.engine),
    });
    return { question: receipt.question, json: JSON.stringify(receipt, null, 2), markdown: receiptToMarkdown(receipt) };
  }

  /** Reads a receipt and checks its passages against the library. */
  openReceipt(name: string, text: string): OpenedReceipt {
    const receipt = parseReceipt(text, { name });
    return { receipt, check: checkReceipt(receipt, this.engine) };
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
    return {
      engine: this.engine,
      embedder: this.embedder,
      store: this.store,
      facts: this.facts,
      onStorageFull: () => {
        this.storage.notice = this.numbered({ kind: 'full', message: STORAGE_FULL_MESSAGE });
      },
    };
  }
}

/** Opens the storage and restores the library from it into `engine`; a store that fails that is closed. */
async function openStorage(engine: Engine, options: OpenStoreOptions) {
  const { store, reason } = await openLibraryStore(options);
  try {
    const started = performance.now();
    const restore = await restoreLibrary(engine, store);
    const storage: StorageInfo = { kind: store.kind, restore, restoreMs: performance.now() - started };
    if (reason) storage.reason = reason;
    const facts = new Map((await store.readFacts()).map((item) => [item.id, item]));
    return { store, storage, facts };
  } catch (error) {
    store.close();
    throw error;
  }
}

/** The revision and date Edit sets, checked, with their origin: only what differs from the document's own. */
function editedMetadata(source: SourceDocument, changes: DocumentChanges): Partial<SourceDocument> {
  const revision = changes.revision?.trim() ?? source.revision;
  const date = changes.date?.trim() ?? source.date;
  if (revision === source.revision && date === source.date) return {};
  if (revision !== source.revision && (revision === '' || revision.length > 80)) {
    throw new Error('A revision is 1 to 80 characters ("Rev. C", "2.3").');
  }
  if (date !== source.date && !isIsoDate(date)) {
    throw new Error(`"${date.slice(0, 40)}" is not a date: write it as YYYY-MM-DD.`);
  }
  const before = source.origin ?? { revision: 'unknown', date: 'unknown' };
  return {
    revision,
    date,
    origin: {
      revision: revision === source.revision ? before.revision : 'set in Edit',
      date: date === source.date ? before.date : 'set in Edit',
    },
  };
}

function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}
