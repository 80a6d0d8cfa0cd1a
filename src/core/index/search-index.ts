/**
 * The passage index: Orama 3 (BM25 over title, heading and text; a vector field; `enum` fields
 * for access and document id) plus the passage and document records that results point back to.
 *
 * Orama traps handled here (docs/library-notes.md §1.1, §1.2): access and document id are `enum`
 * fields (a `where` on a string field is a token match, not equality); searches never ask for
 * vectors, so Orama nulls its own copy in the docs store and the vector index is the only one kept.
 */
import { create, type AnyOrama } from '@orama/orama';
import { TOKENIZER_CONFIG } from '../text/terms.js';
import type { AccessLabel, Passage } from '../types.js';

/** Bump when the Orama schema or the stored records change; part of the index buster. */
export const SCHEMA_VERSION = 1;

/** What the index keeps about each document (everything but its text). */
export interface IndexedDocument {
  id: string;
  title: string;
  revision: string;
  date: string;
  supersedes: string[];
  access: AccessLabel;
  sourceName: string;
  contentHash: string;
  /** Citation ids of its passages, in document order. */
  cites: string[];
}

/** The live index. Treat as opaque outside `core/index`; use the verbs of this folder. */
export interface SearchIndex {
  db: AnyOrama;
  dimensions: number;
  documents: Map<string, IndexedDocument>;
  passages: Map<string, Passage>;
  /** How many passages contain each content term; for idf weights. */
  termPassages: Map<string, number>;
  /**
   * The identifiers the passages name (`identifiers.ts`), built when first asked for and dropped
   * by every change of the passages; never saved.
   */
  identifiers?: Map<string, IdentifierMention>;
}

/** Where an identifier (by its comparison key) is named: as first written, and the passages that name it. */
export interface IdentifierMention {
  raw: string;
  cites: string[];
}

/** The Orama schema for passages of `dimensions`-long vectors. */
export function passageSchema(dimensions: number) {
  return {
    docId: 'enum',
    access: 'enum',
    title: 'string',
    heading: 'string',
    text: 'string',
    embedding: `vector[${dimensions}]`,
  } as const;
}

/** Creates the Orama database with Footnote's schema and tokenizer. */
export function createOramaDb(dimensions: number): AnyOrama {
  return create({
    schema: passageSchema(dimensions),
    // Results are never sorted by a field; Orama's default sort index over every string field
    // would only add about 8% to the snapshot (measured by the benchmark).
    sort: { enabled: false },
    components: { tokenizer: { ...TOKENIZER_CONFIG, stopWords: [...TOKENIZER_CONFIG.stopWords] } },
  }) as unknown as AnyOrama;
}

/** An empty index for vectors of `dimensions`. */
export function createSearchIndex(dimensions: number): SearchIndex {
  return {
    db: createOramaDb(dimensions),
    dimensions,
    documents: new Map(),
    passages: new Map(),
    termPassages: new Map(),
  };
}

/** The stored vector of a passage (read from Orama's vector index, the only copy). */
export function passageVector(index: SearchIndex, cite: string): Float32Array | undefined {
  const internal = internals(index.db);
  const internalId = internal.ids.idToInternalId.get(cite);
  return internalId === undefined ? undefined : internal.vectors.get(internalId)?.[1];
}

interface OramaInternals {
  ids: { idToInternalId: Map<string, number> };
  vectors: Map<number, [number, Float32Array]>;
}

/** The two Orama internals this module reads; checked by the save → load property test. */
function internals(db: AnyOrama): OramaInternals {
  const data = db as unknown as {
    internalDocumentIDStore: OramaInternals['ids'];
    data: { index: { vectorIndexes: Record<string, { node: { vectors: OramaInternals['vectors'] } }> } };
  };
  const vectorIndex = data.data.index.vectorIndexes.embedding;
  if (!vectorIndex) throw new Error('Orama index has no "embedding" vector field');
  return { ids: data.internalDocumentIDStore, vectors: vectorIndex.node.vectors };
}
