/**
 * The one message protocol between the page and the engine worker. The page sends requests
 * (each with an id) and cancellations; the worker answers each request once and may send events
 * for it before that (file progress, answer text as it streams). Everything here is
 * structured-clone data: no functions, no class instances beyond typed arrays.
 */
import type { IngestReport } from '../../core/pipeline/ingest-documents.js';
import type { AnswerResult } from '../../core/pipeline/answer-question.js';
import type { RetrievalMode } from '../../core/retrieve/retrieve.js';
import type { InjectionSpan } from '../../core/verify/injection.js';
import type { AccessLabel, DocumentFormat, Section } from '../../core/types.js';

/** Where the library is kept. */
export type StorageKind = 'indexeddb' | 'memory';

/** How the library came back when the worker opened it. */
export type RestoreKind = 'restored' | 'rebuilt' | 'reindexed' | 'empty';

/** The storage the library lives in, and how it was restored. */
export interface StorageInfo {
  kind: StorageKind;
  /** Why the library is in memory only, in words a person can act on. */
  reason?: string;
  restore: RestoreKind;
  /** Milliseconds the restore took. */
  restoreMs: number;
}

/** One document of the library, as the library panel shows it. */
export interface DocumentSummary {
  id: string;
  title: string;
  revision: string;
  date: string;
  access: AccessLabel;
  supersedes: string[];
  sourceName: string;
  passages: number;
}

/** The library after a change. */
export interface LibraryState {
  documents: DocumentSummary[];
  storage: StorageInfo;
  /** Passages embedded since the worker started (0 after a reload that restored the library). */
  embeddedThisSession: number;
}

/** Where a file is in its ingest. */
export type FileStatus = 'queued' | 'parsing' | 'embedding' | 'indexed' | 'failed';

/** Progress of one file of an ingest. */
export interface FileProgress {
  /** The file's name (with its folder path when dropped as part of a folder). */
  name: string;
  status: FileStatus;
  documentId?: string;
  passagesDone: number;
  passagesTotal: number;
  /** Embedding throughput while embedding. */
  passagesPerSecond?: number;
  /** For `indexed`: whether the document was new, a new revision, or unchanged. */
  outcome?: 'added' | 'replaced' | 'unchanged';
  embedded?: number;
  reused?: number;
  /** For `failed`: the reason, naming the file. */
  message?: string;
}

/** A file handed to the worker. */
export interface FileInput {
  name: string;
  bytes: ArrayBuffer;
  /** ISO modification time, used when the document states no date. */
  modified?: string;
}

/** What an ingest did, with the library after it. */
export interface IngestOutcome {
  report: IngestReport;
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

/** Every request, by type. */
export type Request =
  | { type: 'open' }
  | { type: 'ingest'; files: FileInput[] }
  | { type: 'ingest-sample' }
  | { type: 'remove'; documentId: string }
  | { type: 'update-document'; documentId: string; access: AccessLabel; supersedes: string[] }
  | { type: 'clear' }
  | { type: 'ask'; question: string; retrieval: AskRetrieval }
  | { type: 'document-text'; documentId: string; viewer: AccessLabel }
  | { type: 'storage-estimate' };

/** What each request type answers. */
export interface Responses {
  open: LibraryState;
  ingest: IngestOutcome;
  'ingest-sample': IngestOutcome;
  remove: LibraryState;
  'update-document': LibraryState;
  clear: LibraryState;
  ask: AskOutcome;
  'document-text': DocumentText | undefined;
  'storage-estimate': StorageEstimate;
}

/** The answer type of a request. */
export type ResponseOf<R extends Request> = Responses[R['type']];

/** Events a request may raise before it is answered (noun-verb names). */
export type WorkerEvent = { type: 'file-progress'; file: FileProgress } | { type: 'answer-delta'; text: string };

/** A failure, as data. */
export interface WorkerError {
  message: string;
  /** `RagError` code where there is one; `ABORTED` when the request was cancelled. */
  code?: string;
}

/** Page → worker. */
export type ToWorker = { kind: 'request'; id: number; request: Request } | { kind: 'cancel'; id: number };

/** Worker → page. */
export type FromWorker =
  | { kind: 'response'; id: number; ok: true; value: Responses[keyof Responses] }
  | { kind: 'response'; id: number; ok: false; error: WorkerError }
  | { kind: 'event'; id: number; event: WorkerEvent }
  /** The storage connection was lost (another tab upgraded it, or site data was cleared). */
  | { kind: 'storage-lost'; reason: string }
  /** An error no request caught. */
  | { kind: 'crash'; error: WorkerError };
