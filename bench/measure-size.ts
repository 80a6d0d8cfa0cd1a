/**
 * One size's run: generate, chunk, embed, insert, query, save; then, with the live index
 * released, load the snapshot back. Memory is sampled after each phase.
 */
import { performance } from 'node:perf_hooks';
import type { SearchIndex } from '../src/core/index/search-index.js';
import { packVectors, type VectorMatrix } from './dot-product-scan.js';
import { measureChunking, type ChunkedDocument, type ChunkingResult } from './measure-chunking.js';
import { measureInsert, type InsertResult } from './measure-insert.js';
import { measureQueries, prepareQueries, type QueryCase, type QueryResult } from './measure-queries.js';
import { loadSnapshot, saveSnapshot, type SavedSnapshot, type SnapshotResult } from './measure-snapshot.js';
import { collectGarbage, MemoryTracker, type MemoryReport } from './memory-tracker.js';
import { RandomUnitEmbedder } from './random-unit-embedder.js';
import { generateFiles, ManualWriter } from './synthetic-corpus.js';

/** What to run for one size. */
export interface SizeSettings {
  /** Passages asked for; documents = passages / 10. */
  passages: number;
  /** Timed queries per mode (at least 1). */
  queries: number;
  /** Untimed queries run first in each mode. */
  warmup: number;
  seed: number;
  dimensions: number;
}

/** Every number measured for one size. */
export interface SizeResult {
  requestedPassages: number;
  documents: number;
  passages: number;
  /** Wall time of the whole size, generation and checks included. */
  seconds: number;
  chunking: ChunkingResult;
  insert: InsertResult;
  queries: QueryResult;
  snapshot: SnapshotResult;
  memory: MemoryReport;
}

/** What the build phase hands on: its numbers and the saved bytes (the live index stays behind). */
interface BuildPhase {
  chunking: ChunkingResult;
  insert: InsertResult;
  queries: QueryResult;
  saved: SavedSnapshot;
}

/** Runs every phase for one size. */
export async function measureSize(settings: SizeSettings): Promise<SizeResult> {
  const started = performance.now();
  const memory = new MemoryTracker();
  const embedder = new RandomUnitEmbedder(settings.seed, settings.dimensions);
  const writer = new ManualWriter(settings.seed, 'queries');
  const queryCases = await prepareQueries(
    Array.from({ length: settings.queries }, () => writer.query()),
    embedder,
  );
  const built = await buildQueryAndSave(settings, embedder, queryCases, memory);
  // The live index is unreachable now; collect it so that loading is measured as a fresh page would see it.
  collectGarbage();
  const snapshot = await loadSnapshot(built.saved, embedder, queryCases[0]!, memory);
  return {
    requestedPassages: settings.passages,
    documents: built.chunking.documents,
    passages: built.chunking.passages,
    seconds: (performance.now() - started) / 1000,
    chunking: built.chunking,
    insert: built.insert,
    queries: built.queries,
    snapshot,
    memory: memory.report(),
  };
}

/** Chunks, indexes, queries and saves; the index and the corpus are garbage once this returns. */
async function buildQueryAndSave(
  settings: SizeSettings,
  embedder: RandomUnitEmbedder,
  queryCases: readonly QueryCase[],
  memory: MemoryTracker,
): Promise<BuildPhase> {
  const chunking = await measureChunking(
    generateFiles(new ManualWriter(settings.seed, 'documents'), settings.passages),
  );
  memory.sample('chunked');
  const built = await buildIndex(chunking.chunked, embedder);
  memory.sample('inserted');
  const queries = await measureQueries(built.index, embedder, queryCases, built.scan, settings.warmup);
  memory.sample('queried');
  const saved = await saveSnapshot(built.index, embedder, queryCases[0]!, memory);
  return { chunking: chunking.result, insert: built.insert, queries, saved };
}

/**
 * Embeds every passage (untimed), inserts the documents (timed), and packs the same vectors into
 * the floor's matrix; the per-document vector lists are garbage once this returns.
 */
async function buildIndex(
  documents: readonly ChunkedDocument[],
  embedder: RandomUnitEmbedder,
): Promise<{ index: SearchIndex; insert: InsertResult; scan: { matrix: VectorMatrix; cites: string[] } }> {
  const vectors = await Promise.all(
    documents.map((document) => embedder.embedDocuments(document.passages.map((passage) => passage.text))),
  );
  const { result, index } = await measureInsert(documents, vectors, embedder.dimensions);
  const matrix = packVectors(vectors.flat(), embedder.dimensions);
  const cites = documents.flatMap((document) => document.passages.map((passage) => passage.cite));
  return { index, insert: result, scan: { matrix, cites } };
}
