/**
 * Bringing the library back at start-up. The saved index is used when it matches the records'
 * generation and the engine's buster; otherwise the index is rebuilt from the records (no
 * embedding), and only records made under another buster are re-embedded from their text.
 */
import { createSearchIndex } from '../../core/index/search-index.js';
import { type Engine } from '../../core/pipeline/engine.js';
import { ingestDocuments } from '../../core/pipeline/ingest-documents.js';
import { restoreIndex, saveIndex } from '../../core/pipeline/persist.js';
import { loadRecord, recordFromIndex, recordIsCurrent } from './document-records.js';
import type { LibraryStore } from './library-store.js';
import type { RestoreKind } from './protocol.js';

/** Restores `engine.index` from `store`; says how. */
export async function restoreLibrary(engine: Engine, store: LibraryStore): Promise<RestoreKind> {
  const outcome = await restoreIndex(engine, store).catch(() => 'broken' as const);
  if (outcome === 'restored') return 'restored';
  engine.index = createSearchIndex(engine.embedder.dimensions);
  const records = await store.readDocuments();
  if (records.length === 0) return 'empty';
  let reembedded = false;
  for (const record of records) {
    if (recordIsCurrent(engine, record)) {
      await loadRecord(engine, record);
      continue;
    }
    reembedded = true;
    const report = await ingestDocuments(engine, [record.source]);
    const fresh = report.failed.length === 0 ? recordFromIndex(engine, record.source) : undefined;
    if (fresh) await store.writeDocument(fresh);
    else await store.deleteDocument(record.id);
  }
  await saveIndex(engine, store).catch(() => undefined);
  return reembedded ? 'reindexed' : 'rebuilt';
}
