import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseQuestions, type EvalQuestion } from '../../../src/core/evaluate/question-set.js';
import {
  exportLibraryPack,
  importLibraryPack,
  readLibraryPack,
  type ImportProgress,
} from '../../../src/core/export/library-pack.js';
import { answerQuestion, type AnswerResult } from '../../../src/core/pipeline/answer-question.js';
import type { Engine } from '../../../src/core/pipeline/engine.js';
import { removeDocument } from '../../../src/core/index/update-index.js';
import { RecordingFakeEmbedder } from '../../fakes/recording-embedder.js';
import { emptyEngine, sampleLibrary, type SampleLibrary } from './pack-fixtures.js';

let sample: SampleLibrary;
let questions: EvalQuestion[];

beforeAll(async () => {
  sample = await sampleLibrary();
  questions = parseQuestions(await readFile('evals/questions.jsonl', 'utf8'), 'evals/questions.jsonl');
});

/** Scores to 9 decimals: BM25 statistics summed in another order may differ in the last bit (IX-06 allows 1e-5). */
const rounded = (score: number | undefined) => (score === undefined ? undefined : Math.round(score * 1e9) / 1e9);

/** What a person sees of an answer: ranked passages with scores, the answer, the verdict. */
function seen(result: AnswerResult) {
  return {
    retrieved: result.retrieved.map((item) => [
      item.passage.cite,
      rounded(item.score),
      rounded(item.lexicalScore),
      rounded(item.vectorScore),
    ]),
    given: result.given.map((item) => item.passage.cite),
    answer: result.answer.text,
    verdict: result.verdict,
  };
}

/** Same rankings, answers and verdicts; `every` > 1 asks only every n-th question (the snapshot test asks all 60). */
async function expectSameAnswers(imported: Engine, every = 1): Promise<void> {
  const source = sample.engine;
  for (const question of questions.filter((_, index) => index % every === 0)) {
    const options = { retrieval: { viewer: question.viewer ?? 'public' } };
    const [before, after] = await Promise.all([
      answerQuestion(source, question.question, options),
      answerQuestion(imported, question.question, options),
    ]);
    expect(seen(after), question.id).toEqual(seen(before));
  }
}

