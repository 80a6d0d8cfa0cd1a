/**
 * The checker against answers written to be wrong (and some written to be right), scored by
 * flag: the adversarial set written with the checker (the issue's targets apply to it), a
 * development set and two sets written blind by other sessions (measured bounds, so a change
 * that makes them worse fails; see evals/README.md for the numbers and how each set was used).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpus } from '../../src/adapters/node/load-corpus.js';
import { HashingEmbedder } from '../../src/core/embed/hashing-embedder.js';
import { parseFlagExpectations, scoreDetection, type DetectionReport } from '../../src/core/evaluate/flag-detection.js';
import { parseQuestions, parseScriptedAnswers } from '../../src/core/evaluate/question-set.js';
import { runEvaluation } from '../../src/core/evaluate/run-evaluation.js';
import { ScriptedGenerator } from '../../src/core/generate/scripted-generator.js';
import type { SourceDocument } from '../../src/core/types.js';
import { createEngine } from '../../src/core/pipeline/engine.js';
import { ingestDocuments } from '../../src/core/pipeline/ingest-documents.js';

let documents: SourceDocument[];

async function score(folder: string, corpus: SourceDocument[] = documents): Promise<DetectionReport> {
  const answers = parseScriptedAnswers(await readFile(`${folder}/answers.jsonl`, 'utf8'), 'answers.jsonl');
  const engine = createEngine({ embedder: new HashingEmbedder(), generator: new ScriptedGenerator(answers) });
  await ingestDocuments(engine, corpus);
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
  return scoreDetection(
    results,
    parseFlagExpectations(await readFile(`${folder}/expected.jsonl`, 'utf8'), 'expected.jsonl'),
  );
}

beforeAll(async () => {
  documents = (await loadCorpus('corpus')).documents;
});

describe('adversarial answers written with the checker', () => {
  let report: DetectionReport;
  beforeAll(async () => {
    report = await score('tests/fixtures/adversarial');
  });

  it('has at least 60 answers with expected flags, faulty and correct', () => {
    expect(report.faulty + report.correct).toBeGreaterThanOrEqual(60);
    expect(report.correct).toBeGreaterThanOrEqual(15);
  });

  it('catches at least 90% of faulty answers with the expected flags, for every flag', () => {
    expect(report.detected / report.faulty).toBeGreaterThanOrEqual(0.9);
    for (const flag of [
      'invalid_citation',
      'unsupported_claim',
      'superseded',
      'conflict',
      'missing_evidence',
      'injection',
    ] as const) {
      const row = report.perFlag[flag]!;
      expect(row.detected / row.expected, flag).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('flags at most 5% of the correct answers', () => {
    expect(report.falseAlarms / report.correct).toBeLessThanOrEqual(0.05);
  });
});

/** Measured on each set (evals/README.md), last when a change improved it: a change may improve them, not worsen them. */
const MEASURED = [
  { folder: 'tests/fixtures/adversarial-dev', detected: 13, falseAlarms: 5 },
  { folder: 'tests/fixtures/adversarial-heldout', detected: 14, falseAlarms: 9 },
  { folder: 'tests/fixtures/adversarial-heldout-2', detected: 12, falseAlarms: 13 },
];

describe.each(MEASURED)('adversarial answers written blind: $folder', ({ folder, detected, falseAlarms }) => {
  let report: DetectionReport;
  beforeAll(async () => {
    report = await score(folder);
  });

  it('has 40 answers, 24 of them correct', () => {
    expect(report.faulty + report.correct).toBe(40);
    expect(report.correct).toBe(24);
  });

  it(`detects at least ${detected} of the faulty answers and flags at most ${falseAlarms} correct ones`, () => {
    expect(report.detected).toBeGreaterThanOrEqual(detected);
    expect(report.falseAlarms).toBeLessThanOrEqual(falseAlarms);
  });
});

/**
 * The blind development sets over real documents (64 answers each, 32 correct), with the built-in
 * embedder; the held-out sets are scored by `npm run eval:checker`, never held to numbers here.
 * They need the shared evaluation sets beside the repository.
 */
const REAL = [
  {
    folder: 'tests/fixtures/blind-s10-dev',
    corpus: '../shared/evalsets/emanual-s10/corpus',
    // 29 since a claim naming one option of a list but describing another's line, and a name put
    // on the wrong thing ("a Google account" for "a Samsung account"), are contradicted.
    detected: 29,
    // 17 since a supported claim may address a part by its own words (word-coverage.ts); 16 since
    // a value binds to its sentence with the heading the passage sits under (S037).
    falseAlarms: 16,
  },
  {
    folder: 'tests/fixtures/blind-stici-dev',
    corpus: '../shared/evalsets/stici-singletopic/corpus',
    // 27 before polarity was compared only with a sentence holding most of the claim (0.7 of its
    // terms): one faulty answer (U032) shared too little with the sentence that negates it; 29
    // since a value from another row (U040), a value something changed from (U042) and a fine
    // from another line of an unmarked list (U018) are contradicted.
    detected: 29,
    // 15 since a bare value before a colon is not bound to the explanation after it (U038); 14
    // since a code is bound to the values its sentence states with it (U001).
    falseAlarms: 14,
  },
];

/** The blind authority development set: documents that state their authority in words, and its own corpus. */
describe('blind answers over documents that supersede each other in words: blind-authority-dev', () => {
  let report: DetectionReport;
  beforeAll(async () => {
    report = await score(
      'tests/fixtures/blind-authority-dev',
      (await loadCorpus('tests/fixtures/blind-authority-dev/corpus')).documents,
    );
  }, 120_000);

  // At most 8 correct ones flagged since a code is bound to the values its sentence states with it
  // (A27); 4 since a flag the set tolerates (`may_also`) is no false alarm. 17 caught since a value a
  // notice says no longer holds is set against the policy that still states it (A11).
  it('detects at least 17 of 20 faulty answers and flags at most 4 of 20 correct ones', () => {
    expect(report.faulty).toBe(20);
    expect(report.correct).toBe(20);
    expect(report.detected).toBeGreaterThanOrEqual(17);
    expect(report.falseAlarms).toBeLessThanOrEqual(4);
  });
});

describe.each(REAL)('blind answers over real documents: $folder', ({ folder, corpus, detected, falseAlarms }) => {
  const here = existsSync(corpus);
  let report: DetectionReport;
  beforeAll(async () => {
    if (here) report = await score(folder, (await loadCorpus(corpus)).documents);
  }, 120_000);

  it.skipIf(!here)(
    `detects at least ${detected} of 32 faulty answers and flags at most ${falseAlarms} of 32 correct ones${here ? '' : ` (skipped: no ${corpus})`}`,
    () => {
      expect(report.faulty).toBe(32);
      expect(report.correct).toBe(32);
      expect(report.detected).toBeGreaterThanOrEqual(detected);
      expect(report.falseAlarms).toBeLessThanOrEqual(falseAlarms);
    },
  );
});
