/**
 * Telling a full storage apart from other storage failures (docs/reliability.md ST-02), and what
 * the page says about it: the person frees space, then adds the file again.
 */

/** True when `error` says the origin's storage quota is used up. */
export function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  return name === 'QuotaExceededError' || (typeof message === 'string' && /quota/i.test(message));
}

/** What the page shows once a write was refused for lack of space. */
export const STORAGE_FULL_MESSAGE =
  'Storage is full, so Footnote could not save more. Free space by removing documents or cached answer models ' +
  '(Settings), then add the file again. Your library and the models share this site’s storage.';
