/**
 * Storage recovery (docs/reliability.md ST-02, ST-05, ST-06, ST-08, ST-09, ST-10, ST-12) on
 * fake-indexeddb: a full storage mid-ingest, the saved index in segments and every way it can be
 * unusable, failed and newer-version upgrades, another tab's upgrade, and the library deleted or
 * closed under the app.
 */
import 'fake-indexeddb/auto';
import { forceCloseDatabase } from 'fake-indexeddb';
import { openDB, unwrap, type IDBPDatabase } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openIdbLibraryStore } from '../../../src/adapters/browser/idb-library-store.js';
import { LibraryService } from '../../../src/adapters/browser/library-service.js';
import type { LibraryStore } from '../../../src/adapters/browser/library-store.js';
import type { RestoreProgress } from '../../../src/adapters/browser/protocol.js';
import { openLibraryStore } from '../../../src/adapters/browser/open-library-store.js';
import {
  decodeSnapshot,
  encodeSnapshot,
  joinSegments,
  SEGMENT_BYTES,
  sha256Hex,
  type SnapshotHead,
} from '../../../src/adapters/browser/snapshot-segments.js';
import { injected, manual, serviceNote } from './files.js';
import { storeOf } from '../../helpers/service-store.js';

let counter = 0;
const uniqueName = () => `recovery-test-${++counter}-${Date.now()}`;
const publicView = { viewer: 'public', mode: 'hybrid', topK: 6 } as const;
const QUESTIONS = [
  'How long is the KT-100 warranty?',
  'How often should I descale the KT-100?',
  'What does the service note say about the thermostat?',
];

afterEach(() => vi.restoreAllMocks());

async function cites(service: LibraryService): Promise<string[][]> {
  const all: string[][] = [];
  for (const question of QUESTIONS) {
    const outcome = await service.ask(question, publicView);
    all.push(outcome.result.retrieved.map((item) => `${item.passage.cite}:${item.score.toFixed(6)}`));
  }
  return all;
}

async function raw(name: string): Promise<IDBPDatabase> {
  return openDB(name);
}

/** A library of two documents saved in small segments, and the results of a fresh build. */
async function savedLibrary(segmentBytes = 4096) {
  const name = uniqueName();
  const service = await LibraryService.open({ name, segmentBytes });
  await service.ingest([manual(), serviceNote()]);
  return { name, segmentBytes, fresh: await cites(service) };
}

