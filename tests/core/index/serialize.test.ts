import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HashingEmbedder } from '../../../src/core/embed/hashing-embedder.js';
import type { PackedField } from '../../../src/core/index/lexical-pack.js';
import { deserializeIndex, serializeIndex } from '../../../src/core/index/serialize.js';
import { createSearchIndex, passageVector } from '../../../src/core/index/search-index.js';
import { removeDocument, upsertDocument } from '../../../src/core/index/update-index.js';
import { searchLexical, searchVector } from '../../../src/core/index/search.js';
import type { Passage } from '../../../src/core/types.js';

const embedder = new HashingEmbedder({ dimensions: 64 });
const words = [
  'filter',
  'pump',
  'warranty',
  'seal',
  'drum',
  'clean',
  'weeks',
  'years',
  'door',
  'salt',
  'rinse',
  'oven',
];

function passage(docId: string, index: number, text: string, access = 'public'): Passage {
  return {
    cite: `${docId}#${index}`,
    docId,
    sectionId: String(index),
    part: 1,
    heading: `Section ${index}`,
    title: docId,
    revision: 'r1',
    date: '2026-01-01',
    access,
    text,
    start: 0,
    end: text.length,
    hash: text,
  };
}

const documentArbitrary = fc.record({
  texts: fc.array(
    fc.array(fc.constantFrom(...words), { minLength: 2, maxLength: 12 }).map((list) => list.join(' ')),
    { minLength: 1, maxLength: 5 },
  ),
  access: fc.constantFrom('public', 'staff'),
});

/** The arguments of `upsertDocument` (after the index) for a document of `texts`. */
async function documentParts(docId: string, texts: string[], access = 'public') {
  const passages = texts.map((text, index) => passage(docId, index, text, access));
  const vectors = await embedder.embedDocuments(passages.map((item) => item.text));
  const document = {
    id: docId,
    title: docId,
    revision: 'r1',
    date: '2026-01-01',
    supersedes: [],
    access,
    sourceName: docId,
    contentHash: docId,
    cites: passages.map((item) => item.cite),
  };
  return [document, passages, vectors] as const;
}

async function buildIndex(documents: { texts: string[]; access: string }[]) {
  const index = createSearchIndex(embedder.dimensions);
  for (const [position, document] of documents.entries()) {
    await upsertDocument(index, ...(await documentParts(`doc-${position}`, document.texts, document.access)));
  }
  return index;
}

