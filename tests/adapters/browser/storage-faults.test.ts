/**
 * Storage faults (docs/reliability.md ST-03): every IndexedDB request of an operation is failed in
 * turn, by throwing and by aborting its transaction, and after reopening the library must be
 * exactly as before the operation or exactly as after it, with no orphan facts or segments and a
 * generation that matches. The sweep is exhaustive (N = 1..K) and a seeded fast-check property
 * runs random operation sequences with a fault at a random request.
 */
import 'fake-indexeddb/auto';
// Before idb is used: see the helper's module comment.
import { injectFault, type Fault, type FaultMode } from '../../fakes/faulty-indexeddb.js';
import fc from 'fast-check';
import { openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openIdbLibraryStore } from '../../../src/adapters/browser/idb-library-store.js';
import type { DocumentRecord, LibraryStore } from '../../../src/adapters/browser/library-store.js';
import { LibraryService } from '../../../src/adapters/browser/library-service.js';
import type { StoredIndex } from '../../../src/core/ports.js';
import { parseFile } from '../../helpers/documents.js';
import { injected, manual, serviceNote } from './files.js';

let counter = 0;
const uniqueName = () => `fault-test-${++counter}-${Date.now()}`;
const SEGMENT = 64;
let fault: Fault | undefined;
const opened: LibraryStore[] = [];

afterEach(() => {
  fault?.restore();
  fault = undefined;
  for (const store of opened.splice(0)) store.close();
});

async function record(id: string, revision = '1'): Promise<DocumentRecord> {
  const source = await parseFile(
    `${id}.md`,
    `---\nid: ${id}\nrevision: ${revision}\n---\n# ${id}\n\nText ${revision}.`,
  );
  return {
    id,
    source,
    indexed: {
      id,
      title: id,
      revision,
      date: '2026-01-01',
      supersedes: [],
      access: 'public',
      sourceName: `${id}.md`,
      contentHash: revision,
      cites: [`${id}#intro`],
    },
    passages: [],
    vectors: Float32Array.from([Number(revision), 0.5]),
    dimensions: 2,
    buster: { embedderId: 'test', dimensions: 2, chunkerVersion: 1, schemaVersion: 1 },
  };
}

function snapshot(words: number): StoredIndex {
  return {
    buster: { embedderId: 'test', dimensions: 2, chunkerVersion: 1, schemaVersion: 1 },
    payload: { words: Array.from({ length: words }, (_, at) => `word-${at}`), vectors: Float32Array.from([1, 2, 3]) },
  };
}

async function openStore(name: string): Promise<LibraryStore> {
  const store = await openIdbLibraryStore(name, { segmentBytes: SEGMENT });
  opened.push(store);
  return store;
}

/** Everything in the database, read without the app's code (and no fault injected). */
async function readState(name: string) {
  const db = await openDB(name);
  const names = [...db.objectStoreNames];
  const all = async (store: string) => (names.includes(store) ? await db.getAll(store) : []);
  const keys = async (store: string) => (names.includes(store) ? (await db.getAllKeys(store)).map(String) : []);
  const documents = ((await all('documents')) as DocumentRecord[])
    .map((item) => `${item.id}@${item.indexed.revision}:${item.vectors[0]}`)
    .sort();
  const state = {
    version: db.version,
    documents,
    facts: names.includes('facts') ? (await keys('facts')).sort() : null,
    generation: names.includes('meta') ? ((await db.get('meta', 'generation')) as number | undefined) : undefined,
    snapshotKeys: (await keys('snapshot')).sort(),
    head: names.includes('snapshot')
      ? ((await db.get('snapshot', 'index')) as { segments?: number } | undefined)
      : undefined,
  };
  db.close();
  return state;
}

type State = Awaited<ReturnType<typeof readState>>;

/** No orphans: facts match records; the snapshot store holds the head and exactly its segments. */
function expectConsistent(state: State): void {
  if (state.facts !== null) expect(state.facts).toEqual(state.documents.map((item) => item.split('@')[0]).sort());
  const count = state.head?.segments ?? 0;
  const expected = state.head ? ['index', ...Array.from({ length: count }, (_, at) => `index/${at}`)].sort() : [];
  expect(state.snapshotKeys).toEqual(expected);
}

interface Operation {
  name: string;
  /** Builds the library the operation starts from; returns the store to run it on (undefined: open is the operation). */
  setUp(name: string): Promise<LibraryStore | undefined>;
  run(name: string, store: LibraryStore | undefined): Promise<unknown>;
}

async function library(name: string): Promise<LibraryStore> {
  const store = await openStore(name);
  await store.writeDocument(await record('alpha'));
  await store.writeDocument(await record('beta'));
  await store.save(snapshot(12));
  return store;
}