describe('ST-05: the saved index in segments', () => {
  it('keeps segments of at most 32 MiB (well under the ~127 MiB clone cap)', () => {
    expect(SEGMENT_BYTES).toBe(32 * 2 ** 20);
    expect(SEGMENT_BYTES).toBeLessThan(127 * 2 ** 20);
  });

  it('encodes Float32Arrays and Uint32Arrays (views included) as raw words, and decodes each as its own kind', () => {
    const words = new Uint32Array([0, 1, 2 ** 24 + 1, 2 ** 32 - 1, 7]);
    const stored = {
      buster: { embedderId: 'mixed', dimensions: 2, chunkerVersion: 1, schemaVersion: 1 },
      payload: {
        vectors: new Float32Array([0.5, -1.25, Math.PI]),
        lexical: { slots: words.subarray(1, 4), all: words },
      },
    };
    const back = decodeSnapshot(encodeSnapshot(stored)).payload as typeof stored.payload;
    expect(back.vectors).toBeInstanceOf(Float32Array);
    expect(back.vectors).toEqual(stored.payload.vectors);
    expect(back.lexical.slots).toBeInstanceOf(Uint32Array);
    expect(Array.from(back.lexical.slots)).toEqual([1, 2 ** 24 + 1, 2 ** 32 - 1]);
    expect(Array.from(back.lexical.all)).toEqual(Array.from(words));
  });

  it('a 40 MB index is kept in two 32 MiB-or-smaller segments and comes back byte-identical', async () => {
    const name = uniqueName();
    const store = await openIdbLibraryStore(name);
    const vectors = new Float32Array(10 * 2 ** 20);
    for (let at = 0; at < vectors.length; at += 997) vectors[at] = at;
    const stored = {
      buster: { embedderId: 'big', dimensions: 384, chunkerVersion: 1, schemaVersion: 1 },
      payload: { vectors },
    };
    await store.save(stored);
    store.close();
    const db = await raw(name);
    const head = (await db.get('snapshot', 'index')) as SnapshotHead;
    const sizes = [
      (await db.get('snapshot', 'index/0')) as Uint8Array,
      (await db.get('snapshot', 'index/1')) as Uint8Array,
    ].map((segment) => segment.byteLength);
    db.close();
    expect(head.segments).toBe(2);
    expect(sizes[0]).toBe(SEGMENT_BYTES);
    expect(sizes[1]).toBeLessThan(SEGMENT_BYTES);
    const reopened = await openIdbLibraryStore(name);
    const loaded = await reopened.load();
    reopened.close();
    expect(await sha256Hex(encodeSnapshot(loaded!))).toBe(head.sha256);
    const back = (loaded!.payload as { vectors: Float32Array }).vectors;
    expect(back.length).toBe(vectors.length);
    expect(Buffer.compare(Buffer.from(back.buffer), Buffer.from(vectors.buffer))).toBe(0);
  });

  it('splits the index into segments no larger than the limit and reads it back byte-identical (SHA-256)', async () => {
    const { name, segmentBytes, fresh } = await savedLibrary();
    const db = await raw(name);
    const head = (await db.get('snapshot', 'index')) as SnapshotHead;
    const segments = (await db.getAll('snapshot')).filter((value) => value instanceof Uint8Array) as Uint8Array[];
    db.close();
    expect(head.format).toBe('segments-v1');
    expect(head.segments).toBeGreaterThan(2);
    expect(segments).toHaveLength(head.segments);
    for (const segment of segments) expect(segment.byteLength).toBeLessThanOrEqual(segmentBytes);
    const store = await openIdbLibraryStore(name, { segmentBytes });
    const loaded = await store.load();
    store.close();
    expect(loaded).toBeDefined();
    const bytes = encodeSnapshot(loaded!);
    expect(bytes.length).toBe(head.bytes);
    expect(await sha256Hex(bytes)).toBe(head.sha256);
    const reopened = await LibraryService.open({ name, segmentBytes });
    expect(reopened.state().storage.restore).toBe('restored');
    expect(await cites(reopened)).toEqual(fresh);
  });

  it('still reads a version-2 index kept whole, and rebuilds from the records when the browser cannot read it (DataError)', async () => {
    const { name, segmentBytes, fresh } = await savedLibrary();
    const store = await openIdbLibraryStore(name, { segmentBytes });
    const loaded = await store.load();
    store.close();
    const db = await raw(name);
    const generation = (await db.get('meta', 'generation')) as number;
    await db.clear('snapshot');
    await db.put('snapshot', { generation, stored: loaded }, 'index');
    db.close();
    const legacy = await LibraryService.open({ name, segmentBytes });
    expect(legacy.state().storage.restore).toBe('restored');
    const get = IDBObjectStore.prototype.get;
    vi.spyOn(IDBObjectStore.prototype, 'get').mockImplementation(function (
      this: IDBObjectStore,
      key: IDBValidKey | IDBKeyRange,
    ) {
      if (this.name === 'snapshot' && key === 'index') {
        throw new DOMException('The serialized value is too large to read.', 'DataError');
      }
      return get.call(this, key);
    });
    const oversized = await LibraryService.open({ name, segmentBytes });
    expect(oversized.state().storage.restore).toBe('rebuilt');
    expect(oversized.state().embeddedThisSession).toBe(0);
    expect(await cites(oversized)).toEqual(fresh);
  });
});

