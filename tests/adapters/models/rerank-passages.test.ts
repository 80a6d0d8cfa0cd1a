// Unit tests of the core rerank step (src/core/retrieve/rerank.ts) with a recording fake reranker.
import { describe, expect, it } from 'vitest';
import { rerankPassages, type Reranker } from '../../../src/core/retrieve/rerank.js';
import type { RetrievedPassage } from '../../../src/core/types.js';

/** A fake reranker: scores by a table keyed by passage text, and records its calls. */
class FakeReranker implements Reranker {
  readonly id = 'fake-reranker';
  readonly calls: { query: string; passages: string[] }[] = [];
  constructor(private readonly table: Record<string, number>) {}
  async score(query: string, passages: string[]): Promise<number[]> {
    this.calls.push({ query, passages });
    return passages.map((text) => this.table[text] ?? 0);
  }
}

function item(cite: string, rank: number, parts = [0], supersededBy: string[] = []): RetrievedPassage {
  return {
    passage: { cite, text: `text of ${cite}` } as RetrievedPassage['passage'],
    rank,
    score: 1 / rank,
    termCoverage: 0.5,
    parts,
    supersededBy,
  };
}

describe('rerankPassages', () => {
  it('orders by the reranker score, keeps the best `keep`, renumbers ranks and reports moves', async () => {
    const reranker = new FakeReranker({ 'text of a': 0.1, 'text of b': 0.9, 'text of c': 0.5 });
    const result = await rerankPassages(reranker, 'q?', [item('a', 1), item('b', 2), item('c', 3)], 2);
    expect(result.passages.map((entry) => [entry.passage.cite, entry.rank, entry.score])).toEqual([
      ['b', 1, 0.9],
      ['c', 2, 0.5],
    ]);
    expect(result.moves).toContainEqual({ cite: 'a', before: 1, after: 0, score: 0.1 });
    expect(reranker.calls).toEqual([{ query: 'q?', passages: ['text of a', 'text of b', 'text of c'] }]);
  });

  it("keeps each question part's best passage even below the cut", async () => {
    const reranker = new FakeReranker({ 'text of a': 0.9, 'text of b': 0.8, 'text of c': 0.1 });
    const result = await rerankPassages(reranker, 'q?', [item('a', 1), item('b', 2), item('c', 3, [1])], 2);
    expect(result.passages.map((entry) => entry.passage.cite)).toEqual(['a', 'b', 'c']);
  });

  it('keeps a superseding passage beside the one it supersedes', async () => {
    const reranker = new FakeReranker({ 'text of old': 0.9, 'text of x': 0.5, 'text of new': 0.1 });
    const items = [item('old', 1, [0], ['new']), item('x', 2), item('new', 3)];
    const result = await rerankPassages(reranker, 'q?', items, 1);
    expect(result.passages.map((entry) => entry.passage.cite)).toEqual(['old', 'new']);
  });

  it('does not call the reranker for no passages, and refuses a bad keep', async () => {
    const reranker = new FakeReranker({});
    expect(await rerankPassages(reranker, 'q?', [], 3)).toEqual({ passages: [], moves: [] });
    expect(reranker.calls).toHaveLength(0);
    await expect(rerankPassages(reranker, 'q?', [item('a', 1)], 0)).rejects.toMatchObject({ code: 'INVALID_OPTION' });
  });

  it('stops when the signal has fired', async () => {
    const reranker = new FakeReranker({});
    const run = rerankPassages(reranker, 'q?', [item('a', 1)], 1, { signal: AbortSignal.abort() });
    await expect(run).rejects.toMatchObject({ code: 'ABORTED' });
  });
});
