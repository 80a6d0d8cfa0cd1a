/**
 * The page's parse supervisor against fake workers (docs/reliability.md IN-22, IN-06, IN-07): a
 * worker that throws, hangs, stays silent, answers out of shape or garbles its reply is terminated
 * and the file recorded as a typed failure; the next file gets a fresh worker; a healthy worker is
 * kept; sizes are checked before a byte is sent; a stop terminates the worker.
 */
import { describe, expect, it } from 'vitest';
import { ParseSupervisor } from '../../../../src/adapters/browser/parse/parse-supervisor.js';
import { fakeWorkers } from './fake-parse-worker.js';

const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;

describe('ParseSupervisor (browser)', () => {
  it('IN-22: records a typed failure for each misbehaviour, terminates that worker and carries on', async () => {
    const { spawn, workers } = fakeWorkers();
    const supervisor = new ParseSupervisor({ spawn, fileTimeoutMs: 1000, progressTimeoutMs: 100 });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const outcomes: Record<string, string> = {};
    for (const name of ['a.throws', 'b.hangs', 'c.silent', 'd.junk', 'e.unreadable']) {
      const result = await supervisor.parse({ name, bytes: bytes('x') });
      outcomes[name] = result.ok ? 'ok' : `${result.error.code}: ${result.error.message}`;
      expect(workers.at(-1)?.terminated).toBe(true);
      const next = await supervisor.parse({ name: 'ok.txt', bytes: bytes('Still working.') });
      expect(next).toMatchObject({ ok: true, document: { text: 'Still working.' } });
    }
    process.off('unhandledRejection', onUnhandled);
    expect(outcomes).toEqual({
      'a.throws': 'PARSE_FAILED: a.throws: could not be read (Uncaught TypeError: boom); nothing was indexed.',
      'b.hangs': 'PARSE_TIMEOUT: b.hangs: reading it took longer than 0.1 s, so it was stopped; nothing was indexed.',
      'c.silent': 'PARSE_TIMEOUT: c.silent: reading it took longer than 0.1 s, so it was stopped; nothing was indexed.',
      'd.junk': 'PARSE_FAILED: d.junk: could not be read (the parser sent an invalid reply); nothing was indexed.',
      'e.unreadable':
        'PARSE_FAILED: e.unreadable: could not be read (the parser sent an unreadable reply); nothing was indexed.',
    });
    // One worker per misbehaviour, each reused by the healthy file after it, plus the last one.
    expect(workers).toHaveLength(6);
    expect(workers.filter((worker) => worker.terminated)).toHaveLength(5);
    expect(unhandled).toEqual([]);
  });

  it('keeps a healthy worker, transfers the bytes, and ignores a reply addressed to an earlier file', async () => {
    const { spawn, workers } = fakeWorkers();
    const supervisor = new ParseSupervisor({ spawn });
    const first = await supervisor.parse({ name: 'one.txt', bytes: bytes('One.') });
    const second = await supervisor.parse({ name: 'two.txt.stale', bytes: bytes('Two.') });
    expect(first).toMatchObject({ ok: true, document: { text: 'One.' } });
    expect(second).toMatchObject({ ok: true, document: { text: 'Two.' } });
    expect(workers).toHaveLength(1);
    expect(workers[0]?.terminated).toBe(false);
    const sent = workers[0]?.received[0];
    expect(sent?.transfer).toEqual([sent?.request.input.bytes]);
    expect(sent?.request.limits).toBeDefined();
  });

  it('IN-06: progress page by page resets the stall budget; the file budget still applies', async () => {
    const { spawn } = fakeWorkers();
    const pages: string[] = [];
    const patient = new ParseSupervisor({ spawn, progressTimeoutMs: 80, fileTimeoutMs: 2000 });
    const result = await patient.parse(
      { name: 'long.txt.paged', bytes: bytes('Five pages.') },
      { onProgress: ({ page, pages: total }) => pages.push(`${page}/${total}`) },
    );
    expect(result.ok).toBe(true);
    expect(pages).toEqual(['1/5', '2/5', '3/5', '4/5', '5/5']);
    const strict = new ParseSupervisor({ spawn, progressTimeoutMs: 80, fileTimeoutMs: 100 });
    const timedOut = await strict.parse({ name: 'long.txt.paged', bytes: bytes('Five pages.') });
    expect(timedOut).toMatchObject({ ok: false, error: { code: 'PARSE_TIMEOUT' } });
  });

  it('IN-07: refuses an oversized file before any worker starts', async () => {
    const { spawn, workers } = fakeWorkers();
    const supervisor = new ParseSupervisor({ spawn, limits: { text: 10, pdf: 10, docx: 10 } });
    const result = await supervisor.parse({ name: 'big.txt', bytes: bytes('more than ten bytes') });
    expect(result).toMatchObject({ ok: false, error: { code: 'FILE_TOO_LARGE' } });
    expect(result.ok === false && result.error.message).toMatch(
      /^big\.txt: 19 bytes is more than the 10 bytes allowed/,
    );
    expect(workers).toHaveLength(0);
  });

  it('stops on abort and terminates the worker; a worker that cannot start fails the file only', async () => {
    const { spawn, workers } = fakeWorkers();
    const supervisor = new ParseSupervisor({ spawn });
    const controller = new AbortController();
    const pending = supervisor.parse({ name: 'x.hangs', bytes: bytes('x') }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    expect(await pending).toMatchObject({ ok: false, error: { code: 'ABORTED' } });
    expect(workers[0]?.terminated).toBe(true);
    const broken = new ParseSupervisor({
      spawn: () => {
        throw new Error('SecurityError: workers are blocked');
      },
    });
    expect(await broken.parse({ name: 'a.txt', bytes: bytes('A.') })).toMatchObject({
      ok: false,
      error: { code: 'PARSE_FAILED' },
    });
  });
});
