/**
 * The invariants the model-based library test checks after every step (docs/reliability.md, its IX cases), each
 * assertion naming its case id: the live index and the stored records against the reference
 * model (IX-01, IX-11, IX-12, IX-13), and searches against brute force over it (IX-01, IX-04,
 * IX-05). `probe` records what searches return, to compare across a reload (IX-06, IX-07).
 */
import { tokenizer as oramaTokenizer } from '@orama/orama/components';
import { openDB } from 'idb';
import { expect } from 'vitest';
import type { DocumentRecord } from '../../src/adapters/browser/library-store.js';
import type { LibraryService } from '../../src/adapters/browser/library-service.js';
import { passageVector, type SearchIndex } from '../../src/core/index/search-index.js';
import { searchLexical, searchVector, type RawHit } from '../../src/core/index/search.js';
import { readableLabels } from '../../src/core/retrieve/access.js';
import { TOKENIZER_CONFIG } from '../../src/core/text/terms.js';
import {
  FAKE_MODELS,
  QUERIES,
  VIEWERS,
  type FakeModelKey,
  type LibraryModel,
  type ModelPassage,
} from './library-model.js';

/** Ties and float noise in cosine scores (IX-04). */
const TIE = 1e-6;
/** Scores after a round trip (IX-06, Orama's own tolerance). */
const ROUND_TRIP = 1e-5;
const VECTOR_K = 5;
/** Lexical hits compared across a reload: few enough that ties at the cut happen. */
const LEXICAL_K = 10;

const tokenizer = oramaTokenizer.createTokenizer({ ...TOKENIZER_CONFIG, stopWords: [...TOKENIZER_CONFIG.stopWords] });
const tokens = (text: string) => new Set(tokenizer.tokenize(text, 'english'));

/** What the index holds, in the model's terms. */
function indexedPassages(index: SearchIndex): ModelPassage[] {
  return [...index.passages.values()]
    .map(({ cite, docId, title, heading, text, access }) => ({ cite, docId, title, heading, text, access }))
    .sort((a, b) => a.cite.localeCompare(b.cite));
}

/** IX-13 integrity, and the live index equal to the model (IX-01: nothing removed or foreign in it). */
export function expectIndexMatchesModel(service: LibraryService, model: LibraryModel, step: string): void {
  const { index } = service.engine;
  const ids = [...model.documents.keys()].sort();
  expect([...index.documents.keys()].sort(), `IX-01/IX-13 ${step}: documents in the index`).toEqual(ids);
  expect(indexedPassages(index), `IX-01/IX-13 ${step}: passages in the index`).toEqual(model.passages());
  expect(index.lexical.count, `IX-13 ${step}: the lexical store's count = passages`).toBe(index.passages.size);
  for (const document of index.documents.values()) {
    const expected = model.documents.get(document.id)!;
    expect(
      { title: document.title, access: document.access, supersedes: document.supersedes },
      `IX-13 ${step}: ${document.id}'s record`,
    ).toEqual({ title: expected.title, access: expected.access, supersedes: expected.supersedes });
    for (const cite of document.cites) {
      expect(index.passages.get(cite)?.docId, `IX-13 ${step}: ${cite} belongs to ${document.id}`).toBe(document.id);
    }
  }
  expect(
    service.state().documents.map((item) => item.id),
    `IX-13 ${step}: the page lists the model's documents`,
  ).toEqual([...ids].sort((a, b) => titleOrder(model, a, b)));
  expect(service.engine.embedder.modelId, `IX-12 ${step}: the engine's embedder`).toBe(model.modelId);
  for (const passage of model.passages()) {
    expectVector(passageVector(index, passage.cite), model.vectorOf(passage), `IX-12 ${step}: ${passage.cite}`);
  }
}

function titleOrder(model: LibraryModel, a: string, b: string): number {
  const left = model.documents.get(a)!.title;
  const right = model.documents.get(b)!.title;
  return left.localeCompare(right) || a.localeCompare(b);
}

/** IX-12: finite, the right length, unit norm, equal to the model's vector. */
function expectVector(actual: Float32Array | undefined, expected: Float32Array, what: string): void {
  expect(actual, `${what}: has a vector`).toBeDefined();
  const vector = actual!;
  expect(vector.length, `${what}: length = dimensions`).toBe(expected.length);
  expect(
    vector.every((value) => Number.isFinite(value)),
    `${what}: finite`,
  ).toBe(true);
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  expect(Math.abs(norm - 1), `${what}: unit norm`).toBeLessThan(1e-5);
  const drift = Math.max(...Array.from(vector, (value, at) => Math.abs(value - (expected[at] ?? 0))));
  expect(drift, `${what}: same text, same vector`).toBeLessThan(1e-5);
}

