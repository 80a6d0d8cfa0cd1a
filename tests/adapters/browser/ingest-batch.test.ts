/**
 * A drop of files from the page's side, against the real library service (fake-indexeddb) and
 * the supervisor over fake parse workers: sizes checked before reading, parsed files indexed in
 * bounded requests and saved once, the password prompt of an encrypted PDF (re-prompted when
 * wrong, skipped on cancel, never kept), duplicates, Cancel, and an engine that fails.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  ingestBatch,
  type BatchFile,
  type BatchSteps,
  type PasswordRequest,
} from '../../../src/adapters/browser/ingest-batch.js';
import { LibraryService } from '../../../src/adapters/browser/library-service.js';
import type { ParseInput } from '../../../src/adapters/browser/parse/parse-protocol.js';
import { ParseSupervisor } from '../../../src/adapters/browser/parse/parse-supervisor.js';
import type { FileProgress, ParsedFile } from '../../../src/adapters/browser/protocol.js';
import { RagError } from '../../../src/core/errors.js';
import { toParseFailure, type ParseResult } from '../../../src/core/ingest/parse-safely.js';
import { fakeWorkers } from './parse/fake-parse-worker.js';

let counter = 0;
const PASSWORD = 'open-sesame';

/** A file whose bytes are `text`; counts its reads. */
function batchFile(name: string, text: string, size?: number): BatchFile & { reads: number } {
  const file = {
    name,
    size: size ?? text.length,
    reads: 0,
    read: async () => {
      file.reads += 1;
      return new TextEncoder().encode(text).buffer as ArrayBuffer;
    },
  };
  return file;
}

const note = (index: number) =>
  batchFile(`note-${index}.md`, `# Note ${index}\n\nThe pump P-${index} runs ${index} hours.`);

interface Harness {
  steps: BatchSteps;
  service: LibraryService;
  requests: ParsedFile[][];
  saves: number;
  prompts: PasswordRequest[];
  passwords: (string | undefined)[];
  seen: ParseInput[];
}

/**
 * Steps over a fresh library: `*.locked` files behave like an encrypted PDF that `PASSWORD`
 * opens; everything else goes through the supervisor and its fake workers.
 */
async function harness(answers: (string | undefined)[] = []): Promise<Harness> {
  const service = await LibraryService.open({ name: `batch-test-${++counter}-${Date.now()}` });
  const supervisor = new ParseSupervisor({ spawn: fakeWorkers().spawn });
  const state: Harness = {
    service,
    requests: [],
    saves: 0,
    prompts: [],
    passwords: [...answers],
    seen: [],
    steps: {
      parse: (input, options) => {
        state.seen.push({ ...input });
        if (!input.name.endsWith('.locked')) return supervisor.parse(input, options);
        return Promise.resolve(locked(input));
      },
      index: (files, options) => {
        state.requests.push(files);
        return service.ingestDocuments(files, options);
      },
      save: () => {
        state.saves += 1;
        return service.saveIndex();
      },
      askPassword: async (request) => {
        state.prompts.push(request);
        return state.passwords.shift();
      },
    },
  };
  return state;
}

function locked(input: ParseInput): ParseResult {
  if (input.password === PASSWORD) {
    return { ok: false, error: { code: 'PARSE_FAILED', message: 'opened (the fake has no PDF inside)' } };
  }
  const code = input.password === undefined ? 'PDF_PASSWORD_REQUIRED' : 'PDF_PASSWORD_WRONG';
  return { ok: false, error: toParseFailure(new RagError(code, { file: input.name }), input.name) };
}

const finals = (progress: FileProgress[]) =>
  Object.fromEntries(
    progress.filter((item) => ['indexed', 'failed', 'skipped'].includes(item.status)).map((item) => [item.name, item]),
  );

