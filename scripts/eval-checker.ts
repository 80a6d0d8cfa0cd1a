/**
 * `npm run eval:checker [-- --sets dev|held-out|all] [--only SET,SET] [--embedders DIR,DIR | --embedders none] [--judge NLI_DIR]`
 *
 * The checker on scripted answer sets (tests/fixtures/adversarial*, tests/fixtures/blind-*): for
 * each set and embedder (the built-in hashing one, and every model `npm run models:local` laid
 * out: the check uses its similarity by meaning where calibrated), faulty answers that carry an
 * expected flag, correct answers that carry any unexpected warning (a flag the set lists as
 * `may_also` is not one; "+N tolerated" counts the correct answers that carry only such flags),
 * claims per state, and per flag. `--judge` adds, for each embedder, a row with that NLI model confirming paraphrases
 * (verify/nli-judge.ts). Prints a Markdown table. Held-out sets are scored, never printed answer
 * by answer, and scored only when asked for (`--sets held-out` or `all`; the default is `dev`),
 * so that scoring them stays a deliberate once-a-stop act.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createNodeEmbedder, createNodeNli } from '../src/adapters/models/node-models.js';
import { loadCorpus } from '../src/adapters/node/load-corpus.js';
import { HashingEmbedder } from '../src/core/embed/hashing-embedder.js';
import { MemoEmbedder } from '../src/core/embed/memo-embedder.js';
import { parseFlagExpectations, scoreDetection } from '../src/core/evaluate/flag-detection.js';
import { parseQuestions, parseScriptedAnswers } from '../src/core/evaluate/question-set.js';
import { runEvaluation } from '../src/core/evaluate/run-evaluation.js';
import { ScriptedGenerator } from '../src/core/generate/scripted-generator.js';
import { createEngine } from '../src/core/pipeline/engine.js';
import { ingestDocuments } from '../src/core/pipeline/ingest-documents.js';
import type { ClaimJudge, Embedder } from '../src/core/ports.js';
import { nliJudge } from '../src/core/verify/nli-judge.js';
import { DEFAULT_OUT } from './local-models/manifest.js';

/** A scripted answer set: where it is, what corpus it is over, and how it may be used. */
interface AnswerSet {
  name: string;
  corpus: string;
  use: 'development' | 'held-out';
}

const FIXTURES = 'tests/fixtures';

/** The sets, with their use as their READMEs state it. */
const SETS: readonly AnswerSet[] = [
  { name: 'adversarial', corpus: 'corpus', use: 'development' },
  { name: 'adversarial-dev', corpus: 'corpus', use: 'development' },
  { name: 'adversarial-heldout', corpus: 'corpus', use: 'development' },
  { name: 'adversarial-heldout-2', corpus: 'corpus', use: 'held-out' },
  { name: 'blind-s10-dev', corpus: '../shared/evalsets/emanual-s10/corpus', use: 'development' },
  { name: 'blind-s10-heldout', corpus: '../shared/evalsets/emanual-s10/corpus', use: 'held-out' },
  { name: 'blind-stici-dev', corpus: '../shared/evalsets/stici-singletopic/corpus', use: 'development' },
  { name: 'blind-stici-heldout', corpus: '../shared/evalsets/stici-singletopic/corpus', use: 'held-out' },
  { name: 'blind-authority-dev', corpus: 'tests/fixtures/blind-authority-dev/corpus', use: 'development' },
  { name: 'blind-authority-heldout', corpus: 'tests/fixtures/blind-authority-heldout/corpus', use: 'held-out' },
  { name: 'blind-stici-dev-2', corpus: '../shared/evalsets/stici-singletopic/corpus', use: 'development' },
  { name: 'blind-tv-dev', corpus: '../shared/evalsets/emanual-tv/corpus', use: 'development' },
  { name: 'blind-s10-dev-2', corpus: '../shared/evalsets/emanual-s10/corpus', use: 'development' },
  { name: 'blind-stici-dev-3', corpus: '../shared/evalsets/stici-singletopic/corpus', use: 'development' },
  { name: 'blind-tv-dev-2', corpus: '../shared/evalsets/emanual-tv/corpus', use: 'development' },
  { name: 'blind-stici-dev-4', corpus: '../shared/evalsets/stici-singletopic/corpus', use: 'development' },
  { name: 'blind-s10-dev-3', corpus: '../shared/evalsets/emanual-s10/corpus', use: 'development' },
];

