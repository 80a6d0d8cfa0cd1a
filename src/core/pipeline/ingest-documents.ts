/**
 * Ingest: chunk documents, embed only passages whose text is new, and replace each document in
 * the index as a whole. A document that fails is reported and leaves the index as it was.
 */
import { chunkDocument } from '../chunk/chunk-document.js';
import { RagError, throwIfAborted } from '../errors.js';
import { passageVector } from '../index/search-index.js';
import { toIndexedDocument, upsertDocument } from '../index/update-index.js';
import type { CallOptions } from '../ports.js';
import { shortHash } from '../text/hash.js';
import type { Passage, SourceDocument } from '../types.js';
import type { Engine } from './engine.js';

/** Progress of an ingest, for a progress bar. */
export interface IngestProgress {
  documentsDone: number;
  documentsTotal: number;
  passagesEmbedded: number;
}

/** What an ingest did. */
export interface IngestReport {
  added: string[];
  replaced: string[];
  unchanged: string[];
  failed: { sourceName: string; message: string }[];
  passages: number;
  embedded: number;
  /** Passages whose vectors were reused because their text did not change. */
  reused: number;
}

/** Options of `ingestDocuments`. */
export interface IngestOptions extends CallOptions {
  onProgress?: (progress: IngestProgress) => void;
  /** Hears that a document's passages are embedded and are now being added to the index. */
  onIndexing?: (document: SourceDocument, passages: number) => void;
}

/** Adds or replaces documents in the engine's index. */
export async function ingestDocuments(
  engine: Engine,
  documents: SourceDocument[],
  options: IngestOptions = {},
): Promise<IngestReport> {
  const report: IngestReport = {
    added: [],
    replaced: [],
    unchanged: [],
    failed: [],
    passages: 0,
    embedded: 0,
    reused: 0,
  };
  const seen = new Map<string, string>();
  for (const [position, document] of documents.entries()) {
    throwIfAborted(options.signal);
    const other = seen.get(document.id);
    if (other !== undefined) {
      const error = new RagError('DUPLICATE_DOCUMENT_ID', { file: document.sourceName, id: document.id, other });
      report.failed.push({ sourceName: document.sourceName, message: error.message });
      continue;
    }
    seen.set(document.id, document.sourceName);
    await ingestOne(engine, document, report, options);
    options.onProgress?.({
      documentsDone: position + 1,
      documentsTotal: documents.length,
      passagesEmbedded: report.embedded,
    });
  }
  return report;
}

async function ingestOne(engine: Engine, document: SourceDocument, report: IngestReport, options: IngestOptions) {
  const existing = engine.index.documents.get(document.id);
  const indexed = toIndexedDocument(document, []);
  if (existing && sameRecord(existing, indexed)) {
    report.unchanged.push(document.id);
    report.passages += existing.cites.length;
    return;
  }
  try {
    const passages = chunkDocument(document, engine.chunking);
    const vectors = await vectorsFor(engine, passages, report, options);
    options.onIndexing?.(document, passages.length);
    await upsertDocument(engine.index, toIndexedDocument(document, passages), passages, vectors);
    (existing ? report.replaced : report.added).push(document.id);
    report.passages += passages.length;
  } catch (error) {
    if (error instanceof RagError && error.code === 'ABORTED') throw error;
    const message = error instanceof Error ? error.message : String(error);
    report.failed.push({ sourceName: document.sourceName, message: `${document.sourceName}: ${message}` });
  }
}

function sameRecord(a: ReturnType<typeof toIndexedDocument>, b: ReturnType<typeof toIndexedDocument>): boolean {
  const { cites: _a, ...left } = a;
  const { cites: _b, ...right } = b;
  return JSON.stringify(left) === JSON.stringify(right);
}

/** Vectors for the passages: reused where an indexed passage has the same text, embedded otherwise. */
async function vectorsFor(engine: Engine, passages: Passage[], report: IngestReport, options: CallOptions) {
  const byKey = new Map<string, Float32Array>();
  for (const passage of passages) {
    const old = engine.index.passages.get(passage.cite);
    const vector =
      old && embeddingKey(old) === embeddingKey(passage) ? passageVector(engine.index, old.cite) : undefined;
    if (vector) byKey.set(embeddingKey(passage), Float32Array.from(vector));
  }
  const missing = passages.filter((passage) => !byKey.has(embeddingKey(passage)));
  const { embedder } = engine;
  for (let start = 0; start < missing.length; start += embedder.maxBatchSize) {
    const batch = missing.slice(start, start + embedder.maxBatchSize);
    const vectors = await embedder.embedDocuments(batch.map(embeddingText), options);
    batch.forEach((passage, position) => byKey.set(embeddingKey(passage), vectors[position] ?? new Float32Array()));
  }
  report.embedded += missing.length;
  report.reused += passages.length - missing.length;
  return passages.map((passage) => byKey.get(embeddingKey(passage)) ?? new Float32Array());
}

function embeddingKey(passage: Passage): string {
  return shortHash(embeddingText(passage), 16);
}

/** The text embedded for a passage: its title and heading give the context a bare chunk lacks. */
export function embeddingText(passage: Passage): string {
  return [passage.title, passage.heading, passage.text].filter(Boolean).join('\n');
}
