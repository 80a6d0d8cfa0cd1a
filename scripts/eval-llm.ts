/**
 * `npm run eval:llm [-- --model FILE.gguf | --generator extractive] [--sets a,b,…] [--embedder MODEL_DIR] [--out DIR]`
 *
 * A real language model in the measurement: each set's questions answered by a GGUF model on the
 * CPU (node-llama-cpp, `npm run models:local -- --llm`) through the same prompt, fitting and
 * checker as the app, printed as the Markdown table kept in evals/README.md. Besides the
 * evaluation's own `correct` (which requires the checker to pass the answer), it counts the answers
 * that are right by the questions' answer patterns alone, how many of those cite their sources,
 * how many of them the checker flags (and how many of those cite nothing at all), and how many
 * wrong answers it catches. `--out DIR` keeps each set's results file (docs/formats.md §3, with the
 * raw model text of repaired answers in `raw_answer`). `--generator extractive` prints the same row
 * for the no-model answerer, to set beside the model's. `--from DIR` scores results files an
 * earlier `--out DIR` kept, without answering again.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { scoreModelAnswers } from '../src/core/evaluate/model-answers.js';
import { parseQuestions, type EvalQuestion } from '../src/core/evaluate/question-set.js';
import { runEvaluation, type ResultsFile } from '../src/core/evaluate/run-evaluation.js';
import { buildEngine, choice } from '../src/cli/build-engine.js';
import { DEFAULT_OUT } from './local-models/manifest.js';

const DEFAULT_MODEL = join(DEFAULT_OUT, 'gguf', 'SmolLM2-135M-Instruct.Q4_1.gguf');
/**
 * Sets whose questions carry answer patterns (the shared S10, TV and STICI sets have none: only
 * retrieval and abstention are scored there, which says nothing about a model's answers).
 */
const DEFAULT_SETS = 'blind-s10-dev,blind-stici-dev,rgb-conflict-reject,sample,blind-authority-dev';

/** The project's blind question sets over a shared corpus. */
const SHARED_CORPUS: Record<string, string> = {
  'blind-s10-dev': '../shared/evalsets/emanual-s10/corpus',
  'blind-stici-dev': '../shared/evalsets/stici-singletopic/corpus',
};

/** The corpus folder and question file of a set name. */
function setPaths(name: string): [string, string] {
  if (name === 'sample') return ['corpus', 'evals/questions.jsonl'];
  const fixture = join('tests/fixtures', name);
  const corpus = SHARED_CORPUS[name];
  if (corpus) return [corpus, join(fixture, 'questions.jsonl')];
  if (existsSync(join(fixture, 'corpus'))) return [join(fixture, 'corpus'), join(fixture, 'questions.jsonl')];
  const shared = join('..', 'shared', 'evalsets', name);
  return [join(shared, 'corpus'), join(shared, 'questions.jsonl')];
}

async function answerSet(
  corpus: string,
  questionsFile: string,
  questions: EvalQuestion[],
  generator: 'llama' | 'extractive',
  model: string,
  embedder: string | undefined,
): Promise<ResultsFile> {
  const { engine } = await buildEngine({
    corpus,
    generator,
    ...(generator === 'llama' ? { model } : {}),
    retrieval: 'hybrid',
    fusion: 'rrf',
    topK: 6,
    ...(embedder ? { embedder } : {}),
  });
  return runEvaluation(engine, questions, {
    corpus,
    questions: questionsFile,
    generator: engine.generator.id,
    embedder: engine.embedder.modelId,
    retrieval: 'hybrid',
    fusion: 'rrf',
    top_k: 6,
    started: new Date().toISOString(),
  });
}

/** The generator as the table names it. */
function label(generator: string): string {
  return generator === 'extractive' ? 'extractive (no model)' : generator.replace(/^llama:/, '');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      model: { type: 'string', default: DEFAULT_MODEL },
      generator: { type: 'string', default: 'llama' },
      sets: { type: 'string', default: DEFAULT_SETS },
      embedder: { type: 'string' },
      out: { type: 'string' },
      from: { type: 'string' },
    },
  });
  const generator = choice(values.generator, ['llama', 'extractive'] as const, '--generator', 'llama');
  console.log(
    '| set | model | correct (checker passes) | right by patterns | right, citing their sources | right, flagged (citing nothing) | wrong, caught | unanswerable held | generate p50 |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const name of values.sets.split(',').map((set) => set.trim())) {
    if (name.includes('heldout'))
      throw new Error(`${name}: held-out sets are scored by eval:checker once per stop, not here`);
    const [corpus, questionsFile] = setPaths(name);
    const questions = parseQuestions(await readFile(questionsFile, 'utf8'), questionsFile);
    const results = values.from
      ? (JSON.parse(await readFile(join(values.from, `${name}.json`), 'utf8')) as ResultsFile)
      : await answerSet(corpus, questionsFile, questions, generator, values.model, values.embedder);
    if (values.out) {
      await mkdir(values.out, { recursive: true });
      await writeFile(join(values.out, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
    }
    const stats = scoreModelAnswers(questions, results.questions);
    console.log(
      `| ${name} | ${label(results.run.generator)} | ${results.summary.correct}/${results.summary.questions} | ${stats.right}/${stats.answerable}${stats.unpatterned ? ` (${stats.unpatterned} without patterns)` : ''} | ${stats.rightCited} | ${stats.rightFlagged} (${stats.rightFlaggedUncited}) | ${stats.wrongCaught}/${stats.wrong} | ${stats.unanswerableHeld}/${stats.unanswerable} | ${(results.summary.ms.generate_p50 / 1000).toFixed(1)} s |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
