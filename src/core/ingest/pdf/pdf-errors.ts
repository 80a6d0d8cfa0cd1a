/**
 * pdf.js exceptions to Footnote's codes (docs/reliability.md IN-02, IN-03). pdf.js errors are told
 * apart by `name` (and `code` for passwords), so the core needs no pdf.js class.
 */
import { RagError } from '../../errors.js';
import { shorten } from '../error-detail.js';

/** pdf.js's `PasswordResponses.INCORRECT_PASSWORD`. */
const INCORRECT_PASSWORD = 2;

/** The `RagError` for an error pdf.js raised while opening `file`. */
export function pdfOpenError(error: unknown, file: string, passwordGiven: boolean): RagError {
  if (error instanceof RagError) return error;
  const { name, code, message } = (error ?? {}) as { name?: unknown; code?: unknown; message?: unknown };
  if (name === 'PasswordException') {
    const wrong = code === INCORRECT_PASSWORD || passwordGiven;
    return new RagError(wrong ? 'PDF_PASSWORD_WRONG' : 'PDF_PASSWORD_REQUIRED', { file }, { cause: error });
  }
  const detail = typeof message === 'string' && message ? shorten(message) : 'unreadable';
  return new RagError('PDF_DAMAGED', { file, detail }, { cause: error });
}

/** A short reason for a page that could not be read. */
export function pageErrorReason(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? shorten(message) : 'unreadable';
}
