/**
 * Index snapshots with Orama's own `save`/`load` (not plugin-data-persistence, which breaks
 * browser builds and loses the tokenizer). The payload is structured-clone friendly: vectors are
 * `Float32Array`s, stored once (Orama's docs-store copies are nulled, never deleted: a missing
 * vector field would leave a ghost in the vector index on removal).
 */
import { load, save, type RawData } from '@orama/orama';
import type { Passage } from '../types.js';
import { createOramaDb, type IndexedDocument, type SearchIndex } from './search-index.js';

/** A snapshot of a `SearchIndex`. */
export interface IndexSnapshot {
  format: 'footnote-index';
  dimensions: number;
  orama: RawData;
  documents: IndexedDocument[];
  passages: Passage[];
  termPassages: [string, number][];
}

interface RawVectorIndex {
  vectors: [number, [number, ArrayLike<number>]][];
}

/** A snapshot of the index that shares nothing mutable with it. */
export function serializeIndex(index: SearchIndex): IndexSnapshot {
  const raw = save(index.db);
  const docsStore = raw.docs as { docs: Record<string, Record<string, unknown> | undefined>; count: number };
  const docs = Object.fromEntries(
    Object.entries(docsStore.docs).map(([key, doc]) => [key, doc && { ...doc, embedding: null }]),
  );
  const rawIndex = raw.index as { vectorIndexes: Record<string, RawVectorIndex> };
  const vectorIndexes = Object.fromEntries(
    Object.entries(rawIndex.vectorIndexes).map(([name, vectorIndex]) => [
      name,
      {
        ...vectorIndex,
        vectors: vectorIndex.vectors.map(([id, [magnitude, vector]]) => [id, [magnitude, Float32Array.from(vector)]]),
      },
    ]),
  );
  return {
    format: 'footnote-index',
    dimensions: index.dimensions,
    orama: structuredCopy({ ...raw, docs: { ...docsStore, docs }, index: { ...rawIndex, vectorIndexes } }),
    documents: [...index.documents.values()].map((document) => ({
      ...document,
      supersedes: [...document.supersedes],
      cites: [...document.cites],
    })),
    passages: [...index.passages.values()].map((passage) => ({ ...passage })),
    termPassages: [...index.termPassages.entries()],
  };
}

/** Rebuilds a live index from a snapshot (the same schema and tokenizer as when it was built). */
export function deserializeIndex(snapshot: IndexSnapshot): SearchIndex {
  if (snapshot.format !== 'footnote-index') throw new Error('not a Footnote index snapshot');
  const db = createOramaDb(snapshot.dimensions);
  load(db, snapshot.orama);
  return {
    db,
    dimensions: snapshot.dimensions,
    documents: new Map(snapshot.documents.map((document) => [document.id, document])),
    passages: new Map(snapshot.passages.map((passage) => [passage.cite, passage])),
    termPassages: new Map(snapshot.termPassages),
  };
}

/** `save()` returns live parts of the database; copy what is not already fresh so the snapshot is independent. */
function structuredCopy(raw: RawData): RawData {
  return {
    ...raw,
    internalDocumentIDStore: JSON.parse(JSON.stringify(raw.internalDocumentIDStore)) as unknown,
    sorting: JSON.parse(JSON.stringify(raw.sorting ?? null)) as unknown,
    pinning: JSON.parse(JSON.stringify(raw.pinning ?? null)) as unknown,
  };
}