const percent = (part: number, whole: number) => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)}%`);

async function scoreSet(set: AnswerSet, embedder: Embedder, judge?: ClaimJudge): Promise<string> {
  const folder = join(FIXTURES, set.name);
  const read = (file: string) => readFileSync(join(folder, file), 'utf8');
  const questions = parseQuestions(read('questions.jsonl'), join(folder, 'questions.jsonl'));
  const engine = createEngine({
    embedder,
    generator: new ScriptedGenerator(parseScriptedAnswers(read('answers.jsonl'), join(folder, 'answers.jsonl'))),
    ...(judge ? { judge } : {}),
  });
  await ingestDocuments(engine, (await loadCorpus(set.corpus)).documents);
  const results = await runEvaluation(engine, questions, {
    corpus: set.corpus,
    questions: join(folder, 'questions.jsonl'),
    generator: 'scripted',
    embedder: embedder.modelId,
    retrieval: engine.retrieval.mode,
    top_k: engine.retrieval.topK,
    started: new Date().toISOString(),
  });
  const report = scoreDetection(results, parseFlagExpectations(read('expected.jsonl'), join(folder, 'expected.jsonl')));
  const states: Record<string, number> = { supported: 0, contradicted: 0, not_found: 0, not_a_claim: 0 };
  for (const question of results.questions) {
    for (const claim of question.verdict.claims) states[claim.state] = (states[claim.state] ?? 0) + 1;
  }
  const flags = Object.entries(report.perFlag)
    .filter(([, counts]) => counts.expected > 0 || counts.falseAlarms > 0)
    .map(([flag, counts]) => `${flag} ${counts.detected}/${counts.expected}, ${counts.falseAlarms} false`)
    .join('; ');
  const label = judge
    ? `${modelLabel(embedder)} + NLI ${judge.id.split(':')[1]?.split('/').pop() ?? judge.id}`
    : modelLabel(embedder);
  return `| ${set.name} | ${set.use} | ${label} | ${report.detected}/${report.faulty} (${percent(report.detected, report.faulty)}) | ${report.falseAlarms}/${report.correct} (${percent(report.falseAlarms, report.correct)})${report.tolerated > 0 ? ` +${report.tolerated} tolerated` : ''} | ${states.supported} / ${states.contradicted} / ${states.not_found} / ${states.not_a_claim} | ${flags} |`;
}

function modelLabel(embedder: Embedder): string {
  return embedder.modelId.startsWith('feature-hashing')
    ? 'hashing (built in)'
    : (embedder.modelId.split(':')[1] ?? embedder.modelId).split('/').pop()!;
}

function laidOut(): string[] {
  if (!existsSync(DEFAULT_OUT)) return [];
  return readdirSync(DEFAULT_OUT)
    .filter((name) => existsSync(join(DEFAULT_OUT, name, 'footnote-source.json')))
    .map((name) => join(DEFAULT_OUT, name))
    .sort();
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sets: { type: 'string', default: 'dev' },
      only: { type: 'string' },
      embedders: { type: 'string' },
      judge: { type: 'string' },
    },
  });
  const only = values.only?.split(',');
  const use = values.sets === 'dev' ? 'development' : values.sets === 'held-out' ? 'held-out' : undefined;
  const sets = SETS.filter(
    (set) => (!use || set.use === use) && (!only || only.includes(set.name)) && existsSync(join(FIXTURES, set.name)),
  );
  const folders =
    values.embedders === undefined ? laidOut() : values.embedders === 'none' ? [] : values.embedders.split(',');
  const embedders: Embedder[] = [new MemoEmbedder(new HashingEmbedder())];
  for (const folder of folders) embedders.push(new MemoEmbedder(await createNodeEmbedder(folder)));
  console.log(
    '| set | use | embedder | faulty caught | correct flagged | statements supported / contradicted / not found / not a claim | per flag (caught/expected, false alarms) |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  const judge = values.judge ? nliJudge(await createNodeNli(values.judge)) : undefined;
  for (const set of sets) {
    for (const embedder of embedders) {
      console.log(await scoreSet(set, embedder));
      if (judge) console.log(await scoreSet(set, embedder, judge));
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