describe('ST-06: a stale or damaged saved index is rebuilt from the records, no embedding', () => {
  const damages: [string, (db: IDBPDatabase) => Promise<unknown>][] = [
    [
      'older than the records',
      async (db) => db.put('meta', ((await db.get('meta', 'generation')) as number) + 1, 'generation'),
    ],
    [
      'one segment cut short',
      async (db) => db.put('snapshot', ((await db.get('snapshot', 'index/1')) as Uint8Array).slice(0, 100), 'index/1'),
    ],
    ['one segment missing', async (db) => db.delete('snapshot', 'index/1')],
    [
      'one byte changed',
      async (db) => {
        const segment = (await db.get('snapshot', 'index/0')) as Uint8Array;
        segment[10] = (segment[10]! + 1) % 256;
        await db.put('snapshot', segment, 'index/0');
      },
    ],
    [
      'bad JSON under a matching hash',
      async (db) => {
        const text = new TextEncoder().encode('{"buster": not json');
        const bytes = new Uint8Array(4 + text.length);
        new DataView(bytes.buffer).setUint32(0, text.length, true);
        bytes.set(text, 4);
        const head = (await db.get('snapshot', 'index')) as SnapshotHead;
        await db.clear('snapshot');
        await db.put(
          'snapshot',
          { ...head, segments: 1, bytes: bytes.length, sha256: await sha256Hex(bytes) },
          'index',
        );
        await db.put('snapshot', bytes, 'index/0');
      },
    ],
    [
      'saved by an earlier snapshot version (vectors inside Orama)',
      async (db) => {
        const head = (await db.get('snapshot', 'index')) as SnapshotHead;
        const segments: Uint8Array[] = [];
        for (let at = 0; at < head.segments; at++)
          segments.push((await db.get('snapshot', `index/${at}`)) as Uint8Array);
        const stored = decodeSnapshot(joinSegments(segments));
        const { version: _version, vectors: _vectors, ...older } = stored.payload as Record<string, unknown>;
        const bytes = encodeSnapshot({ ...stored, payload: older });
        await db.clear('snapshot');
        await db.put(
          'snapshot',
          { ...head, segments: 1, bytes: bytes.length, sha256: await sha256Hex(bytes) },
          'index',
        );
        await db.put('snapshot', bytes, 'index/0');
      },
    ],
  ];

  for (const [what, damage] of damages) {
    it(`${what}: detected, rebuilt, results identical to a fresh build`, async () => {
      const { name, segmentBytes, fresh } = await savedLibrary();
      const db = await raw(name);
      await damage(db);
      db.close();
      const reopened = await LibraryService.open({ name, segmentBytes });
      expect(reopened.state().storage.restore).toBe('rebuilt');
      expect(reopened.state().embeddedThisSession).toBe(0);
      expect(await cites(reopened)).toEqual(fresh);
      // The rebuilt index was saved again, whole.
      expect((await LibraryService.open({ name, segmentBytes })).state().storage.restore).toBe('restored');
    });
  }
});

describe('while the library comes back it says how far it is', () => {
  it('reading the saved index, then rebuilding document by document, then saving', async () => {
    const { name, segmentBytes } = await savedLibrary();
    const restored: RestoreProgress[] = [];
    const first = await LibraryService.open({ name, segmentBytes, onRestoreProgress: (step) => restored.push(step) });
    expect(first.state().storage.restore).toBe('restored');
    expect(restored).toEqual([{ phase: 'reading', documentsDone: 0, documentsTotal: 0 }]);

    const db = await raw(name);
    await db.delete('snapshot', 'index/1');
    db.close();
    const rebuilt: RestoreProgress[] = [];
    const second = await LibraryService.open({ name, segmentBytes, onRestoreProgress: (step) => rebuilt.push(step) });
    expect(second.state().storage.restore).toBe('rebuilt');
    const total = second.state().documents.length;
    expect(total).toBeGreaterThan(1);
    expect(rebuilt).toEqual([
      { phase: 'reading', documentsDone: 0, documentsTotal: 0 },
      ...Array.from({ length: total }, (_, done) => ({
        phase: 'rebuilding',
        documentsDone: done,
        documentsTotal: total,
      })),
      { phase: 'saving', documentsDone: total, documentsTotal: total },
    ]);
  });
});

