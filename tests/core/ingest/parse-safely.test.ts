/**
 * The parse wrapper is total (docs/reliability.md IN-01, IN-07, IN-24 and the in-process half of
 * IN-22): whatever a parser does, it answers `{ ok }` within its budget, with a typed error whose
 * message names the file safely.
 */
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../src/core/ingest/byte-hash.js';
import { fileLabel } from '../../../src/core/ingest/file-label.js';
import { checkFileSize, DEFAULT_SIZE_LIMITS } from '../../../src/core/ingest/limits.js';
import { DEFAULT_PARSERS } from '../../../src/core/ingest/parse-document.js';
import { parseSafely } from '../../../src/core/ingest/parse-safely.js';
import type { DocumentParser } from '../../../src/core/ports.js';

const encode = (text: string) => new TextEncoder().encode(text);

const misbehaving = (parse: DocumentParser['parse']): DocumentParser[] => [
  { format: 'pdf', extensions: ['.pdf'], parse },
  ...DEFAULT_PARSERS,
];

describe('parseSafely', () => {
  it('IN-01: an empty file of any kind is refused before a parser runs', async () => {
    let called = 0;
    const parsers = misbehaving(() => {
      called++;
      return Promise.reject(new Error('parser ran'));
    });
    for (const name of ['a.txt', 'b.md', 'c.html', 'd.pdf']) {
      const result = await parseSafely({ name, bytes: new Uint8Array() }, { parsers });
      expect(result).toEqual({
        ok: false,
        error: { code: 'EMPTY_DOCUMENT', message: `${name}: the file is empty; nothing was indexed.` },
      });
    }
    expect(called).toBe(0);
  });

  it('IN-07: refuses a file over its size cap with the sizes in the message', async () => {
    const limits = { ...DEFAULT_SIZE_LIMITS, text: 1000 };
    const result = await parseSafely({ name: 'big.txt', bytes: new Uint8Array(2048).fill(65) }, { limits });
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'FILE_TOO_LARGE',
        message:
          'big.txt: 2 KB is more than the 1000 bytes allowed for text files; nothing was read. Split the file or raise the limit.',
      },
    });
    expect(() => checkFileSize('scan.pdf', 800 * 1024 * 1024)).toThrow(
      /scan\.pdf: 800 MB is more than the 200 MB allowed for pdf files/,
    );
    expect(() => checkFileSize('a.docx', 100 * 1024 * 1024)).not.toThrow();
  });

  it('IN-22: turns a thrown non-Error, a never-settling parse and a garbage result into typed failures', async () => {
    const thrown = await parseSafely(
      { name: 'x.pdf', bytes: encode('x') },
      { parsers: misbehaving(() => Promise.reject({ weird: true })) },
    );
    expect(thrown).toEqual({
      ok: false,
      error: {
        code: 'PARSE_FAILED',
        message: 'x.pdf: could not be read (the parser failed without an error); nothing was indexed.',
      },
    });
    const started = Date.now();
    const hung = await parseSafely(
      { name: 'x.pdf', bytes: encode('x') },
      { parsers: misbehaving(() => new Promise(() => undefined)), timeoutMs: 100 },
    );
    expect(hung).toMatchObject({
      ok: false,
      error: {
        code: 'PARSE_TIMEOUT',
        message: 'x.pdf: reading it took longer than 0.1 s, so it was stopped; nothing was indexed.',
      },
    });
    expect(Date.now() - started).toBeLessThan(1000);
    const garbage = await parseSafely(
      { name: 'x.pdf', bytes: encode('x') },
      { parsers: misbehaving(() => Promise.resolve(42 as never)) },
    );
    expect(garbage).toMatchObject({ ok: false, error: { code: 'PARSE_FAILED' } });
    const synchronous = await parseSafely(
      { name: 'x.pdf', bytes: encode('x') },
      {
        parsers: misbehaving(() => {
          throw new Error('boom\nwith a second line of file content');
        }),
      },
    );
    expect(synchronous).toMatchObject({
      ok: false,
      error: { message: 'x.pdf: could not be read (boom); nothing was indexed.' },
    });
  });

  it('answers ABORTED as soon as the signal fires', async () => {
    const controller = new AbortController();
    const pending = parseSafely(
      { name: 'x.pdf', bytes: encode('x') },
      { parsers: misbehaving(() => new Promise(() => undefined)), signal: controller.signal },
    );
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, error: { code: 'ABORTED' } });
  });

  it('IN-18: gives every document the SHA-256 of its bytes', async () => {
    const result = await parseSafely({ name: 'a.txt', bytes: encode('abc') });
    expect(result.ok && result.document.byteHash).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(sha256Hex(new Uint8Array())).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex(new Uint8Array(1_000_000).fill(0x61))).toBe(
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    );
    const other = await parseSafely({ name: 'copy of a.txt', bytes: encode('abc') });
    expect(other.ok && other.document.byteHash).toBe(result.ok && result.document.byteHash);
  });

  it('IN-24: hostile names give bounded ids and safe titles and messages', async () => {
    const rtl = 'invoice\u202Eexe.txt';
    const long = `${'a'.repeat(5000)}.txt`;
    const cases = ['../../etc/passwd.txt', '<img src=x onerror=alert(1)>.txt', rtl, long];
    const documents = await Promise.all(cases.map((name) => parseSafely({ name, bytes: encode('Some text.') })));
    const ok = documents.map((result) => (result.ok ? result.document : undefined));
    expect(ok.map((document) => document?.id)).toEqual([
      'passwd',
      'img-src-x-onerror-alert-1',
      'invoice-exe',
      expect.stringMatching(/^a{71}-[0-9a-f]{8}$/),
    ]);
    expect(ok[2]?.title).toBe('invoice\ufffdexe.txt');
    expect(ok[3]?.title.length).toBe(120);
    const failed = await parseSafely({ name: long, bytes: new Uint8Array() });
    expect(!failed.ok && failed.error.message.length).toBeLessThan(200);
    expect(fileLabel(`x\u0000y\u2066z`)).toBe('x\ufffdy\ufffdz');
  });

  it('OUT-16: a parser error carrying file content and markup gives one short line, the markup kept as text', async () => {
    const content = `<img src=x onerror="window.__pwn=1">${'SECRET-CONTENT '.repeat(400)}`;
    const result = await parseSafely(
      { name: 'x.pdf', bytes: encode('x') },
      {
        parsers: misbehaving(() => {
          throw new Error(`${content}\nsecond line: the rest of the file`);
        }),
      },
    );
    if (result.ok) throw new Error('the parse should have failed');
    expect(result.error.code).toBe('PARSE_FAILED');
    expect(result.error.message).toMatch(/^x\.pdf: could not be read \(<img src=x onerror="window\.__pwn=1">SECRET/);
    expect(result.error.message.length).toBeLessThan(220);
    expect(result.error.message).not.toContain('second line');
    expect(result.error.message.split('SECRET-CONTENT').length - 1).toBeLessThan(12);
  });
});
