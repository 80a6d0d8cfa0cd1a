/**
 * The passage index: Orama 3 (BM25 over title, heading and text; `enum` fields for access and
 * document id), the passage vectors in a typed-array store beside it (`vector-store.ts`), and the
 * passage and document records that results point back to.
 *
 * Orama trap handled here (docs/library-notes.md §1.1): access and document id are `enum` fields
 * (a `where` on a string field is a token match, not equality). Orama has no vector field: the
 * vector store is the only copy of the vectors, so the traps of §1.2 and §1.3 no longer apply.
 */
import { create, type AnyOrama } from '@orama/orama';
import { TOKENIZER_CONFIG } from '../text/terms.js';
import type { AccessLabel, Passage } from '../types.js';
import { createVectorStore, vectorOf, type VectorStore } from './vector-store.js';

/**
 * Bump when the stored records change (passages, vectors); part of the index buster, so a bump
 * makes every stored record stale and re-embeds the library. A change of the snapshot's layout
 * alone bumps `SNAPSHOT_VERSION` (`serialize.ts`) instead: the records stay current and the
 * index is rebuilt from them without embedding.
 */
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
  /** One row per passage; the only copy of the vectors. */
  vectors: VectorStore;
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

/** The Orama schema for passages (their vectors live in the vector store). */
export const PASSAGE_SCHEMA = {
  docId: 'enum',
  access: 'enum',
  title: 'string',
  heading: 'string',
  text: 'string',
} as const;

/** Creates the Orama database with Footnote's schema and tokenizer. */
export function createOramaDb(): AnyOrama {
  return create({
    schema: PASSAGE_SCHEMA,
    // Results are never sorted by a field; Orama's default sort index over every string field
    // would only add about 8% to the snapshot (measured by the benchmark).
    sort: { enabled: false },
    components: { tokenizer: { ...TOKENIZER_CONFIG, stopWords: [...TOKENIZER_CONFIG.stopWords] } },
  }) as unknown as AnyOrama;
}

/** An empty index for vectors of `dimensions`. */
export function createSearchIndex(dimensions: number): SearchIndex {
  return {
    db: createOramaDb(),
    dimensions,
    vectors: createVectorStore(dimensions),
    documents: new Map(),
    passages: new Map(),
    termPassages: new Map(),
  };
}

/** A copy of the stored vector of a passage. */
export function passageVector(index: SearchIndex, cite: string): Float32Array | undefined {
  return vectorOf(index.vectors, cite);
}

/**
 * Orama's internal id of a stored passage: the order Orama gives a passage the first time it
 * sees its id, kept for the life of the database (and saved with it). The vector scan breaks
 * ties by it, as Orama's vector search did.
 */
export function oramaInternalId(db: AnyOrama, cite: string): number | undefined {
  const store = (db as unknown as { internalDocumentIDStore: { idToInternalId: Map<string, number> } })
    .internalDocumentIDStore;
  return store.idToInternalId.get(cite);
}