describe('ST-02: the storage fills up mid-ingest', () => {
  it('the document ends "failed: storage full", the others are intact, and the page is offered clean-up', async () => {
    const name = uniqueName();
    const service = await LibraryService.open({ name });
    const put = IDBObjectStore.prototype.put;
    const spy = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      value: unknown,
      key?: IDBValidKey,
    ) {
      if (this.name === 'documents' && (value as { id?: string }).id === 'kettle-service') {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      return put.call(this, value, key);
    });
    const outcome = await service.ingest([manual(), serviceNote(), injected()]);
    spy.mockRestore();
    expect(outcome.report.added.sort()).toEqual(['kettle-forum', 'kettle-manual']);
    expect(outcome.report.failed).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/kettle-service\.md: failed: storage full/) }),
    ]);
    expect(outcome.library.documents.map((item) => item.id)).toEqual(['kettle-forum', 'kettle-manual']);
    expect(outcome.library.storage.notice).toEqual({
      kind: 'full',
      message: expect.stringMatching(/Storage is full.*removing documents or cached answer models/),
      id: expect.any(Number),
    });
    const reopened = await LibraryService.open({ name });
    expect(reopened.state().documents.map((item) => item.id)).toEqual(['kettle-forum', 'kettle-manual']);
    expect(reopened.state().storage.restore).toBe('restored');
    const after = await service.remove('kettle-forum');
    expect(after.storage.notice).toBeUndefined();
  });
});

describe('ST-08 / ST-09: upgrades that cannot happen keep the data', () => {
  it('ST-08: an upgrade step that fails rolls back to version 1 with the data intact, and says so', async () => {
    const name = uniqueName();
    const old = await openDB(name, 1, {
      upgrade(database) {
        database.createObjectStore('documents', { keyPath: 'id' });
        database.createObjectStore('meta');
        database.createObjectStore('snapshot');
      },
    });
    await old.put('documents', { id: 'broken', source: undefined });
    old.close();
    const { store, reason } = await openLibraryStore({ name });
    expect(store.kind).toBe('memory');
    expect(reason).toMatch(/could not be upgraded.*left as it was.*Reload/);
    const db = await raw(name);
    expect(db.version).toBe(1);
    expect(db.objectStoreNames.contains('facts')).toBe(false);
    expect(await db.getAllKeys('documents')).toEqual(['broken']);
    db.close();
  });

  it('ST-09: a database of a newer version: "a newer version of Footnote is open in another tab; reload"', async () => {
    const name = uniqueName();
    (await openDB(name, 7)).close();
    const { store, reason } = await openLibraryStore({ name });
    expect(store.kind).toBe('memory');
    expect(reason).toMatch(/newer version of Footnote is open in another tab.*Reload this tab/);
  });
});

