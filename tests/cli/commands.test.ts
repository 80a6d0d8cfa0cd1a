/**
 * The Node commands as a person runs them: real processes, real files.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const tsx = join('node_modules', '.bin', 'tsx');
const corpus = 'tests/fixtures/tiny-corpus';

describe('npm run eval', () => {
  it('prints the table per kind and writes the results file of docs/formats.md §3', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'footnote-')), 'results.json');
    const { stdout, stderr } = await run(tsx, [
      'src/cli/eval.ts',
      '--corpus',
      corpus,
      '--questions',
      `${corpus}/questions.jsonl`,
      '--out',
      out,
    ]);
    expect(stdout).toMatch(/lookup\s+1\/1/);
    expect(stdout).toMatch(/unanswerable\s+1\/1/);
    expect(stdout).toMatch(/retrieval coverage\s+100\.0%/);
    expect(stderr).toContain('empty.txt: the file is empty');
    const results = JSON.parse(await readFile(out, 'utf8'));
    expect(results.run).toMatchObject({ generator: 'extractive', retrieval: 'hybrid', top_k: 6 });
    expect(results.summary.by_kind.conflicting).toEqual({ questions: 1, correct: 1 });
    expect(results.questions.find((question: { id: string }) => question.id === 'T3').verdict.flags).toContain(
      'conflict',
    );
  });

  it('checks scripted answers and reports flag detection against an expected-flags file', async () => {
    const { stdout } = await run(tsx, [
      'src/cli/eval.ts',
      '--corpus',
      corpus,
      '--questions',
      `${corpus}/questions.jsonl`,
      '--generator',
      'scripted',
      '--answers',
      `${corpus}/answers.jsonl`,
      '--quiet',
    ]);
    expect(stdout).toMatch(/lookup\s+0\/1/);
    expect(stdout).toMatch(/generator scripted/);
  });

  it('checks claims with an NLI model folder given by --judge, and refuses a model that is not one', async () => {
    const args = ['src/cli/eval.ts', '--corpus', corpus, '--questions', `${corpus}/questions.jsonl`, '--quiet'];
    const { stdout } = await run(tsx, [...args, '--judge', 'tests/fixtures/models/local/tiny-nli']);
    expect(stdout).toMatch(/lookup\s+1\/1/);
    await expect(run(tsx, [...args, '--judge', 'tests/fixtures/models/local/tiny-rerank'])).rejects.toMatchObject({
      stderr: expect.stringMatching(/not a natural-language-inference \(NLI\) model.*labels: label_0/),
    });
  });

  it('refuses the llama generator without a model file, naming what to run', async () => {
    const args = [
      'src/cli/eval.ts',
      '--corpus',
      corpus,
      '--questions',
      `${corpus}/questions.jsonl`,
      '--generator',
      'llama',
    ];
    await expect(run(tsx, args)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('the llama generator needs --model FILE.gguf'),
    });
    await expect(run(tsx, [...args, '--model', 'no/such/model.gguf'])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('no/such/model.gguf: no such model file (npm run models:local -- --llm'),
    });
  });

  it('names the option and the problem on bad input', async () => {
    await expect(run(tsx, ['src/cli/eval.ts', '--corpus', 'no/such/folder'])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('no/such/folder: no such folder'),
    });
    await expect(
      run(tsx, ['src/cli/eval.ts', '--corpus', corpus, '--questions', `${corpus}/questions.jsonl`, '--top-k', 'zero']),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('--top-k'),
    });
  });
});

describe('npm run ask', () => {
  it('prints the answer, verdict, claims and ranked passages', async () => {
    const { stdout } = await run(tsx, ['src/cli/ask.ts', '--corpus', corpus, 'How long is the KT-100 warranty?']);
    expect(stdout).toContain('3 years');
    expect(stdout).toContain('[kettle-manual#1]');
    expect(stdout).toMatch(/verdict: answered/);
    expect(stdout).toMatch(/→\s+1 .*kettle-manual#1/);
  });
});
