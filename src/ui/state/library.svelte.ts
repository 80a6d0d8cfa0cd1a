/**
 * The library as the page sees it: documents, storage, and the files of the latest ingest with
 * their progress. Talks to the engine worker only through an `EngineConnection`.
 */
import type { EngineConnection } from '../../adapters/browser/engine-client.js';
import type {
  DocumentSummary,
  FileInput,
  FileProgress,
  IngestOutcome,
  LibraryState,
  StorageInfo,
} from '../../adapters/browser/protocol.js';
import type { PickedFile } from '../lib/collect-files.js';
import { isoTime } from '../lib/format.js';

/** Largest file read; bigger ones fail before a byte is read (RELIABILITY IN-07). */
export const MAX_FILE_BYTES = 25 * 1024 * 1024;

/** What the latest ingest did, for the summary line. */
export interface IngestSummary {
  files: number;
  indexed: number;
  failed: number;
  passages: number;
  embedded: number;
  reused: number;
  skipped: number;
  /** From the click (or drop) to the last file indexed, in the page. */
  ms: number;
}

/** See the module comment. */
export class Library {
  documents = $state.raw<DocumentSummary[]>([]);
  storage = $state.raw<StorageInfo | undefined>(undefined);
  embeddedThisSession = $state(0);
  files = $state.raw<FileProgress[]>([]);
  summary = $state.raw<IngestSummary | undefined>(undefined);
  busy = $state(false);
  ready = $state(false);
  error = $state<string | undefined>(undefined);
  private controller: AbortController | undefined;

  constructor(private readonly connection: EngineConnection) {}

  /** Opens the library (restoring it from storage). */
  async open(): Promise<void> {
    await this.run(async () => this.apply(await this.connection.request({ type: 'open' })));
    this.ready = true;
  }

  /** Reads and ingests files (oversized ones fail at once). */
  async addFiles(picked: readonly PickedFile[], skipped = 0): Promise<void> {
    if (picked.length === 0) return;
    const started = performance.now();
    const tooBig = picked.filter((item) => item.file.size > MAX_FILE_BYTES);
    const inputs: FileInput[] = [];
    for (const item of picked) {
      if (tooBig.includes(item)) continue;
      inputs.push({ name: item.path, bytes: await item.file.arrayBuffer(), modified: isoTime(item.file.lastModified) });
    }
    const failures = tooBig.map((item) => tooBigProgress(item));
    await this.ingest(
      { type: 'ingest', files: inputs },
      started,
      failures,
      skipped,
      inputs.map((input) => input.bytes),
    );
  }

  /** Ingests the bundled sample manuals. */
  async loadSample(): Promise<void> {
    await this.ingest({ type: 'ingest-sample' }, performance.now(), [], 0, []);
  }

  /** Stops the running ingest after its current step. */
  stop(): void {
    this.controller?.abort();
  }

  /** Removes a document. */
  async remove(documentId: string): Promise<void> {
    await this.run(async () => this.apply(await this.connection.request({ type: 'remove', documentId })));
  }

  /** Changes a document's access label and supersedes links; false (with `error` set) when refused. */
  async update(documentId: string, access: string, supersedes: string[]): Promise<boolean> {
    return this.run(async () =>
      this.apply(await this.connection.request({ type: 'update-document', documentId, access, supersedes })),
    );
  }

  /** Wipes the library. */
  async clear(): Promise<void> {
    await this.run(async () => this.apply(await this.connection.request({ type: 'clear' })));
    this.files = [];
    this.summary = undefined;
  }

  private async ingest(
    request: { type: 'ingest'; files: FileInput[] } | { type: 'ingest-sample' },
    started: number,
    failures: FileProgress[],
    skipped: number,
    transfer: ArrayBuffer[],
  ): Promise<void> {
    this.controller = new AbortController();
    this.files = failures;
    this.summary = undefined;
    this.busy = true;
    try {
      const outcome = await this.connection.request(request, {
        signal: this.controller.signal,
        transfer,
        onEvent: (event) => {
          if (event.type === 'file-progress') this.progress(event.file);
        },
      });
      this.apply(outcome.library);
      this.summary = summarise(outcome, failures.length, skipped, performance.now() - started);
    } catch (error) {
      this.error = error instanceof Error ? error.message : String(error);
    } finally {
      this.busy = false;
      this.controller = undefined;
    }
  }

  private progress(file: FileProgress): void {
    const index = this.files.findIndex((item) => item.name === file.name);
    this.files =
      index < 0 ? [...this.files, file] : this.files.map((item, position) => (position === index ? file : item));
  }

  private apply(state: LibraryState): void {
    this.documents = state.documents;
    this.storage = state.storage;
    this.embeddedThisSession = state.embeddedThisSession;
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

function tooBigProgress(item: PickedFile): FileProgress {
  const megabytes = (item.file.size / 1024 / 1024).toFixed(1);
  const message = `${item.path}: the file is ${megabytes} MB; Footnote reads files up to ${MAX_FILE_BYTES / 1024 / 1024} MB.`;
  return { name: item.path, status: 'failed', passagesDone: 0, passagesTotal: 0, message };
}

function summarise(outcome: IngestOutcome, tooBig: number, skipped: number, ms: number): IngestSummary {
  const { report } = outcome;
  const indexed = report.added.length + report.replaced.length + report.unchanged.length;
  const failed = report.failed.length + tooBig;
  return {
    files: indexed + failed,
    indexed,
    failed,
    passages: report.passages,
    embedded: report.embedded,
    reused: report.reused,
    skipped,
    ms,
  };
}
