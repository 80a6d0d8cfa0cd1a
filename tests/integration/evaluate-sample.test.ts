/**
 * The sample corpus and question set through the whole pipeline (real parsers, real Orama, the
 * hashing embedder, the extractive generator, the checker), held to the core issue's bar.
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpus } from '../../src/adapters/node/load-corpus.js';
import { HashingEmbedder } from '../../src/core/embed/hashing-embedder.js';
import { parseQuestions } from '../../src/core/evaluate/question-set.js';
import { runEvaluation, type ResultsFile } from '../../src/core/evaluate/run-evaluation.js';
import { ExtractiveGenerator } from '../../src/core/generate/extractive-generator.js';
import { createEngine } from '../../src/core/pipeline/engine.js';
import { ingestDocuments } from '../../src/core/pipeline/ingest-documents.js';

let results: ResultsFile;

beforeAll(async () => {
  const corpus = await loadCorpus('corpus');
  const engine = createEngine({ embedder: new HashingEmbedder(), generator: new ExtractiveGenerator() });
  await ingestDocuments(engine, corpus.documents);
  const questions = parseQuestions(await readFile('evals/questions.jsonl', 'utf8'), 'evals/questions.jsonl');
  results = await runEvaluation(engine, questions, {
    corpus: 'corpus',
    questions: 'evals/questions.jsonl',
    generator: engine.generator.id,
    embedder: engine.embedder.modelId,
    retrieval: 'hybrid',
    top_k: 6,
    started: new Date().toISOString(),
  });
});

describe('evaluation of the sample set (extractive, hybrid)', () => {
  it('writes the results file of docs/formats.md §3', () => {
    expect(results.summary.questions).toBe(60);
    expect(Object.keys(results.summary.by_kind).sort()).toEqual([
      'conflicting',
      'lookup',
      'multi-hop',
      'numeric',
      'unanswerable',
    ]);
    const first = results.questions[0]!;
    expect(first).toMatchObject({
      id: 'L01',
      kind: 'lookup',
      correct: expect.any(Boolean),
      answer: expect.any(String),
    });
    expect(first.retrieved[0]).toMatchObject({ cite: expect.stringContaining('#'), score: expect.any(Number) });
    expect(first.verdict.status).toMatch(/^(answered|qualified|abstained)$/);
    expect(first.verdict.claims[0]).toMatchObject({
      text: expect.any(String),
      cites: expect.any(Array),
      supported: expect.any(Boolean),
    });
    // Every supported claim names the sentence it was judged on, inside a retrieved passage's text.
    const supported = results.questions.flatMap((question) =>
      question.verdict.claims.filter((claim) => claim.state === 'supported'),
    );
    expect(supported.length).toBeGreaterThan(0);
    for (const claim of supported) {
      expect(claim.evidence).toMatchObject({ cite: expect.stringContaining('#'), start: expect.any(Number) });
      expect(claim.evidence!.end).toBeGreaterThan(claim.evidence!.start);
    }
    expect(results.summary.ms.retrieve_p50).toBeGreaterThan(0);
    expect(JSON.parse(JSON.stringify(results))).toEqual(results);
  });

  it('meets the bar: retrieval ≥ 95%, citations ≥ 90%, ≥ 50 of 60 correct', () => {
    expect(results.summary.retrieval_coverage).toBeGreaterThanOrEqual(0.95);
    expect(results.summary.citation_coverage).toBeGreaterThanOrEqual(0.9);
    expect(results.summary.correct).toBeGreaterThanOrEqual(50);
  });

  it('abstains on every unanswerable question, with at most one wrong abstention', () => {
    const unanswerable = results.questions.filter((question) => question.kind === 'unanswerable');
    expect(unanswerable.filter((question) => !question.correct).map((question) => question.id)).toEqual([]);
    expect(results.summary.abstentions.wrong).toBeLessThanOrEqual(1);
  });

  it('flags every conflicting question', () => {
    const conflicting = results.questions.filter((question) => question.kind === 'conflicting');
    expect(
      conflicting.filter((question) => !question.verdict.flags.includes('conflict')).map((question) => question.id),
    ).toEqual([]);
  });

  it('never lets a public viewer see the staff-only document', () => {
    const staffCited = results.questions.filter(
      (question) =>
        question.citations.some((cite) => cite.startsWith('tech-service-guide#')) ||
        question.retrieved.some((item) => item.cite.startsWith('tech-service-guide#')),
    );
    expect(staffCited.map((question) => question.id).sort()).toEqual(['L09', 'N09', 'N10']);
  });
});
