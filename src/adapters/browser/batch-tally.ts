/**
 * The totals of a drop of files, kept as each file reaches its final status: how many are done,
 * indexed, failed and skipped, and the passages embedded and reused.
 */
import type { FileProgress, FileStatus, IngestOutcome } from './protocol.js';

/** Totals of a batch, for an aggregate progress bar. */
export interface BatchTotals {
  files: number;
  /** Files that reached a final status. */
  done: number;
  indexed: number;
  failed: number;
  skipped: number;
  passages: number;
  embedded: number;
  reused: number;
  /** Milliseconds spent parsing (reading, parsing in the worker), and pages parsed (PDFs). */
  parseMs: number;
  pages: number;
  /** Every file is done and the search index is being saved (the last step of a drop). */
  saving?: boolean;
}

type Final = Extract<FileStatus, 'indexed' | 'failed' | 'skipped'>;

const isFinal = (status: FileStatus): status is Final =>
  status === 'indexed' || status === 'failed' || status === 'skipped';

/** Counts final statuses; a file's last final status counts (a retry after a prompt replaces none). */
export class BatchTally {
  private readonly finals = new Map<string, Final>();
  private readonly counts = { indexed: 0, failed: 0, skipped: 0 };
  private passages = 0;
  private embedded = 0;
  private reused = 0;
  private parseMs = 0;
  private pages = 0;

  constructor(private readonly files: number) {}

  /** Records a progress report; true when the totals changed. */
  record(file: FileProgress): boolean {
    if (!isFinal(file.status)) return false;
    const before = this.finals.get(file.name);
    if (before === file.status) return false;
    if (before) this.counts[before] -= 1;
    this.finals.set(file.name, file.status);
    this.counts[file.status] += 1;
    return true;
  }

  /** True once the file reached a final status. */
  settled(name: string): boolean {
    return this.finals.has(name);
  }

  /** Adds what one engine request embedded and reused. */
  add(outcome: IngestOutcome): void {
    this.passages += outcome.report.passages;
    this.embedded += outcome.report.embedded;
    this.reused += outcome.report.reused;
  }

  /** Adds one successful parse. */
  parsed(ms: number, pages: number): void {
    this.parseMs += ms;
    this.pages += pages;
  }

  totals(): BatchTotals {
    return {
      files: this.files,
      done: this.finals.size,
      ...this.counts,
      passages: this.passages,
      embedded: this.embedded,
      reused: this.reused,
      parseMs: this.parseMs,
      pages: this.pages,
    };
  }
}
