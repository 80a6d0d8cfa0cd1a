/**
 * The library as the page sees it: documents, storage, and the files of the latest drop with
 * their progress and totals. Files are read, checked and parsed here through the supervised
 * parse worker (`ingestBatch`), then indexed by the engine worker; an encrypted PDF waits on
 * `password` until the person answers the prompt.
 */
import type { EngineConnection } from '../../adapters/browser/engine-client.js';
import { BatchTally } from '../../adapters/browser/batch-tally.js';
import {
  ingestBatch,
  type BatchFile,
  type BatchTotals,
  type PasswordRequest,
} from '../../adapters/browser/ingest-batch.js';
import type { ModelSettings, ModelsState } from '../../adapters/browser/models/model-settings.js';
import type { ParseSupervisor } from '../../adapters/browser/parse/parse-supervisor.js';
import type {
  DocumentChanges,
  DocumentSummary,
  FileProgress,
  IngestOutcome,
  LibraryState,
  PackImport,
  RestoreProgress,
  StorageInfo,
} from '../../adapters/browser/protocol.js';
import { onceEach, type PickedFile } from '../lib/collect-files.js';
import { batchSteps } from '../lib/batch-steps.js';
import { isoTime } from '../lib/format.js';
import { saveFile, type SavedFile } from '../lib/download.js';
import type { ImportProgress } from '../../core/export/import-library-pack.js';

/** The name an exported pack is saved under. */
export const PACK_FILE_NAME = 'footnote-library.footnote-pack';

/** What the latest ingest did, for the summary line. */
export interface IngestSummary {
  files: number;
  indexed: number;
  failed: number;
  /** Files skipped on purpose: duplicates, password-protected PDFs left closed. */
  duplicates: number;
  passages: number;
  embedded: number;
  reused: number;
  /** Other files in dropped folders (hidden, or of a type no parser reads). */
  skipped: number;
  /** Files that were in the drop more than once (same path, size and time), indexed once; their names. */
  repeated: string[];
  /** Time spent reading and parsing files, and PDF pages parsed. */
  parseMs: number;
  pages: number;
  /** From the click (or drop) to the last file indexed, in the page. */
  ms: number;
}

/** A password prompt waiting for the person. */
export interface PendingPassword {
  request: PasswordRequest;
  /** Answers the prompt: a password to try, or undefined to skip the file. */
  answer(password: string | undefined): void;
}

/** What the library tells the rest of the session, and the room check it asks for. */
export interface LibraryEvents {
  /** The models each engine answer reports. */
  onModels?: (models: ModelsState) => void;
  /** Every library state taken. */
  onState?: (state: LibraryState) => void;
  /** An ingest or import that stored at least one document. */
  onIngested?: (state: LibraryState) => void;
  /** Whether a drop fits the storage left; refused drops read nothing. */
  checkRoom?: (files: readonly { name: string; size: number }[]) => Promise<{ ok: boolean; message?: string }>;
}

/** The part of the parse supervisor the library uses (tests pass a fake). */
export type FileParser = Pick<ParseSupervisor, 'parse'>;

/** Least time between two updates of the file list during a drop. */
const FLUSH_MS = 100;

