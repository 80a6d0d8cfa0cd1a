/**
 * Moving documents between the live index and their stored records, and summarising the
 * library for the page.
 */
import { passageVector } from '../../core/index/search-index.js';
import { upsertDocument } from '../../core/index/update-index.js';
import { engineBuster, type Engine } from '../../core/pipeline/engine.js';
import { statedSupersessions } from '../../core/retrieve/stated-supersession.js';
import { sameBuster } from '../../core/pipeline/persist.js';
import type { Passage, SourceDocument } from '../../core/types.js';
import { packVectors, unpackVectors, type DocumentFacts, type DocumentRecord } from './library-store.js';
import type { DocumentSummary } from './protocol.js';

/** The record of a document as the index now holds it; undefined when the index lacks it. */
export function recordFromIndex(engine: Engine, source: SourceDocument): DocumentRecord | undefined {
  const indexed = engine.index.documents.get(source.id);
  if (!indexed) return undefined;
  const passages = indexed.cites.map((cite) => engine.index.passages.get(cite)).filter(isPassage);
  const dimensions = engine.index.dimensions;
  const vectors = passages.map((passage) => passageVector(engine.index, passage.cite) ?? new Float32Array(dimensions));
  return {
    id: source.id,
    source,
    indexed: { ...indexed, supersedes: [...indexed.supersedes], cites: [...indexed.cites] },
    passages: passages.map((passage) => ({ ...passage })),
    vectors: packVectors(vectors, dimensions),
    dimensions,
    buster: engineBuster(engine),
  };
}

/** Puts a stored record back into the index without embedding anything. */
export async function loadRecord(engine: Engine, record: DocumentRecord): Promise<void> {
  await upsertDocument(engine.index, record.indexed, record.passages, unpackVectors(record));
}

/** True when the record's vectors were made the way the engine makes them now. */
export function recordIsCurrent(engine: Engine, record: DocumentRecord): boolean {
  return sameBuster(record.buster, engineBuster(engine));
}

/** The library as the page lists it, sorted by title. */
export function summarise(engine: Engine, facts: ReadonlyMap<string, DocumentFacts>): DocumentSummary[] {
  const stated = statedSupersessions(engine.index);
  return [...engine.index.documents.values()]
    .map((document) => ({
      ...summaryFacts(facts.get(document.id)),
      id: document.id,
      title: document.title,
      revision: document.revision,
      date: document.date,
      access: document.access,
      supersedes: [...document.supersedes],
      statedSupersedes: stated
        .filter((relation) => relation.by === document.id)
        .map(({ target, cites, partial, sentence }) => ({ target, cites: [...cites], partial, sentence })),
      sourceName: document.sourceName,
      passages: document.cites.length,
    }))
    .sort((a, b) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id));
}

function summaryFacts(facts: DocumentFacts | undefined) {
  return {
    format: facts?.format ?? 'text',
    warnings: [...(facts?.warnings ?? [])],
    partial: facts?.partial ?? false,
    ...(facts?.pageCount !== undefined ? { pageCount: facts.pageCount } : {}),
    ...(facts?.guessedEncoding ? { guessedEncoding: facts.guessedEncoding } : {}),
    ...(facts?.origin ? { origin: { ...facts.origin } } : {}),
  } satisfies Partial<DocumentSummary>;
}

function isPassage(value: Passage | undefined): value is Passage {
  return value !== undefined;
}
