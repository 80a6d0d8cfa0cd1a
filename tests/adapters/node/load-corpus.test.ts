/**
 * A corpus folder of mixed and bad files, read the way `npm run eval` reads one: every file
 * gets an outcome naming it, and the good ones are loaded (docs/reliability.md IN-01, IN-02, IN-07,
 * IN-12, IN-18, IN-24).
 */
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpus, type LoadedCorpus } from '../../../src/adapters/node/load-corpus.js';
import { fixture, writeTemporary } from './pdf-variants.js';

let corpus: LoadedCorpus;
let elapsed = 0;

async function sparse(path: string, size: number): Promise<void> {
  const handle = await open(path, 'w');
  await handle.truncate(size);
  await handle.close();
}

beforeAll(async () => {
  const pdf = await fixture('manual.pdf');
  const folder = await writeTemporary({
    'manual.pdf': pdf,
    'manual.docx': await fixture('manual.docx'),
    'copy of manual.pdf': pdf,
    'cut.pdf': pdf.subarray(0, 900),
    'empty.txt': '',
    'empty.md': '',
    'empty.html': '',
    'empty.pdf': '',
    'empty.docx': '',
    'photo.txt': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    '<img src=x onerror=alert(1)>.txt': 'A hostile name, harmless text.',
    'notes.xyz': 'no parser for this',
  });
  await sparse(join(folder, 'huge.txt'), 600 * 1024 * 1024);
  await sparse(join(folder, 'huge.pdf'), 900 * 1024 * 1024);
  const started = Date.now();
  corpus = await loadCorpus(folder);
  elapsed = Date.now() - started;
});

describe('loadCorpus over bad input', () => {
  it('loads the good files (PDF and Word in the supervised worker) and reports every other one', () => {
    expect(corpus.documents.map((document) => document.sourceName).sort()).toEqual([
      '<img src=x onerror=alert(1)>.txt',
      'copy of manual.pdf',
      'manual.docx',
    ]);
    expect(corpus.skipped).toEqual(['notes.xyz']);
    const codes = Object.fromEntries(corpus.failures.map((failure) => [failure.file, failure.code]));
    expect(codes).toEqual({
      'cut.pdf': 'PDF_DAMAGED',
      'empty.docx': 'EMPTY_DOCUMENT',
      'empty.html': 'EMPTY_DOCUMENT',
      'empty.md': 'EMPTY_DOCUMENT',
      'empty.pdf': 'EMPTY_DOCUMENT',
      'empty.txt': 'EMPTY_DOCUMENT',
      'huge.pdf': 'FILE_TOO_LARGE',
      'huge.txt': 'FILE_TOO_LARGE',
      'photo.txt': 'BINARY_TEXT',
    });
    for (const failure of corpus.failures) expect(failure.message.startsWith(`${failure.file}: `)).toBe(true);
  });

  it('IN-07: refuses huge files by their size, without reading them', () => {
    expect(corpus.failures.find((failure) => failure.file === 'huge.pdf')?.message).toBe(
      'huge.pdf: 900 MB is more than the 200 MB allowed for pdf files; nothing was read. Split the file or raise the limit.',
    );
    expect(elapsed).toBeLessThan(15_000);
  });

  it('IN-18: a file with the same bytes as one already loaded is skipped as a duplicate', () => {
    expect(corpus.duplicates).toEqual([
      {
        file: 'manual.pdf',
        sameAs: 'copy of manual.pdf',
        message: 'manual.pdf: already in the library (same bytes as copy of manual.pdf); skipped.',
      },
    ]);
  });

  it('IN-24: a hostile file name becomes a slug id and stays plain text in the title', () => {
    const hostile = corpus.documents.find((document) => document.format === 'text');
    expect(hostile).toMatchObject({ id: 'img-src-x-onerror-alert-1', title: '<img src=x onerror=alert(1)>.txt' });
  });
});
