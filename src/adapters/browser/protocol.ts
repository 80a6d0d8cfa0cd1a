/**
 * The one message protocol between the page and the engine worker. The page sends requests
 * (each with an id) and cancellations; the worker answers each request once and may send events
 * for it before that (file progress, answer text as it streams). Everything here is
 * structured-clone data: no functions, no class instances beyond typed arrays.
 */
import type { AnswerResult } from '../../core/pipeline/answer-question.js';
import type { RetrievalMode } from '../../core/retrieve/retrieve.js';
import type { InjectionSpan } from '../../core/verify/injection.js';
import type { BatchReport } from './ingest-report.js';
import type { BrowserResultsFile } from './models/evaluation.js';
import type {
  AnswerModelProgress,
  CachedModel,
  ModelProgress,
  ModelSettings,
  ModelsState,
  ReembedProgress,
} from './models/model-settings.js';
import type { AnswerReceipt } from '../../core/export/answer-receipt.js';
import type { ReceiptCheck } from '../../core/export/check-receipt.js';
import type { ImportProgress } from '../../core/export/import-library-pack.js';
import type { AccessLabel, DocumentFormat, MetadataOrigin, Section, SourceDocument } from '../../core/types.js';

/** Where the library is kept. */
export type StorageKind = 'indexeddb' | 'memory';

/** Why the storage connection was lost: another tab upgraded it, it was deleted, the browser closed it. */
export type StorageLossCause = 'upgraded' | 'deleted' | 'terminated';

/**
 * Something about the storage the person should know and can act on: the storage is full (free
 * space), the library was cleared under the app or evicted between visits (add files again, keep
 * storage persistent), another tab upgraded it (reload) or holds an older version (close it), or
 * it could not be reopened after it was lost (reload).
 */
export interface StorageNotice {
  kind: 'full' | 'cleared' | 'evicted' | 'upgraded' | 'blocked' | 'unavailable';
  message: string;
  /**
   * The engine numbers its notices, so that the page's dismissal hides this one and not a later
   * one with the same words. The page's own notices have none: it dismisses those by identity.
   */
  id?: number;
}

/** How the library came back when the worker opened it. */
export type RestoreKind = 'restored' | 'rebuilt' | 'reindexed' | 'empty';

/**
 * How far the library is while it comes back at start-up: reading the saved index; where that
 * cannot be used, rebuilding the index from the stored records (no embedding) or re-embedding a
 * record made with another embedder, document by document; then saving the rebuilt index.
 */
export interface RestoreProgress {
  phase: 'reading' | 'rebuilding' | 'reembedding' | 'saving';
  documentsDone: number;
  documentsTotal: number;
}

/** The storage the library lives in, and how it was restored. */
export interface StorageInfo {
  kind: StorageKind;
  /** Why the library is in memory only, in words a person can act on. */
  reason?: string;
  restore: RestoreKind;
  /** Milliseconds the restore took. */
  restoreMs: number;
  /** A storage problem met in this session (the storage is full, it was cleared), until it is resolved. */
  notice?: StorageNotice;
}

/** A supersession a document states in its text: the passages it replaces and the sentence that says so. */
export interface StatedSupersedes {
  target: string;
  cites: string[];
  partial: boolean;
  sentence: string;
}

/** What Edit changes of a document: its access label and supersedes links, and (when given) its revision and date. */
export interface DocumentChanges {
  access: AccessLabel;
  supersedes: string[];
  revision?: string;
  /** ISO date, YYYY-MM-DD. */
  date?: string;
}

/** One document of the library, as the library panel shows it. */
export interface DocumentSummary {
  id: string;
  title: string;
  revision: string;
  date: string;
  access: AccessLabel;
  supersedes: string[];
  /** What its own text says it supersedes ("This bulletin supersedes … section 5 …"), resolved in the library. */
  statedSupersedes: StatedSupersedes[];
  sourceName: string;
  passages: number;
  format: DocumentFormat;
  /** Soft problems found while reading it ("page 4 has no extractable text: scanned?"). */
  warnings: string[];
  /** True when part of the file could not be read; the rest is indexed. */
  partial: boolean;
  /** Pages, for PDFs. */
  pageCount?: number;
  /** The text encoding, when it was guessed. */
  guessedEncoding?: string;
  /** Where the revision and date came from ("stated in the document", "the PDF's own date", "set in Edit"). */
  origin?: MetadataOrigin;
}

