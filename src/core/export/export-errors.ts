/**
 * Errors of reading a library pack or an answer receipt. The core's error table has no codes of
 * their own yet, so they are `PARSE_FAILED` ("could not be read (…)") with a stable
 * `details.problem` saying what is wrong, for code to branch on.
 */
import { RagError } from '../errors.js';
import { shorten } from '../ingest/error-detail.js';

/** What is wrong with a pack or a receipt. */
export type ExportProblem =
  /** Not a Footnote pack or receipt at all (wrong container, wrong `format`). */
  | 'not-footnote'
  /** Made by a newer Footnote (a `version` this one does not read). */
  | 'newer-version'
  /** Truncated or corrupt bytes: the container or a section cannot be unpacked or decoded. */
  | 'damaged'
  /** A field has the wrong type, is missing or is out of bounds. */
  | 'shape'
  /** A section or a document's text does not match its recorded SHA-256. */
  | 'hash'
  /** The parts disagree with each other (a passage outside its document, a vector count). */
  | 'inconsistent'
  /** Bigger than the limits allow. */
  | 'too-large';

/** A `RagError` naming `file` and the problem. */
export function exportError(file: string, problem: ExportProblem, detail: string): RagError {
  return new RagError('PARSE_FAILED', { file, detail: shorten(detail), problem });
}

/** The problem of an error raised by `exportError`, or undefined for any other error. */
export function problemOf(error: unknown): ExportProblem | undefined {
  if (!(error instanceof RagError)) return undefined;
  const problem = error.details.problem;
  return typeof problem === 'string' ? (problem as ExportProblem) : undefined;
}
