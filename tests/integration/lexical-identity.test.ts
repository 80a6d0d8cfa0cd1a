/**
 * Retrieval unchanged by the lexical store (issue 14): over the shared evaluation sets, with the
 * built-in embedder, lexical and hybrid retrieval through the lexical store against the same
 * retrieval with Orama's own BM25 search in its place (the reference the store replaced). Needs
 * `../shared/evalsets` beside the repository.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCorpus } from '../../src/adapters/node/load-corpus.js';
import { HashingEmbedder } from '../../src/core/embed/hashing-embedder.js';
import { createSearchIndex } from '../../src/core/index/search-index.js';
import { ExtractiveGenerator } from '../../src/core/generate/extractive-generator.js';
import { createEngine } from '../../src/core/pipeline/engine.js';
import { ingestDocuments } from '../../src/core/pipeline/ingest-documents.js';
import { analyseQuestion } from '../../src/core/question/analyse-question.js';
import { DEFAULT_RETRIEVAL_OPTIONS, retrieve } from '../../src/core/retrieve/retrieve.js';

/** Which BM25 `retrieve` calls: the lexical store, or Orama's search over the index's Orama copy. */
const reference = vi.hoisted(() => ({ orama: false, oramaSearches: 0 }));

vi.mock('../../src/core/index/search.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/core/index/search.js')>();
  return {
    ...original,
    searchLexical: (...[index, query, options]: Parameters<typeof original.searchLexical>) =>
      reference.orama
        ? (reference.oramaSearches++, original.searchLexicalWithOrama(index.orama!, query, options))
        : original.searchLexical(index, query, options),
  };
});

const SETS = ['emanual-s10', 'emanual-tv', 'stici-singletopic', 'rgb-conflict-reject'];
const ROOT = '../shared/evalsets';
const here = existsSync(ROOT);

interface Tally {
  questions: number;
  sameTop: number;
  covered: { store: number; orama: number };
}

async function compareSet(name: string): Promise<Tally> {
  const embedder = new HashingEmbedder();
  const engine = createEngine({ embedder, generator: new ExtractiveGenerator() });
  engine.index = createSearchIndex(embedder.dimensions, { orama: true });
  await ingestDocuments(engine, (await loadCorpus(`${ROOT}/${name}/corpus`)).documents);
  const lines = (await readFile(`${ROOT}/${name}/questions.jsonl`, 'utf8')).split('\n').filter(Boolean);
  const tally: Tally = { questions: 0, sameTop: 0, covered: { store: 0, orama: 0 } };
  for (const line of lines) {
    const question = JSON.parse(line) as { question: string; sources?: string[] };
    const sources = question.sources ?? [];
    for (const mode of ['lexical', 'hybrid'] as const) {
      const top: Record<'store' | 'orama', string[]> = { store: [], orama: [] };
      for (const path of ['store', 'orama'] as const) {
        reference.orama = path === 'orama';
        const parts = analyseQuestion(question.question);
        const result = await retrieve(engine.index, embedder, parts, { ...DEFAULT_RETRIEVAL_OPTIONS, mode });
        top[path] = result.passages.slice(0, 6).map((item) => item.passage.cite);
        const docs = result.passages.map((item) => item.passage.docId);
        if (sources.length > 0 && sources.some((source) => docs.includes(source))) tally.covered[path]++;
      }
      tally.questions++;
      if (top.store.join(' ') === top.orama.join(' ')) tally.sameTop++;
    }
  }
  reference.orama = false;
  return tally;
}

describe('retrieval through the lexical store against Orama’s BM25, over the shared evaluation sets', () => {
  const tallies = new Map<string, Tally>();
  beforeAll(async () => {
    if (!here) return;
    for (const name of SETS) tallies.set(name, await compareSet(name));
  }, 600_000);

  it.skipIf(!here)(
    `gives the same coverage on every set and the same top 6 for at least 99% of questions, lexical and hybrid${here ? '' : ` (skipped: no ${ROOT})`}`,
    () => {
      let questions = 0;
      let same = 0;
      for (const [name, tally] of tallies) {
        expect(tally.covered.store, `${name}: coverage`).toBe(tally.covered.orama);
        questions += tally.questions;
        same += tally.sameTop;
      }
      // The reference really ran: Orama answered the other half of the searches.
      expect(reference.oramaSearches).toBeGreaterThan(1000);
      expect(questions).toBeGreaterThan(1000);
      console.log([...tallies].map(([name, tally]) => `${name}: ${JSON.stringify(tally)}`).join('\n'));
      expect(same / questions).toBeGreaterThanOrEqual(0.99);
    },
  );
});