describe('library pack round trip', () => {
  it('restores the sample library from its snapshot without embedding: same rankings and answers for all 60 questions', async () => {
    const embedder = new RecordingFakeEmbedder('feature-hashing-v1-384', 384);
    const engine = emptyEngine({ embedder });
    const progress: ImportProgress[] = [];
    const report = await importLibraryPack(engine, readLibraryPack(sample.pack), {
      onProgress: (step) => progress.push(step),
    });
    expect(report).toMatchObject({
      outcome: 'restored',
      via: 'snapshot',
      embedded: 0,
      passages: 91,
      failed: [],
      warnings: [],
    });
    expect(report.documents.map((document) => document.id)).toEqual(sample.documents.map((document) => document.id));
    expect(embedder.embeddedTexts).toBe(0);
    expect(progress.at(-1)).toMatchObject({ phase: 'restoring', documentsDone: 14, documentsTotal: 14 });
    await expectSameAnswers(engine);
  });

  it('restores from the passages and vectors, still without embedding, when the pack has no snapshot', async () => {
    const bytes = exportLibraryPack(sample.engine, { documents: sample.documents, withoutIndex: true });
    const embedder = new RecordingFakeEmbedder('feature-hashing-v1-384', 384);
    const engine = emptyEngine({ embedder });
    const report = await importLibraryPack(engine, readLibraryPack(bytes));
    expect(report).toMatchObject({ outcome: 'restored', via: 'records', embedded: 0 });
    expect(embedder.embeddedTexts).toBe(0);
    await expectSameAnswers(engine, 3);
  });

  it('gives the same bytes for the same library, and again after an import (deterministic)', async () => {
    const options = { documents: sample.documents, created: '2026-12-01T10:00:00.000Z', title: 'sample' };
    const same = (bytes: Uint8Array) => Buffer.from(bytes).equals(Buffer.from(sample.pack));
    expect(same(exportLibraryPack(sample.engine, options))).toBe(true);
    const engine = emptyEngine();
    const report = await importLibraryPack(engine, readLibraryPack(sample.pack));
    expect(same(exportLibraryPack(engine, { ...options, documents: report.documents }))).toBe(true);
  });

  it('re-embeds, with progress, a pack built with another embedder', async () => {
    const embedder = new RecordingFakeEmbedder('fake-recording', 64);
    const engine = emptyEngine({ embedder });
    const progress: ImportProgress[] = [];
    const report = await importLibraryPack(engine, readLibraryPack(sample.pack), {
      onProgress: (step) => progress.push(step),
    });
    expect(report.outcome).toBe('re-embedded');
    expect(report.embedded).toBe(91);
    expect(embedder.embeddedTexts).toBe(91);
    expect(report.warnings.join(' ')).toMatch(/feature-hashing-v1-384 \(384 dimensions\), not fake-recording/);
    expect(progress.every((step) => step.phase === 'embedding')).toBe(true);
    expect(progress.map((step) => step.documentsDone)).toEqual(sample.documents.map((_, index) => index + 1));
    expect(progress.at(-1)?.passagesEmbedded).toBe(91);
    const answer = await answerQuestion(engine, 'How often should the WM-720 drain pump filter be cleaned?');
    expect(answer.answer.text).toMatch(/6 weeks/);
  });

  it('re-embeds a pack chunked differently, naming the reason', async () => {
    const engine = emptyEngine({ chunking: { maxChars: 600 } });
    const report = await importLibraryPack(engine, readLibraryPack(sample.pack));
    expect(report.outcome).toBe('re-embedded');
    expect(report.passages).toBeGreaterThan(91);
    expect(report.warnings.join(' ')).toMatch(/another chunker/);
  });

  it('imports into a library that already has documents, replacing those of the same id, without embedding', async () => {
    const engine = emptyEngine();
    const partial = readLibraryPack(sample.pack);
    await importLibraryPack(engine, partial);
    await removeDocument(engine.index, 'forum-dw480-tips');
    const report = await importLibraryPack(engine, readLibraryPack(sample.pack));
    expect(report).toMatchObject({ outcome: 'restored', via: 'records', embedded: 0 });
    expect(report.replaced).toHaveLength(13);
    expect(engine.index.documents.size).toBe(14);
    await expectSameAnswers(engine, 3);
  });

  it('records the manifest a person can read with any unzip tool', () => {
    const pack = readLibraryPack(sample.pack);
    expect(pack.manifest).toMatchObject({
      format: 'footnote-library-pack',
      version: 1,
      created: '2026-12-01T10:00:00.000Z',
      buster: { embedderId: 'feature-hashing-v1-384', dimensions: 384 },
      passages: 91,
      settings: { chunking: { maxChars: 1000 }, retrieval: { mode: 'hybrid', topK: 6 } },
    });
    expect(pack.manifest.documents).toHaveLength(14);
    expect(pack.manifest.documents[0]).toMatchObject({
      id: expect.any(String),
      textSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(pack.vectors).toHaveLength(91);
    expect(pack.vectors[0]).toHaveLength(384);
  });

  it('exports only what one viewer may read: a public pack holds no staff-only text at all', async () => {
    const bytes = exportLibraryPack(sample.engine, { documents: sample.documents, viewer: 'public' });
    const staff = sample.documents.find((document) => document.access === 'staff');
    expect(staff).toBeDefined();
    const unpacked = Object.values(unzipSync(bytes)).map((entry) => strFromU8(entry, true));
    for (const entry of unpacked) expect(entry).not.toContain(staff!.text.slice(-200));
    const pack = readLibraryPack(bytes);
    expect(pack.manifest.viewer).toBe('public');
    expect(pack.documents.map((document) => document.access)).not.toContain('staff');
    expect(pack.index).toBeUndefined();
    const engine = emptyEngine();
    const report = await importLibraryPack(engine, pack);
    expect(report).toMatchObject({ outcome: 'restored', via: 'records', embedded: 0 });
    const asked = await answerQuestion(engine, 'What is the DW-480 reset code?', { retrieval: { viewer: 'staff' } });
    expect(asked.retrieved.every((item) => item.passage.access === 'public')).toBe(true);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      importLibraryPack(emptyEngine(), readLibraryPack(sample.pack), { signal: controller.signal }),
    ).rejects.toMatchObject({
      code: 'ABORTED',
    });
  });

  it('refuses documents that are not the indexed ones', () => {
    const [first, ...rest] = sample.documents;
    expect(() => exportLibraryPack(sample.engine, { documents: rest })).toThrow(/is indexed but was not given/);
    const changed = { ...first!, contentHash: 'different' };
    expect(() => exportLibraryPack(sample.engine, { documents: [changed, ...rest] })).toThrow(/text differs/);
  });
});
