/**
 * `npm run eval:table [-- --sets a,b] [--embedders DIR,DIR | --embedders none] [--rerankers DIR,DIR]`
 *
 * The evaluation over the sample set, every set in ../shared/evalsets and the blind authority
 * sets in tests/fixtures (or the evalsets given with --sets), printed as the Markdown table kept in evals/README.md, one row per setting:
 * - the built-in hashing embedder with lexical, vector and hybrid retrieval (both fusions);
 * - every real embedding model laid out by `npm run models:local` (or given with --embedders),
 *   with vector and hybrid (RRF) retrieval;
 * - for every embedder, "vector alone": the vector ranking without the term-coverage rerank that
 *   every other row applies (what the model does by itself);
 * - every cross-encoder given with --rerankers, reranking hybrid retrieval over the first real
 *   embedder (the hashing one when there is none).
 * Each corpus is embedded once per model (a memo shared by that model's rows).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { createNodeEmbedder, createNodeReranker } from '../src/adapters/models/node-models.js';
import { loadCorpus } from '../src/adapters/node/load-corpus.js';
import { HashingEmbedder } from '../src/core/embed/hashing-embedder.js';
import { MemoEmbedder } from '../src/core/embed/memo-embedder.js';
import { parseQuestions } from '../src/core/evaluate/question-set.js';
import { runEvaluation } from '../src/core/evaluate/run-evaluation.js';
import { ExtractiveGenerator } from '../src/core/generate/extractive-generator.js';
import { createEngine } from '../src/core/pipeline/engine.js';
import { ingestDocuments } from '../src/core/pipeline/ingest-documents.js';
import type { Embedder } from '../src/core/ports.js';
import type { Fusion } from '../src/core/retrieve/fuse.js';
import type { Reranker } from '../src/core/retrieve/rerank.js';
import type { RetrievalMode } from '../src/core/retrieve/retrieve.js';
import { DEFAULT_OUT } from './local-models/manifest.js';

/** One row's setting. */
interface Setting {
  embedderLabel: string;
  embedder: Embedder;
  label: string;
  mode: RetrievalMode;
  fusion: Fusion;
  reranker?: Reranker;
  /** Weight of the term-coverage rerank; the default (0.75) when absent. */
  coverageWeight?: number;
}

const percent = (value: number | null) => (value === null ? 'n/a' : `${(value * 100).toFixed(1)}%`);

/** Model folders `models:local` laid out and checked. */
function laidOutModels(): string[] {
  if (!existsSync(DEFAULT_OUT)) return [];
  return readdirSync(DEFAULT_OUT)
    .map((name) => join(DEFAULT_OUT, name))
    .filter((folder) => {
      const record = join(folder, 'footnote-source.json');
      if (!existsSync(record)) return false;
      return (JSON.parse(readFileSync(record, 'utf8')) as { checks?: { passed?: boolean } }).checks?.passed === true;
    })
    .sort();
}

async function settings(embedderFolders: string[], rerankerFolders: string[]): Promise<Setting[]> {
  const hashing = new MemoEmbedder(new HashingEmbedder());
  const rows: Setting[] = [
    { embedderLabel: 'hashing (built in)', embedder: hashing, label: 'lexical', mode: 'lexical', fusion: 'rrf' },
    {
      embedderLabel: 'hashing (built in)',
      embedder: hashing,
      label: 'vector alone',
      mode: 'vector',
      fusion: 'rrf',
      coverageWeight: 0,
    },
    { embedderLabel: 'hashing (built in)', embedder: hashing, label: 'vector', mode: 'vector', fusion: 'rrf' },
    { embedderLabel: 'hashing (built in)', embedder: hashing, label: 'hybrid (RRF)', mode: 'hybrid', fusion: 'rrf' },
    {
      embedderLabel: 'hashing (built in)',
      embedder: hashing,
      label: 'hybrid (weighted)',
      mode: 'hybrid',
      fusion: 'weighted',
    },
  ];
  const real: Setting[] = [];
  for (const folder of embedderFolders) {
    const embedder = new MemoEmbedder(await createNodeEmbedder(folder));
    const embedderLabel = `${basename(folder)} (fp32)`;
    real.push(
      { embedderLabel, embedder, label: 'vector alone', mode: 'vector', fusion: 'rrf', coverageWeight: 0 },
      { embedderLabel, embedder, label: 'vector', mode: 'vector', fusion: 'rrf' },
      { embedderLabel, embedder, label: 'hybrid (RRF)', mode: 'hybrid', fusion: 'rrf' },
    );
  }
  const base = real[2] ?? rows[3]!;
  for (const folder of rerankerFolders) {
    const reranker = await createNodeReranker(folder);
    rows.push({ ...base, label: `hybrid (RRF) + rerank ${basename(folder)}`, reranker });
  }
  return [...rows.slice(0, 5), ...real, ...rows.slice(5)];
}

