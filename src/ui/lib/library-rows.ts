/**
 * The rows of the library panel: documents the viewer may read, plus files of the latest ingest
 * that are still on their way or failed. A document the viewer may not read has no row.
 */
import type { DocumentSummary, FileProgress, FileStatus } from '../../adapters/browser/protocol.js';
import { readableLabels } from '../../core/retrieve/access.js';

/** One row of the library panel. */
export interface LibraryRow {
  key: string;
  status: FileStatus;
  /** The document, once indexed and readable by the viewer. */
  document?: DocumentSummary;
  /** The file's progress, while it is being ingested or when it failed. */
  file?: FileProgress;
}

/** Queued files listed one by one up to this many; beyond it they are only counted (`hiddenQueued`). */
export const MAX_QUEUED_ROWS = 20;

/** How many queued files have no row of their own. */
export function hiddenQueued(files: readonly FileProgress[]): number {
  const queued = files.filter((file) => file.status === 'queued').length;
  return queued > MAX_QUEUED_ROWS ? queued : 0;
}

/**
 * Rows for `viewer`: files in progress, failed or skipped first, then the library by title. In a
 * big drop, files still waiting their turn get no rows (the batch progress counts them).
 */
export function libraryRows(
  documents: readonly DocumentSummary[],
  files: readonly FileProgress[],
  viewer: string,
): LibraryRow[] {
  const hideQueued = hiddenQueued(files) > 0;
  const labels = readableLabels(viewer);
  const readable = documents.filter((document) => labels.includes(document.access));
  const shownIds = new Set(readable.map((document) => document.id));
  const byId = new Map(files.filter((file) => file.documentId).map((file) => [file.documentId, file]));
  const pending = files
    .filter((file) => !(hideQueued && file.status === 'queued'))
    .filter(
      (file) =>
        file.status === 'failed' ||
        file.status === 'skipped' ||
        (file.status !== 'indexed' && !(file.documentId && shownIds.has(file.documentId))),
    )
    .map((file) => ({ key: `file:${file.name}`, status: file.status, file }));
  const rows = readable.map((document) => {
    const file = byId.get(document.id);
    const busy = file && file.status !== 'indexed' && file.status !== 'failed' && file.status !== 'skipped';
    return busy
      ? { key: `doc:${document.id}`, status: file.status, document, file }
      : { key: `doc:${document.id}`, status: 'indexed' as const, document };
  });
  return [...pending, ...rows];
}

/** How many documents of the library `viewer` may not read (and so does not see). */
export function hiddenFromViewer(documents: readonly DocumentSummary[], viewer: string): number {
  const labels = readableLabels(viewer);
  return documents.filter((document) => !labels.includes(document.access)).length;
}

/** The access labels a viewer can choose: `public` and every label in the library. */
export function accessLabels(documents: readonly DocumentSummary[]): string[] {
  return [
    'public',
    ...[...new Set(documents.map((document) => document.access))].filter((label) => label !== 'public').sort(),
  ];
}
