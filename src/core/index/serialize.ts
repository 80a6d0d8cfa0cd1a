/**
 * Index snapshots: the lexical store and the vectors as typed arrays (`lexical-pack.ts`, one
 * `Float32Array` whose row i is the vector of `passages[i]`), beside the passage and document
 * records. Nothing of Orama is saved: the app no longer keeps Orama's index (`search-index.ts`),
 * and its `save()` was mostly per-passage term frequencies, a snapshot's largest part and the
 * slowest to load. The payload is structured-clone friendly, and the browser store writes the
 * typed arrays as raw bytes (`snapshot-segments.ts`). A snapshot is a cache: one that does not
 * fit together is refused here, and the library is rebuilt from its records without embedding.
 */
import type { Passage } from '../types.js';
import { packLexical, unpackLexical, type PackedLexicalStore } from './lexical-pack.js';
import { lexicalOrder } from './lexical-store.js';
import type { IndexedDocument, SearchIndex } from './search-index.js';
import { packVectors, unpackVectors } from './vector-store.js';

/**
 * The layout of snapshots this code writes and reads. A snapshot of another version is refused,
 * so the library is rebuilt from its records (which hold the vectors: nothing is embedded).
 * 2: the vectors left Orama's `vector[n]` field for one `Float32Array` beside it, and Orama's
 * stored documents are rebuilt from the passages instead of saved.
 * 3: BM25 left Orama for the lexical store; Orama's `save()` is gone from the snapshot.
 * 4: a possessive's "'s" is taken off before tokenizing ("Perry's" is the word "perry").
 */
export const SNAPSHOT_VERSION = 4;

/** A snapshot of a `SearchIndex`. */
export interface IndexSnapshot {
  format: 'footnote-index';
  version: typeof SNAPSHOT_VERSION;
  dimensions: number;
  /** The lexical store; its slots also order the vector rows' ties. */
  lexical: PackedLexicalStore;
  documents: IndexedDocument[];
  passages: Passage[];
  /** `passages.length × dimensions` floats: row i is the vector of `passages[i]`. */
  vectors: Float32Array;
  termPassages: [string, number][];
}

/** A snapshot of the index that shares nothing mutable with it. */
export function serializeIndex(index: SearchIndex): IndexSnapshot {
  const passages = [...index.passages.values()].map((passage) => ({ ...passage }));
  return {
    format: 'footnote-index',
    version: SNAPSHOT_VERSION,
    dimensions: index.dimensions,
    lexical: packLexical(index.lexical),
    documents: [...index.documents.values()].map((document) => ({
      ...document,
      supersedes: [...document.supersedes],
      cites: [...document.cites],
    })),
    passages,
    vectors: packVectors(
      index.vectors,
      passages.map((passage) => passage.cite),
    ),
    termPassages: [...index.termPassages.entries()],
  };
}

/** Rebuilds a live index from a snapshot; throws when it does not fit together. */
export function deserializeIndex(snapshot: IndexSnapshot): SearchIndex {
  if (snapshot.format !== 'footnote-index') throw new Error('not a Footnote index snapshot');
  const version: unknown = (snapshot as { version?: unknown }).version;
  if (version !== SNAPSHOT_VERSION) throw new Error(`an index snapshot of version ${String(version ?? 1)}`);
  return indexFromParts(snapshot, unpackLexical(snapshot.lexical, snapshot.passages));
}

/** A live index over `lexical` and the snapshot's other parts (also how a library pack is restored). */
export function indexFromParts(
  parts: Omit<IndexSnapshot, 'format' | 'version' | 'lexical'>,
  lexical: SearchIndex['lexical'],
): SearchIndex {
  const rows = parts.passages.map(({ cite, access }) => ({ cite, access, order: lexicalOrder(lexical, cite)! }));
  return {
    lexical,
    dimensions: parts.dimensions,
    vectors: unpackVectors(parts.dimensions, parts.vectors, rows),
    documents: new Map(parts.documents.map((document) => [document.id, document])),
    passages: new Map(parts.passages.map((passage) => [passage.cite, passage])),
    termPassages: new Map(parts.termPassages),
  };
}
