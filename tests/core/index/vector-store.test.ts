import { create, insertMultiple, removeMultiple, search, type AnyOrama } from '@orama/orama';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HashingEmbedder } from '../../../src/core/embed/hashing-embedder.js';
import { lexicalOrder } from '../../../src/core/index/lexical-store.js';
import { createSearchIndex, passageVector } from '../../../src/core/index/search-index.js';
import { searchVector } from '../../../src/core/index/search.js';
import { removeDocument, upsertDocument } from '../../../src/core/index/update-index.js';
import { scanVectors } from '../../../src/core/index/vector-scan.js';
import { createVectorStore, deleteVector, putVector, vectorOf } from '../../../src/core/index/vector-store.js';
import type { Passage } from '../../../src/core/types.js';

// Not a multiple of 4, so the scan's unrolled loop and its remainder are both checked.
const DIMENSIONS = 30;
const embedder = new HashingEmbedder({ dimensions: DIMENSIONS });
const words = ['filter', 'pump', 'warranty', 'seal', 'drum', 'clean', 'door', 'salt'];
const labels = ['public', 'staff', 'legal'] as const;

function passage(docId: string, index: number, text: string, access: string): Passage {
  return {
    cite: `${docId}#${index}`,
    docId,
    sectionId: String(index),
    part: 1,
    heading: '',
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

/** Few words, so that passages repeat and equal vectors tie. */
const textArbitrary = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }).map((list) => list.join(' '));

/** Upserts (a document id, its texts, its label) and removals, in any order; ids repeat so rows move and come back. */
const stepArbitrary = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      doc: fc.nat(7),
      texts: fc.array(textArbitrary, { minLength: 1, maxLength: 5 }),
      access: fc.constantFrom(...labels),
    }),
  },
  { weight: 1, arbitrary: fc.record({ remove: fc.nat(7) }) },
);

/** Orama's own vector search as Footnote used it before the vector store: the reference. */
function referenceDb(): AnyOrama {
  return create({ schema: { access: 'enum', embedding: `vector[${DIMENSIONS}]` } }) as unknown as AnyOrama;
}

/** Brute force over the stored vectors: cosine in doubles, floor, access, best first, ties by Orama id. */
function bruteForce(
  index: ReturnType<typeof createSearchIndex>,
  query: Float32Array,
  access: readonly string[],
  limit: number,
  similarity: number,
) {
  const norm = (vector: Float32Array) => Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  const hits = [...index.passages.values()]
    .filter((item) => access.includes(item.access))
    .map((item) => {
      const vector = passageVector(index, item.cite)!;
      const dot = vector.reduce((sum, value, position) => sum + query[position]! * value, 0);
      return {
        cite: item.cite,
        score: dot / (norm(query) * norm(vector)),
        order: lexicalOrder(index.lexical, item.cite)!,
      };
    })
    .filter((hit) => hit.score >= similarity)
    .sort((a, b) => b.score - a.score || a.order - b.order);
  return hits.slice(0, limit).map(({ cite, score }) => ({ cite, score }));
}

describe('vector store scan', () => {
  it('returns the same top k as brute force over the stored vectors and as Orama, access filter included', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArbitrary, { minLength: 1, maxLength: 14 }),
        textArbitrary,
        fc.constantFrom<readonly string[]>(['public'], ['public', 'staff'], ['legal'], ['nobody'], labels),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom(-1, 0, 0.05, 0.3, 0.8),
        async (steps, queryText, access, limit, similarity) => {
          const index = createSearchIndex(DIMENSIONS);
          const reference = referenceDb();
          const cites = new Map<string, string[]>();
          for (const step of steps) {
            const docId = `doc-${'remove' in step ? step.remove : step.doc}`;
            await removeDocument(index, docId);
            await removeMultiple(reference, cites.get(docId) ?? [], 500);
            cites.delete(docId);
            if ('remove' in step) continue;
            const passages = step.texts.map((text, position) => passage(docId, position, text, step.access));
            const vectors = await embedder.embedDocuments(step.texts);
            const document = {
              ...{ id: docId, title: docId, revision: 'r1', date: '2026-01-01', supersedes: [] },
              ...{
                access: step.access,
                sourceName: docId,
                contentHash: docId,
                cites: passages.map((item) => item.cite),
              },
            };
            await upsertDocument(index, document, passages, vectors);
            const records = passages.map((item, position) => ({
              id: item.cite,
              access: item.access,
              embedding: Array.from(vectors[position]!),
            }));
            await insertMultiple(reference, records, 500);
            cites.set(docId, document.cites);
          }
          const query = await embedder.embedQuery(queryText);
          const hits = await searchVector(index, query, { access, limit, similarity });
          expect(hits).toEqual(bruteForce(index, query, access, limit, similarity));
          const oramaHits = (
            (await search(reference, {
              mode: 'vector',
              vector: { value: query, property: 'embedding' },
              similarity,
              limit,
              where: { access: { in: [...access] } },
            } as never)) as { hits: { id: string; score: number }[] }
          ).hits.map(({ id, score }) => ({ cite: id, score }));
          expect(hits).toEqual(oramaHits);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('moves the last row into a removed one and grows past its first capacity', () => {
    const store = createVectorStore(2, 2);
    putVector(store, 'a', 'public', 1, [1, 0]);
    putVector(store, 'b', 'public', 2, [0, 1]);
    putVector(store, 'c', 'staff', 3, [1, 1]);
    expect(store.size).toBe(3);
    expect(deleteVector(store, 'a')).toBe(true);
    expect(deleteVector(store, 'a')).toBe(false);
    expect(store.cites).toEqual(['c', 'b']);
    expect(Array.from(vectorOf(store, 'c')!)).toEqual([1, 1]);
    expect(vectorOf(store, 'a')).toBeUndefined();
    const hits = scanVectors(store, new Float32Array([1, 1]), {
      access: ['public', 'staff'],
      limit: 5,
      similarity: -1,
    });
    expect(hits.map((hit) => hit.cite)).toEqual(['c', 'b']);
    expect(hits[0]!.score).toBeCloseTo(1, 12);
    expect(scanVectors(store, new Float32Array([1, 1]), { access: ['public'], limit: 5, similarity: -1 })).toEqual([
      { cite: 'b', score: hits[1]!.score },
    ]);
  });

  it('hands out copies, so a removal or a growth cannot change a vector already read', () => {
    const store = createVectorStore(2, 1);
    putVector(store, 'a', 'public', 1, [1, 2]);
    putVector(store, 'b', 'public', 2, [3, 4]);
    const read = vectorOf(store, 'a')!;
    deleteVector(store, 'a');
    putVector(store, 'c', 'public', 3, [5, 6]);
    expect(Array.from(read)).toEqual([1, 2]);
  });

  it('never returns a zero vector and refuses a query of the wrong length', () => {
    const store = createVectorStore(2);
    putVector(store, 'zero', 'public', 1, [0, 0]);
    putVector(store, 'one', 'public', 2, [0, 1]);
    const hits = scanVectors(store, new Float32Array([0, 1]), { access: ['public'], limit: 5, similarity: -1 });
    expect(hits.map((hit) => hit.cite)).toEqual(['one']);
    expect(() => scanVectors(store, new Float32Array(3), { access: ['public'], limit: 5, similarity: -1 })).toThrow(
      expect.objectContaining({ code: 'DIMENSION_MISMATCH' }),
    );
  });
});
