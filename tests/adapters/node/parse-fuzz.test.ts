/**
 * IN-25: random mutations of valid files (truncations, flipped bytes, inserted and zeroed runs,
 * duplicated slices) never break the parse wrapper: every file gets `{ ok: true }` or a typed
 * error naming it, within the budget, with no unhandled rejection. PDF and Word run in the
 * supervised worker as in `npm run eval`. Set FC_SEED to replay a failing run (the seed is
 * printed on failure).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ParseSupervisor } from '../../../src/adapters/node/parse-supervisor.js';
import { ERROR_MESSAGES } from '../../../src/core/errors.js';
import { fixture } from './pdf-variants.js';

const FILE_BUDGET_MS = 5000;
const supervisor = new ParseSupervisor({ fileTimeoutMs: FILE_BUDGET_MS, progressTimeoutMs: 3000 });
const seeds: { name: string; bytes: Uint8Array }[] = [];

beforeAll(async () => {
  const encode = (text: string) => new TextEncoder().encode(text);
  seeds.push(
    { name: 'manual.pdf', bytes: await fixture('manual.pdf') },
    { name: 'plain.pdf', bytes: await fixture('plain.pdf') },
    { name: 'manual.docx', bytes: await fixture('manual.docx') },
    {
      name: 'notes.md',
      bytes: encode(
        '---\ntitle: Notes\ndate: 2026-01-02\n---\n# 1. Fill\n\nCold water.\r\n\r\n## 2. Clean\n\nWeekly.\n',
      ),
    },
    {
      name: 'page.html',
      bytes: encode(
        '<html><head><meta charset="utf-8"><title>T</title></head><body><h2>Salt</h2><p>Use salt &amp; rinse.</p><table><tr><td>a</td></tr></table></body></html>',
      ),
    },
    { name: 'plain.txt', bytes: encode('Café “quoted”\r\nline two\rline three\n') },
  );
});
afterAll(() => supervisor.close());

type Mutation = (bytes: Uint8Array) => Uint8Array;

const position = fc.double({ min: 0, max: 1, noNaN: true });
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  position.map((at) => (bytes: Uint8Array) => bytes.slice(0, Math.max(1, Math.floor(bytes.length * at)))),
  fc
    .array(fc.tuple(position, fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 12 })
    .map((flips) => (bytes: Uint8Array) => {
      const copy = bytes.slice();
      for (const [at, value] of flips) copy[Math.floor(at * (copy.length - 1))] = value;
      return copy;
    }),
  fc.tuple(position, fc.uint8Array({ minLength: 1, maxLength: 64 })).map(([at, inserted]) => (bytes: Uint8Array) => {
    const cut = Math.floor(bytes.length * at);
    return Uint8Array.from([...bytes.subarray(0, cut), ...inserted, ...bytes.subarray(cut)]);
  }),
  fc.tuple(position, position).map(([from, to]) => (bytes: Uint8Array) => {
    const copy = bytes.slice();
    copy.fill(0, Math.floor(Math.min(from, to) * copy.length), Math.floor(Math.max(from, to) * copy.length));
    return copy;
  }),
  fc.tuple(position, position).map(([from, to]) => (bytes: Uint8Array) => {
    const slice = bytes.subarray(
      Math.floor(Math.min(from, to) * bytes.length),
      Math.floor(Math.max(from, to) * bytes.length),
    );
    return Uint8Array.from([...bytes, ...slice]);
  }),
);

describe('parse wrapper under mutation', () => {
  it('IN-25: always answers { ok } or a typed error naming the file, within its budget', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
    await fc.assert(
      fc.asyncProperty(
        fc.nat(seeds.length - 1),
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        async (index, mutations) => {
          const original = seeds[index]!;
          const bytes = mutations.reduce((current, mutate) => mutate(current), original.bytes);
          const started = Date.now();
          const result = await supervisor.parse({ name: `mutant-${original.name}`, bytes });
          expect(Date.now() - started).toBeLessThan(FILE_BUDGET_MS + 1500);
          if (result.ok) {
            expect(typeof result.document.text).toBe('string');
            expect(result.document.text.trim()).not.toBe('');
          } else {
            expect(Object.keys(ERROR_MESSAGES)).toContain(result.error.code);
            expect(result.error.message.startsWith(`mutant-${original.name}`)).toBe(true);
          }
        },
      ),
      { numRuns: 120, ...(seed === undefined ? {} : { seed }) },
    );
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toEqual([]);
  });
});
