/**
 * SHA-256 fingerprints of text and of a whole library, for packs and answer receipts: a
 * receipt names the library it was answered from, and a passage's text can be checked against
 * the hash a receipt recorded ("changed since the receipt").
 */
import type { IndexBuster } from '../ports.js';
import { sha256Hex } from '../ingest/byte-hash.js';
import type { IndexedDocument } from '../index/search-index.js';
import { engineBuster, type Engine } from '../pipeline/engine.js';

const encoder = new TextEncoder();

/** SHA-256 (hex) of `text`, UTF-8 encoded. */
export function textSha256(text: string): string {
  return sha256Hex(encoder.encode(text));
}

/**
 * SHA-256 of the library's content: the buster and each document's id and content hash, in id
 * order. Two libraries with the same documents built the same way have the same hash.
 */
export function libraryHash(
  documents: Iterable<Pick<IndexedDocument, 'id' | 'contentHash'>>,
  buster: IndexBuster,
): string {
  const listed = [...documents].map((document) => [document.id, document.contentHash]).sort(compareFirst);
  const { embedderId, dimensions, chunkerVersion, schemaVersion } = buster;
  return textSha256(JSON.stringify({ buster: [embedderId, dimensions, chunkerVersion, schemaVersion], listed }));
}

function compareFirst(a: string[], b: string[]): number {
  const left = a[0] ?? '';
  const right = b[0] ?? '';
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The `libraryHash` of an engine's library as it is now (for a receipt's context). */
export function libraryHashOf(engine: Engine): string {
  return libraryHash(engine.index.documents.values(), engineBuster(engine));
}
