/**
 * `npm run ask -- [--corpus DIR] [--retrieval MODE] [--top-k N] [--viewer LABEL] [--embedder MODEL_DIR] [--rerank MODEL_DIR] [--judge NLI_MODEL_DIR] [--model FILE.gguf] [--json] "question"`
 *
 * Answers one question from a corpus folder and prints the answer, its citations, the verdict
 * with its flags, and the ranked passages with their scores.
 */
import { parseArgs } from 'node:util';
import { RagError } from '../core/errors.js';
import { answerQuestion, type AnswerResult } from '../core/pipeline/answer-question.js';
import { round } from '../core/pipeline/trace.js';
import { buildEngine, choice, reportError, wholeNumber } from './build-engine.js';

function format(result: AnswerResult): string {
  const { verdict } = result;
  const lines = [
    result.answer.text,
    '',
    `verdict: ${verdict.status}${verdict.flags.length > 0 ? ` — ${verdict.flags.join(', ')}` : ''}`,
    ...verdict.warnings.map((warning) => `  ! ${warning.flag}: ${warning.message}`),
    '',
    'claims (✓ supported, ✗ contradicted, ? not found, · not a claim; @ the sentence judged on):',
    ...verdict.claims.map((claim) => {
      const mark = { supported: '✓', contradicted: '✗', not_found: '?', not_a_claim: '·' }[claim.state];
      const cites = claim.cites.map((cite) => `[${cite}]`).join('');
      const judged = claim.evidence ? ` @ ${claim.evidence.cite}:${claim.evidence.start}–${claim.evidence.end}` : '';
      return `  ${mark} ${claim.text} ${cites}${judged}`;
    }),
    '',
    'passages (rank · score · lexical · vector · coverage · cite; → given to the generator):',
    ...result.retrieved.map((item) => {
      const given = result.given.includes(item) ? '→' : ' ';
      const scores = [item.score, item.lexicalScore, item.vectorScore, item.termCoverage]
        .map((score) => (score === undefined ? '   -  ' : round(score, 3).toFixed(3).padStart(6)))
        .join(' ');
      const superseded = item.supersededBy.length > 0 ? ` (superseded by ${item.supersededBy.join(', ')})` : '';
      const page = item.passage.page === undefined ? '' : ` (p. ${item.passage.page})`;
      return `${given}${String(item.rank).padStart(3)} ${scores}  ${item.passage.cite}${page}${superseded}`;
    }),
    '',
    `ms: retrieve ${round(result.ms.retrieve, 2)} · generate ${round(result.ms.generate, 2)} · verify ${round(result.ms.verify, 2)}`,
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      corpus: { type: 'string', default: 'corpus' },
      retrieval: { type: 'string' },
      fusion: { type: 'string' },
      'top-k': { type: 'string' },
      viewer: { type: 'string', default: 'public' },
      json: { type: 'boolean', default: false },
      embedder: { type: 'string' },
      rerank: { type: 'string' },
      judge: { type: 'string' },
      model: { type: 'string' },
    },
  });
  const question = positionals.join(' ').trim();
  if (!question)
    throw new RagError('INVALID_OPTION', {
      option: 'question',
      detail: 'ask a question: npm run ask -- "How long is the warranty?"',
    });
  const { engine, loadFailures, notices } = await buildEngine({
    corpus: values.corpus,
    // A GGUF file answers through node-llama-cpp (npm run models:local -- --llm); otherwise extractive.
    generator: values.model ? ('llama' as const) : ('extractive' as const),
    ...(values.model ? { model: values.model } : {}),
    retrieval: choice(values.retrieval, ['lexical', 'vector', 'hybrid'] as const, '--retrieval', 'hybrid'),
    fusion: choice(values.fusion, ['rrf', 'weighted'] as const, '--fusion', 'rrf'),
    topK: wholeNumber(values['top-k'], '--top-k', 6),
    ...(values.embedder ? { embedder: values.embedder } : {}),
    ...(values.rerank ? { rerank: values.rerank } : {}),
    ...(values.judge ? { judge: values.judge } : {}),
  });
  for (const failure of loadFailures) process.stderr.write(`skipped ${failure.message}\n`);
  for (const notice of notices) process.stderr.write(`note: ${notice}\n`);
  const result = await answerQuestion(engine, question, { retrieval: { viewer: values.viewer } });
  process.stdout.write(values.json ? `${JSON.stringify(result, null, 2)}\n` : `${format(result)}\n`);
}

main().catch(reportError);
