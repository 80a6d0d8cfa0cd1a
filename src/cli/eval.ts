/**
 * `npm run eval -- --corpus DIR --questions FILE [--generator extractive|scripted --answers FILE | --generator llama --model FILE.gguf [--threads N]]
 * [--retrieval lexical|vector|hybrid] [--fusion rrf|weighted] [--coverage-weight 0..1] [--top-k N] [--viewer LABEL] [--out FILE]`
 *
 * Runs a question set over a corpus folder and prints correctness by kind, retrieval and citation
 * coverage, abstentions and median milliseconds per stage; writes the results file of
 * docs/formats.md §3.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { RagError } from '../core/errors.js';
import { formatDetection, parseFlagExpectations, scoreDetection } from '../core/evaluate/flag-detection.js';
import { formatSummary } from '../core/evaluate/format-summary.js';
import { formatModelAnswers, scoreModelAnswers } from '../core/evaluate/model-answers.js';
import { parseQuestions } from '../core/evaluate/question-set.js';
import { runEvaluation } from '../core/evaluate/run-evaluation.js';
import { buildEngine, choice, reportError, share, wholeNumber } from './build-engine.js';

const USAGE = `usage: npm run eval -- --corpus DIR --questions FILE [--generator extractive|scripted --answers FILE | --generator llama --model FILE.gguf [--threads N]]
       [--retrieval lexical|vector|hybrid] [--fusion rrf|weighted] [--coverage-weight 0..1] [--top-k N] [--viewer LABEL] [--out FILE]
       [--expected FLAGS_FILE] [--quiet] [--embedder MODEL_DIR] [--rerank MODEL_DIR] [--judge NLI_MODEL_DIR]`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      corpus: { type: 'string', default: 'corpus' },
      questions: { type: 'string', default: 'evals/questions.jsonl' },
      generator: { type: 'string' },
      answers: { type: 'string' },
      model: { type: 'string' },
      threads: { type: 'string' },
      retrieval: { type: 'string' },
      fusion: { type: 'string' },
      'coverage-weight': { type: 'string' },
      'top-k': { type: 'string' },
      viewer: { type: 'string' },
      out: { type: 'string' },
      expected: { type: 'string' },
      quiet: { type: 'boolean', default: false },
      embedder: { type: 'string' },
      rerank: { type: 'string' },
      judge: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const settings = {
    corpus: values.corpus,
    generator: choice(values.generator, ['extractive', 'scripted', 'llama'] as const, '--generator', 'extractive'),
    retrieval: choice(values.retrieval, ['lexical', 'vector', 'hybrid'] as const, '--retrieval', 'hybrid'),
    fusion: choice(values.fusion, ['rrf', 'weighted'] as const, '--fusion', 'rrf'),
    topK: wholeNumber(values['top-k'], '--top-k', 6),
    ...(values['coverage-weight'] === undefined
      ? {}
      : { coverageWeight: share(values['coverage-weight'], '--coverage-weight') }),
    ...(values.answers ? { answers: values.answers } : {}),
    ...(values.model ? { model: values.model } : {}),
    ...(values.threads ? { threads: wholeNumber(values.threads, '--threads', 2) } : {}),
    ...(values.embedder ? { embedder: values.embedder } : {}),
    ...(values.rerank ? { rerank: values.rerank } : {}),
    ...(values.judge ? { judge: values.judge } : {}),
  };
  const questionsText = await readFile(values.questions, 'utf8').catch(() => {
    throw new RagError('INVALID_OPTION', { option: '--questions', detail: `cannot read ${values.questions}` });
  });
  const questions = parseQuestions(questionsText, values.questions).map((question) =>
    values.viewer && !question.viewer ? { ...question, viewer: values.viewer } : question,
  );
  const { engine, loadFailures, notices } = await buildEngine(settings);
  for (const failure of loadFailures) process.stderr.write(`skipped ${failure.message}\n`);
  for (const notice of notices) process.stderr.write(`note: ${notice}\n`);
  const results = await runEvaluation(
    engine,
    questions,
    {
      corpus: values.corpus,
      questions: values.questions,
      generator: engine.generator.id,
      embedder: engine.embedder.modelId,
      retrieval: settings.retrieval,
      fusion: settings.fusion,
      top_k: settings.topK,
      started: new Date().toISOString(),
    },
    (result) => {
      if (!values.quiet && !result.correct)
        process.stderr.write(
          `✗ ${result.id} (${result.kind}) ${result.verdict.status} [${result.verdict.flags.join(', ')}]\n`,
        );
    },
  );
  process.stdout.write(`${formatSummary(results)}\n`);
  if (settings.generator !== 'scripted') {
    // Right by the patterns alone, and what the checker said about right and wrong answers.
    process.stdout.write(`\n${formatModelAnswers(scoreModelAnswers(questions, results.questions))}\n`);
  }
  if (values.expected) {
    const expectations = parseFlagExpectations(await readFile(values.expected, 'utf8'), values.expected);
    process.stdout.write(
      `\nflag detection (${values.expected})\n${formatDetection(scoreDetection(results, expectations))}\n`,
    );
  }
  if (values.out) {
    await mkdir(dirname(values.out), { recursive: true });
    await writeFile(values.out, `${JSON.stringify(results, null, 2)}\n`);
    process.stdout.write(`results written to ${values.out}\n`);
  }
}

main().catch(reportError);
