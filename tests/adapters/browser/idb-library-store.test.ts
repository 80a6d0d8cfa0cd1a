import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openIdbLibraryStore } from '../../../src/adapters/browser/idb-library-store.js';
import type { DocumentRecord, LibraryStore } from '../../../src/adapters/browser/library-store.js';
import { MemoryLibraryStore } from '../../../src/adapters/browser/memory-library-store.js';
import { openLibraryStore } from '../../../src/adapters/browser/open-library-store.js';
import { parseFile } from '../../helpers/documents.js';

let counter = 0;
const uniqueName = () => `store-test-${++counter}-${Date.now()}`;
const opened: LibraryStore[] = [];

async function open(name = uniqueName()): Promise<LibraryStore> {
  const store = await openIdbLibraryStore(name);
  opened.push(store);
  return store;
}

async function record(id: string): Promise<DocumentRecord> {
  const source = await parseFile(`${id}.md`, `---\nid: ${id}\n---\n# ${id}\n\nSome text about ${id}.`);
  return {
    id,
    source,
    indexed: {
      id,
      title: id,
      revision: '1',
      date: '2026-01-01',
      supersedes: [],
      access: 'public',
      sourceName: `${id}.md`,
      contentHash: 'x',
      cites: [`${id}#intro`],
    },
    passages: [],
    vectors: Float32Array.from([0.25, 0.5, 0.75]),
    dimensions: 3,
    buster: { embedderId: 'test', dimensions: 3, chunkerVersion: 1, schemaVersion: 1 },
  };
}

/** How many entries the library's snapshot store holds (the head and its segments), read raw. */
async function snapshotEntries(name: string): Promise<number> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('open failed'));
  });
  try {
    return await new Promise<number>((resolve, reject) => {
      const request = db.transaction('snapshot').objectStore('snapshot').count();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('count failed'));
    });
  } finally {
    db.close();
  }
}

const snapshot = {
  buster: { embedderId: 'test', dimensions: 3, chunkerVersion: 1, schemaVersion: 1 },
  payload: { any: 'thing' },
};

afterEach(() => {
  for (const store of opened.splice(0)) store.close();
  vi.restoreAllMocks();
});

describe('IndexedDB library store', () => {
  it('keeps records across connections, vectors as Float32Array', async () => {
    const name = uniqueName();
    const first = await open(name);
    await first.writeDocument(await record('alpha'));
    first.close();
    const second = await open(name);
    const records = await second.readDocuments();
    expect(records.map((item) => item.id)).toEqual(['alpha']);
    expect(records[0]?.vectors).toBeInstanceOf(Float32Array);
    expect(Array.from(records[0]?.vectors ?? [])).toEqual([0.25, 0.5, 0.75]);
  });

  it('hides a saved index older than the records (generation check)', async () => {
    const store = await open();
    await store.writeDocument(await record('alpha'));
    await store.save(snapshot);
    expect(await store.load()).toEqual(snapshot);
    await store.writeDocument(await record('beta'));
    expect(await store.load()).toBeUndefined();
    await store.save(snapshot);
    await store.deleteDocument('alpha');
    expect(await store.load()).toBeUndefined();
  });

  it('never validates a snapshot of a tab that another tab wrote behind (ST-11)', async () => {
    const name = uniqueName();
    const first = await open(name);
    const second = await open(name);
    await first.writeDocument(await record('alpha'));
    await second.writeDocument(await record('beta'));
    await first.writeDocument(await record('gamma'));
    await first.save(snapshot);
    const third = await open(name);
    expect(await third.load()).toBeUndefined();
    expect((await third.readDocuments()).map((item) => item.id).sort()).toEqual(['alpha', 'beta', 'gamma']);
    await third.save(snapshot);
    expect(await (await open(name)).load()).toEqual(snapshot);
  });

  it('a tab another tab wrote behind writes no snapshot at all, and drops the one it had saved', async () => {
    const name = uniqueName();
    const first = await open(name);
    const second = await open(name);
    await first.writeDocument(await record('alpha'));
    await first.save(snapshot);
    expect(await snapshotEntries(name)).toBeGreaterThan(0);
    await second.writeDocument(await record('beta'));
    await first.writeDocument(await record('gamma'));
    await first.save(snapshot);
    expect(await snapshotEntries(name)).toBe(0);
    const third = await open(name);
    expect(await third.load()).toBeUndefined();
    await third.save(snapshot);
    expect(await snapshotEntries(name)).toBeGreaterThan(0);
  });

  it("a plain read (estimate, export) does not adopt another tab's writes: the outdated index is never saved as current", async () => {
    const name = uniqueName();
    const first = await open(name);
    const second = await open(name);
    await first.writeDocument(await record('alpha'));
    await second.writeDocument(await record('beta'));
    await first.estimateBytes();
    await first.readDocuments();
    await first.save(snapshot);
    expect(await (await open(name)).load()).toBeUndefined();
  });

  it('rebuilding from the records adopts their generation (the index then mirrors them)', async () => {
    const name = uniqueName();
    const first = await open(name);
    const second = await open(name);
    await first.writeDocument(await record('alpha'));
    await second.writeDocument(await record('beta'));
    expect((await first.readDocumentsToRebuild()).map((item) => item.id).sort()).toEqual(['alpha', 'beta']);
    await first.save(snapshot);
    expect(await (await open(name)).load()).toEqual(snapshot);
  });

  it('clearing moves the generation on: a snapshot another tab saved before the clear never matches after it', async () => {
    const name = uniqueName();
    const first = await open(name);
    const second = await open(name);
    await second.writeDocument(await record('beta'));
    await first.writeDocument(await record('alpha'));
    await first.clearAll();
    await first.writeDocument(await record('gamma'));
    // The second tab's index still holds beta and not gamma.
    await second.save(snapshot);
    const third = await open(name);
    expect(await third.load()).toBeUndefined();
    await first.save(snapshot);
    expect(await third.load()).toEqual(snapshot);
  });

  it('discards a stale saved index by its head, without reading its segments', async () => {
    const store = await openIdbLibraryStore(uniqueName(), { segmentBytes: 16 });
    opened.push(store);
    await store.writeDocument(await record('alpha'));
    await store.save({ ...snapshot, payload: { words: Array.from({ length: 200 }, (_, at) => `word-${at}`) } });
    await store.writeDocument(await record('beta'));
    const get = vi.spyOn(IDBObjectStore.prototype, 'get');
    expect(await store.load()).toBeUndefined();
    expect(get.mock.contexts.filter((store) => (store as IDBObjectStore).name === 'snapshot')).toHaveLength(1);
  });

  it('commits document writes with strict durability (ST-17)', async () => {
    const store = await open();
    const spy = vi.spyOn(IDBDatabase.prototype, 'transaction');
    await store.writeDocument(await record('alpha'));
    await store.deleteDocument('alpha');
    await store.save(snapshot);
    const writes = spy.mock.calls.filter((call) => call[1] === 'readwrite');
    expect(writes.length).toBe(3);
    for (const call of writes) expect(call[2]).toEqual({ durability: 'strict' });
  });

  it('writes a document and its generation together or not at all', async () => {
    const store = await open();
    await store.save(snapshot);
    const broken = await record('broken');
    (broken as unknown as { source: unknown }).source = () => 'functions cannot be cloned';
    await expect(store.writeDocument(broken)).rejects.toThrow();
    expect(await store.readDocuments()).toEqual([]);
    expect(await store.load()).toEqual(snapshot);
  });

  it('clears everything', async () => {
    const store = await open();
    await store.writeDocument(await record('alpha'));
    await store.save(snapshot);
    await store.clearAll();
    expect(await store.readDocuments()).toEqual([]);
    expect(await store.load()).toBeUndefined();
    expect(await store.estimateBytes()).toBeLessThan(10);
  });
});

