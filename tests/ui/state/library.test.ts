// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { IngestOutcome, LibraryState } from '../../../src/adapters/browser/protocol.js';
import type { ParseResult } from '../../../src/core/ingest/parse-safely.js';
import { Library, type FileParser } from '../../../src/ui/state/library.svelte.js';
import type { PickedFile } from '../../../src/ui/lib/collect-files.js';
import { FakeConnection } from '../fake-connection.js';

const STATE: LibraryState = {
  documents: [],
  storage: { kind: 'memory', restore: 'empty', restoreMs: 1 },
  embeddedThisSession: 0,
};

function picked(name: string, text: string): PickedFile {
  const bytes = new TextEncoder().encode(text);
  const file = { name, size: bytes.length, lastModified: 0, arrayBuffer: async () => bytes.buffer } as unknown as File;
  return { file, path: name, inFolder: false };
}

/** A parser that opens `locked.pdf` only with the right password. */
const parser: FileParser = {
  async parse(input): Promise<ParseResult> {
    if (input.name === 'locked.pdf' && input.password !== 'right') {
      const code = input.password === undefined ? 'PDF_PASSWORD_REQUIRED' : 'PDF_PASSWORD_WRONG';
      return { ok: false, error: { code, message: `${input.name}: ${code}` } };
    }
    const text = new TextDecoder().decode(input.bytes);
    const document = { id: input.name.replace(/\W+/g, '-'), text, sections: [], sourceName: input.name };
    return { ok: true, document } as unknown as ParseResult;
  },
};

async function until(check: () => boolean): Promise<void> {
  for (let tries = 0; tries < 200 && !check(); tries++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
}

describe('Library', () => {
  it('parses files on the page, sends them to the engine, saves the index and sums up the drop', async () => {
    const connection = new FakeConnection();
    const library = new Library(connection, parser);
    const adding = library.addFiles([picked('a.md', '# A'), picked('b.md', '# B')], 3);
    expect(library.busy).toBe(true);
    expect(library.totals).toMatchObject({ files: 2, done: 0 });
    const answered = new Set<unknown>();
    const sent: string[] = [];
    await until(() => {
      for (const entry of connection.received) {
        if (entry.request.type !== 'ingest-documents' || answered.has(entry)) continue;
        answered.add(entry);
        const files = entry.request.files;
        sent.push(...files.map((file) => file.name));
        const report = {
          added: files.map((file) => file.document.id),
          replaced: [],
          unchanged: [],
          failed: [],
          skipped: [],
          passages: 1,
          embedded: 1,
          reused: 0,
        };
        for (const file of files) {
          entry.options.onEvent?.({
            type: 'file-progress',
            file: { name: file.name, status: 'indexed', passagesDone: 1, passagesTotal: 1 },
          });
        }
        entry.resolve({ report, library: STATE, ms: 1 } satisfies IngestOutcome);
      }
      return connection.received.some((entry) => entry.request.type === 'save-index');
    });
    expect(sent).toEqual(['a.md', 'b.md']);
    connection.last('save-index').resolve(STATE);
    await adding;
    expect(library.busy).toBe(false);
    expect(library.summary).toMatchObject({ files: 2, indexed: 2, embedded: 2, skipped: 3 });
  });

  it('holds an encrypted PDF on a password prompt; Stop answers it with "skip"', async () => {
    const connection = new FakeConnection();
    const library = new Library(connection, parser);
    const adding = library.addFiles([picked('locked.pdf', '%PDF')]);
    await until(() => library.password !== undefined);
    expect(library.password?.request).toMatchObject({ name: 'locked.pdf', wrong: false });
    library.password?.answer('wrong');
    await until(() => library.password?.request.wrong === true);
    library.stop();
    await until(() => connection.received.some((entry) => entry.request.type === 'save-index'));
    connection.last('save-index').resolve(STATE);
    await adding;
    expect(library.password).toBeUndefined();
    expect(library.files.find((file) => file.name === 'locked.pdf')).toMatchObject({ status: 'skipped' });
  });
});