async function evaluateSet(
  name: string,
  corpusFolder: string,
  questionsFile: string,
  rows: Setting[],
): Promise<string[]> {
  const corpus = await loadCorpus(corpusFolder);
  const questions = parseQuestions(await readFile(questionsFile, 'utf8'), questionsFile);
  const lines: string[] = [];
  for (const setting of rows) {
    const engine = createEngine({
      embedder: setting.embedder,
      generator: new ExtractiveGenerator(),
      ...(setting.reranker ? { reranker: setting.reranker } : {}),
      retrieval: {
        mode: setting.mode,
        fusion: setting.fusion,
        ...(setting.coverageWeight === undefined ? {} : { coverageWeight: setting.coverageWeight }),
      },
    });
    await ingestDocuments(engine, corpus.documents);
    const { summary } = await runEvaluation(engine, questions, {
      corpus: corpusFolder,
      questions: questionsFile,
      generator: 'extractive',
      embedder: engine.embedder.modelId,
      retrieval: setting.mode,
      top_k: engine.retrieval.topK,
      started: new Date().toISOString(),
    });
    lines.push(
      `| ${name} | ${setting.embedderLabel} | ${setting.label} | ${percent(summary.retrieval_coverage)} | ${percent(summary.citation_coverage)} | ${summary.correct}/${summary.questions} | ${summary.abstentions.right} / ${summary.abstentions.wrong} |`,
    );
  }
  return lines;
}

function list(value: string | undefined, fallback: () => string[]): string[] {
  if (value === undefined) return fallback();
  if (value === 'none' || value === '') return [];
  return value.split(',').map((item) => item.trim());
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { sets: { type: 'string' }, embedders: { type: 'string' }, rerankers: { type: 'string' } },
  });
  const root = '../shared/evalsets';
  const sets: [string, string, string][] = [['sample', 'corpus', 'evals/questions.jsonl']];
  const names = values.sets
    ? values.sets.split(',')
    : existsSync(root)
      ? readdirSync(root).filter((name) => existsSync(join(root, name, 'questions.jsonl')))
      : [];
  for (const name of names) sets.push([name, join(root, name, 'corpus'), join(root, name, 'questions.jsonl')]);
  // The project's own blind sets with a corpus of their own (documents that state their authority in words).
  for (const name of ['blind-authority-dev', 'blind-authority-heldout']) {
    const folder = join('tests/fixtures', name);
    if (!values.sets && existsSync(join(folder, 'corpus'))) {
      sets.push([name, join(folder, 'corpus'), join(folder, 'questions.jsonl')]);
    }
  }
  // The blind answer sets over the shared corpora (readers' wording, near misses; issue 13).
  for (const [name, corpus] of [
    ['answerer-s10-dev', 'emanual-s10'],
    ['answerer-s10-heldout', 'emanual-s10'],
    ['answerer-tv-dev', 'emanual-tv'],
    ['answerer-tv-heldout', 'emanual-tv'],
    ['answerer-stici-dev', 'stici-singletopic'],
    ['answerer-stici-heldout', 'stici-singletopic'],
  ] as const) {
    const questions = join('tests/fixtures', name, 'questions.jsonl');
    if (!values.sets && existsSync(questions)) sets.push([name, join(root, corpus, 'corpus'), questions]);
  }
  const embedders = list(values.embedders, laidOutModels);
  if (values.embedders === undefined && embedders.length === 0) {
    console.error(
      'no real models in public/models/local: the table has the hashing rows only (run npm run models:local)',
    );
  }
  const rows = await settings(
    embedders,
    list(values.rerankers, () => []),
  );
  console.log(
    '| set | embedder | retrieval | retrieval coverage | citation coverage | correct | abstentions right / wrong |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const [name, corpus, questions] of sets) {
    for (const line of await evaluateSet(name, corpus, questions, rows)) console.log(line);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