describe('opening the library store', () => {
  it('uses IndexedDB where it works', async () => {
    const { store, reason } = await openLibraryStore({ name: uniqueName() });
    opened.push(store);
    expect(store.kind).toBe('indexeddb');
    expect(reason).toBeUndefined();
  });

  it('falls back to memory, with a reason, when IndexedDB is missing (ST-15)', async () => {
    vi.stubGlobal('indexedDB', undefined);
    try {
      const { store, reason } = await openLibraryStore({ name: uniqueName() });
      expect(store.kind).toBe('memory');
      expect(reason).toMatch(/no IndexedDB/);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('falls back to memory when indexedDB.open throws (ST-15)', async () => {
    const open = vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const { store, reason } = await openLibraryStore({ name: uniqueName() });
    expect(open).toHaveBeenCalled();
    expect(store).toBeInstanceOf(MemoryLibraryStore);
    expect(reason).toMatch(/SecurityError/);
  });
});

describe('library store version 2: facts beside the records', () => {
  it("keeps each document's facts with its record, in the same transactions", async () => {
    const store = await open();
    const alpha = await record('alpha');
    alpha.source = { ...alpha.source, warnings: ['page 4 has no extractable text: scanned?'], partial: true };
    await store.writeDocument(alpha);
    await store.writeDocument(await record('beta'));
    expect(await store.readFacts()).toEqual([
      expect.objectContaining({ id: 'alpha', partial: true, warnings: ['page 4 has no extractable text: scanned?'] }),
      expect.objectContaining({ id: 'beta', partial: false, byteHash: expect.stringMatching(/^[0-9a-f]{64}$/) }),
    ]);
    await store.deleteDocument('alpha');
    expect((await store.readFacts()).map((item) => item.id)).toEqual(['beta']);
    await store.clearAll();
    expect(await store.readFacts()).toEqual([]);
  });

  it('ST-07: upgrades a version 1 library, deriving the facts of every stored record', async () => {
    const name = uniqueName();
    const { openDB } = await import('idb');
    const old = await openDB(name, 1, {
      upgrade(database) {
        database.createObjectStore('documents', { keyPath: 'id' });
        database.createObjectStore('meta');
        database.createObjectStore('snapshot');
      },
    });
    await old.put('documents', await record('legacy'));
    await old.put('meta', 1, 'generation');
    old.close();
    const store = await open(name);
    expect(await store.readFacts()).toEqual([expect.objectContaining({ id: 'legacy', format: 'markdown' })]);
    expect((await store.readDocuments()).map((item) => item.id)).toEqual(['legacy']);
  });
});
