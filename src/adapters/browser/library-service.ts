/**
 * The library behind the page: the engine, its storage and every operation the page asks for.
 * It runs inside the engine worker (see `engine-worker.ts`) and in tests, where it is driven
 * directly on fake-indexeddb. Nothing here touches the DOM. Models are handed in: another
 * embedder re-embeds the library (and only then replaces the engine), a reranker or a model
 * generator takes effect with the next question. This class is the one face of the library;
 * each job lives in its own module, over the shared `LibraryParts`: storage
 * (`library-storage.ts`), ingest (`ingest-files.ts`), Edit (`edit-document.ts`), embedder swap
 * (`swap-embedder.ts`), questions (`ask-library.ts`), packs (`library-packs.ts`) and receipts
 * (`answer-receipts.ts`).
 */
import { HashingEmbedder } from '../../core/embed/hashing-embedder.js';
import { ExtractiveGenerator } from '../../core/generate/extractive-generator.js';
import { createSearchIndex } from '../../core/index/search-index.js';
import { removeDocument } from '../../core/index/update-index.js';
import { createEngine, type Engine } from '../../core/pipeline/engine.js';
import { saveIndex } from '../../core/pipeline/persist.js';
import type { Embedder, EntailmentModel, Generator } from '../../core/ports.js';
import type { Reranker } from '../../core/retrieve/rerank.js';
import { readableLabels } from '../../core/retrieve/access.js';
import type { AccessLabel } from '../../core/types.js';
import { nliJudge } from '../../core/verify/nli-judge.js';
import { openReceipt, saveReceipt, type LastAnswer } from './answer-receipts.js';
import { askLibrary, type AskOptions } from './ask-library.js';
import { editDocument } from './edit-document.js';
import { ingestFiles, ingestParsedFiles, type IngestFilesOptions } from './ingest-files.js';
import type { BatchReport } from './ingest-report.js';
import { ingestContext, libraryState, settleNotice, type LibraryParts } from './library-parts.js';
import { exportPack, importPack, type PackImportOptions } from './library-packs.js';
import { openStorage, reopenStorage, type StorageOptions } from './library-storage.js';
import { ProgressEmbedder } from './progress-embedder.js';
import type {
  AskOutcome,
  AskRetrieval,
  DocumentChanges,
  DocumentText,
  ExportedPack,
  FileInput,
  IngestOutcome,
  LibraryState,
  OpenedReceipt,
  PackImport,
  ParsedFile,
  SavedReceipt,
  StorageEstimate,
} from './protocol.js';
import { swapEmbedder, type ReembedOptions } from './swap-embedder.js';

/** How to build the service; defaults are the app's (hashing embedder, extractive answers, IndexedDB). */
export interface LibraryServiceOptions extends StorageOptions {
  embedder?: Embedder;
  generator?: Generator;
}

/** The library and its engine; see the module comment. */
export class LibraryService {
  /** The last answer and its settings, for its receipt. */
  private last: LastAnswer | undefined;

  private constructor(
    private readonly parts: LibraryParts,
    private readonly options: LibraryServiceOptions,
  ) {}

  /** The engine: its embedder, generator, reranker and index. */
  get engine(): Engine {
    return this.parts.engine;
  }

  /** The embedder, counting what it embeds. */
  get embedder(): ProgressEmbedder {
    return this.parts.embedder;
  }

  /** Opens storage and restores the library (without embedding when the records are current). */
  static async open(options: LibraryServiceOptions = {}): Promise<LibraryService> {
    const embedder = new ProgressEmbedder(options.embedder ?? new HashingEmbedder());
    const engine = createEngine({
      embedder,
      generator: options.generator ?? new ExtractiveGenerator(),
      clock: () => performance.now(),
    });
    const opened = await openStorage(engine, options);
    return new LibraryService({ engine, embedder, ...opened, embeddedBefore: 0, notices: 0 }, options);
  }

  /**
   * Opens the storage again after the connection was lost under the app (site data cleared, the
   * database deleted, the browser closed it: ST-12) and restores what it holds, usually nothing.
   * The page is told the library was cleared; when the records are still there, they are back.
   */
  async reopen(): Promise<LibraryState> {
    await reopenStorage(this.parts, this.options);
    return this.state();
  }

