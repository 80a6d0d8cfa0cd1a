/**
 * Insert throughput: `upsertDocument` of every chunked document with its passages' vectors.
 */
import { createSearchIndex, type SearchIndex } from '../src/core/index/search-index.js';
import { upsertDocument } from '../src/core/index/update-index.js';
import { timed } from './latency.js';
import type { ChunkedDocument } from './measure-chunking.js';

/** How fast passages went into a new index. */
export interface InsertResult {
  passages: number;
  seconds: number;
  passagesPerSecond: number;
}

/** Builds a new index from the documents; `vectors[i]` holds the vectors of `documents[i]`'s passages. */
export async function measureInsert(
  documents: readonly ChunkedDocument[],
  vectors: readonly Float32Array[][],
  dimensions: number,
): Promise<{ result: InsertResult; index: SearchIndex }> {
  const index = createSearchIndex(dimensions);
  const { milliseconds } = await timed(async () => {
    for (const [position, document] of documents.entries()) {
      await upsertDocument(index, document.record, document.passages, vectors[position] ?? []);
    }
  });
  const passages = index.passages.size;
  const seconds = milliseconds / 1000;
  return { result: { passages, seconds, passagesPerSecond: passages / seconds }, index };
}