/** Everything in the database, read without the app's code. */
export async function readStored(name: string) {
  const db = await openDB(name);
  const records = (await db.getAll('documents')) as DocumentRecord[];
  const facts = (await db.getAllKeys('facts')).map(String).sort();
  const generation = ((await db.get('meta', 'generation')) as number | undefined) ?? 0;
  const head = (await db.get('snapshot', 'index')) as { generation?: number } | undefined;
  db.close();
  return { records, facts, generation, head };
}

/** IX-13 on the stored records, IX-11 chunk offsets and coverage, IX-12 their vectors. */
export async function expectStoredMatchesModel(name: string, model: LibraryModel, step: string): Promise<void> {
  const { records, facts, generation, head } = await readStored(name);
  const ids = [...model.documents.keys()].sort();
  expect(records.map((record) => record.id).sort(), `IX-13 ${step}: stored records`).toEqual(ids);
  expect(facts, `IX-13 ${step}: facts beside every record, and no others`).toEqual(ids);
  // NaN: saved by a tab that saw another write (here: the reopened library of a fault check); never used.
  if (head?.generation !== undefined && !Number.isNaN(head.generation)) {
    expect(head.generation, `IX-13 ${step}: snapshot generation ≤ records' generation`).toBeLessThanOrEqual(generation);
  }
  const expected = new Map(model.passages().map((passage) => [passage.cite, passage]));
  for (const record of records) {
    const what = `${step}: ${record.id}`;
    expect(record.indexed.cites, `IX-13 ${what}: cites = stored passages`).toEqual(record.passages.map((p) => p.cite));
    expect(record.vectors.length, `IX-13 ${what}: one vector per passage`).toBe(
      record.passages.length * record.dimensions,
    );
    const fake = FAKE_MODELS.findIndex((item) => item.modelId === record.buster.embedderId);
    expect(fake, `IX-12 ${what}: made by a known model`).toBeGreaterThanOrEqual(0);
    expect(record.dimensions, `IX-12 ${what}: dimensions of its model`).toBe(FAKE_MODELS[fake]?.dimensions);
    const { text } = record.source;
    const covered = new Uint8Array(text.length);
    record.passages.forEach((passage, at) => {
      expect(text.slice(passage.start, passage.end), `IX-11 ${what}: ${passage.cite} slices back`).toBe(passage.text);
      expect(passage.text.length, `IX-11 ${what}: ${passage.cite} within the chunk budget`).toBeLessThanOrEqual(1000);
      covered.fill(1, passage.start, passage.end);
      const own = expected.get(passage.cite);
      expect(
        own && { text: passage.text, access: passage.access },
        `IX-13 ${what}: ${passage.cite} is the model's`,
      ).toEqual({ text: own?.text, access: own?.access });
      const vector = record.vectors.slice(at * record.dimensions, (at + 1) * record.dimensions);
      expectVector(vector, model.vectorOf(own!, fake as FakeModelKey), `IX-12 ${what}: stored ${passage.cite}`);
    });
    const gap = [...text].findIndex((char, at) => covered[at] === 0 && char.trim() !== '');
    expect(gap, `IX-11 ${what}: passages cover the text (first gap at ${gap})`).toBe(-1);
  }
}

/** IX-04: a ranking equal to brute force up to ties within 1e-6 (by score sequence, then each hit's true score). */
function expectSameAsBruteForce(hits: RawHit[], model: LibraryModel, query: string, viewer: string, what: string) {
  const queryVector = model.queryVector(query);
  const brute = model.bruteForce(queryVector, viewer).slice(0, VECTOR_K);
  expect(hits.length, `IX-04 ${what}: top-k size`).toBe(brute.length);
  const truth = new Map(model.bruteForce(queryVector, viewer).map((item) => [item.cite, item.score]));
  hits.forEach((hit, at) => {
    expect(truth.has(hit.cite), `IX-01 ${what}: ${hit.cite} exists and ${viewer} may read it`).toBe(true);
    expect(Math.abs(hit.score - truth.get(hit.cite)!), `IX-04 ${what}: ${hit.cite}'s cosine`).toBeLessThan(TIE);
    expect(Math.abs(hit.score - brute[at]!.score), `IX-04 ${what}: rank ${at + 1} = brute force`).toBeLessThan(TIE);
  });
  expect(new Set(hits.map((hit) => hit.cite)).size, `IX-04 ${what}: no hit twice`).toBe(hits.length);
}