const OPERATIONS: Operation[] = [
  { name: 'add', setUp: library, run: async (_, store) => store?.writeDocument(await record('gamma')) },
  {
    name: 'update (new revision)',
    setUp: library,
    run: async (_, store) => store?.writeDocument(await record('alpha', '2')),
  },
  { name: 'remove', setUp: library, run: (_, store) => store!.deleteDocument('beta') },
  { name: 'persist snapshot', setUp: library, run: (_, store) => store!.save(snapshot(3)) },
  { name: 'clear all', setUp: library, run: (_, store) => store!.clearAll() },
  {
    name: 'migration v1 to v2',
    async setUp(name) {
      const old = await openDB(name, 1, {
        upgrade(database) {
          database.createObjectStore('documents', { keyPath: 'id' });
          database.createObjectStore('meta');
          database.createObjectStore('snapshot');
        },
      });
      for (const id of ['alpha', 'beta', 'gamma']) await old.put('documents', await record(id));
      await old.put('meta', 3, 'generation');
      old.close();
      return undefined;
    },
    run: (name) => openStore(name),
  },
];

/** Runs `operation` with request `at` failing in `mode`; returns the states before, after a clean run, and after the fault. */
async function sweepOnce(operation: Operation, at: number, mode: FaultMode) {
  const clean = uniqueName();
  const cleanStore = await operation.setUp(clean);
  const before = await readState(clean);
  await operation.run(clean, cleanStore);
  cleanStore?.close();
  const after = await readState(clean);
  const faulty = uniqueName();
  const store = await operation.setUp(faulty);
  fault = injectFault(at, mode);
  await operation.run(faulty, store).catch(() => undefined);
  const fired = fault.fired;
  fault.restore();
  fault = undefined;
  store?.close();
  return { before, after, faulted: await readState(faulty), fired };
}

async function requestsOf(operation: Operation): Promise<number> {
  const name = uniqueName();
  const store = await operation.setUp(name);
  fault = injectFault(0, 'count');
  await operation.run(name, store);
  const count = fault.requests;
  fault.restore();
  fault = undefined;
  store?.close();
  return count;
}

describe('ST-03: a fault at any IndexedDB request leaves the library before or after, never a mix', () => {
  for (const operation of OPERATIONS) {
    it(`${operation.name}: every request N = 1..K failed by throwing and by aborting`, async () => {
      const total = await requestsOf(operation);
      expect(total).toBeGreaterThan(0);
      for (const mode of ['throw', 'abort'] as const) {
        for (let at = 1; at <= total; at++) {
          const { before, after, faulted, fired } = await sweepOnce(operation, at, mode);
          expect(fired, `${mode} at ${at} of ${total}`).toBe(true);
          expect([before, after], `${operation.name}: ${mode} at request ${at} of ${total}`).toContainEqual(faulted);
          expectConsistent(faulted);
        }
      }
      // And the library still opens (and migrates) cleanly afterwards.
      const name = uniqueName();
      await operation.setUp(name).then((store) => store?.close());
      const store = await openStore(name);
      expect((await store.readDocuments()).length).toBeGreaterThan(0);
    });
  }

  it('seeded random sequences: a fault at a random request keeps the library whole (fast-check, seed 2026)', async () => {
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('write' as const),
        id: fc.constantFrom('a', 'b', 'c'),
        revision: fc.constantFrom('1', '2', '3'),
      }),
      fc.record({ kind: fc.constant('delete' as const), id: fc.constantFrom('a', 'b', 'c') }),
      fc.record({ kind: fc.constant('save' as const), words: fc.integer({ min: 0, max: 40 }) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom<FaultMode>('throw', 'abort'),
        async (steps, at, mode) => {
          const name = uniqueName();
          const store = await openStore(name);
          const injected = injectFault(at, mode);
          fault = injected;
          const model = new Map<string, string>();
          for (const item of steps) {
            const before = await injected.pause(() => readState(name));
            try {
              if (item.kind === 'write') await store.writeDocument(await record(item.id, item.revision));
              else if (item.kind === 'delete') await store.deleteDocument(item.id);
              else await store.save(snapshot(item.words));
            } catch {
              expect(await injected.pause(() => readState(name))).toEqual(before);
              continue;
            }
            if (item.kind === 'write') model.set(item.id, item.revision);
            if (item.kind === 'delete') model.delete(item.id);
          }
          injected.restore();
          fault = undefined;
          const state = await readState(name);
          expectConsistent(state);
          expect(state.documents.map((item) => item.split(':')[0])).toEqual(
            [...model].map(([id, revision]) => `${id}@${revision}`).sort(),
          );
        },
      ),
      { seed: 2026, numRuns: 60 },
    );
  });
});

const publicView = { viewer: 'public', mode: 'hybrid', topK: 6 } as const;