describe('ST-10: another tab upgrades the library', () => {
  it('this tab closes its connection on versionchange and is told to reload; the other tab proceeds', async () => {
    const name = uniqueName();
    const onLost = vi.fn();
    const store = await openIdbLibraryStore(name, { onLost });
    const newer = await openDB(name, 3);
    expect(newer.version).toBe(3);
    expect(onLost).toHaveBeenCalledWith('upgraded', expect.stringMatching(/updated in another tab\. Reload this tab/));
    newer.close();
    store.close();
  });

  it('an upgrade blocked by an older tab that does not close says "close other tabs", then proceeds', async () => {
    const name = uniqueName();
    const older = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () => {
        for (const store of ['meta', 'snapshot']) request.result.createObjectStore(store);
        request.result.createObjectStore('documents', { keyPath: 'id' });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const onBlocked = vi.fn();
    const opening = openIdbLibraryStore(name, { onBlocked });
    await vi.waitFor(() =>
      expect(onBlocked).toHaveBeenCalledWith(expect.stringMatching(/Close the other Footnote tabs/)),
    );
    older.close();
    const store = await opening;
    expect(await store.readDocuments()).toEqual([]);
    store.close();
  });
});

describe('ST-12: the library is deleted or closed under the app', () => {
  it('deleted while open: the connection lets go, the library reopens empty and says it was cleared', async () => {
    const name = uniqueName();
    const losses: string[] = [];
    const service = await LibraryService.open({ name, onLost: (cause) => losses.push(cause) });
    await service.ingest([manual()]);
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
    });
    expect(losses).toEqual(['deleted']);
    const state = await service.reopen();
    expect(state.documents).toEqual([]);
    expect(state.storage.notice).toEqual({
      kind: 'cleared',
      message: expect.stringMatching(/Your library was cleared/),
      id: expect.any(Number),
    });
    expect((await service.ask('How long is the KT-100 warranty?', publicView)).result.retrieved).toEqual([]);
    const again = await service.ingest([manual()]);
    expect(again.library.documents.map((item) => item.id)).toEqual(['kettle-manual']);
    expect(again.library.storage.notice).toBeUndefined();
    expect((await LibraryService.open({ name })).state().documents.map((item) => item.id)).toEqual(['kettle-manual']);
  });

  it('a reopen that fails goes on in memory and says to reload, never left on the closed connection', async () => {
    const name = uniqueName();
    const service = await LibraryService.open({ name });
    await service.ingest([manual()]);
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
    });
    vi.spyOn(IDBObjectStore.prototype, 'getAll').mockImplementation(() => {
      throw new DOMException('The storage is gone.', 'UnknownError');
    });
    const state = await service.reopen();
    vi.restoreAllMocks();
    expect(state.storage.kind).toBe('memory');
    expect(state.storage.reason).toMatch(/could not be reopened \(UnknownError: The storage is gone\.\)/);
    expect(state.storage.notice).toEqual({
      kind: 'unavailable',
      message: expect.stringMatching(/Reload the page/),
      id: expect.any(Number),
    });
    expect(state.documents).toEqual([]);
    const again = await service.ingest([manual()]);
    expect(again.report.added).toEqual(['kettle-manual']);
    expect((await service.ask('How long is the KT-100 warranty?', publicView)).result.retrieved.length).toBeGreaterThan(
      0,
    );
  });

  it('closed by the browser (terminated): reported once, and a reopen finds what is still stored', async () => {
    const name = uniqueName();
    const losses: string[] = [];
    const service = await LibraryService.open({ name, onLost: (cause) => losses.push(cause) });
    await service.ingest([manual()]);
    const store = storeOf(service) as LibraryStore & { db: IDBPDatabase };
    forceCloseDatabase(unwrap(store.db) as never);
    expect(losses).toEqual(['terminated']);
    const state = await service.reopen();
    expect(state.documents.map((item) => item.id)).toEqual(['kettle-manual']);
    expect(state.storage.notice).toBeUndefined();
  });
});

describe('storage notices are numbered', () => {
  it('each notice the engine raises has its own number, even with the same words', async () => {
    const service = await LibraryService.open({ name: uniqueName() });
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      value: unknown,
      key?: IDBValidKey,
    ) {
      if (this.name === 'documents') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.call(this, value, key);
    });
    const first = (await service.ingest([manual()])).library.storage.notice;
    const second = (await service.ingest([manual()])).library.storage.notice;
    expect(first?.message).toBe(second?.message);
    expect(first?.id).toEqual(expect.any(Number));
    expect(second?.id).not.toBe(first?.id);
  });
});
