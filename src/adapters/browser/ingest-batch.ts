/**
 * A drop of files, from the page's side (docs/reliability.md IN-07, IN-03, IN-23): each file's size
 * is checked before a byte is read, files are read and parsed one at a time in the supervised
 * parse worker while the engine indexes the ones already parsed (in batches, so a 1,000-file
 * drop is not 1,000 index saves), an encrypted PDF asks for its password (never kept beyond the
 * one parse it is for), and the whole drop can be cancelled. Progress is reported per file and
 * as totals. Nothing here throws for one bad file.
 */
import { RagError } from '../../core/errors.js';
import { checkFileSize, DEFAULT_SIZE_LIMITS, type SizeLimits } from '../../core/ingest/limits.js';
import type { ParseResult } from '../../core/ingest/parse-safely.js';
import { toParseFailure } from '../../core/ingest/parse-safely.js';
import { BatchTally, type BatchTotals } from './batch-tally.js';
import type { ParseInput } from './parse/parse-protocol.js';
import type { SupervisedParseOptions } from './parse/parse-supervisor.js';
import type { FileProgress, IngestOutcome, LibraryState, ParsedFile } from './protocol.js';

export type { BatchTotals } from './batch-tally.js';

/** A file of the drop, read only when its turn comes. */
export interface BatchFile {
  /** The name shown (with its folder path when it came in a folder). */
  name: string;
  size: number;
  /** ISO modification time. */
  modified?: string;
  read(): Promise<ArrayBuffer>;
}

/** A password prompt for an encrypted PDF. */
export interface PasswordRequest {
  name: string;
  /** True when the last password given did not open it. */
  wrong: boolean;
  /** What to show: names the file and the problem. */
  message: string;
}

/** The steps a batch drives (the parse supervisor, the engine, the page's prompt). */
export interface BatchSteps {
  parse(input: ParseInput, options: SupervisedParseOptions): Promise<ParseResult>;
  index(
    files: ParsedFile[],
    options: { signal: AbortSignal; onProgress: (file: FileProgress) => void },
  ): Promise<IngestOutcome>;
  /** Saves the index cache once the batch is over. */
  save(): Promise<LibraryState>;
  /** Resolves with a password, or undefined to skip the file. */
  askPassword(request: PasswordRequest): Promise<string | undefined>;
}

/** Options of a batch. */
export interface BatchOptions {
  signal?: AbortSignal;
  onProgress?: (file: FileProgress) => void;
  onTotals?: (totals: BatchTotals) => void;
  limits?: SizeLimits;
  /** Wrong passwords accepted before the file is skipped (default 3). */
  maxPasswordAttempts?: number;
  /** Most parsed files sent to the engine in one request (default 50). */
  maxFilesPerRequest?: number;
}

/** What a batch did. */
export interface BatchResult {
  totals: BatchTotals;
  /** The library after the batch (undefined when the engine could not be reached). */
  library?: LibraryState;
  ms: number;
}

const STOPPED = 'Stopped before it was indexed.';

/** Ingests `files`; see the module comment. */
export async function ingestBatch(
  files: readonly BatchFile[],
  steps: BatchSteps,
  options: BatchOptions = {},
): Promise<BatchResult> {
  const started = performance.now();
  const run = new BatchRun(files, steps, options);
  const library = await run.run();
  return { totals: run.tally.totals(), ...(library ? { library } : {}), ms: performance.now() - started };
}

class BatchRun {
  readonly tally: BatchTally;
  private readonly parsed: ParsedFile[] = [];
  private producing = true;
  private wake: (() => void) | undefined;
  private readonly controller = new AbortController();

  constructor(
    private readonly files: readonly BatchFile[],
    private readonly steps: BatchSteps,
    private readonly options: BatchOptions,
  ) {
    this.tally = new BatchTally(files.length);
    options.signal?.addEventListener('abort', () => this.controller.abort(), { once: true });
  }

  private get signal(): AbortSignal {
    return this.controller.signal;
  }

  async run(): Promise<LibraryState | undefined> {
    const consuming = this.consume();
    try {
      await this.produce();
    } finally {
      this.producing = false;
      this.wake?.();
    }
    await consuming;
    this.options.onTotals?.({ ...this.tally.totals(), saving: true });
    return this.steps.save().catch(() => undefined);
  }

