/**
 * Importing a checked pack into an engine. Where the pack was built the way the engine builds
 * (same buster: embedder id and dimensions, chunker, schema), nothing is embedded: the pack's
 * index snapshot is loaded into an empty engine, or, where the engine already holds documents
 * or the snapshot is unusable, the passages are put back with their stored vectors. Otherwise
 * the documents are re-embedded through `ingestDocuments`, with progress.
 */
import { throwIfAborted } from '../errors.js';
import { toIndexedDocument, upsertDocument } from '../index/update-index.js';
import { engineBuster, type Engine } from '../pipeline/engine.js';
import { ingestDocuments } from '../pipeline/ingest-documents.js';
import { sameBuster } from '../pipeline/persist.js';
import type { CallOptions } from '../ports.js';
import type { SourceDocument } from '../types.js';
import type { LibraryPack } from './pack-format.js';
import { indexFromPack } from './pack-index.js';

/** Progress of an import, for a progress bar. */
export interface ImportProgress {
  /** `restoring`: putting stored passages back; `embedding`: re-embedding documents. */
  phase: 'restoring' | 'embedding';
  documentsDone: number;
  documentsTotal: number;
  passagesEmbedded: number;
}

/** Options of `importLibraryPack`. */
export interface ImportPackOptions extends CallOptions {
  onProgress?: (progress: ImportProgress) => void;
}

/** What an import did. */
export interface ImportReport {
  /** `restored`: no embedding; `re-embedded`: the pack was built with another embedder or chunker. */
  outcome: 'restored' | 're-embedded';
  /** How a restore was done: the pack's index snapshot, or its passages and vectors. */
  via?: 'snapshot' | 'records';
  /** The documents now in the engine from the pack (the caller stores them: browser records). */
  documents: SourceDocument[];
  /** Ids of documents that replaced one of the same id already in the engine. */
  replaced: string[];
  /** Documents that could not be re-embedded, with the reason. */
  failed: { sourceName: string; message: string }[];
  passages: number;
  embedded: number;
  /** Soft problems, one sentence each (an unusable snapshot, the reason for re-embedding). */
  warnings: string[];
}

/** Puts the pack's library into the engine; see the module comment. */
export async function importLibraryPack(
  engine: Engine,
  pack: LibraryPack,
  options: ImportPackOptions = {},
): Promise<ImportReport> {
  throwIfAborted(options.signal);
  if (!sameBuster(pack.manifest.buster, engineBuster(engine))) return reembed(engine, pack, options);
  const report: ImportReport = {
    outcome: 'restored',
    documents: pack.documents,
    replaced: pack.documents
      .filter((document) => engine.index.documents.has(document.id))
      .map((document) => document.id),
    failed: [],
    passages: pack.passages.length,
    embedded: 0,
    warnings: [...pack.warnings],
  };
  if (engine.index.documents.size === 0 && pack.index !== undefined) {
    try {
      engine.index = indexFromPack(pack);
      report.via = 'snapshot';
      options.onProgress?.(progress('restoring', pack.documents.length, pack.documents.length, 0));
      return report;
    } catch (error) {
      const detail = error instanceof Error ? error.message.slice(0, 160) : 'unreadable';
      report.warnings.push(
        `The pack's index snapshot cannot be used (${detail}); the index was rebuilt from its passages, without embedding.`,
      );
    }
  }
  await restoreRecords(engine, pack, options);
  report.via = 'records';
  return report;
}

/** Puts each document back with its stored passages and vectors; nothing is embedded. */
async function restoreRecords(engine: Engine, pack: LibraryPack, options: ImportPackOptions): Promise<void> {
  const rows = new Map<string, number[]>();
  pack.passages.forEach((passage, row) => {
    const list = rows.get(passage.docId);
    if (list) list.push(row);
    else rows.set(passage.docId, [row]);
  });
  for (const [done, document] of pack.documents.entries()) {
    throwIfAborted(options.signal);
    const ownRows = rows.get(document.id) ?? [];
    const passages = ownRows.map((row) => pack.passages[row]).filter((passage) => passage !== undefined);
    const vectors = ownRows.map((row) => pack.vectors[row]).filter((vector) => vector !== undefined);
    await upsertDocument(engine.index, toIndexedDocument(document, passages), passages, vectors);
    options.onProgress?.(progress('restoring', done + 1, pack.documents.length, 0));
  }
}

async function reembed(engine: Engine, pack: LibraryPack, options: ImportPackOptions): Promise<ImportReport> {
  const existing = new Set(engine.index.documents.keys());
  const ingest = await ingestDocuments(engine, pack.documents, {
    ...(options.signal ? { signal: options.signal } : {}),
    onProgress: (step) =>
      options.onProgress?.(progress('embedding', step.documentsDone, step.documentsTotal, step.passagesEmbedded)),
  });
  const { embedderId, dimensions } = pack.manifest.buster;
  const current = engineBuster(engine);
  const reason =
    embedderId === current.embedderId && dimensions === current.dimensions
      ? 'it was built with another chunker or index schema'
      : `it was built with the embedder ${embedderId} (${dimensions} dimensions), not ${current.embedderId}`;
  return {
    outcome: 're-embedded',
    documents: pack.documents.filter(
      (document) => engine.index.documents.get(document.id)?.contentHash === document.contentHash,
    ),
    replaced: pack.documents.filter((document) => existing.has(document.id)).map((document) => document.id),
    failed: ingest.failed,
    passages: ingest.passages,
    embedded: ingest.embedded,
    warnings: [...pack.warnings, `The pack's documents were embedded again: ${reason}.`],
  };
}

function progress(
  phase: ImportProgress['phase'],
  documentsDone: number,
  documentsTotal: number,
  passagesEmbedded: number,
): ImportProgress {
  return { phase, documentsDone, documentsTotal, passagesEmbedded };
}
