/**
 * The parse supervisor (docs/reliability.md IN-22, IN-06): a parser that throws, hangs, spins, hogs
 * memory, answers out of shape or exits is stopped and recorded as a typed failure, and the
 * next file is parsed by a fresh worker. Real PDFs report progress page by page.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ParseSupervisor } from '../../../src/adapters/node/parse-supervisor.js';
import { fixture } from './pdf-variants.js';

const text = (content: string) => new TextEncoder().encode(content);

describe('ParseSupervisor', () => {
  const supervisor = new ParseSupervisor({
    parsersModule: join(process.cwd(), 'tests/adapters/node/misbehaving-parsers.ts'),
    // Budgets wide enough for a loaded 2-core machine: the hog must reach its memory cap before
    // the progress clock runs out (at 2 s it once did not, with an evaluation, a build and the
    // browser tests running beside it), and a fresh worker's start-up must fit in the file budget.
    fileTimeoutMs: 8000,
    progressTimeoutMs: 4000,
    maxMemoryMb: 48,
  });
  afterAll(() => supervisor.close());

  it('IN-22: records a typed failure for each misbehaviour and carries on with the next file', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const outcomes: Record<string, string> = {};
    for (const name of ['a.throws', 'b.hangs', 'c.spins', 'd.hogs', 'e.garbles', 'f.exits', 'g.stalls']) {
      const started = Date.now();
      const result = await supervisor.parse({ name, bytes: text('x') });
      expect(Date.now() - started).toBeLessThan(8500);
      outcomes[name] = result.ok ? 'ok' : result.error.code;
      const next = await supervisor.parse({ name: 'ok.txt', bytes: text('Still working.') });
      expect(next).toMatchObject({ ok: true, document: { text: 'Still working.' } });
    }
    process.off('unhandledRejection', onUnhandled);
    expect(outcomes).toEqual({
      'a.throws': 'PARSE_FAILED',
      'b.hangs': 'PARSE_TIMEOUT',
      'c.spins': 'PARSE_TIMEOUT',
      'd.hogs': 'PARSE_OUT_OF_MEMORY',
      'e.garbles': 'PARSE_FAILED',
      'f.exits': 'PARSE_FAILED',
      'g.stalls': 'PARSE_TIMEOUT',
    });
    expect(unhandled).toEqual([]);
  });

  it('refuses an oversized file before it reaches the worker, and stops on abort', async () => {
    const small = new ParseSupervisor({ limits: { text: 10, pdf: 10, docx: 10 } });
    expect(await small.parse({ name: 'big.txt', bytes: text('more than ten bytes') })).toMatchObject({
      ok: false,
      error: { code: 'FILE_TOO_LARGE' },
    });
    await small.close();
    const controller = new AbortController();
    const pending = supervisor.parse({ name: 'x.hangs', bytes: text('x') }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await pending).toMatchObject({ ok: false, error: { code: 'ABORTED' } });
  });

  it('IN-06: parses a real PDF in the worker, reporting each page', async () => {
    const real = new ParseSupervisor();
    const pages: number[] = [];
    const result = await real.parse(
      { name: 'manual.pdf', bytes: await fixture('manual.pdf') },
      { onProgress: (progress) => pages.push(progress.page) },
    );
    await real.close();
    expect(result).toMatchObject({ ok: true, document: { format: 'pdf', pageCount: 5 } });
    expect(pages).toEqual([1, 2, 3, 4, 5]);
  });
});
