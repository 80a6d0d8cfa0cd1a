/**
 * Index snapshots: Orama's own `save`/`load` for the text index (not plugin-data-persistence,
 * which breaks browser builds and loses the tokenizer), and the vectors as one `Float32Array`
 * whose row i is the vector of `passages[i]`. The payload is structured-clone friendly, and the
 * browser store writes the float block as raw bytes (`snapshot-segments.ts`). A snapshot is a
 * cache: one that does not fit together is refused here, and the library is rebuilt from its
 * records without embedding.
 */
import { load, save, type RawData } from '@orama/orama';
import type { Passage } from '../types.js';
import { createOramaDb, oramaInternalId, type IndexedDocument, type SearchIndex } from './search-index.js';
import { packVectors, unpackVectors } from './vector-store.js';

/**
 * The layout of snapshots this code writes and reads. A snapshot of another version is refused,
 * so the library is rebuilt from its records (which hold the vectors: nothing is embedded).
 * 2: the vectors left Orama's `vector[n]` field for one `Float32Array` beside it.
 */
export const SNAPSHOT_VERSION = 2;

/** A snapshot of a `SearchIndex`. */
export interface IndexSnapshot {
  format: 'footnote-index';
  version: typeof SNAPSHOT_VERSION;
  dimensions: number;
  orama: RawData;
  documents: IndexedDocument[];
  passages: Passage[];
  /** `passages.length × dimensions` floats: row i is the vector of `passages[i]`. */
  vectors: Float32Array;
  termPassages: [string, number][];
}

/** A snapshot of the index that shares nothing mutable with it. */
export function serializeIndex(index: SearchIndex): IndexSnapshot {
  const raw = save(index.db);
  const docsStore = raw.docs as { docs: Record<string, Record<string, unknown> | undefined>; count: number };
  const docs = Object.fromEntries(Object.entries(docsStore.docs).map(([key, doc]) => [key, doc && { ...doc }]));
  const passages = [...index.passages.values()].map((passage) => ({ ...passage }));
  return {
    format: 'footnote-index',
    version: SNAPSHOT_VERSION,
    dimensions: index.dimensions,
    orama: structuredCopy({ ...raw, docs: { ...docsStore, docs } }),
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

/** Rebuilds a live index from a snapshot (the same schema and tokenizer as when it was built); throws when it does not fit together. */
export function deserializeIndex(snapshot: IndexSnapshot): SearchIndex {
  if (snapshot.format !== 'footnote-index') throw new Error('not a Footnote index snapshot');
  const version: unknown = (snapshot as { version?: unknown }).version;
  if (version !== SNAPSHOT_VERSION) throw new Error(`an index snapshot of version ${String(version ?? 1)}`);
  const db = createOramaDb();
  load(db, snapshot.orama);
  const rows = snapshot.passages.map((passage) => {
    const order = oramaInternalId(db, passage.cite);
    if (order === undefined) throw new Error(`the snapshot's text index has no id for ${passage.cite}`);
    return { cite: passage.cite, access: passage.access, order };
  });
  return {
    db,
    dimensions: snapshot.dimensions,
    vectors: unpackVectors(snapshot.dimensions, snapshot.vectors, rows),
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
