/**
 * Library packs in and out. An export holds only the documents the viewer may read. An import
 * is checked whole first (a bad pack throws a `RagError` naming the file and changes nothing),
 * then restored or re-embedded, and each of its documents is stored; when that fails half-way,
 * nothing stays searchable that is not stored.
 */
import { removeDocument } from '../../core/index/update-index.js';
import {
  exportLibraryPack,
  importLibraryPack,
  readLibraryPack,
  type ImportProgress,
} from '../../core/export/library-pack.js';
import { saveIndex } from '../../core/pipeline/persist.js';
import type { AbortSignalLike } from '../../core/ports.js';
import { readableLabels } from '../../core/retrieve/access.js';
import type { AccessLabel } from '../../core/types.js';
import { loadRecord, recordFromIndex, recordIsCurrent } from './document-records.js';
import { libraryState, raiseNotice, type LibraryParts } from './library-parts.js';
import { factsOf } from './library-store.js';
import type { ExportedPack, PackImport } from './protocol.js';
import { isQuotaError, STORAGE_FULL_MESSAGE } from './storage-errors.js';

/** Options of `importPack`. */
export interface PackImportOptions {
  signal?: AbortSignalLike;
  onProgress?: (progress: ImportProgress) => void;
}

/** The library as a pack, holding only the documents `viewer` may read. */
export async function exportPack(parts: LibraryParts, viewer: AccessLabel): Promise<ExportedPack> {
  const { engine } = parts;
  const records = await parts.store.readDocuments();
  const documents = records.map((record) => record.source).filter((source) => engine.index.documents.has(source.id));
  const bytes = exportLibraryPack(engine, { documents, viewer, settings: { viewer } });
  const readable = readableLabels(viewer);
  const kept = [...engine.index.documents.values()].filter((document) => readable.includes(document.access));
  return { bytes, viewer, documents: kept.length, passages: kept.reduce((sum, item) => sum + item.cites.length, 0) };
}

/** Imports the pack `bytes` (from the file `name`); see the module comment. */
export async function importPack(
  parts: LibraryParts,
  name: string,
  bytes: ArrayBuffer,
  options: PackImportOptions = {},
): Promise<PackImport> {
  const started = performance.now();
  const pack = readLibraryPack(new Uint8Array(bytes), { name });
  const written = new Set<string>();
  const undo = async (error: unknown): Promise<never> => {
    await putBackUnwritten(parts, pack.documents, written);
    throw error;
  };
  const report = await importLibraryPack(parts.engine, pack, options).catch(undo);
  for (const source of report.documents) {
    const record = recordFromIndex(parts.engine, source);
    if (!record) continue;
    await parts.store.writeDocument(record).catch((error: unknown) => {
      if (!isQuotaError(error)) return undo(error);
      raiseNotice(parts, 'full', STORAGE_FULL_MESSAGE);
      return undo(new Error(`${source.sourceName}: failed: storage full. ${STORAGE_FULL_MESSAGE}`));
    });
    written.add(source.id);
    parts.facts.set(source.id, factsOf(source));
  }
  await saveIndex(parts.engine, parts.store).catch(() => undefined);
  return {
    name,
    outcome: report.outcome,
    documents: report.documents.length,
    replaced: report.replaced.length,
    failed: report.failed,
    passages: report.passages,
    embedded: report.embedded,
    warnings: report.warnings,
    library: libraryState(parts),
    ms: performance.now() - started,
  };
}

/**
 * After a pack import failed half-way (storage full, stopped): each pack document the index took
 * but the store did not gets its stored record back, or leaves the index when it has none, so
 * that nothing is searchable that is not stored (nor comes back in the next saved index).
 */
async function putBackUnwritten(
  parts: LibraryParts,
  documents: readonly { id: string }[],
  written: ReadonlySet<string>,
): Promise<void> {
  const { engine, store } = parts;
  for (const { id } of documents) {
    if (written.has(id)) continue;
    const previous = await store.readDocument(id).catch(() => undefined);
    if (previous && recordIsCurrent(engine, previous)) await loadRecord(engine, previous);
    else if (engine.index.documents.has(id)) await removeDocument(engine.index, id);
  }
}
