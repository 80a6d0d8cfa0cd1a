import { search, type AnyOrama } from '@orama/orama';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HashingEmbedder } from '../../../src/core/embed/hashing-embedder.js';
import { createSearchIndex, type SearchIndex } from '../../../src/core/index/search-index.js';
import { searchLexical, searchLexicalWithOrama, type RawHit } from '../../../src/core/index/search.js';
import { deserializeIndex, serializeIndex } from '../../../src/core/index/serialize.js';
import { removeDocument, upsertDocument } from '../../../src/core/index/update-index.js';
import type { Passage } from '../../../src/core/types.js';

const embedder = new HashingEmbedder({ dimensions: 8 });
// Words that are prefixes of others ("seal" of "sealant", "pump" of "pumping" before stemming
// and not after), stop words, numbers that prefix numbers, and a word every passage may hold.
const words = ['filter', 'filtration', 'pump', 'pumping', 'seal', 'sealant', 'clean', 'cleaner', 'door', 'the'];
const numbers = ['1', '10', '100', '4'];
const queryWords = [...words, ...numbers, 'fil', 'se', 'clea', 'and', 'of', 'zebra'];
const labels = ['public', 'staff', 'legal'] as const;

const textArbitrary = fc
  .array(fc.constantFrom(...words, ...numbers), { minLength: 0, maxLength: 8 })
  .map((list) => list.join(' '));

const stepArbitrary = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      doc: fc.nat(6),
      title: textArbitrary,
      passages: fc.array(fc.record({ heading: textArbitrary, text: textArbitrary }), { minLength: 1, maxLength: 4 }),
      access: fc.constantFrom(...labels),
    }),
  },
  { weight: 1, arbitrary: fc.record({ remove: fc.nat(6) }) },
);

type Step = typeof stepArbitrary extends fc.Arbitrary<infer T> ? T : never;

function passage(docId: string, position: number, title: string, heading: string, text: string, access: string) {
  const item: Passage = {
    ...{ cite: `${docId}#${position}`, docId, sectionId: String(position), part: 1, heading, title },
    ...{ revision: 'r1', date: '2026-01-01', access, text, start: 0, end: text.length, hash: text },
  };
  return item;
}

/** Applies the steps to an index that also keeps Orama's own index of the same passages. */
async function build(steps: Step[]): Promise<SearchIndex> {
  const index = createSearchIndex(embedder.dimensions, { orama: true });
  for (const step of steps) {
    const docId = `doc-${'remove' in step ? step.remove : step.doc}`;
    await removeDocument(index, docId);
    if ('remove' in step) continue;
    const passages = step.passages.map((item, position) =>
      passage(docId, position, step.title, item.heading, item.text, step.access),
    );
    const document = {
      ...{ id: docId, title: step.title, revision: 'r1', date: '2026-01-01', supersedes: [], access: step.access },
      ...{ sourceName: docId, contentHash: docId, cites: passages.map((item) => item.cite) },
    };
    await upsertDocument(index, document, passages, await embedder.embedDocuments(passages.map((item) => item.text)));
  }
  return index;
}

/** Same hits in the same order, scores equal within 1e-9 relative. */
function expectSameHits(actual: RawHit[], expected: RawHit[]): void {
  expect(actual.map((hit) => hit.cite)).toEqual(expected.map((hit) => hit.cite));
  actual.forEach((hit, position) => {
    const reference = expected[position]!.score;
    expect(Math.abs(hit.score - reference)).toBeLessThanOrEqual(1e-9 * Math.abs(reference));
  });
}

describe('the lexical store against Orama', () => {
  it('returns Orama’s hits, order and scores: boosts, prefixes, stop words, access, removals, after a restore', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArbitrary, { minLength: 1, maxLength: 12 }),
        fc.array(fc.constantFrom(...queryWords), { minLength: 0, maxLength: 4 }).map((list) => list.join(' ')),
        fc.constantFrom<readonly string[]>(['public'], ['public', 'staff'], ['legal'], ['nobody'], labels),
        fc.integer({ min: 1, max: 15 }),
        async (steps, query, access, limit) => {
          const index = await build(steps);
          const options = { access, limit };
          const expected = await searchLexicalWithOrama(index.orama!, query, options);
          expectSameHits(await searchLexical(index, query, options), expected);
          const restored = deserializeIndex(structuredClone(serializeIndex(index)));
          expectSameHits(await searchLexical(restored, query, options), expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('can fail: Orama with other boosts ranks a fixture differently, and the comparison sees it', async () => {
    const index = await build([
      {
        doc: 0,
        title: 'filter',
        access: 'public',
        passages: [
          { heading: 'door', text: 'pump seal seal door' },
          { heading: 'filter', text: 'pump door 10' },
          { heading: 'seal', text: 'filter pump' },
        ],
      },
      { doc: 1, title: 'pump', access: 'public', passages: [{ heading: 'clean', text: 'filter filter clean' }] },
    ]);
    const options = { access: ['public'], limit: 10 };
    const unboosted = (
      (await search(
        index.orama as AnyOrama,
        {
          term: 'filter pump',
          properties: ['title', 'heading', 'text'],
          threshold: 1,
          limit: 10,
          where: { access: { in: ['public'] } },
        } as never,
      )) as { hits: { id: string; score: number }[] }
    ).hits.map(({ id, score }) => ({ cite: id, score }));
    const ours = await searchLexical(index, 'filter pump', options);
    expectSameHits(ours, await searchLexicalWithOrama(index.orama!, 'filter pump', options));
    expect(() => expectSameHits(ours, unboosted)).toThrow();
  });

  it('scores a word named like an object property ("constructor") as Orama does: as if no passage held it', async () => {
    const index = await build([
      {
        doc: 0,
        title: 'constructor',
        access: 'public',
        passages: [
          { heading: 'constructor filter', text: 'the constructor pump' },
          { heading: '', text: 'filter constructor constructor' },
        ],
      },
      { doc: 1, title: 'pump', access: 'public', passages: [{ heading: 'constructor', text: 'filter' }] },
    ]);
    const options = { access: ['public'], limit: 10 };
    for (const query of ['constructor', 'constructor filter', 'construct']) {
      const expected = await searchLexicalWithOrama(index.orama!, query, options);
      expect(expected.length).toBeGreaterThan(0);
      expectSameHits(await searchLexical(index, query, options), expected);
    }
  });
});
