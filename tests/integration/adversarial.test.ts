/**
 * The checker against answers written to be wrong (and some written to be right): the
 * adversarial set over the sample corpus, scored by flag.
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpus } from '../../src/adapters/node/load-corpus.js';
import { HashingEmbedder } from '../../src/core/embed/hashing-embedder.js';
import { parseFlagExpectations, scoreDetection, type DetectionReport } from '../../src/core/evaluate/flag-detection.js';
import { parseQuestions, parseScriptedAnswers } from '../../src/core/evaluate/question-set.js';
import { runEvaluation } from '../../src/core/evaluate/run-evaluation.js';
import { ScriptedGenerator } from '../../src/core/generate/scripted-generator.js';
import { createEngine } from '../../src/core/pipeline/engine.js';
import { ingestDocuments } from '../../src/core/pipeline/ingest-documents.js';

const folder = 'tests/fixtures/adversarial';
let report: DetectionReport;

beforeAll(async () => {
  const answers = parseScriptedAnswers(await readFile(`${folder}/answers.jsonl`, 'utf8'), 'answers.jsonl');
  const engine = createEngine({ embedder: new HashingEmbedder(), generator: new ScriptedGenerator(answers) });
  await ingestDocuments(engine, (await loadCorpus('corpus')).documents);
  const questions = parseQuestions(await readFile(`${folder}/questions.jsonl`, 'utf8'), 'questions.jsonl');
  const results = await runEvaluation(engine, questions, {
    corpus: 'corpus',
    questions: folder,
    generator: 'scripted',
    embedder: engine.embedder.modelId,
    retrieval: 'hybrid',
    top_k: 6,
    started: '',
  });
  report = scoreDetection(
    results,
    parseFlagExpectations(await readFile(`${folder}/expected.jsonl`, 'utf8'), 'expected.jsonl'),
  );
});

describe('adversarial answers', () => {
  it('has at least 60 answers with expected flags, faulty and correct', () => {
    expect(report.faulty + report.correct).toBeGreaterThanOrEqual(60);
    expect(report.correct).toBeGreaterThanOrEqual(15);
  });

  it('catches at least 90% of faulty answers with the expected flags', () => {
    expect(report.detected / report.faulty).toBeGreaterThanOrEqual(0.9);
    for (const flag of [
      'invalid_citation',
      'unsupported_claim',
      'superseded',
      'conflict',
      'missing_evidence',
    ] as const) {
      const row = report.perFlag[flag]!;
      expect(row.detected / row.expected, flag).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('keeps false alarms on correct answers within the measured bound (target 5%, see evals/README.md)', () => {
    expect(report.falseAlarms / report.correct).toBeLessThanOrEqual(0.25);
  });
});