/** The library after a change. */
export interface LibraryState {
  documents: DocumentSummary[];
  storage: StorageInfo;
  /** Passages embedded since the worker started (0 after a reload that restored the library). */
  embeddedThisSession: number;
  /** The models in use (the engine worker always sends them). */
  models?: ModelsState;
}

/** Where a file is in its ingest: `skipped` files were not indexed on purpose (a duplicate, a password refused). */
/**
 * Where one file of a drop is: `indexing` once its passages are embedded and are being added to
 * the search index, `saving` while its record is written to the browser's storage.
 */
export type FileStatus = 'queued' | 'parsing' | 'embedding' | 'indexing' | 'saving' | 'indexed' | 'failed' | 'skipped';

/** Progress of one file of an ingest. */
export interface FileProgress {
  /** The file's name (with its folder path when dropped as part of a folder). */
  name: string;
  status: FileStatus;
  documentId?: string;
  passagesDone: number;
  passagesTotal: number;
  /** Pages read so far and in all, while a PDF is parsed. */
  pagesDone?: number;
  pagesTotal?: number;
  /** Embedding throughput while embedding. */
  passagesPerSecond?: number;
  /** For `indexed`: whether the document was new, a new revision, or unchanged. */
  outcome?: 'added' | 'replaced' | 'unchanged';
  embedded?: number;
  reused?: number;
  /** For `failed` and `skipped`: the reason, naming the file. */
  message?: string;
}

/** A file handed to the worker. */
export interface FileInput {
  name: string;
  bytes: ArrayBuffer;
  /** ISO modification time, used when the document states no date. */
  modified?: string;
}

/** A file parsed on the page's side (by the parse worker), ready to index. */
export interface ParsedFile {
  /** The file's name, as its progress is reported. */
  name: string;
  document: SourceDocument;
}

/** What an ingest did, with the library after it. */
export interface IngestOutcome {
  report: BatchReport;
  library: LibraryState;
  ms: number;
}

/** The retrieval settings of one question. */
export interface AskRetrieval {
  viewer: AccessLabel;
  mode: RetrievalMode;
  topK: number;
}

/** An answer with what the page needs to show it. */
export interface AskOutcome {
  result: AnswerResult;
  /** Instruction-like spans of each retrieved passage, by citation id (empty arrays omitted). */
  injections: Record<string, InjectionSpan[]>;
  /** The models after the answer (an answer model lost mid-answer is dropped). */
  models?: ModelsState;
}

/** A document's full text, for showing a passage in context. */
export interface DocumentText {
  id: string;
  title: string;
  format: DocumentFormat;
  text: string;
  sections: Section[];
}

/** What the storage holds, measured. */
export interface StorageEstimate {
  /** Bytes of the library records and snapshot, as stored (structured-clone estimate). */
  libraryBytes: number;
  /** Browser-reported IndexedDB usage for this origin, where the browser reports it. */
  indexedDbBytes?: number;
  /** Browser-reported usage and quota for this origin. */
  usage?: number;
  quota?: number;
}

/** The answer models WebLLM has cached, and the origin's storage. */
export interface ModelCache {
  cached: CachedModel[];
  usage?: number;
  quota?: number;
}

/** A question set to evaluate, and the corpus to run it on (the sample manuals when absent). */
export interface EvaluationRequest {
  /** A questions file (docs/formats.md §2); the sample set (`evals/questions.jsonl`) when absent. */
  questions?: { name: string; text: string };
  /** The corpus, parsed on the page; the sample manuals when absent. */
  corpus?: ParsedFile[];
}

/** What an evaluation produced: a results file (docs/formats.md §3) with the models and tokens of each question. */
export interface EvaluationOutcome {
  results: BrowserResultsFile;
  ms: number;
}

/** A library pack made for a viewer. */
export interface ExportedPack {
  bytes: Uint8Array;
  documents: number;
  passages: number;
  viewer: AccessLabel;
}

/** What importing a pack did, with the library after it. */
export interface PackImport {
  name: string;
  outcome: 'restored' | 're-embedded';
  documents: number;
  replaced: number;
  failed: { sourceName: string; message: string }[];
  passages: number;
  embedded: number;
  warnings: string[];
  library: LibraryState;
  ms: number;
}

/** The last answer as a receipt, in both forms. */
export interface SavedReceipt {
  question: string;
  json: string;
  markdown: string;
}

/** A receipt read back and checked against the library. */
export interface OpenedReceipt {
  receipt: AnswerReceipt;
  check: ReceiptCheck;
}

