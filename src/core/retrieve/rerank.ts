/**
 * Optional reranking: a cross-encoder reads the question with each candidate passage and scores
 * the pair, which ranks better than comparing separately made vectors. Retrieval fetches a wider
 * first cut (more than `topK`), the reranker orders it, and the best `keep` stay. Without a
 * reranker, nothing here runs and retrieval is unchanged.
 */
import { RagError, throwIfAborted } from '../errors.js';
import type { CallOptions } from '../ports.js';
import type { RetrievedPassage } from '../types.js';

/** Scores query/passage pairs. Implemented by a cross-encoder adapter (or a fake in tests). */
export interface Reranker {
  /** Identifies the model and its settings, e.g. `cross-encoder:Xenova/ms-marco-MiniLM-L-6-v2:q8`. */
  readonly id: string;
  /** One relevance score per passage, in order; higher is more relevant (a sigmoid: 0–1). */
  score(query: string, passages: string[], options?: CallOptions): Promise<number[]>;
}

/** One passage's place before and after reranking, for the trace. */
export interface RerankMove {
  cite: string;
  before: number;
  /** 0 when the passage was cut. */
  after: number;
  score: number;
}

/** What reranking did. */
export interface RerankResult {
  /** The kept passages, best first, with `rank` renumbered and `score` set to the reranker's score. */
  passages: RetrievedPassage[];
  moves: RerankMove[];
}

/**
 * Orders `items` by the reranker's score for `question` and keeps `keep` of them. So that a
 * multi-part question keeps evidence for every part, each part's best-scored passage is kept
 * even below the cut; a passage that supersedes a kept one is kept beside it.
 */
export async function rerankPassages(
  reranker: Reranker,
  question: string,
  items: RetrievedPassage[],
  keep: number,
  options: CallOptions = {},
): Promise<RerankResult> {
  if (!(Number.isInteger(keep) && keep >= 1)) {
    throw new RagError('INVALID_OPTION', { option: 'rerank.keep', detail: 'must be a whole number ≥ 1' });
  }
  throwIfAborted(options.signal);
  if (items.length === 0) return { passages: [], moves: [] };
  const scores = await reranker.score(
    question,
    items.map((item) => item.passage.text),
    options,
  );
  if (scores.length !== items.length) {
    throw new RagError('INVALID_OPTION', {
      option: 'reranker',
      detail: `returned ${scores.length} scores for ${items.length} passages`,
    });
  }
  const scored = items
    .map((item, index) => ({ item, score: scores[index]!, before: index }))
    .sort((a, b) => b.score - a.score || a.before - b.before);
  const kept = new Set(scored.slice(0, keep).map((entry) => entry.item));
  for (const part of new Set(items.flatMap((item) => item.parts))) {
    const best = scored.find((entry) => entry.item.parts.includes(part));
    if (best) kept.add(best.item);
  }
  const byCite = new Map(items.map((item) => [item.passage.cite, item]));
  for (const item of [...kept]) {
    for (const cite of item.supersededBy) {
      const successor = byCite.get(cite);
      if (successor) kept.add(successor);
    }
  }
  const passages = scored
    .filter((entry) => kept.has(entry.item))
    .map((entry, position) => ({ ...entry.item, rank: position + 1, score: entry.score }));
  const after = new Map(passages.map((item) => [item.passage.cite, item.rank]));
  const moves = scored.map((entry) => ({
    cite: entry.item.passage.cite,
    before: entry.before + 1,
    after: after.get(entry.item.passage.cite) ?? 0,
    score: entry.score,
  }));
  return { passages, moves };
}