  /** The library as the page shows it. */
  state(): LibraryState {
    return libraryState(this.parts);
  }

  /** Adds or replaces documents from files, parsed here (the sample; tests). */
  async ingest(files: FileInput[], options: IngestFilesOptions = {}): Promise<IngestOutcome> {
    return this.outcome(() => ingestFiles(ingestContext(this.parts), files, options));
  }

  /** Adds or replaces documents parsed by the page's parse worker; call `saveIndex` after the last batch. */
  async ingestDocuments(files: ParsedFile[], options: IngestFilesOptions = {}): Promise<IngestOutcome> {
    return this.outcome(() => ingestParsedFiles(ingestContext(this.parts), files, options));
  }

  /** Saves the index cache (after a batch of `ingestDocuments`); a failure only costs a rebuild at the next start. */
  async saveIndex(): Promise<LibraryState> {
    await saveIndex(this.engine, this.parts.store).catch(() => undefined);
    return this.state();
  }

  private async outcome(run: () => Promise<BatchReport>): Promise<IngestOutcome> {
    const started = performance.now();
    settleNotice(this.parts, ['full', 'cleared', 'evicted']);
    const report = await run();
    return { report, library: this.state(), ms: performance.now() - started };
  }

  /** Removes a document from the index and the storage. */
  async remove(documentId: string): Promise<LibraryState> {
    await this.parts.store.deleteDocument(documentId);
    await removeDocument(this.engine.index, documentId);
    this.parts.facts.delete(documentId);
    settleNotice(this.parts, ['full']);
    await saveIndex(this.engine, this.parts.store).catch(() => undefined);
    return this.state();
  }

  /**
   * Changes a document's access label, what it supersedes and (when given) its revision and date,
   * which are then said to be "set in Edit"; its vectors are reused.
   */
  async updateDocument(documentId: string, changes: DocumentChanges): Promise<LibraryState> {
    await editDocument(this.parts, documentId, changes);
    return this.state();
  }

  /**
   * Uses another embedder: the library is re-embedded, and only then is the engine replaced.
   * Stopped or failed, nothing changes (`swap-embedder.ts`).
   */
  async setEmbedder(inner: Embedder, options: ReembedOptions = {}): Promise<LibraryState> {
    await swapEmbedder(this.parts, inner, options);
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
    await this.parts.store.clearAll();
    this.parts.facts.clear();
    settleNotice(this.parts, ['full', 'cleared', 'evicted']);
    this.engine.index = createSearchIndex(this.engine.embedder.dimensions);
    return this.state();
  }

  /** Answers a question for a viewer, and keeps the answer for its receipt. */
  async ask(question: string, retrieval: AskRetrieval, options: AskOptions = {}): Promise<AskOutcome> {
    const outcome = await askLibrary(this.engine, question, retrieval, options);
    this.last = { result: outcome.result, retrieval: { ...retrieval } };
    return outcome;
  }

  /** The library as a pack, holding only the documents `viewer` may read. */
  async exportPack(viewer: AccessLabel): Promise<ExportedPack> {
    return exportPack(this.parts, viewer);
  }

  /** Imports a pack, checked whole first; see `library-packs.ts`. */
  async importPack(name: string, bytes: ArrayBuffer, options: PackImportOptions = {}): Promise<PackImport> {
    return importPack(this.parts, name, bytes, options);
  }

  /** The last answer as a receipt (JSON and inert Markdown). */
  saveReceipt(): SavedReceipt {
    return saveReceipt(this.engine, this.last);
  }

  /** Reads a receipt and checks its passages against the library. */
  openReceipt(name: string, text: string): OpenedReceipt {
    return openReceipt(this.engine, name, text);
  }

  /** A document's whole text, for reading a passage in context; undefined when the viewer may not read it. */
  async documentText(documentId: string, viewer: AccessLabel): Promise<DocumentText | undefined> {
    const record = await this.parts.store.readDocument(documentId);
    if (!record || !readableLabels(viewer).includes(record.source.access)) return undefined;
    const { id, title, format, text, sections } = record.source;
    return { id, title, format, text, sections };
  }

  /** How much the library takes. */
  async estimate(): Promise<StorageEstimate> {
    return { libraryBytes: await this.parts.store.estimateBytes() };
  }
}