/** Every request, by type. */
export type Request =
  | { type: 'open'; models?: ModelSettings }
  | { type: 'set-models'; models: ModelSettings }
  /** `file`: the GGUF a person chose, for a `cpu-file:` key. */
  | { type: 'load-answer-model'; key: string; file?: File }
  | { type: 'unload-answer-model' }
  | { type: 'model-cache' }
  | { type: 'remove-cached-model'; modelId: string }
  | { type: 'evaluate'; evaluation: EvaluationRequest }
  | { type: 'ingest'; files: FileInput[] }
  | { type: 'ingest-sample' }
  | { type: 'ingest-documents'; files: ParsedFile[] }
  | { type: 'save-index' }
  | { type: 'remove'; documentId: string }
  | { type: 'update-document'; documentId: string; changes: DocumentChanges }
  | { type: 'clear' }
  | { type: 'ask'; question: string; retrieval: AskRetrieval }
  | { type: 'document-text'; documentId: string; viewer: AccessLabel }
  | { type: 'storage-estimate' }
  | { type: 'export-pack'; viewer: AccessLabel }
  | { type: 'import-pack'; name: string; bytes: ArrayBuffer }
  | { type: 'save-receipt' }
  | { type: 'open-receipt'; name: string; text: string };

/** What each request type answers. */
export interface Responses {
  open: LibraryState;
  'set-models': LibraryState;
  'load-answer-model': LibraryState;
  'unload-answer-model': LibraryState;
  'model-cache': ModelCache;
  'remove-cached-model': ModelCache & { freedBytes: number | null };
  evaluate: EvaluationOutcome;
  ingest: IngestOutcome;
  'ingest-sample': IngestOutcome;
  'ingest-documents': IngestOutcome;
  'save-index': LibraryState;
  remove: LibraryState;
  'update-document': LibraryState;
  clear: LibraryState;
  ask: AskOutcome;
  'document-text': DocumentText | undefined;
  'storage-estimate': StorageEstimate;
  'export-pack': ExportedPack;
  'import-pack': PackImport;
  'save-receipt': SavedReceipt;
  'open-receipt': OpenedReceipt;
}

/** The answer type of a request. */
export type ResponseOf<R extends Request> = Responses[R['type']];

/** Every request type. */
export type RequestType = Request['type'];

/** The request of type `K`. */
export type RequestOf<K extends RequestType> = Extract<Request, { type: K }>;

/**
 * A handler for every request type, answering that type's response (`Responses`), given the
 * request and a `Context` (what the worker hands every handler). Declaring a table of this type
 * is what makes a handler that answers the wrong response, or a request type with no handler, a
 * compile error (tests/adapters/browser/engine-handlers.test-d.ts keeps it so).
 */
export type RequestHandlers<Context> = {
  [K in RequestType]: (request: RequestOf<K>, context: Context) => Promise<Responses[K]>;
};

/** Events a request may raise before it is answered (noun-verb names). */
export type WorkerEvent =
  | { type: 'file-progress'; file: FileProgress }
  | { type: 'answer-delta'; text: string }
  /** How far a CPU model has read its prompt, in tokens. */
  | { type: 'answer-reading'; processed: number; total: number }
  | { type: 'model-progress'; progress: ModelProgress }
  | { type: 'reembed-progress'; progress: ReembedProgress }
  | { type: 'answer-model-progress'; progress: AnswerModelProgress }
  | { type: 'evaluate-progress'; done: number; total: number }
  | { type: 'import-progress'; progress: ImportProgress }
  | { type: 'restore-progress'; progress: RestoreProgress };

/** A failure, as data. */
export interface WorkerError {
  message: string;
  /** `RagError` code where there is one; `ABORTED` when the request was cancelled. */
  code?: string;
  /** What the library itself said (a model error's original message), for a "technical detail" fold. */
  detail?: string;
}

/** Page → worker. */
export type ToWorker = { kind: 'request'; id: number; request: Request } | { kind: 'cancel'; id: number };

/** Worker → page. */
export type FromWorker =
  | { kind: 'response'; id: number; ok: true; value: Responses[keyof Responses] }
  | { kind: 'response'; id: number; ok: false; error: WorkerError }
  | { kind: 'event'; id: number; event: WorkerEvent }
  /**
   * The storage connection was lost (another tab upgraded it, or site data was cleared), or this
   * tab's upgrade waits on another tab (`blocked`). After a clear the library was reopened
   * (empty) and `library` is its state.
   */
  | { kind: 'storage-lost'; cause: StorageLossCause | 'blocked'; reason: string; library?: LibraryState }
  /** An error no request caught. */
  | { kind: 'crash'; error: WorkerError };
