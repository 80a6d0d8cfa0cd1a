/**
 * Ingesting files one by one: parse (for files handed over as bytes) → chunk → embed (only
 * passages whose text changed) → index → write the document's record in one transaction. Each
 * step is reported per file. A file that fails leaves the library as it was; a file whose bytes
 * are already in the library (another name, same SHA-256) is skipped as a duplicate. A PDF or
 * Word file (which cannot state an id) whose default id is held by a file of another name
 * (`manual.pdf` and `manual.docx`) gets its format appended (`manual-docx`): same name means
 * new revision, another name means another document.
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
import { factsOf, type DocumentFacts, type DocumentRecord, type LibraryStore } from './library-store.js';
import type { ProgressEmbedder } from './progress-embedder.js';
import { emptyReport, fail, merge, messageOf, reporter, skip, type BatchReport } from './ingest-report.js';
import type { FileInput, FileProgress, ParsedFile } from './protocol.js';
import { isQuotaError } from './storage-errors.js';

/** What ingesting needs. */
export interface IngestContext {
  engine: Engine;
  embedder: ProgressEmbedder;
  store: LibraryStore;
  /** The facts of every document in the library, by id; kept up to date here. */
  facts: Map<string, DocumentFacts>;
  /** Hears that a record could not be written because the storage is full. */
  onStorageFull?: () => void;
}

/** Options of `ingestFiles`. */
export interface IngestFilesOptions {
  signal?: AbortSignalLike;
  onProgress?: (file: FileProgress) => void;
}

/** Parses and ingests `files` in order; never throws for one bad file, and stops cleanly when aborted. */
export async function ingestFiles(
  context: IngestContext,
  files: FileInput[],
  options: IngestFilesOptions = {},
): Promise<BatchReport> {
  const report = emptyReport();
  const batch = new Batch(context, report, options);
  for (const file of files) batch.queued(file.name);
  for (const file of files) {
    const document = options.signal?.aborted ? undefined : await parse(file, report, options);
    if (batch.stopped(file.name) || !document) continue;
    await batch.add(file.name, document);
  }
  await saveIndex(context.engine, context.store).catch(() => undefined);
  return report;
}

/**
 * Ingests documents parsed elsewhere (the page's parse worker), in order. The saved index is not
 * refreshed here: a batch of many files sends many of these and one `save-index` at the end.
 */
export async function ingestParsedFiles(
  context: IngestContext,
  files: ParsedFile[],
  options: IngestFilesOptions = {},
): Promise<BatchReport> {
  const report = emptyReport();
  const batch = new Batch(context, report, options);
  for (const file of files) {
    if (batch.stopped(file.name)) continue;
    await batch.add(file.name, file.document);
  }
  return report;
}

/** Re-indexes a document already parsed (after its access or supersedes changed); vectors are reused. */
export async function reindexDocument(context: IngestContext, document: SourceDocument): Promise<IngestReport> {
  const report = emptyReport();
  await ingestDocument(context, document.sourceName, document, report, {});
  await saveIndex(context.engine, context.store).catch(() => undefined);
  return report;
}

/** One request's files: duplicate checks, stops, and each document's ingest. */
class Batch {
  private readonly ids = new Map<string, string>();

  constructor(
    private readonly context: IngestContext,
    private readonly report: BatchReport,
    private readonly options: IngestFilesOptions,
  ) {}

  queued(name: string): void {
    this.options.onProgress?.({ name, status: 'queued', passagesDone: 0, passagesTotal: 0 });
  }

  /** True (and the file reported) when the batch was stopped before this file. */
  stopped(name: string): boolean {
    if (!this.options.signal?.aborted) return false;
    fail(this.report, progressOf(name), 'Stopped before it was indexed.', this.options);
    return true;
  }

  async add(name: string, parsed: SourceDocument): Promise<void> {
    const document = this.withFreeId(parsed);
    const other = this.ids.get(document.id);
    if (other !== undefined) {
      const message = new RagError('DUPLICATE_DOCUMENT_ID', { file: name, id: document.id, other }).message;
      return fail(this.report, progressOf(name, document.id), message, this.options);
    }
    const twin = duplicateOf(this.context.facts, document);
    if (twin) {
      const message = new RagError('DUPLICATE_FILE', { file: name, other: twin.sourceName }).message;
      return skip(this.report, progressOf(name, twin.id), message, this.options);
    }
    this.ids.set(document.id, name);
    await ingestDocument(this.context, name, document, this.report, this.options);
  }

  /** The document, re-identified as `<id>-<format>` when it is a PDF or Word file whose id another file holds. */
  private withFreeId(document: SourceDocument): SourceDocument {
    if (document.format !== 'pdf' && document.format !== 'docx') return document;
    const heldByOther = (id: string) => {
      const inBatch = this.ids.get(id);
      const inLibrary = this.context.facts.get(id)?.sourceName;
      return (
        (inBatch !== undefined && inBatch !== document.sourceName) ||
        (inLibrary !== undefined && inLibrary !== document.sourceName)
      );
    };
    if (!heldByOther(document.id)) return document;
    const id = `${document.id}-${document.format}`;
    return heldByOther(id) ? document : { ...document, id };
  }
}

function progressOf(name: string, documentId?: string): FileProgress {
  return { name, status: 'queued', passagesDone: 0, passagesTotal: 0, ...(documentId ? { documentId } : {}) };
}

/** Another document of the library with the same bytes (IN-18); the same document again is not a duplicate. */
function duplicateOf(facts: Map<string, DocumentFacts>, document: SourceDocument): DocumentFacts | undefined {
  if (!document.byteHash) return undefined;
  for (const item of facts.values()) {
    if (item.byteHash === document.byteHash && item.id !== document.id) return item;
  }
  return undefined;
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
    result = await ingestDocuments(engine, [document], {
      ...(options.signal ? { signal: options.signal } : {}),
      onIndexing: () => options.onProgress?.({ ...progress, status: 'indexing', passagesDone: total }),
    });
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
    options.onProgress?.({ ...progress, status: 'saving', passagesDone: total });
    const saved = await save(context, document, previous);
    if (saved === 'full') {
      context.onStorageFull?.();
      return fail(
        report,
        progress,
        `${name}: failed: storage full. It was not added; the library is unchanged.`,
        options,
      );
    }
    if (saved !== true)
      return fail(report, progress, `${name}: could not be saved (${saved}); the library is unchanged.`, options);
  }
  context.facts.set(document.id, factsOf(unchanged && previous ? previous.source : document));
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

/** Writes the record; on failure puts the previous version back in the index ('full': no space left). */
async function save(
  context: IngestContext,
  document: SourceDocument,
  previous: DocumentRecord | undefined,
): Promise<true | 'full' | string> {
  const record = recordFromIndex(context.engine, document);
  try {
    if (!record) throw new Error('the document is missing from the index');
    await context.store.writeDocument(record);
    return true;
  } catch (error) {
    if (previous) await loadRecord(context.engine, previous);
    else await removeDocument(context.engine.index, document.id);
    if (isQuotaError(error)) return 'full';
    return error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 120) : 'storage error';
  }
}
