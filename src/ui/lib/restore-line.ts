/**
 * What the library panel says while the library comes back at start-up, phase by phase
 * (`RestoreProgress`); before the first report the worker is still starting or loading its model.
 */
import type { RestoreProgress } from '../../adapters/browser/protocol.js';

/** One line for the panel's status while the library is not ready. */
export function restoreLine(progress: RestoreProgress | undefined): string {
  if (!progress) return 'Opening your library…';
  const count = `${progress.documentsDone} of ${progress.documentsTotal} document${progress.documentsTotal === 1 ? '' : 's'}`;
  switch (progress.phase) {
    case 'reading':
      return 'Bringing your library back: reading the saved index…';
    case 'rebuilding':
      return `Rebuilding the index from your stored documents (nothing is re-embedded): ${count}…`;
    case 'reembedding':
      return `Re-embedding documents stored with another embedding model: ${count}…`;
    case 'saving':
      return `Saving the rebuilt index (${progress.documentsTotal} document${progress.documentsTotal === 1 ? '' : 's'})…`;
  }
}