/** See the module comment. */
export class Library {
  documents = $state.raw<DocumentSummary[]>([]);
  storage = $state.raw<StorageInfo | undefined>(undefined);
  embeddedThisSession = $state(0);
  files = $state.raw<FileProgress[]>([]);
  totals = $state.raw<BatchTotals | undefined>(undefined);
  summary = $state.raw<IngestSummary | undefined>(undefined);
  password = $state.raw<PendingPassword | undefined>(undefined);
  busy = $state(false);
  ready = $state(false);
  /** How far the library is while it comes back at start-up (until `ready`). */
  restoring = $state.raw<RestoreProgress | undefined>(undefined);
  error = $state<string | undefined>(undefined);
  /** The latest pack import, and its progress while it runs. */
  packImport = $state.raw<PackImport | undefined>(undefined);
  packProgress = $state.raw<ImportProgress | undefined>(undefined);
  /** The latest exported pack, with how many documents it holds and for whom. */
  exported = $state.raw<(SavedFile & { documents: number; passages: number; viewer: string }) | undefined>(undefined);
  private controller: AbortController | undefined;
  // Not state: a buffer of reports between two refreshes of `files`.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  private readonly pending = new Map<string, FileProgress>();
  private flushTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly connection: EngineConnection,
    private readonly parser: FileParser,
    private readonly events: LibraryEvents = {},
  ) {}

  /** Opens the library (restoring it from storage) with the embedder of `models`. */
  async open(models?: ModelSettings): Promise<void> {
    await this.run(async () =>
      this.apply(
        await this.connection.request(models ? { type: 'open', models } : { type: 'open' }, {
          onEvent: (event) => {
            if (event.type === 'restore-progress') this.restoring = event.progress;
          },
        }),
      ),
    );
    this.restoring = undefined;
    this.ready = true;
  }

  /** Checks, reads, parses and ingests files; `skipped` counts other files left out of dropped folders. */
  async addFiles(dropped: readonly PickedFile[], skipped = 0): Promise<void> {
    if (dropped.length === 0) return;
    const { picked, repeated } = onceEach(dropped);
    const files: BatchFile[] = picked.map((item) => ({
      name: item.path,
      size: item.file.size,
      modified: isoTime(item.file.lastModified),
      read: () => item.file.arrayBuffer(),
    }));
    const controller = this.begin();
    this.totals = new BatchTally(files.length).totals();
    try {
      const room = this.events.checkRoom ? await this.events.checkRoom(files).catch(() => undefined) : undefined;
      if (room && !room.ok) {
        this.totals = undefined;
        this.error = room.message ?? 'Not enough storage for these files.';
        return;
      }
      const steps = batchSteps(this.connection, this.parser, (request) => this.askPassword(request));
      const result = await ingestBatch(files, steps, {
        signal: controller.signal,
        onProgress: (file) => this.progress(file),
        onTotals: (totals) => (this.totals = totals),
      });
      this.flush();
      if (result.library) this.apply(result.library);
      if (result.library && result.totals.indexed > 0) this.events.onIngested?.(result.library);
      const { totals } = result;
      this.totals = totals;
      this.summary = {
        files: totals.files + repeated.length,
        indexed: totals.indexed,
        failed: totals.failed,
        duplicates: totals.skipped,
        passages: totals.passages,
        embedded: totals.embedded,
        reused: totals.reused,
        skipped,
        repeated,
        parseMs: totals.parseMs,
        pages: totals.pages,
        ms: result.ms,
      };
    } catch (error) {
      this.error = error instanceof Error ? error.message : String(error);
    } finally {
      this.end();
    }
  }

  /** Ingests the bundled sample manuals. */
  async loadSample(): Promise<void> {
    const started = performance.now();
    const controller = this.begin();
    try {
      const outcome = await this.connection.request(
        { type: 'ingest-sample' },
        {
          signal: controller.signal,
          onEvent: (event) => event.type === 'file-progress' && this.progress(event.file),
        },
      );
      this.flush();
      this.apply(outcome.library);
      this.summary = summarise(outcome, performance.now() - started);
      if (this.summary.indexed > 0) this.events.onIngested?.(outcome.library);
    } catch (error) {
      this.error = error instanceof Error ? error.message : String(error);
    } finally {
      this.end();
    }
  }

  /** Exports the library as a pack for `viewer` (documents that label may not read are left out) and saves it. */
  async exportPack(viewer: string): Promise<void> {
    await this.run(async () => {
      const pack = await this.connection.request({ type: 'export-pack', viewer });
      const file = saveFile(pack.bytes as Uint8Array<ArrayBuffer>, PACK_FILE_NAME, 'application/zip', this.exported);
      this.exported = { ...file, documents: pack.documents, passages: pack.passages, viewer: pack.viewer };
    });
  }

  /** Imports a library pack; a bad pack is refused whole, with a message naming the file. */
  async importPack(name: string, bytes: ArrayBuffer): Promise<void> {
    const controller = this.begin();
    try {
      const outcome = await this.connection.request(
        { type: 'import-pack', name, bytes },
        {
          signal: controller.signal,
          transfer: [bytes],
          onEvent: (event) => {
            if (event.type === 'import-progress') this.packProgress = event.progress;
          },
        },
      );
      this.apply(outcome.library);
      this.packImport = outcome;
      if (outcome.documents > 0) this.events.onIngested?.(outcome.library);
    } catch (error) {
      this.error = error instanceof Error ? error.message : String(error);
    } finally {
      this.packProgress = undefined;
      this.end();
    }
  }

  /** Imports the sample manuals' pack, served by the app itself. */
  async importSamplePack(): Promise<void> {
    const name = 'sample.footnote-pack';
    let bytes: ArrayBuffer;
    try {
      const response = await fetch(`${import.meta.env.BASE_URL}${name}`);
      if (!response.ok) throw new Error(`${name} could not be loaded (HTTP ${response.status}).`);
      bytes = await response.arrayBuffer();
    } catch (error) {
      this.error = error instanceof Error ? error.message : String(error);
      return;
    }
    await this.importPack(name, bytes);
  }

  /** Stops the running ingest after its current step; a password prompt open now is answered "skip". */
  stop(): void {
    this.controller?.abort();
    this.password?.answer(undefined);
  }

  /** Removes a document. */
  async remove(documentId: string): Promise<void> {
    await this.run(async () => this.apply(await this.connection.request({ type: 'remove', documentId })));
  }

  /** Changes a document's access label, supersedes links, revision and date; false (with `error` set) when refused. */
  async update(documentId: string, changes: DocumentChanges): Promise<boolean> {
    return this.run(async () =>
      this.apply(await this.connection.request({ type: 'update-document', documentId, changes })),
    );
  }

  /** Wipes the library. */
  async clear(): Promise<void> {
    await this.run(async () => this.apply(await this.connection.request({ type: 'clear' })));
    this.files = [];
    this.summary = undefined;
    this.totals = undefined;
  }

  /** Takes the library state an engine request answered with (another part of the session changed it). */
  apply(state: LibraryState): void {
    this.documents = state.documents;
    this.storage = state.storage;
    this.embeddedThisSession = state.embeddedThisSession;
    if (state.models) this.events.onModels?.(state.models);
    this.events.onState?.(state);
  }

  private begin(): AbortController {
    this.controller = new AbortController();
    this.pending.clear();
    this.files = [];
    this.summary = undefined;
    this.packImport = undefined;
    this.error = undefined;
    this.busy = true;
    return this.controller;
  }

  private end(): void {
    this.flush();
    this.busy = false;
    this.controller = undefined;
    this.password = undefined;
  }

  private askPassword(request: PasswordRequest): Promise<string | undefined> {
    return new Promise((resolve) => {
      const pending: PendingPassword = {
        request,
        // Only the prompt on screen may answer: a late close event of an earlier one is ignored.
        answer: (password) => {
          if (this.password !== pending) return;
          this.password = undefined;
          resolve(password);
        },
      };
      this.password = pending;
    });
  }

  /** Keeps the file's latest progress; the list shown is refreshed at most every 100 ms. */
  private progress(file: FileProgress): void {
    this.pending.set(file.name, file);
    this.flushTimer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  private flush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.pending.size === 0) return;
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a local index, not state
    const byName = new Map(this.files.map((item) => [item.name, item]));
    for (const [name, file] of this.pending) byName.set(name, file);
    this.pending.clear();
    this.files = [...byName.values()];
  }

  private async run(work: () => Promise<void>): Promise<boolean> {
    this.error = undefined;
    try {
      await work();
      return true;
    } catch (error) {
      this.error = error instanceof Error ? error.message : String(error);
      return false;
    }
  }
}

function summarise(outcome: IngestOutcome, ms: number): IngestSummary {
  const { report } = outcome;
  const indexed = report.added.length + report.replaced.length + report.unchanged.length;
  return {
    files: indexed + report.failed.length + report.skipped.length,
    indexed,
    failed: report.failed.length,
    duplicates: report.skipped.length,
    passages: report.passages,
    embedded: report.embedded,
    reused: report.reused,
    skipped: 0,
    repeated: [],
    parseMs: 0,
    pages: 0,
    ms,
  };
}
