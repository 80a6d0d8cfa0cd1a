/**
 * Markdown and HTML built to be slow or deep (docs/reliability.md IN-21). Footnote reads Markdown line by
 * line for headings and fences only (no tree, so nesting costs nothing) and HTML with a
 * streaming parser that works in a worker (htmlparser2; no `DOMParser`). What a parser cannot do
 * quickly, the parse supervisor stops: the file fails with a timeout and the next file is read.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ParseSupervisor } from '../../../src/adapters/node/parse-supervisor.js';
import { chunkDocument } from '../../../src/core/chunk/chunk-document.js';
import { parseSafely } from '../../../src/core/ingest/parse-safely.js';

const encode = (text: string) => new TextEncoder().encode(text);

/** Parses and chunks `text` as `name`; how long it took and how many passages it made. */
async function readAndChunk(name: string, text: string): Promise<{ ms: number; passages: number }> {
  const started = Date.now();
  const result = await parseSafely({ name, bytes: encode(text) });
  if (!result.ok) throw new Error(result.error.message);
  const passages = chunkDocument(result.document);
  return { ms: Date.now() - started, passages: passages.length };
}

/** Generous for a loaded CI machine; each case takes about a second on a laptop. */
const BUDGET_MS = 20_000;

describe('pathological Markdown and HTML', () => {
  it('IN-21: a 10 MB single-line Markdown paragraph is read and split into passages in bounded time', async () => {
    const line = 'The kettle boils water quickly and safely. '.repeat(240_000);
    expect(line.length).toBeGreaterThan(10_000_000);
    expect(line).not.toContain('\n');
    const { ms, passages } = await readAndChunk('one-line.md', line);
    expect(passages).toBeGreaterThan(1000);
    expect(ms).toBeLessThan(BUDGET_MS);
  });

  it.each([
    ['nested quotes', `${'> '.repeat(1_000_000)}deep text\n`],
    [
      'nested lists',
      `${Array.from({ length: 100_000 }, (_, depth) => `${'  '.repeat(depth % 200)}- item ${depth}`).join('\n')}\n`,
    ],
    ['unclosed brackets', `${'['.repeat(4_000_000)} text ${'](x'.repeat(1_000_000)}`],
    ['a heading of hashes and spaces', `${'#'.repeat(3_000_000)} x\n## ${' '.repeat(1_000_000)}#\n`],
    ['unbalanced fences', '```\n~~~~\n'.repeat(250_000)],
    ['emphasis runs', '*_'.repeat(2_500_000)],
  ])('IN-21: Markdown with %s is read in bounded time', async (_, text) => {
    expect((await readAndChunk('deep.md', text)).ms).toBeLessThan(BUDGET_MS);
  });

  it('IN-21: a big HTML table and a page of a million attributes are read in bounded time', async () => {
    const table = `<table>${'<tr><td>Part</td><td>KX-200</td></tr>'.repeat(100_000)}</table>`;
    expect((await readAndChunk('parts.html', table)).passages).toBeGreaterThan(100);
    const attributes = `<p ${'a="b" '.repeat(1_000_000)}>text</p>`;
    expect((await readAndChunk('attributes.html', attributes)).ms).toBeLessThan(BUDGET_MS);
  });

  describe('under the parse supervisor', () => {
    const supervisor = new ParseSupervisor({ fileTimeoutMs: 3000, progressTimeoutMs: 3000 });
    afterAll(() => supervisor.close());

    it('IN-21: 100,000 unclosed nested elements are stopped by the file budget, and the next file is read', async () => {
      // htmlparser2 needs minutes for this (its open-element stack), so the budget decides.
      const deep = `<html><body>${'<div><b><i>'.repeat(100_000)}deep text</body></html>`;
      const started = Date.now();
      const result = await supervisor.parse({ name: 'deep.html', bytes: encode(deep) });
      expect(Date.now() - started).toBeLessThan(6000);
      expect(result).toMatchObject({ ok: false, error: { code: 'PARSE_TIMEOUT' } });
      const next = await supervisor.parse({ name: 'next.html', bytes: encode('<p>Still working.</p>') });
      expect(next).toMatchObject({ ok: true, document: { text: 'Still working.\n' } });
    });
  });
});