  report(file: FileProgress): void {
    this.options.onProgress?.(file);
    if (this.tally.record(file)) this.options.onTotals?.(this.tally.totals());
  }

  private async produce(): Promise<void> {
    for (const file of this.files) {
      if (this.signal.aborted) {
        this.report(failed(file.name, STOPPED));
        continue;
      }
      const document = await this.parseFile(file);
      if (!document) continue;
      this.parsed.push({ name: file.name, document });
      this.wake?.();
      // Keep memory bounded: wait while the engine has two requests' worth of files to index.
      while (this.parsed.length >= 2 * this.perRequest && !this.signal.aborted) await this.idle();
    }
  }

  private get perRequest(): number {
    return this.options.maxFilesPerRequest ?? 50;
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, 10));
  }

  private async consume(): Promise<void> {
    for (;;) {
      if (this.parsed.length === 0) {
        if (!this.producing) return;
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = undefined;
        continue;
      }
      const files = this.parsed.splice(0, this.perRequest);
      if (this.signal.aborted) {
        for (const file of files) this.report(failed(file.name, STOPPED));
        continue;
      }
      await this.index(files);
    }
  }

  private async index(files: ParsedFile[]): Promise<void> {
    try {
      const outcome = await this.steps.index(files, { signal: this.signal, onProgress: (file) => this.report(file) });
      this.tally.add(outcome);
    } catch (error) {
      const message = this.signal.aborted ? STOPPED : error instanceof Error ? error.message : String(error);
      for (const file of files) if (!this.tally.settled(file.name)) this.report(failed(file.name, message));
    }
  }

  /** Checks, reads and parses one file; asks for a password when the PDF needs one. */
  private async parseFile(file: BatchFile): Promise<ParsedFile['document'] | undefined> {
    try {
      checkFileSize(file.name, file.size, this.options.limits ?? DEFAULT_SIZE_LIMITS);
    } catch (error) {
      this.report(failed(file.name, toParseFailure(error, file.name).message));
      return undefined;
    }
    let password: string | undefined;
    for (let attempt = 0; ; attempt++) {
      const started = performance.now();
      const result = await this.parseOnce(file, password);
      if (result.ok) {
        this.tally.parsed(performance.now() - started, result.document.pageCount ?? 0);
        return result.document;
      }
      const { code, message } = result.error;
      if (code === 'ABORTED') return void this.report(failed(file.name, STOPPED));
      if (code !== 'PDF_PASSWORD_REQUIRED' && code !== 'PDF_PASSWORD_WRONG') {
        return void this.report(failed(file.name, message));
      }
      const limit = this.options.maxPasswordAttempts ?? 3;
      const given =
        attempt <= limit && !this.signal.aborted
          ? await this.steps.askPassword({ name: file.name, wrong: code === 'PDF_PASSWORD_WRONG', message })
          : undefined;
      if (given === undefined) {
        const reason =
          attempt > limit ? 'skipped: the password was wrong too many times' : 'skipped: password-protected';
        return void this.report({ ...failed(file.name, `${file.name}: ${reason}.`), status: 'skipped' });
      }
      password = given;
    }
  }

  private async parseOnce(file: BatchFile, password: string | undefined): Promise<ParseResult> {
    const progress: FileProgress = { name: file.name, status: 'parsing', passagesDone: 0, passagesTotal: 0 };
    this.report(progress);
    let bytes: ArrayBuffer;
    try {
      bytes = await file.read();
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return { ok: false, error: toParseFailure(new RagError('PARSE_FAILED', { file: file.name, detail }), file.name) };
    }
    const input: ParseInput = {
      name: file.name,
      bytes,
      ...(file.modified ? { modified: file.modified } : {}),
      ...(password !== undefined ? { password } : {}),
    };
    return this.steps.parse(input, {
      signal: this.signal,
      onProgress: ({ page, pages }) => this.report({ ...progress, pagesDone: page, pagesTotal: pages }),
    });
  }
}

function failed(name: string, message: string): FileProgress {
  return { name, status: 'failed', passagesDone: 0, passagesTotal: 0, message };
}
