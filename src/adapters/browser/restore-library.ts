/**
 * Bringing the library back at start-up. The saved index is used when it matches the records'
 * generation and the engine's buster; otherwise the index is rebuilt from the records (no
 * embedding), and only records made under another buster are re-embedded from their text.
 */
import { throwIfAborted } from '../../core/errors.js';
import { createSearchIndex } from '../../core/index/search-index.js';
import type { AbortSignalLike } from '../../core/ports.js';
import { type Engine } from '../../core/pipeline/engine.js';
import { ingestDocuments } from '../../core/pipeline/ingest-documents.js';
import { restoreIndex, saveIndex } from '../../core/pipeline/persist.js';
import { loadRecord, recordFromIndex, recordIsCurrent } from './document-records.js';
import type { DocumentRecord, LibraryStore } from './library-store.js';
import type { ReembedProgress } from './models/model-settings.js';
import type { ProgressEmbedder } from './progress-embedder.js';
import type { RestoreKind, RestoreProgress } from './protocol.js';

/**
 * Restores `engine.index` from `store`; says how. `onProgress` hears each phase as it starts
 * (reading the saved index, then, where that cannot be used, rebuilding or re-embedding the
 * documents one by one), so the page can say what it is doing while the library comes back.
 */
export async function restoreLibrary(
  engine: Engine,
  store: LibraryStore,
  onProgress?: (progress: RestoreProgress) => void,
): Promise<RestoreKind> {
  onProgress?.({ phase: 'reading', documentsDone: 0, documentsTotal: 0 });
  const outcome = await restoreIndex(engine, store).catch(() => 'broken' as const);
  if (outcome === 'restored') return 'restored';
  engine.index = createSearchIndex(engine.embedder.dimensions);
  const records = await store.readDocumentsToRebuild();
  if (records.length === 0) return 'empty';
  let reembedded = false;
  for (const [done, record] of records.entries()) {
    const current = recordIsCurrent(engine, record);
    onProgress?.({
      phase: current ? 'rebuilding' : 'reembedding',
      documentsDone: done,
      documentsTotal: records.length,
    });
    if (current) {
      await loadRecord(engine, record);
      continue;
    }
    reembedded = true;
    const report = await ingestDocuments(engine, [record.source]);
    const fresh = report.failed.length === 0 ? recordFromIndex(engine, record.source) : undefined;
    if (fresh) await store.writeDocument(fresh);
    else await store.deleteDocument(record.id);
  }
  onProgress?.({ phase: 'saving', documentsDone: records.length, documentsTotal: records.length });
  await saveIndex(engine, store).catch(() => undefined);
  return reembedded ? 'reindexed' : 'rebuilt';
}

/**
 * Re-embeds every stored document into `engine` (whose embedder is new), reporting documents and
 * passages as they are done. Returns the fresh records; nothing is written here, so a stop or a
 * failure half-way leaves the store as it was. A document that cannot be re-embedded fails all.
 */
export async function reembedLibrary(
  engine: Engine,
  store: LibraryStore,
  options: { signal?: AbortSignalLike; onProgress?: (progress: ReembedProgress) => void } = {},
): Promise<DocumentRecord[]> {
  const records = await store.readDocuments();
  const started = performance.now();
  const progress: ReembedProgress = {
    documentsDone: 0,
    documentsTotal: records.length,
    passagesDone: 0,
    passagesTotal: records.reduce((sum, record) => sum + record.passages.length, 0),
    ms: 0,
  };
  const report = () => options.onProgress?.({ ...progress, ms: performance.now() - started });
  report();
  const embedder = engine.embedder as ProgressEmbedder;
  embedder.listener = (count) => {
    progress.passagesDone = Math.min(progress.passagesTotal, progress.passagesDone + count);
    report();
  };
  const fresh: DocumentRecord[] = [];
  try {
    for (const record of records) {
      throwIfAborted(options.signal);
      const outcome = await ingestDocuments(engine, [record.source], options.signal ? { signal: options.signal } : {});
      const made = outcome.failed.length === 0 ? recordFromIndex(engine, record.source) : undefined;
      if (!made) throw new Error(outcome.failed[0]?.message ?? `${record.source.sourceName}: could not be re-embedded`);
      fresh.push(made);
      progress.documentsDone += 1;
      report();
    }
  } finally {
    embedder.listener = undefined;
  }
  return fresh;
}
