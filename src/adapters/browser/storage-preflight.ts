/**
 * Room for an ingest, checked before a byte is read (docs/reliability.md ST-01, ST-23). A file
 * takes far more room once indexed than on disk: its text is kept in its record and again in the
 * saved index, and each passage has a 384-float vector, also kept twice. `EXPANSION` is that ratio,
 * measured on the real store (the sample manuals on fake-indexeddb: 30 KB of Markdown became
 * 670 KB, 22.3 times; `storage-preflight.test.ts` measures it again and fails when it no longer
 * fits). PDF and Word files hold much less text than their size, so they count at a quarter.
 */

/** Stored bytes per byte of file, by kind of file; see the module comment. */
export const EXPANSION = { text: 24, binary: 6 } as const;

/** Room kept free beyond the estimate. */
const MARGIN_BYTES = 2 * 2 ** 20;

/** `navigator.storage`, the part used here. */
export interface EstimateLike {
  estimate(): Promise<{ usage?: number; quota?: number }>;
}

/** Whether a batch fits, with a sentence for the page when it does not. */
export interface RoomVerdict {
  ok: boolean;
  neededBytes: number;
  /** Null when the browser does not tell. */
  availableBytes: number | null;
  message?: string;
}

/** What the library and the models share, said wherever space runs short. */
export const SHARED_QUOTA =
  'Your library and the downloaded models share this site’s storage, and the browser clears them together.';

/** Bytes a batch of files takes once indexed. */
export function neededForFiles(files: readonly { name: string; size: number }[]): number {
  const bytes = files.reduce((sum, file) => sum + file.size * factorOf(file.name), 0);
  return Math.ceil(bytes) + MARGIN_BYTES;
}

/** Checks a batch against what the origin may still store; fits when the browser does not tell. */
export async function checkIngestRoom(
  files: readonly { name: string; size: number }[],
  storage: EstimateLike | undefined,
): Promise<RoomVerdict> {
  const neededBytes = neededForFiles(files);
  const estimate = await storage?.estimate().catch(() => undefined);
  if (!estimate || typeof estimate.quota !== 'number') return { ok: true, neededBytes, availableBytes: null };
  const availableBytes = Math.max(0, estimate.quota - (estimate.usage ?? 0));
  if (neededBytes <= availableBytes) return { ok: true, neededBytes, availableBytes };
  const message =
    `Not enough storage: ${files.length === 1 ? 'this file needs' : `these ${files.length} files need`} about ` +
    `${megabytes(neededBytes)} once indexed, and ${megabytes(availableBytes)} is available. Nothing was added. ` +
    `${SHARED_QUOTA} Remove documents or cached answer models (Settings), or add fewer files.`;
  return { ok: false, neededBytes, availableBytes, message };
}

function factorOf(name: string): number {
  return /\.(pdf|docx)$/i.test(name) ? EXPANSION.binary : EXPANSION.text;
}

function megabytes(bytes: number): string {
  const value = bytes / 2 ** 20;
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} MB`;
}