describe('ingestBatch', () => {
  it('indexes parsed files in bounded requests, saves the index once, and adds up the totals', async () => {
    const test = await harness();
    const files = [1, 2, 3, 4, 5].map(note);
    const progress: FileProgress[] = [];
    const result = await ingestBatch(files, test.steps, {
      maxFilesPerRequest: 2,
      onProgress: (item) => progress.push(item),
    });
    expect(result.totals).toMatchObject({ files: 5, done: 5, indexed: 5, failed: 0, skipped: 0, embedded: 5 });
    expect(test.requests.flat().map((item) => item.name)).toEqual(files.map((item) => item.name));
    expect(Math.max(...test.requests.map((request) => request.length))).toBeLessThanOrEqual(2);
    expect(test.saves).toBe(1);
    expect(result.library?.documents.map((item) => item.id)).toEqual([
      'note-1',
      'note-2',
      'note-3',
      'note-4',
      'note-5',
    ]);
    expect(progress.some((item) => item.name === 'note-1.md' && item.status === 'parsing')).toBe(true);
  });

  it('IN-07: fails an oversized file without reading it; the rest goes on', async () => {
    const test = await harness();
    const big = batchFile('huge.txt', 'x', 60 * 1024 * 1024);
    const progress: FileProgress[] = [];
    const result = await ingestBatch([big, note(1)], test.steps, { onProgress: (item) => progress.push(item) });
    expect(big.reads).toBe(0);
    expect(finals(progress)['huge.txt']?.message).toMatch(/^huge\.txt: 60 MB is more than the 50 MB allowed/);
    expect(result.totals).toMatchObject({ indexed: 1, failed: 1 });
  });

  it('IN-03: asks for the password, again when it is wrong; the password reaches only that parse', async () => {
    const test = await harness(['guess', PASSWORD]);
    const progress: FileProgress[] = [];
    await ingestBatch([batchFile('manual.pdf.locked', '%PDF'), note(1)], test.steps, {
      onProgress: (item) => progress.push(item),
    });
    expect(test.prompts.map((prompt) => [prompt.name, prompt.wrong])).toEqual([
      ['manual.pdf.locked', false],
      ['manual.pdf.locked', true],
    ]);
    expect(test.prompts[0]?.message).toMatch(/manual\.pdf\.locked: the PDF is password-protected/);
    expect(test.seen.filter((input) => input.name.endsWith('.locked')).map((input) => input.password)).toEqual([
      undefined,
      'guess',
      PASSWORD,
    ]);
    expect(JSON.stringify(progress)).not.toContain(PASSWORD);
    expect(finals(progress)['manual.pdf.locked']?.message).toMatch(/opened/);
  });

  it('IN-03: Skip (or too many wrong passwords) leaves the file out as "skipped: password-protected"', async () => {
    const test = await harness([undefined]);
    const progress: FileProgress[] = [];
    const result = await ingestBatch([batchFile('a.pdf.locked', '%PDF')], test.steps, {
      onProgress: (item) => progress.push(item),
    });
    expect(finals(progress)['a.pdf.locked']).toMatchObject({
      status: 'skipped',
      message: 'a.pdf.locked: skipped: password-protected.',
    });
    expect(result.totals).toMatchObject({ skipped: 1, done: 1 });
    const stubborn = await harness(['1', '2', '3', '4', '5']);
    const attempts: FileProgress[] = [];
    await ingestBatch([batchFile('b.pdf.locked', '%PDF')], stubborn.steps, {
      maxPasswordAttempts: 2,
      onProgress: (item) => attempts.push(item),
    });
    expect(stubborn.prompts).toHaveLength(3);
    expect(finals(attempts)['b.pdf.locked']?.message).toMatch(/wrong too many times/);
  });

  it('IN-18: the same bytes under another name are "already in library"', async () => {
    const test = await harness();
    const text = '# Pump\n\nThe pump runs 4 hours.';
    const progress: FileProgress[] = [];
    const result = await ingestBatch([batchFile('pump.md', text), batchFile('copy of pump.md', text)], test.steps, {
      onProgress: (item) => progress.push(item),
    });
    expect(finals(progress)['copy of pump.md']).toMatchObject({
      status: 'skipped',
      message: 'copy of pump.md: already in the library (same bytes as pump.md); skipped.',
    });
    expect(result.totals).toMatchObject({ indexed: 1, skipped: 1 });
    expect(result.library?.documents).toHaveLength(1);
  });

  it('IN-23: Cancel stops the drop; files not indexed are reported stopped and the index is saved', async () => {
    const test = await harness();
    const controller = new AbortController();
    const progress: FileProgress[] = [];
    const files = Array.from({ length: 40 }, (_, index) => note(index));
    const result = await ingestBatch(files, test.steps, {
      signal: controller.signal,
      maxFilesPerRequest: 3,
      onProgress: (item) => {
        progress.push(item);
        if (item.status === 'indexed' && item.name === 'note-4.md') controller.abort();
      },
    });
    const ended = finals(progress);
    expect(Object.keys(ended)).toHaveLength(40);
    expect(result.totals.indexed).toBeGreaterThanOrEqual(5);
    expect(result.totals.indexed).toBeLessThan(40);
    expect(result.totals.indexed + result.totals.failed).toBe(40);
    expect(
      Object.values(ended)
        .filter((item) => item.status === 'failed')
        .every((item) => item.message === 'Stopped before it was indexed.'),
    ).toBe(true);
    expect(test.saves).toBe(1);
    expect(result.library?.documents).toHaveLength(result.totals.indexed);
  });

  it('fails the files of an engine request that fails, and goes on with the next request', async () => {
    const test = await harness();
    let calls = 0;
    const index = test.steps.index;
    test.steps.index = (files, options) => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('The engine worker failed.')) : index(files, options);
    };
    const progress: FileProgress[] = [];
    const result = await ingestBatch([note(1), note(2), note(3)], test.steps, {
      maxFilesPerRequest: 1,
      onProgress: (item) => progress.push(item),
    });
    expect(finals(progress)['note-1.md']).toMatchObject({ status: 'failed', message: 'The engine worker failed.' });
    expect(result.totals).toMatchObject({ indexed: 2, failed: 1 });
  });
});
