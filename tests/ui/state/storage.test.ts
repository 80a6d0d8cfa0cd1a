// @vitest-environment jsdom
/**
 * The page's side of storage through the session: persistent storage asked for after the first
 * ingest and never on load (ST-14), an eviction between visits told (ST-13), a drop refused
 * before it is read when it cannot fit (ST-01), and the engine's storage notices (ST-10, ST-12).
 */
import { describe, expect, it, vi } from 'vitest';
import type { IngestOutcome, LibraryState } from '../../../src/adapters/browser/protocol.js';
import type { PickedFile } from '../../../src/ui/lib/collect-files.js';
import type { FileParser } from '../../../src/ui/state/library.svelte.js';
import { Session } from '../../../src/ui/state/session.svelte.js';
import { Settings } from '../../../src/ui/state/settings.svelte.js';
import { EVICTED_MESSAGE, LIBRARY_MARKER, type MarkerStore } from '../../../src/ui/state/storage.svelte.js';
import { FakeConnection } from '../fake-connection.js';

const EMPTY: LibraryState = {
  documents: [],
  storage: { kind: 'indexeddb', restore: 'empty', restoreMs: 1 },
  embeddedThisSession: 0,
};

const DOCUMENT = {
  id: 'guide',
  title: 'Guide',
  revision: '1',
  date: '2026-01-01',
  supersedes: [],
  statedSupersedes: [],
  access: 'public',
  sourceName: 'guide.md',
  passages: 1,
  format: 'markdown' as const,
  warnings: [],
  partial: false,
};
const ONE: LibraryState = { ...EMPTY, documents: [DOCUMENT], storage: { ...EMPTY.storage, restore: 'restored' } };

