/**
 * Where the browser keeps the library. Per-document records (the parsed document, its passages
 * and their vectors) are the source of truth; the saved index (`IndexStore`) is a derived cache
 * tagged with the records' generation, so a cache older than the records is never used.
 */
import type { IndexedDocument } from '../../core/index/search-index.js';
import type { IndexBuster, IndexStore } from '../../core/ports.js';
import type { DocumentFormat, MetadataOrigin, Passage, SourceDocument } from '../../core/types.js';
import { estimateCloneBytes } from './clone-bytes.js';
import type { StorageKind } from './protocol.js';

/** Everything about one document that survives a reload. */
export interface DocumentRecord {
  id: string;
  source: SourceDocument;
  indexed: IndexedDocument;
  passages: Passage[];
  /** The passages' vectors, packed in passage order (`passages.length × dimensions`). */
  vectors: Float32Array;
  dimensions: number;
  /** The buster the vectors were made under; another buster means re-embed. */
  buster: IndexBuster;
}

/**
 * What the library panel and the duplicate check need about a document beyond the index's own
 * record: small, kept beside the record so that opening the library reads no vectors.
 */
export interface DocumentFacts {
  id: string;
  format: DocumentFormat;
  /** SHA-256 of the file's bytes (same bytes = "already in library"). */
  byteHash?: string;
  sourceName: string;
  warnings: string[];
  partial: boolean;
  pageCount?: number;
  /** The encoding, when it was guessed. */
  guessedEncoding?: string;
  /** Where the revision and date came from. */
  origin?: MetadataOrigin;
}

/** The facts of a parsed document. */
export function factsOf(source: SourceDocument): DocumentFacts {
  return {
    id: source.id,
    format: source.format,
    sourceName: source.sourceName,
    warnings: [...(source.warnings ?? [])],
    partial: source.partial === true,
    ...(source.byteHash ? { byteHash: source.byteHash } : {}),
    ...(source.pageCount !== undefined ? { pageCount: source.pageCount } : {}),
    ...(source.encodingGuessed && source.encoding ? { guessedEncoding: source.encoding } : {}),
    ...(source.origin ? { origin: { ...source.origin } } : {}),
  };
}

/** The library's storage: records plus the derived index cache. */
export interface LibraryStore extends IndexStore {
  readonly kind: StorageKind;
  /** Every document record. */
  readDocuments(): Promise<DocumentRecord[]>;
  /**
   * Every document record, to rebuild the index from: from then on the index is taken to mirror
   * the records read, and a saved index is tagged with their generation. Restore paths only.
   */
  readDocumentsToRebuild(): Promise<DocumentRecord[]>;
  readDocument(id: string): Promise<DocumentRecord | undefined>;
  /** The facts of every document (`factsOf` each record's source), without reading the records. */
  readFacts(): Promise<DocumentFacts[]>;
  /** Writes one document's record atomically and bumps the generation in the same transaction. */
  writeDocument(record: DocumentRecord): Promise<void>;
  /** Deletes one document's record atomically and bumps the generation. */
  deleteDocument(id: string): Promise<void>;
  /** Removes every record and the cache; the generation moves on (never back to 0), in the same step. */
  clearAll(): Promise<void>;
  /** Bytes the store holds, estimated from what it keeps. */
  estimateBytes(): Promise<number>;
  close(): void;
}

/** Packs one vector per passage into a single array. */
export function packVectors(vectors: readonly Float32Array[], dimensions: number): Float32Array {
  const packed = new Float32Array(vectors.length * dimensions);
  vectors.forEach((vector, position) => packed.set(vector.subarray(0, dimensions), position * dimensions));
  return packed;
}

/** The vectors of a record, one per passage. */
export function unpackVectors(record: DocumentRecord): Float32Array[] {
  return record.passages.map((_, position) =>
    record.vectors.slice(position * record.dimensions, (position + 1) * record.dimensions),
  );
}

/** A rough byte count of a record as stored. */
export function recordBytes(record: DocumentRecord): number {
  return estimateCloneBytes(record);
}
