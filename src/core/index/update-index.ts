/**
 * Adding, replacing and removing whole documents: text into the lexical store (and into Orama
 * where the index keeps it as a reference), vectors into the vector store.
 */
import { insertMultiple, removeMultiple } from '@orama/orama';
import { withoutPossessives } from '../text/orama-pieces.js';
import { RagError } from '../errors.js';
import type { Passage, SourceDocument } from '../types.js';
import { insertPassage, lexicalOrder, removePassage } from './lexical-store.js';
import { passageTerms } from './passage-terms.js';
import type { IndexedDocument, SearchIndex } from './search-index.js';
import { deleteVector, putVector } from './vector-store.js';

/** The record the index keeps for a document. */
export function toIndexedDocument(document: SourceDocument, passages: Passage[]): IndexedDocument {
  return {
    id: document.id,
    title: document.title,
    revision: document.revision,
    date: document.date,
    supersedes: [...document.supersedes],
    access: document.access,
    sourceName: document.sourceName,
    contentHash: document.contentHash,
    cites: passages.map((passage) => passage.cite),
  };
}

/** The record Orama stores and indexes for a passage (where an index keeps Orama as a reference). */
export function oramaRecord(passage: Passage): OramaRecord {
  const { cite, docId, access, title, heading, text } = passage;
  return { id: cite, docId, access, title, heading, text };
}

/**
 * The record of the tests' Orama reference: its words as the lexical store reads them, the
 * possessives taken off first (`withoutPossessives`), so that Orama's BM25 over it is the store's.
 */
function referenceRecord(passage: Passage): OramaRecord {
  const record = oramaRecord(passage);
  const { title, heading, text } = record;
  return {
    ...record,
    title: withoutPossessives(title),
    heading: withoutPossessives(heading),
    text: withoutPossessives(text),
  };
}

/** A passage as Orama holds it: the fields of `PASSAGE_SCHEMA` and the citation id. */
export interface OramaRecord {
  id: string;
  docId: string;
  access: string;
  title: string;
  heading: string;
  text: string;
}

/**
 * Adds a document with its passages and their vectors (same order), replacing any document with
 * the same id. Vectors are checked before anything is changed, so a bad call leaves the index as it was.
 */
export async function upsertDocument(
  index: SearchIndex,
  document: IndexedDocument,
  passages: Passage[],
  vectors: Float32Array[],
): Promise<void> {
  if (vectors.length !== passages.length) throw new Error('upsertDocument: one vector per passage is required');
  for (const vector of vectors) {
    if (vector.length !== index.dimensions) {
      throw new RagError('DIMENSION_MISMATCH', { actual: vector.length, expected: index.dimensions });
    }
  }
  await removeDocument(index, document.id);
  delete index.identifiers;
  if (index.orama) await insertMultiple(index.orama, passages.map(referenceRecord), 500);
  index.documents.set(document.id, document);
  for (const [position, passage] of passages.entries()) {
    index.passages.set(passage.cite, passage);
    const words = insertPassage(index.lexical, passage);
    putVector(
      index.vectors,
      passage.cite,
      passage.access,
      lexicalOrder(index.lexical, passage.cite)!,
      vectors[position]!,
    );
    countTerms(index, passageTerms(index.lexical, passage, words), 1);
  }
}

/** Removes a document and all its passages. Returns false when it was not there. */
export async function removeDocument(index: SearchIndex, documentId: string): Promise<boolean> {
  const existing = index.documents.get(documentId);
  if (!existing) return false;
  if (index.orama) await removeMultiple(index.orama, existing.cites, 500);
  delete index.identifiers;
  for (const cite of existing.cites) {
    const passage = index.passages.get(cite);
    if (passage) {
      countTerms(index, passageTerms(index.lexical, passage), -1);
      removePassage(index.lexical, passage);
    }
    index.passages.delete(cite);
    deleteVector(index.vectors, cite);
  }
  index.documents.delete(documentId);
  return true;
}

function countTerms(index: SearchIndex, terms: readonly string[], delta: 1 | -1): void {
  for (const term of terms) {
    const next = (index.termPassages.get(term) ?? 0) + delta;
    if (next > 0) index.termPassages.set(term, next);
    else index.termPassages.delete(term);
  }
}
