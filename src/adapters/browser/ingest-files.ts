/**
 * Ingesting files one by one: parse → chunk → embed (only passages whose text changed) → index →
 * write the document's record in one transaction. Each step is reported per file. A file that
 * fails leaves the library as it was; the saved index is refreshed once at the end.
 */
import { chunkDocument } from '../../core/chunk/chunk-document.js';
import { RagError } from '../../core/errors.js';
import { removeDocument } from '../../core/index/update-index.js';
import { parseDocument } from '../../core/ingest/parse-document.js';
import type { Engine } from '../../core/pipeline/engine.js';
import { ingestDocuments, type IngestReport } from '../../core/pipeline/ingest-documents.js';
import { saveIndex } from '../../core/pipeline/persist.js';
import type { AbortSignalLike } from '../../core/ports.js';
import type { SourceDocument } from '../../core/types.js';
import { loadRecord, recordFromIndex } from './document-records.js';
import type { DocumentRecord, LibraryStore } from './library-store.js';
import type { ProgressEmbedder } from './progress-embedder.js';
import { emptyReport, fail, merge, messageOf, reporter } from './ingest-report.js';
import type { FileInput, FileProgress } from './protocol.js';

/** What ingesting needs. */
export interface IngestContext {
  engine: Engine;
  embedder: ProgressEmbedder;
  store: LibraryStore;
}

/** Options of `ingestFiles`. */
export interface IngestFilesOptions {
  signal?: AbortSignalLike;
  onProgress?: (file: FileProgress) => void;
}

/** Ingests `files` in order; never throws for one bad file, and stops cleanly when aborted. */
export async function ingestFiles(
  context: IngestContext,
  files: FileInput[],
  options: IngestFilesOptions = {},
): Promise<IngestReport> {
  const report = emptyReport();
  const seen = new Map<string, string>();
  for (const file of files)
    options.onProgress?.({ name: file.name, status: 'queued', passagesDone: 0, passagesTotal: 0 });
  for (const file of files) {
    const document = options.signal?.aborted ? undefined : await parse(file, report, options);
    if (options.signal?.aborted) {
      fail(
        report,
        { name: file.name, status: 'failed', passagesDone: 0, passagesTotal: 0 },
        'Stopped before it was indexed.',
        options,
      );
      continue;
    }
    if (!document) continue;
    const other = seen.get(document.id);
    if (other !== undefined) {
      const message = new RagError('DUPLICATE_DOCUMENT_ID', { file: file.name, id: document.id, other }).message;
      fail(report, { name: file.name, status: 'failed', passagesDone: 0, passagesTotal: 0 }, message, options);
      continue;
    }
    seen.set(document.id, file.name);
    await ingestDocument(context, file.name, document, report, options);
  }
  await saveIndex(context.engine, context.store).catch(() => undefined);
  return report;
}

/** Re-indexes a document already parsed (after its access or supersedes changed); vectors are reused. */
export async function reindexDocument(context: IngestContext, document: SourceDocument): Promise<IngestReport> {
  const report = emptyReport();
  await ingestDocument(context, document.sourceName, document, report, {});
  await saveIndex(context.engine, context.store).catch(() => undefined);
  return report;
}

async function parse(
  file: FileInput,
  report: IngestReport,
  options: IngestFilesOptions,
): Promise<SourceDocument | undefined> {
  const progress: FileProgress = { name: file.name, status: 'parsing', passagesDone: 0, passagesTotal: 0 };
  options.onProgress?.({ ...progress });
  try {
    const input = {
      name: file.name,
      bytes: new Uint8Array(file.bytes),
      ...(file.modified ? { modified: file.modified } : {}),
    };
    return await parseDocument(input);
  } catch (error) {
    fail(report, progress, messageOf(error, file.name), options);
    return undefined;
  }
}

async function ingestDocument(
  context: IngestContext,
  name: string,
  document: SourceDocument,
  report: IngestReport,
  options: IngestFilesOptions,
): Promise<void> {
  const { engine, embedder, store } = context;
  const total = chunkDocument(document, engine.chunking).length;
  const progress: FileProgress = {
    name,
    status: 'embedding',
    documentId: document.id,
    passagesDone: 0,
    passagesTotal: total,
  };
  options.onProgress?.({ ...progress });
  const previous = engine.index.documents.has(document.id) ? await store.readDocument(document.id) : undefined;
  embedder.listener = reporter(progress, options);
  let result: IngestReport;
  try {
    result = await ingestDocuments(engine, [document], options.signal ? { signal: options.signal } : {});
  } catch (error) {
    fail(
      report,
      progress,
      error instanceof RagError && error.code === 'ABORTED' ? 'Stopped before it was indexed.' : messageOf(error, name),
      options,
    );
    return;
  } finally {
    embedder.listener = undefined;
  }
  const failure = result.failed[0];
  if (failure) return fail(report, progress, failure.message, options);
  const unchanged = result.unchanged.length > 0;
  if (!unchanged) {
    const saved = await save(context, document, previous);
    if (saved !== true)
      return fail(report, progress, `${name}: could not be saved (${saved}); the library is unchanged.`, options);
  }
  merge(report, result);
  const outcome = unchanged ? 'unchanged' : result.replaced.length > 0 ? 'replaced' : 'added';
  options.onProgress?.({
    ...progress,
    status: 'indexed',
    passagesDone: total,
    outcome,
    embedded: result.embedded,
    reused: result.reused,
  });
}

/** Writes the record; on failure puts the previous version back in the index. */
async function save(
  context: IngestContext,
  document: SourceDocument,
  previous: DocumentRecord | undefined,
): Promise<true | string> {
  const record = recordFromIndex(context.engine, document);
  try {
    if (!record) throw new Error('the document is missing from the index');
    await context.store.writeDocument(record);
    return true;
  } catch (error) {
    if (previous) await loadRecord(context.engine, previous);
    else await removeDocument(context.engine.index, document.id);
    return error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 120) : 'storage error';
  }
}
