/**
 * The parse supervisor's policy against a fake worker port, on fake timers (docs/reliability.md IN-06,
 * IN-22): files go one at a time in the order given; the start and progress budgets stop a
 * silent or stalled worker with an error naming the file; a reply to an earlier request is
 * ignored; a worker that crashes or hangs is terminated and the next file gets a fresh one.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ParseResult } from '../../../src/core/ingest/parse-safely.js';
import {
  ParseWorkerSupervisor,
  type ParseWorkerSupervisorOptions,
} from '../../../src/core/ingest/parse-worker-supervisor.js';
import type { ParserInput } from '../../../src/core/ports.js';
import { fakeParseWorkers, type FakeParseWorkerPort } from '../../fakes/fake-parse-worker-port.js';

const file = (name: string, text = 'Some text.'): ParserInput => ({ name, bytes: new TextEncoder().encode(text) });
const settle = () => vi.advanceTimersByTimeAsync(0);
const outcome = (result: ParseResult) => (result.ok ? `ok: ${result.document.text}` : result.error.message);

function supervise(
  onPost?: Parameters<typeof fakeParseWorkers>[0],
  options: Partial<ParseWorkerSupervisorOptions<ParserInput>> = {},
) {
  const { spawn, workers } = fakeParseWorkers(onPost);
  const supervisor = new ParseWorkerSupervisor({ spawn, fileTimeoutMs: 1000, progressTimeoutMs: 100, ...options });
  return { supervisor, workers };
}

/** A worker that starts and answers every request at once. */
const prompt = (worker: FakeParseWorkerPort, request: FakeParseWorkerPort['posted'][number]) => {
  worker.start(request.id);
  void worker.answer(request);
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('ParseWorkerSupervisor', () => {
  it('parses files one at a time, in the order given, on one healthy worker', async () => {
    const { supervisor, workers } = supervise();
    const results = ['a.txt', 'b.txt', 'c.txt'].map((name) => supervisor.parse(file(name, `File ${name}.`)));
    await settle();
    const worker = workers[0]!;
    expect(worker.posted.map((request) => request.input.name)).toEqual(['a.txt']);
    for (const index of [0, 1, 2]) {
      const request = worker.posted[index]!;
      worker.start(request.id);
      await worker.answer(request);
      await settle();
    }
    expect(worker.posted.map((request) => [request.id, request.input.name])).toEqual([
      [1, 'a.txt'],
      [2, 'b.txt'],
      [3, 'c.txt'],
    ]);
    expect((await Promise.all(results)).map(outcome)).toEqual([
      'ok: File a.txt.',
      'ok: File b.txt.',
      'ok: File c.txt.',
    ]);
    await vi.advanceTimersByTimeAsync(5000); // past every budget: none is left running
    expect(workers).toHaveLength(1);
    expect(worker).toMatchObject({ terminated: false, idled: 3 });
    expect(worker.posted[0]?.limits).toBeDefined();
  });

  it('the start budget stops a worker that never says it started, naming the file', async () => {
    const { supervisor, workers } = supervise(undefined, { startTimeoutMs: 50 });
    const pending = supervisor.parse(file('silent.pdf'));
    await vi.advanceTimersByTimeAsync(49);
    expect(workers[0]?.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual({
      ok: false,
      error: {
        code: 'PARSE_TIMEOUT',
        message: 'silent.pdf: reading it took longer than 0.05 s, so it was stopped; nothing was indexed.',
      },
    });
    expect(workers[0]?.terminated).toBe(true);
  });

  it('without a start budget, a worker slow to start is waited for up to the file budget', async () => {
    const { supervisor, workers } = supervise();
    const pending = supervisor.parse(file('slow-start.txt', 'Late.'));
    await vi.advanceTimersByTimeAsync(500);
    const worker = workers[0]!;
    prompt(worker, worker.posted[0]!);
    expect(outcome(await pending)).toBe('ok: Late.');
    const silent = supervisor.parse(file('never.txt'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(outcome(await silent)).toBe(
      'never.txt: reading it took longer than 1 s, so it was stopped; nothing was indexed.',
    );
  });

  it('each page resets the progress budget; a stall after the start stops the file', async () => {
    const { supervisor, workers } = supervise();
    const pages: string[] = [];
    const paged = supervisor.parse(file('long.txt', 'Five pages.'), {
      onProgress: ({ file: name, page, pages: total }) => pages.push(`${name} ${page}/${total}`),
    });
    await settle();
    const worker = workers[0]!;
    const request = worker.posted[0]!;
    worker.start(request.id);
    for (let page = 1; page <= 5; page++) {
      await vi.advanceTimersByTimeAsync(90);
      worker.page(request.id, page, 5);
    }
    await worker.answer(request);
    expect(outcome(await paged)).toBe('ok: Five pages.');
    expect(pages).toEqual(['long.txt 1/5', 'long.txt 2/5', 'long.txt 3/5', 'long.txt 4/5', 'long.txt 5/5']);

    const stalled = supervisor.parse(file('stalls.pdf'));
    await settle();
    worker.start(worker.posted[1]!.id);
    worker.page(worker.posted[1]!.id, 1, 9);
    await vi.advanceTimersByTimeAsync(100);
    expect(await stalled).toMatchObject({
      ok: false,
      error: {
        code: 'PARSE_TIMEOUT',
        message: 'stalls.pdf: reading it took longer than 0.1 s, so it was stopped; nothing was indexed.',
      },
    });
    expect(worker.terminated).toBe(true);
  });

  it('the file budget holds however steady the progress', async () => {
    const { supervisor, workers } = supervise(undefined, { fileTimeoutMs: 300 });
    const pending = supervisor.parse(file('endless.pdf'));
    await settle();
    const worker = workers[0]!;
    for (let page = 1; page <= 4; page++) {
      worker.page(1, page, 99);
      await vi.advanceTimersByTimeAsync(99);
    }
    expect(await pending).toMatchObject({ ok: false, error: { code: 'PARSE_TIMEOUT' } });
    expect(outcome(await pending)).toMatch(/^endless\.pdf: reading it took longer than 0\.3 s/);
  });

  it('ignores a reply addressed to an earlier request', async () => {
    const { supervisor, workers } = supervise();
    const first = supervisor.parse(file('one.txt', 'One.'));
    await settle();
    const worker = workers[0]!;
    prompt(worker, worker.posted[0]!);
    expect(outcome(await first)).toBe('ok: One.');
    const second = supervisor.parse(file('two.txt', 'Two.'));
    await settle();
    const request = worker.posted[1]!;
    worker.start(request.id);
    await worker.answer(worker.posted[0]!); // a reply to request 1, posted again during request 2
    await worker.answer(request);
    expect(outcome(await second)).toBe('ok: Two.');
    expect(workers).toHaveLength(1);
    expect(worker.terminated).toBe(false);
  });

  it('a worker that crashes or hangs is terminated and the next file gets a fresh one', async () => {
    const { supervisor, workers } = supervise((worker, request) => {
      worker.start(request.id);
      if (request.input.name.endsWith('.crashes')) worker.fail(new Error('Uncaught TypeError: boom'));
      else if (!request.input.name.endsWith('.hangs')) void worker.answer(request);
    });
    const crashed = supervisor.parse(file('a.crashes'));
    const afterCrash = supervisor.parse(file('b.txt', 'After the crash.'));
    const hung = supervisor.parse(file('c.hangs'));
    const afterHang = supervisor.parse(file('d.txt', 'After the hang.'));
    await vi.advanceTimersByTimeAsync(100);
    expect((await Promise.all([crashed, afterCrash, hung, afterHang])).map(outcome)).toEqual([
      'a.crashes: could not be read (Uncaught TypeError: boom); nothing was indexed.',
      'ok: After the crash.',
      'c.hangs: reading it took longer than 0.1 s, so it was stopped; nothing was indexed.',
      'ok: After the hang.',
    ]);
    expect(workers.map((worker) => worker.posted.map((request) => request.input.name))).toEqual([
      ['a.crashes'],
      ['b.txt', 'c.hangs'],
      ['d.txt'],
    ]);
    expect(workers.map((worker) => worker.terminated)).toEqual([true, true, false]);
    expect(supervisor.spawned).toBe(3);
  });

  it('does not hear a worker it retired', async () => {
    const { supervisor, workers } = supervise((worker, request) => worker.start(request.id));
    const hung = supervisor.parse(file('a.hangs'));
    await vi.advanceTimersByTimeAsync(100);
    expect(outcome(await hung)).toMatch(/^a\.hangs: reading it took longer than 0\.1 s/);
    const next = supervisor.parse(file('b.txt', 'B.'));
    await settle();
    const [retired, fresh] = workers;
    const request = fresh!.posted[0]!;
    // What was in flight when it was terminated, addressed to the new request: ignored.
    const late = { code: 'PARSE_FAILED', message: 'late' };
    retired!.events.message({ type: 'result', id: request.id, result: { ok: false, error: late } });
    retired!.events.failure(new Error('late crash'));
    await fresh!.answer(request);
    expect(outcome(await next)).toBe('ok: B.');
    expect(fresh!.terminated).toBe(false);
  });

  it('a worker that fails while idle is retired before the next file', async () => {
    const { supervisor, workers } = supervise(prompt);
    expect(outcome(await supervisor.parse(file('a.txt', 'A.')))).toBe('ok: A.');
    workers[0]!.fail(new Error('exit code 1'));
    expect(workers[0]?.terminated).toBe(true);
    expect(outcome(await supervisor.parse(file('b.txt', 'B.')))).toBe('ok: B.');
    expect(workers).toHaveLength(2);
  });

  it('refuses an oversized file before any worker starts; a worker that cannot start fails the file only', async () => {
    const { supervisor, workers } = supervise(prompt, { limits: { text: 10, pdf: 10, docx: 10 } });
    expect(await supervisor.parse(file('big.txt', 'more than ten bytes'))).toMatchObject({
      ok: false,
      error: { code: 'FILE_TOO_LARGE' },
    });
    expect(workers).toHaveLength(0);
    const broken = new ParseWorkerSupervisor<ParserInput>({
      spawn: () => {
        throw new Error('SecurityError: workers are blocked');
      },
      fileTimeoutMs: 1000,
      progressTimeoutMs: 100,
    });
    expect(outcome(await broken.parse(file('a.txt')))).toBe(
      'a.txt: could not be read (the parse worker did not start (Error: SecurityError: workers are blocked)); nothing was indexed.',
    );
  });

  it('stops on abort and terminates the worker', async () => {
    const { supervisor, workers } = supervise((worker, request) => worker.start(request.id));
    const controller = new AbortController();
    const pending = supervisor.parse(file('x.pdf'), { signal: controller.signal });
    await vi.advanceTimersByTimeAsync(20);
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, error: { code: 'ABORTED' } });
    expect(workers[0]?.terminated).toBe(true);
  });
});
