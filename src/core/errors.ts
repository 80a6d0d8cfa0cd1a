import type { AbortSignalLike } from './ports.js';

/**
 * One error class for the whole core, with a code from one table. Messages say what went wrong
 * and what to do next.
 */

/** Every error code the core raises, with its message template. `{name}` slots are filled in. */
export const ERROR_MESSAGES = {
  UNSUPPORTED_FORMAT: '{file}: unsupported file type "{extension}". Footnote reads .md, .txt, .html, .pdf and .docx.',
  EMPTY_DOCUMENT: '{file}: the file is empty; nothing was indexed.',
  NO_TEXT: '{file}: no extractable text; nothing was indexed.',
  BINARY_TEXT: '{file}: this looks like a binary file, not text; nothing was indexed.',
  BAD_FRONT_MATTER: '{file}: the front matter is not valid YAML ({detail}). Fix it or remove it.',
  BAD_FRONT_MATTER_FIELD: '{file}: front matter field "{field}" {detail}.',
  DUPLICATE_DOCUMENT_ID: '{file}: document id "{id}" is already used by {other}. Give one of them another `id`.',
  DIMENSION_MISMATCH:
    'The embedder returned vectors of {actual} dimensions but the index expects {expected}. Re-index with this embedder.',
  INVALID_OPTION: 'Invalid option {option}: {detail}.',
  QUESTIONS_FILE: '{file}, line {line}: {detail}.',
  ANSWERS_FILE: '{file}, line {line}: {detail}.',
  CORPUS_NOT_FOUND: '{path}: no such folder. Pass --corpus with a folder of .md, .txt, .html, .pdf or .docx files.',
  CORPUS_EMPTY: '{path}: no documents could be read ({detail}).',
  ABORTED: 'The operation was stopped.',
  FILE_TOO_LARGE:
    '{file}: {size} is more than the {limit} allowed for {kind} files; nothing was read. Split the file or raise the limit.',
  DUPLICATE_FILE: '{file}: already in the library (same bytes as {other}); skipped.',
  PDF_DAMAGED: '{file}: the PDF is damaged or is not a PDF ({detail}); nothing was indexed.',
  PDF_PASSWORD_REQUIRED:
    '{file}: the PDF is password-protected. Enter its password to index it (the password is not stored), or skip it.',
  PDF_PASSWORD_WRONG: '{file}: that password does not open the PDF. Try again, or skip the file.',
  DOCX_DAMAGED: '{file}: the Word file is damaged or is not a .docx ({detail}); nothing was indexed.',
  DOCX_WRONG_FORMAT:
    '{file}: this is {kind}, not a Word .docx file, and Footnote cannot read it. Save it as .docx (File › Save As) and add it again.',
  SUSPICIOUS_ARCHIVE: '{file}: suspicious archive ({detail}); it was not opened and nothing was indexed.',
  PARSE_TIMEOUT: '{file}: reading it took longer than {seconds} s, so it was stopped; nothing was indexed.',
  PARSE_OUT_OF_MEMORY: '{file}: reading it needed more memory than allowed, so it was stopped; nothing was indexed.',
  PARSE_FAILED: '{file}: could not be read ({detail}); nothing was indexed.',
} as const;

/** A code of `ERROR_MESSAGES`. */
export type ErrorCode = keyof typeof ERROR_MESSAGES;

/** The error every core stage throws. `code` is stable; `message` is for people. */
export class RagError extends Error {
  override readonly name = 'RagError';

  constructor(
    readonly code: ErrorCode,
    readonly details: Record<string, string | number> = {},
    options?: { cause?: unknown },
  ) {
    super(formatMessage(code, details), options);
  }
}

function formatMessage(code: ErrorCode, details: Record<string, string | number>): string {
  return ERROR_MESSAGES[code].replace(/\{(\w+)\}/g, (slot, key: string) =>
    key in details ? String(details[key]) : slot,
  );
}

/** Throws `RagError('ABORTED')` when the signal has fired. */
export function throwIfAborted(signal: AbortSignalLike | undefined): void {
  if (signal?.aborted) throw new RagError('ABORTED');
}
