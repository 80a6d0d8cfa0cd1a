/**
 * `npm run eval:table`: the evaluation over the sample set and every set in ../shared/evalsets
 * (or the folders given with --sets), for lexical, vector and hybrid retrieval (both fusions),
 * printed as the Markdown table kept in evals/README.md.
 */
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadCorpus } from '../src/adapters/node/load-corpus.js';
import { HashingEmbedder } from '../src/core/embed/hashing-embedder.js';
import { parseQuestions } from '../src/core/evaluate/question-set.js';
import { runEvaluation } from '../src/core/evaluate/run-evaluation.js';
import { ExtractiveGenerator } from '../src/core/generate/extractive-generator.js';
import { createEngine } from '../src/core/pipeline/engine.js';
import { ingestDocuments } from '../src/core/pipeline/ingest-documents.js';
import type { Fusion } from '../src/core/retrieve/fuse.js';
import type { RetrievalMode } from '../src/core/retrieve/retrieve.js';

const CONFIGURATIONS: { label: string; mode: RetrievalMode; fusion: Fusion }[] = [
  { label: 'lexical', mode: 'lexical', fusion: 'rrf' },
  { label: 'vector', mode: 'vector', fusion: 'rrf' },
  { label: 'hybrid (RRF)', mode: 'hybrid', fusion: 'rrf' },
  { label: 'hybrid (weighted)', mode: 'hybrid', fusion: 'weighted' },
];

const percent = (value: number | null) => (value === null ? 'n/a' : `${(value * 100).toFixed(1)}%`);

async function evaluateSet(name: string, corpusFolder: string, questionsFile: string): Promise<string[]> {
  const corpus = await loadCorpus(corpusFolder);
  const questions = parseQuestions(await readFile(questionsFile, 'utf8'), questionsFile);
  const rows: string[] = [];
  for (const configuration of CONFIGURATIONS) {
    const engine = createEngine({
      embedder: new HashingEmbedder(),
      generator: new ExtractiveGenerator(),
      retrieval: { mode: configuration.mode, fusion: configuration.fusion },
    });
    await ingestDocuments(engine, corpus.documents);
    const results = await runEvaluation(engine, questions, {
      corpus: corpusFolder,
      questions: questionsFile,
      generator: 'extractive',
      embedder: engine.embedder.modelId,
      retrieval: configuration.mode,
      top_k: engine.retrieval.topK,
      started: new Date().toISOString(),
    });
    const { summary } = results;
    rows.push(
      `| ${name} | ${configuration.label} | ${percent(summary.retrieval_coverage)} | ${percent(summary.citation_coverage)} | ${summary.correct}/${summary.questions} | ${summary.abstentions.right} / ${summary.abstentions.wrong} |`,
    );
  }
  return rows;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { sets: { type: 'string' } } });
  const root = '../shared/evalsets';
  const sets: [string, string, string][] = [['sample', 'corpus', 'evals/questions.jsonl']];
  const names = values.sets
    ? values.sets.split(',')
    : existsSync(root)
      ? readdirSync(root).filter((name) => existsSync(join(root, name, 'questions.jsonl')))
      : [];
  for (const name of names) sets.push([name, join(root, name, 'corpus'), join(root, name, 'questions.jsonl')]);
  console.log('| set | retrieval | retrieval coverage | citation coverage | correct | abstentions right / wrong |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const [name, corpus, questions] of sets) {
    for (const row of await evaluateSet(name, corpus, questions)) console.log(row);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