function marker(initial: Record<string, string> = {}): MarkerStore & { items: Map<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

function browser(granted: boolean, space = { quota: 10_000 * 2 ** 20, usage: 0 }) {
  return {
    persist: vi.fn(async () => granted),
    persisted: vi.fn(async () => false),
    estimate: vi.fn(async () => space),
  };
}

const parser: FileParser = { parse: vi.fn() } as unknown as FileParser;

async function started(storage: ReturnType<typeof browser>, markers = marker(), state = EMPTY) {
  const connection = new FakeConnection();
  const session = new Session(connection, parser, new Settings(), { storage, marker: markers });
  const starting = session.start();
  connection.last('open').resolve(state);
  await starting;
  return { connection, session, markers };
}

async function loadSample(connection: FakeConnection, session: Session, library: LibraryState): Promise<void> {
  const loading = session.library.loadSample();
  const report = {
    added: ['guide'],
    replaced: [],
    unchanged: [],
    failed: [],
    skipped: [],
    passages: 1,
    embedded: 1,
    reused: 0,
  };
  connection.last('ingest-sample').resolve({ report, library, ms: 1 } satisfies IngestOutcome);
  await loading;
  await vi.waitFor(() => expect(session.storage.persistence).not.toBe('unknown'));
}

describe('ST-14: persistent storage', () => {
  it('is never asked for on load (only read), and asked for once after the first successful ingest', async () => {
    const storage = browser(true);
    const { connection, session } = await started(storage, marker(), ONE);
    expect(storage.persist).not.toHaveBeenCalled();
    expect(storage.persisted).toHaveBeenCalledTimes(1);
    expect(session.storage.persistence).toBe('best-effort');
    await loadSample(connection, session, ONE);
    expect(storage.persist).toHaveBeenCalledTimes(1);
    expect(session.storage.persistence).toBe('persistent');
    await loadSample(connection, session, ONE);
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });

  it('a denial is no error: the storage "may be cleared", nothing else changes, and it is not asked again this visit', async () => {
    const storage = browser(false);
    const { connection, session } = await started(storage);
    await loadSample(connection, session, ONE);
    expect(storage.persist).toHaveBeenCalledTimes(1);
    expect(session.storage.persistence).toBe('best-effort');
    expect(session.library.error).toBeUndefined();
    expect(session.storageNotice).toBeUndefined();
    await loadSample(connection, session, ONE);
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });

  it('is not asked for a library kept in memory only', async () => {
    const storage = browser(true);
    const memory: LibraryState = { ...ONE, storage: { kind: 'memory', restore: 'empty', restoreMs: 1 } };
    const { connection, session } = await started(storage, marker(), { ...memory, documents: [] });
    await loadSample(connection, session, memory);
    expect(storage.persist).not.toHaveBeenCalled();
  });
});

describe('ST-13: a library evicted between visits', () => {
  it('remembers a saved library, and says "cleared by the browser" when it is gone at the next start', async () => {
    const storage = browser(true);
    const first = await started(storage);
    expect(first.markers.items.has(LIBRARY_MARKER)).toBe(false);
    await loadSample(first.connection, first.session, ONE);
    expect(first.markers.items.get(LIBRARY_MARKER)).toBe('1');
    const second = await started(storage, first.markers, EMPTY);
    expect(second.session.storageNotice).toEqual({ kind: 'evicted', message: EVICTED_MESSAGE });
    expect(EVICTED_MESSAGE).toMatch(/cleared by the browser \(it was not persisted\)/);
    expect(second.markers.items.has(LIBRARY_MARKER)).toBe(false);
    // Adding files again settles it.
    await loadSample(second.connection, second.session, ONE);
    expect(second.session.storageNotice).toBeUndefined();
  });

  it('says nothing on a first visit, nor after the person cleared the library', async () => {
    const storage = browser(true);
    const first = await started(storage, marker(), ONE);
    expect(first.session.storageNotice).toBeUndefined();
    expect(first.markers.items.get(LIBRARY_MARKER)).toBe('1');
    const clearing = first.session.clearLibrary();
    first.connection.last('clear').resolve(EMPTY);
    await clearing;
    expect(first.markers.items.has(LIBRARY_MARKER)).toBe(false);
    const second = await started(storage, first.markers, EMPTY);
    expect(second.session.storageNotice).toBeUndefined();
  });
});

describe('ST-01: a drop that cannot fit is refused before anything is read', () => {
  it('says how much it needs and how much is free, and sends nothing to the engine', async () => {
    const storage = browser(true, { quota: 100 * 2 ** 20, usage: 99 * 2 ** 20 });
    const { connection, session } = await started(storage);
    const read = vi.fn(async () => new ArrayBuffer(8));
    const file = { name: 'big.md', size: 5 * 2 ** 20, lastModified: 0, arrayBuffer: read } as unknown as File;
    const picked: PickedFile = { file, path: 'big.md', inFolder: false };
    await session.library.addFiles([picked]);
    expect(session.library.error).toMatch(
      /needs about 122 MB once indexed, and 1\.0 MB is available\. Nothing was added\./,
    );
    expect(session.library.error).toMatch(/share this site’s storage/);
    expect(read).not.toHaveBeenCalled();
    expect(parser.parse).not.toHaveBeenCalled();
    expect(connection.received.map((entry) => entry.request.type)).toEqual(['open']);
  });
});

describe('storage notices from the engine', () => {
  it('ST-12: the library cleared under the page is shown empty, with "your library was cleared"', async () => {
    const { connection, session } = await started(browser(false), marker(), ONE);
    const message = 'Your library was cleared: its storage was deleted while Footnote was open. Add your files again.';
    const cleared = { ...EMPTY, storage: { ...EMPTY.storage, notice: { kind: 'cleared' as const, message, id: 1 } } };
    connection.onNotice?.({ kind: 'storage-lost', cause: 'terminated', message, library: cleared });
    expect(session.library.documents).toEqual([]);
    expect(session.storageNotice).toEqual({ kind: 'cleared', message, id: 1 });
    expect(session.notice).toBeUndefined();
    session.storage.dismiss(session.storageNotice!);
    expect(session.storageNotice).toBeUndefined();
  });

  it('ST-12: storage closed but not cleared: the library comes back as it was, with no notice', async () => {
    const { connection, session } = await started(browser(false), marker(), ONE);
    const message = 'The library storage was reopened; nothing was lost.';
    connection.onNotice?.({ kind: 'storage-lost', cause: 'terminated', message, library: ONE });
    expect(session.library.documents).toEqual([DOCUMENT]);
    expect(session.storageNotice).toBeUndefined();
  });

  it('ST-10: another tab upgraded: "reload"; this tab blocked: "close other tabs", until the library opens', async () => {
    const connection = new FakeConnection();
    const session = new Session(connection, parser, new Settings(), { storage: browser(true), marker: marker() });
    const starting = session.start();
    connection.onNotice?.({
      kind: 'storage-lost',
      cause: 'blocked',
      message: 'Close the other Footnote tabs to continue.',
    });
    expect(session.storageNotice?.kind).toBe('blocked');
    connection.last('open').resolve(EMPTY);
    await starting;
    expect(session.storageNotice).toBeUndefined();
    connection.onNotice?.({ kind: 'storage-lost', cause: 'upgraded', message: 'Reload this tab.' });
    expect(session.storageNotice).toEqual({ kind: 'upgraded', message: 'Reload this tab.' });
  });

  it('ST-02: "storage full" from the engine is shown until dismissed', async () => {
    const full: LibraryState = {
      ...ONE,
      storage: { ...ONE.storage, notice: { kind: 'full', message: 'Storage is full.', id: 1 } },
    };
    const { session } = await started(browser(true), marker(), full);
    expect(session.storageNotice).toEqual({ kind: 'full', message: 'Storage is full.', id: 1 });
    session.storage.dismiss(session.storageNotice!);
    expect(session.storageNotice).toBeUndefined();
  });

  it('a dismissal hides that notice only: a later one with the same words is shown', async () => {
    const full = (id: number): LibraryState => ({
      ...ONE,
      storage: { ...ONE.storage, notice: { kind: 'full', message: 'Storage is full.', id } },
    });
    const { connection, session } = await started(browser(true), marker(), full(1));
    session.storage.dismiss(session.storageNotice!);
    expect(session.storageNotice).toBeUndefined();
    await loadSample(connection, session, full(1));
    expect(session.storageNotice).toBeUndefined();
    await loadSample(connection, session, full(2));
    expect(session.storageNotice).toEqual({ kind: 'full', message: 'Storage is full.', id: 2 });
  });

  it("a dismissed notice of the page does not hide the engine's next one with the same words", async () => {
    const { connection, session } = await started(browser(false), marker({ [LIBRARY_MARKER]: '1' }), EMPTY);
    expect(session.storageNotice).toEqual({ kind: 'evicted', message: EVICTED_MESSAGE });
    session.storage.dismiss(session.storageNotice!);
    expect(session.storageNotice).toBeUndefined();
    const evicted = {
      ...EMPTY,
      storage: { ...EMPTY.storage, notice: { kind: 'evicted' as const, message: EVICTED_MESSAGE, id: 1 } },
    };
    connection.onNotice?.({ kind: 'storage-lost', cause: 'deleted', message: EVICTED_MESSAGE, library: evicted });
    expect(session.storageNotice).toEqual({ kind: 'evicted', message: EVICTED_MESSAGE, id: 1 });
  });
});
