/**
 * A corpus folder of a PDF and a Word file through the whole pipeline, as `npm run eval` runs
 * it: loaded by `loadCorpus` (PDF and DOCX parsed in the supervised worker), indexed, asked,
 * cited. The answer about descaling comes from page 3 of the PDF, and its passage says so.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpus } from '../../../src/adapters/node/load-corpus.js';
import { HashingEmbedder } from '../../../src/core/embed/hashing-embedder.js';
import { parseQuestions } from '../../../src/core/evaluate/question-set.js';
import { runEvaluation, type ResultsFile } from '../../../src/core/evaluate/run-evaluation.js';
import { ExtractiveGenerator } from '../../../src/core/generate/extractive-generator.js';
import { createEngine, type Engine } from '../../../src/core/pipeline/engine.js';
import { ingestDocuments } from '../../../src/core/pipeline/ingest-documents.js';
import { fixture, writeTemporary } from './pdf-variants.js';

const QUESTIONS = [
  {
    id: 'PDF-P3',
    kind: 'lookup',
    question: 'How often should the KX-200 be descaled?',
    sources: ['kettle-manual#3'],
    answer: ['6 weeks|six weeks'],
    abstain: false,
  },
  {
    id: 'PDF-P5',
    kind: 'lookup',
    question: 'How long is the KX-200 warranty?',
    sources: ['kettle-manual#4'],
    answer: ['24 months'],
    abstain: false,
  },
  {
    id: 'DOCX-T',
    kind: 'lookup',
    question: 'What is the part number of the KX-200 lid seal?',
    sources: ['installation-guide#2'],
    answer: ['KX-SEAL-0200'],
    abstain: false,
  },
  {
    id: 'DOCX-H',
    kind: 'lookup',
    question: 'How much space is needed behind the KX-200 base?',
    sources: ['installation-guide#1'],
    answer: ['50 mm'],
    abstain: false,
  },
];

let engine: Engine;
let results: ResultsFile;

beforeAll(async () => {
  const folder = await writeTemporary({
    'kettle-manual.pdf': await fixture('manual.pdf'),
    'installation-guide.docx': await fixture('manual.docx'),
  });
  const corpus = await loadCorpus(folder);
  expect(corpus.failures).toEqual([]);
  engine = createEngine({ embedder: new HashingEmbedder(), generator: new ExtractiveGenerator() });
  await ingestDocuments(engine, corpus.documents);
  const lines = QUESTIONS.map((question) => JSON.stringify(question)).join('\n');
  results = await runEvaluation(engine, parseQuestions(lines, 'questions.jsonl'), {
    corpus: folder,
    questions: 'questions.jsonl',
    generator: engine.generator.id,
    embedder: engine.embedder.modelId,
    retrieval: 'hybrid',
    top_k: 4,
    started: new Date().toISOString(),
  });
});

describe('evaluation over a PDF and a Word file', () => {
  it('answers every question correctly from the right section', () => {
    expect(results.questions.map(({ id, correct, citation_hit }) => ({ id, correct, citation_hit }))).toEqual(
      QUESTIONS.map(({ id }) => ({ id, correct: true, citation_hit: true })),
    );
  });

  it('cites page 3 of the PDF for the descaling answer, and the passage carries the page', () => {
    const descaling = results.questions.find((question) => question.id === 'PDF-P3')!;
    expect(descaling.citations).toEqual(['kettle-manual#3']);
    const passage = engine.index.passages.get('kettle-manual#3');
    expect(passage).toMatchObject({ page: 3, heading: '3. Descaling' });
    expect(passage?.text).toContain('Descale the KX-200 every 6 weeks');
    expect(engine.index.passages.get('kettle-manual#4')?.page).toBe(5);
    expect(
      [...engine.index.passages.values()].filter((item) => item.docId === 'kettle-manual').every((item) => item.page),
    ).toBe(true);
  });
});
