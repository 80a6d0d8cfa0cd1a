/**
 * The passage index: BM25 over title, heading and text in a typed-array store
 * (`lexical-store.ts`, Orama's tokenizer and Orama's scoring, reproduced exactly), the passage
 * vectors in another (`vector-store.ts`), and the passage and document records that results
 * point back to.
 *
 * Orama's own index (its schema: BM25 fields, `enum` fields for access and document id) is kept
 * only where asked for, as the reference the lexical store is tested against: at 100,000
 * passages its BM25 cost many times a vector scan, and its term frequencies most of the memory
 * and of a snapshot (README, the benchmark). Orama trap for that reference (docs/library-notes.md
 * §1.1): access and document id are `enum` fields (a `where` on a string field is a token match,
 * not equality).
 */
import { create, type AnyOrama } from '@orama/orama';
import { TOKENIZER_CONFIG } from '../text/terms.js';
import type { AccessLabel, Passage } from '../types.js';
import { createLexicalStore, type LexicalStore } from './lexical-store.js';
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
  /**
   * Orama's index of the same passages, kept only when the index was created with
   * `{ orama: true }` (the tests' reference; never saved): nothing in the app queries it.
   */
  orama?: AnyOrama;
  /** BM25 postings and field lengths; slots give the tie order of both searches. */
  lexical: LexicalStore;
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

/** Options of `createSearchIndex`. */
export interface SearchIndexOptions {
  /** Also keep Orama's own index of the passages, as a reference for tests (memory and time as before). */
  orama?: boolean;
}

/** An empty index for vectors of `dimensions`. */
export function createSearchIndex(dimensions: number, options: SearchIndexOptions = {}): SearchIndex {
  return {
    ...(options.orama ? { orama: createOramaDb() } : {}),
    lexical: createLexicalStore(),
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
 * sees its id, kept for the life of the database. The lexical store's slots follow the same
 * rule (`lexicalOrder`); this reads Orama's own, for tests that compare the two.
 */
export function oramaInternalId(db: AnyOrama, cite: string): number | undefined {
  const store = (db as unknown as { internalDocumentIDStore: { idToInternalId: Map<string, number> } })
    .internalDocumentIDStore;
  return store.idToInternalId.get(cite);
}
