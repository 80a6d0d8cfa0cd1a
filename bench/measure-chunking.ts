/**
 * Chunking throughput: `parseDocument` then `chunkDocument` over every generated file.
 */
import { chunkDocument } from '../src/core/chunk/chunk-document.js';
import type { IndexedDocument } from '../src/core/index/search-index.js';
import { toIndexedDocument } from '../src/core/index/update-index.js';
import { parseDocument } from '../src/core/ingest/parse-document.js';
import type { Passage } from '../src/core/types.js';
import { timed } from './latency.js';
import type { SyntheticFile } from './synthetic-corpus.js';

/** How fast files became passages. Megabytes are 10^6 bytes of UTF-8 input. */
export interface ChunkingResult {
  documents: number;
  passages: number;
  megabytes: number;
  seconds: number;
  megabytesPerSecond: number;
  passagesPerSecond: number;
}

/** A chunked document: the record the index keeps and its passages. */
export interface ChunkedDocument {
  record: IndexedDocument;
  passages: Passage[];
}

/** A fixed modification date, so that document dates do not depend on when the benchmark runs. */
const MODIFIED = '2024-01-01T00:00:00.000Z';

/** Parses and chunks every file, timing both together. */
export async function measureChunking(
  files: readonly SyntheticFile[],
): Promise<{ result: ChunkingResult; chunked: ChunkedDocument[] }> {
  const { result: chunked, milliseconds } = await timed(async () => {
    const documents: ChunkedDocument[] = [];
    for (const file of files) {
      const document = await parseDocument({ name: file.name, bytes: file.bytes, modified: MODIFIED });
      const passages = chunkDocument(document);
      documents.push({ record: toIndexedDocument(document, passages), passages });
    }
    return documents;
  });
  const seconds = milliseconds / 1000;
  const megabytes = files.reduce((sum, file) => sum + file.bytes.byteLength, 0) / 1e6;
  const passages = chunked.reduce((sum, document) => sum + document.passages.length, 0);
  return {
    result: {
      documents: chunked.length,
      passages,
      megabytes,
      seconds,
      megabytesPerSecond: megabytes / seconds,
      passagesPerSecond: passages / seconds,
    },
    chunked,
  };
}