describe('ST-03 through the library service: ingest and remove', () => {
  async function ids(service: LibraryService): Promise<string[]> {
    return service.state().documents.map((item) => item.id);
  }

  for (const action of ['ingest', 'remove'] as const) {
    it(`${action}: at every failing request, the page's library equals the stored one, before or after`, async () => {
      const setUp = async (name: string) => {
        const service = await LibraryService.open({ name });
        await service.ingest([manual()]);
        return service;
      };
      const act = (service: LibraryService) =>
        action === 'ingest' ? service.ingest([serviceNote()]) : service.remove('kettle-manual');
      const countName = uniqueName();
      const counting = await setUp(countName);
      fault = injectFault(0, 'count');
      await act(counting);
      const total = fault.requests;
      fault.restore();
      fault = undefined;
      const before = ['kettle-manual'];
      const after = action === 'ingest' ? ['kettle-manual', 'kettle-service'] : [];
      for (const mode of ['throw', 'abort'] as const) {
        for (let at = 1; at <= total; at++) {
          const name = uniqueName();
          const service = await setUp(name);
          fault = injectFault(at, mode);
          await act(service).catch(() => undefined);
          fault.restore();
          fault = undefined;
          const live = await ids(service);
          const reopened = await LibraryService.open({ name });
          const stored = await ids(reopened);
          expect([before, after], `${action}: ${mode} at ${at} of ${total}`).toContainEqual(stored);
          expect(live, `${action}: ${mode} at ${at}: the page shows what is stored`).toEqual(stored);
          expect(reopened.state().embeddedThisSession).toBe(0);
          const answer = await reopened.ask('How long is the KT-100 warranty?', publicView);
          for (const item of answer.result.retrieved) expect(stored).toContain(item.passage.docId);
        }
      }
    });
  }
});

describe('ST-03 through the library service: a pack import that fails half-way', () => {
  const QUESTIONS = ['How long is the KT-100 warranty?', 'How do I reset the thermostat?', 'How fast does it boil?'];

  /** A pack of a newer manual, the service note and the forum post, made in memory. */
  async function pack(): Promise<ArrayBuffer> {
    const source = await LibraryService.open({ memoryOnly: true });
    await source.ingest([manual(36), serviceNote(), injected()]);
    const { bytes } = await source.exportPack('staff');
    return bytes.slice().buffer as ArrayBuffer;
  }

  async function storedIds(name: string): Promise<string[]> {
    const store = await openStore(name);
    const ids = (await store.readDocuments()).map((item) => item.id).sort();
    store.close();
    return ids;
  }

  /** What a viewer finds, question by question. */
  async function found(service: LibraryService): Promise<string[][]> {
    const all: string[][] = [];
    for (const question of QUESTIONS) {
      const outcome = await service.ask(question, { viewer: 'staff', mode: 'hybrid', topK: 6 });
      all.push(outcome.result.retrieved.map((item) => `${item.passage.cite}:${item.passage.text}`));
    }
    return all;
  }

  /** After the failed import and a later save: searchable now and after a reopen equals what is stored. */
  async function expectSearchableIsStored(name: string, service: LibraryService, what: string) {
    await service.saveIndex();
    const stored = await storedIds(name);
    const live = service
      .state()
      .documents.map((item) => item.id)
      .sort();
    expect(live, `${what}: the page shows what is stored`).toEqual(stored);
    const reopened = await LibraryService.open({ name });
    expect(
      reopened
        .state()
        .documents.map((item) => item.id)
        .sort(),
      `${what}: after a reopen`,
    ).toEqual(stored);
    expect(await found(service), `${what}: answers now and after a reopen`).toEqual(await found(reopened));
  }

  it('storage full at the manual: it throws "storage full", and what is searchable is what is stored', async () => {
    const bytes = await pack();
    const name = uniqueName();
    const service = await LibraryService.open({ name });
    await service.ingest([manual()]);
    const put = IDBObjectStore.prototype.put;
    const spy = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      value: unknown,
      key?: IDBValidKey,
    ) {
      if (this.name === 'documents' && (value as { id?: string }).id === 'kettle-manual') {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      return put.call(this, value, key);
    });
    await expect(service.importPack('kettle.footnote', bytes)).rejects.toThrow(
      /kettle-manual\.md: failed: storage full/,
    );
    spy.mockRestore();
    expect(service.state().storage.notice?.kind).toBe('full');
    await expectSearchableIsStored(name, service, 'quota');
    // The old manual is back (24 months), not the pack's unsaved one (36).
    const warranty = await service.ask('How long is the KT-100 warranty?', publicView);
    expect(warranty.result.retrieved[0]?.passage.text).toMatch(/24 months/);
  });

  it('at every failing request: what is searchable, now and after a reopen, is what is stored', async () => {
    const bytes = await pack();
    const setUp = async (name: string) => {
      const service = await LibraryService.open({ name });
      await service.ingest([manual()]);
      return service;
    };
    const counting = await setUp(uniqueName());
    fault = injectFault(0, 'count');
    await counting.importPack('kettle.footnote', bytes);
    const total = fault.requests;
    fault.restore();
    fault = undefined;
    for (const mode of ['throw', 'abort'] as const) {
      for (let at = 1; at <= total; at++) {
        const name = uniqueName();
        const service = await setUp(name);
        fault = injectFault(at, mode);
        await service.importPack('kettle.footnote', bytes).catch(() => undefined);
        fault.restore();
        fault = undefined;
        await expectSearchableIsStored(name, service, `${mode} at ${at} of ${total}`);
      }
    }
  });
});
