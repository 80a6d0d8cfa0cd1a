/**
 * Index snapshots: Orama's own `save`/`load` for the text index (not plugin-data-persistence,
 * which breaks browser builds and loses the tokenizer), and the vectors as one `Float32Array`
 * whose row i is the vector of `passages[i]`. Orama's stored documents are not saved: each is
 * the passage's own fields (`oramaRecord`), so they are rebuilt from the passages on load and
 * the text is kept once (it was a sixth of a snapshot). The payload is structured-clone
 * friendly, and the browser store writes the float block as raw bytes (`snapshot-segments.ts`).
 * A snapshot is a cache: one that does not fit together is refused here, and the library is
 * rebuilt from its records without embedding.
 */
import { load, save, type RawData } from '@orama/orama';
import type { Passage } from '../types.js';
import { createOramaDb, type IndexedDocument, type SearchIndex } from './search-index.js';
import { oramaRecord, type OramaRecord } from './update-index.js';
import { packVectors, unpackVectors } from './vector-store.js';

/**
 * The layout of snapshots this code writes and reads. A snapshot of another version is refused,
 * so the library is rebuilt from its records (which hold the vectors: nothing is embedded).
 * 2: the vectors left Orama's `vector[n]` field for one `Float32Array` beside it, and Orama's
 * stored documents are rebuilt from the passages instead of saved.
 */
export const SNAPSHOT_VERSION = 2;

/** A snapshot of a `SearchIndex`. */
export interface IndexSnapshot {
  format: 'footnote-index';
  version: typeof SNAPSHOT_VERSION;
  dimensions: number;
  /** Orama's `save()`, its documents store left empty (rebuilt from `passages`). */
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
  const passages = [...index.passages.values()].map((passage) => ({ ...passage }));
  return {
    format: 'footnote-index',
    version: SNAPSHOT_VERSION,
    dimensions: index.dimensions,
    orama: structuredCopy({ ...raw, docs: { docs: {}, count: 0 } }),
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
  const ids = savedInternalIds(snapshot.orama);
  const docs: Record<string, OramaRecord> = {};
  const rows = snapshot.passages.map((passage) => {
    const order = ids.get(passage.cite);
    if (order === undefined) throw new Error(`the snapshot's text index has no id for ${passage.cite}`);
    docs[String(order)] = oramaRecord(passage);
    return { cite: passage.cite, access: passage.access, order };
  });
  const db = createOramaDb();
  load(db, { ...snapshot.orama, docs: { docs, count: rows.length } });
  return {
    db,
    dimensions: snapshot.dimensions,
    vectors: unpackVectors(snapshot.dimensions, snapshot.vectors, rows),
    documents: new Map(snapshot.documents.map((document) => [document.id, document])),
    passages: new Map(snapshot.passages.map((passage) => [passage.cite, passage])),
    termPassages: new Map(snapshot.termPassages),
  };
}

/** Citation id → Orama's internal id, as `load()` will number them (position + 1 in the saved list). */
function savedInternalIds(raw: RawData): Map<string, number> {
  const saved = raw.internalDocumentIDStore as { internalIdToId?: unknown } | undefined;
  if (!Array.isArray(saved?.internalIdToId)) throw new Error("the snapshot's text index has no id list");
  return new Map((saved.internalIdToId as string[]).map((cite, position) => [cite, position + 1]));
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