/** IX-01, IX-04, IX-05: vector, lexical and hybrid searches of every viewer against the model. */
export async function expectSearchesMatchModel(
  service: LibraryService,
  model: LibraryModel,
  step: string,
): Promise<void> {
  const { index } = service.engine;
  for (const viewer of VIEWERS) {
    const access = readableLabels(viewer);
    const readable = model.passages().filter((passage) => access.includes(passage.access));
    const cites = new Set(readable.map((passage) => passage.cite));
    for (const query of QUERIES) {
      const what = `${step}: "${query}" as ${viewer}`;
      const vector = await searchVector(index, model.queryVector(query), { access, limit: VECTOR_K, similarity: -1 });
      expectSameAsBruteForce(vector, model, query, viewer, what);
      const lexical = await searchLexical(index, query, { access, limit: 100 });
      for (const hit of lexical) expect(cites.has(hit.cite), `IX-01 ${what}: lexical ${hit.cite}`).toBe(true);
      const wanted = tokens(query);
      const matching = readable.filter((passage) =>
        [...tokens(`${passage.title} ${passage.heading} ${passage.text}`)].some((token) => wanted.has(token)),
      );
      const found = new Set(lexical.map((hit) => hit.cite));
      for (const passage of matching) {
        expect(found.has(passage.cite), `IX-01 ${what}: lexical finds ${passage.cite}`).toBe(true);
      }
    }
    const question = QUERIES[model.documents.size % QUERIES.length]!;
    const first = await hybrid(service, question, viewer);
    for (const cite of first) expect(cites.has(cite), `IX-01 ${step}: hybrid ${cite} as ${viewer}`).toBe(true);
    expect(await hybrid(service, question, viewer), `IX-05 ${step}: hybrid "${question}" twice`).toEqual(first);
  }
}

async function hybrid(service: LibraryService, question: string, viewer: string): Promise<string[]> {
  const outcome = await service.ask(question, { viewer, mode: 'hybrid', topK: 6 });
  return outcome.result.retrieved.map((item) => item.passage.cite);
}

/** What every viewer's searches return: compared across a reload or a snapshot round trip (IX-06). */
export async function probe(index: SearchIndex, model: LibraryModel) {
  const results: { what: string; hits: RawHit[]; limit: number }[] = [];
  for (const viewer of VIEWERS) {
    const access = readableLabels(viewer);
    for (const query of QUERIES) {
      const vector = await searchVector(index, model.queryVector(query), { access, limit: VECTOR_K, similarity: -1 });
      results.push({ what: `vector "${query}" as ${viewer}`, hits: vector, limit: VECTOR_K });
      results.push({
        what: `lexical "${query}" as ${viewer}`,
        hits: await searchLexical(index, query, { access, limit: LEXICAL_K }),
        limit: LEXICAL_K,
      });
    }
  }
  return results;
}

/**
 * IX-06: the same ids in the same order, scores within 1e-5. Order among exact ties is free, and
 * so is which of the passages tied at the last score make a full list: ties go by internal id, as
 * Orama's do, and a reload may number the passages anew.
 */
export function expectSameResults(
  before: Awaited<ReturnType<typeof probe>>,
  after: Awaited<ReturnType<typeof probe>>,
  step: string,
): void {
  expect(after.map((item) => item.what)).toEqual(before.map((item) => item.what));
  before.forEach(({ what, hits, limit }, at) => {
    const again = after[at]!.hits;
    expect(again.length, `IX-06 ${step}: ${what}: as many hits`).toBe(hits.length);
    const last = hits.at(-1)?.score ?? 0;
    const atCut = (hit: RawHit) => hits.length === limit && Math.abs(hit.score - last) < ROUND_TRIP;
    const sure = (list: RawHit[]) =>
      list
        .filter((hit) => !atCut(hit))
        .map((hit) => hit.cite)
        .sort();
    expect(sure(again), `IX-06 ${step}: ${what}: the same hits (but for ties at the cut)`).toEqual(sure(hits));
    hits.forEach((hit, rank) => {
      const other = again[rank]!;
      expect(Math.abs(other.score - hit.score), `IX-06 ${step}: ${what}: score at rank ${rank + 1}`).toBeLessThan(
        ROUND_TRIP,
      );
      if (atCut(hit)) return;
      const tied = hits.filter((item) => Math.abs(item.score - hit.score) < ROUND_TRIP).map((item) => item.cite);
      expect(tied, `IX-06 ${step}: ${what}: rank ${rank + 1} (${hit.cite} or a tie of it)`).toContain(other.cite);
    });
  });
}

/** IX-02: the full vector ranking (every readable passage) of a query, to compare around a removal. */
export async function fullVectorRanking(service: LibraryService, model: LibraryModel, query: string) {
  return searchVector(service.engine.index, model.queryVector(query), {
    access: ['public', 'staff', 'engineering'],
    limit: 1000,
    similarity: -1,
  });
}