describe('index snapshots', () => {
  it('save → load returns identical rankings for lexical and vector search, access filters included', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(documentArbitrary, { minLength: 1, maxLength: 6 }),
        fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }),
        fc.constantFrom(['public'], ['public', 'staff']),
        fc.nat(5),
        async (documents, queryWords, access, removeAt) => {
          const index = await buildIndex(documents);
          if (removeAt < documents.length) await removeDocument(index, `doc-${removeAt}`);
          const query = queryWords.join(' ');
          const vector = await embedder.embedQuery(query);
          const options = { access, limit: 50 };
          const before = [
            await searchLexical(index, query, options),
            await searchVector(index, vector, { ...options, similarity: 0 }),
          ];
          const snapshot = structuredClone(serializeIndex(index));
          const restored = deserializeIndex(snapshot);
          const after = [
            await searchLexical(restored, query, options),
            await searchVector(restored, vector, { ...options, similarity: 0 }),
          ];
          expect(after[0]!.map((hit) => hit.cite)).toEqual(before[0]!.map((hit) => hit.cite));
          expect(after[1]!.map((hit) => hit.cite)).toEqual(before[1]!.map((hit) => hit.cite));
          // The lexical store's arrays and running averages are saved as they are: same bits.
          after[0]!.forEach((hit, i) => expect(hit.score).toBe(before[0]![i]!.score));
          // The vector store recomputes magnitudes on load exactly as it did on insert: same bits.
          after[1]!.forEach((hit, i) => expect(hit.score).toBe(before[1]![i]!.score));
          for (const hit of [...after[0]!, ...after[1]!])
            expect(access).toContain(restored.passages.get(hit.cite)!.access);
          expect(restored.passages.size).toBe(index.passages.size);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('keeps vectors once (one Float32Array, row i for passage i) and the words in typed arrays, and restores both', async () => {
    const index = await buildIndex([
      { texts: ['filter pump clean', 'door seal'], access: 'public' },
      { texts: ['oven salt'], access: 'staff' },
    ]);
    await removeDocument(index, 'doc-0');
    await upsertDocument(index, ...(await documentParts('doc-0', ['filter pump clean', 'door seal', 'rinse'])));
    const snapshot = serializeIndex(index);
    // Nothing of Orama is saved; the lexical store is typed arrays and its words.
    expect(snapshot).not.toHaveProperty('orama');
    for (const field of snapshot.lexical.fields) expect(field.slots).toBeInstanceOf(Uint32Array);
    expect(snapshot.lexical.words).toEqual([...snapshot.lexical.words].sort());
    expect(snapshot.vectors).toBeInstanceOf(Float32Array);
    expect(snapshot.vectors).toHaveLength(snapshot.passages.length * embedder.dimensions);
    snapshot.passages.forEach((item, row) =>
      expect(Array.from(snapshot.vectors.subarray(row * 64, (row + 1) * 64))).toEqual(
        Array.from(passageVector(index, item.cite)!),
      ),
    );
    const restored = deserializeIndex(structuredClone(snapshot));
    for (const [cite, item] of index.passages) {
      expect(Array.from(passageVector(restored, cite)!)).toEqual(Array.from(passageVector(index, cite)!));
      expect(restored.passages.get(cite)).toEqual(item);
    }
    expect(restored.lexical.count).toBe(index.passages.size);
    // Removal reads the rebuilt records to un-index their words: nothing of doc-0 may be found after.
    await removeDocument(restored, 'doc-0');
    expect(await searchLexical(restored, 'rinse filter', { access: ['public', 'staff'], limit: 10 })).toEqual([]);
    expect(restored.lexical.count).toBe(1);
    // A passage indexed again after the restore gets a new slot after the saved ones, as Orama's id would.
    await upsertDocument(restored, ...(await documentParts('doc-9', ['rinse'])));
    expect(restored.lexical.slots.get('doc-9#0')).toBe(restored.lexical.ids.length - 1);
    expect((await searchLexical(restored, 'rinse', { access: ['public'], limit: 10 })).map((hit) => hit.cite)).toEqual([
      'doc-9#0',
    ]);
  });

  it('refuses a snapshot of another version or with vectors that do not fit its passages', async () => {
    const index = await buildIndex([{ texts: ['filter pump clean', 'door seal'], access: 'public' }]);
    const snapshot = serializeIndex(index);
    expect(() => deserializeIndex({ ...snapshot, version: 1 } as never)).toThrow(/version 1/);
    expect(() => deserializeIndex({ ...snapshot, version: undefined } as never)).toThrow(/version 1/);
    expect(() => deserializeIndex({ ...snapshot, vectors: snapshot.vectors.subarray(64) })).toThrow(/vectors/);
    expect(() => deserializeIndex({ ...snapshot, vectors: Array.from(snapshot.vectors) } as never)).toThrow(/vectors/);
    const lexical = snapshot.lexical;
    const [title, heading, text] = lexical.fields as [PackedField, PackedField, PackedField];
    const broken = (fields: PackedField[]) => ({ ...snapshot, lexical: { ...lexical, fields } });
    expect(() => deserializeIndex(broken([title, heading]))).toThrow(/not whole/);
    const foreign = { ...text, slots: text.slots.map(() => 7) };
    expect(() => deserializeIndex(broken([title, heading, foreign]))).toThrow(/does not hold/);
    expect(() => deserializeIndex(broken([title, heading, { ...text, starts: text.starts.subarray(1) }]))).toThrow(
      /do not fit/,
    );
    expect(() =>
      deserializeIndex({ ...snapshot, lexical: { ...lexical, words: [...lexical.words].reverse() } }),
    ).toThrow(/out of order/);
  });
});

describe('index updates', () => {
  it('removes a document completely, so none of its text or vectors can be found', async () => {
    const index = await buildIndex([
      { texts: ['zebracorn filter'], access: 'public' },
      { texts: ['pump seal'], access: 'public' },
    ]);
    expect(await removeDocument(index, 'doc-0')).toBe(true);
    expect(await searchLexical(index, 'zebracorn', { access: ['public'], limit: 10 })).toEqual([]);
    const vectorHits = await searchVector(index, await embedder.embedQuery('zebracorn filter'), {
      access: ['public'],
      limit: 10,
      similarity: -1,
    });
    expect(vectorHits.map((hit) => hit.cite)).toEqual(['doc-1#0']);
    expect(index.termPassages.has('zebracorn')).toBe(false);
    expect(await removeDocument(index, 'doc-0')).toBe(false);
  });

  it('refuses vectors of the wrong length before changing anything', async () => {
    const index = await buildIndex([{ texts: ['filter'], access: 'public' }]);
    const item = passage('doc-0', 0, 'replacement');
    await expect(
      upsertDocument(
        index,
        {
          id: 'doc-0',
          title: 'x',
          revision: 'r2',
          date: '2026-01-01',
          supersedes: [],
          access: 'public',
          sourceName: 'x',
          contentHash: 'y',
          cites: [item.cite],
        },
        [item],
        [new Float32Array(3)],
      ),
    ).rejects.toMatchObject({ code: 'DIMENSION_MISMATCH' });
    expect((await searchLexical(index, 'filter', { access: ['public'], limit: 5 })).map((hit) => hit.cite)).toEqual([
      'doc-0#0',
    ]);
  });
});
