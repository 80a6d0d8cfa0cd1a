/**
 * The library in IndexedDB (through `idb`). Each document is written in ONE readwrite
 * transaction with `durability: 'strict'` that also bumps the generation, so a tab closed
 * mid-ingest leaves every document either fully there or absent. The saved index is a cache
 * tagged with the generation it was built from; `load` hides a cache older than the records.
 * Version 2 adds each document's small facts (format, byte hash, warnings) beside its record,
 * written in the same transaction, so that opening the library never reads vectors. The saved
 * index is kept in segments (`snapshot-segments.ts`) under a head with their hash; a head that
 * does not check out, or a value the browser cannot read back, only means a rebuild.
 * Connection events (another tab upgrading, the database deleted or closed under the app) are
 * handed to `StoreEvents` with a sentence for the page.
 */
import { openDB, type DBSchema, type IDBPDatabase, type IDBPObjectStore, type IDBPTransaction } from 'idb';
import type { StoredIndex } from '../../core/ports.js';
import { estimateCloneBytes } from './clone-bytes.js';
import { factsOf, recordBytes, type DocumentFacts, type DocumentRecord, type LibraryStore } from './library-store.js';
import type { StorageLossCause } from './protocol.js';
import {
  decodeSnapshot,
  encodeSnapshot,
  joinSegments,
  SEGMENT_BYTES,
  sha256Hex,
  splitSegments,
  type SnapshotHead,
} from './snapshot-segments.js';

/** The database name the app uses. */
export const DATABASE_NAME = 'footnote-library';
const VERSION = 2;
const GENERATION = 'generation';
const INDEX = 'index';
const STRICT = { durability: 'strict' } as const;

interface LibrarySchema extends DBSchema {
  documents: { key: string; value: DocumentRecord };
  facts: { key: string; value: DocumentFacts };
  meta: { key: string; value: number };
  /** The head (key `index`), its segments (`index/0`, `index/1`, …), or a version-2 index kept whole. */
  snapshot: { key: string; value: SnapshotHead | LegacySnapshot | Uint8Array };
}

/** How version 2 kept the saved index: one value (still read; a value too large to read is skipped). */
interface LegacySnapshot {
  generation: number;
  stored: StoredIndex;
}

/** What the page is told when the connection is lost. */
export const LOSS_MESSAGES: Record<StorageLossCause, string> = {
  upgraded: 'Footnote was updated in another tab. Reload this tab to keep using your library.',
  deleted: 'Your library was cleared (its storage was deleted while Footnote was open). Add your files again.',
  terminated: 'Your library was cleared: the browser closed its storage (site data deleted?). Add your files again.',
};

/** What the page is told while this tab's upgrade waits for another tab. */
export const BLOCKED_MESSAGE =
  'Footnote is open in another tab with an older version of the library. Close the other Footnote tabs to continue.';

/** Callbacks for connection events the page should hear about, and the segment size. */
export interface StoreEvents {
  /** Another tab upgraded the database, it was deleted, or the browser closed the connection. */
  onLost?: (cause: StorageLossCause, message: string) => void;
  /** This tab's upgrade waits for another tab to close its connection. */
  onBlocked?: (message: string) => void;
  /** Largest saved-index segment, bytes (tests make it small). */
  segmentBytes?: number;
}

/** Opens (creating if needed) the library database. Throws where IndexedDB is unusable. */
export async function openIdbLibraryStore(name = DATABASE_NAME, events: StoreEvents = {}): Promise<LibraryStore> {
  let lost = false;
  const lose = (cause: StorageLossCause) => {
    if (lost) return;
    lost = true;
    events.onLost?.(cause, LOSS_MESSAGES[cause]);
  };
  const db = await openDB<LibrarySchema>(name, VERSION, {
    async upgrade(database, oldVersion, _newVersion, transaction) {
      // idb does not wait on this function: a step that fails must abort the version change
      // itself, so that the database stays at its old version with its data (ST-08).
      quiet(transaction);
      await upgradeSteps(database, oldVersion, transaction).catch(() => {
        try {
          transaction.abort();
        } catch {
          // The version change already failed.
        }
      });
    },
    blocked() {
      events.onBlocked?.(BLOCKED_MESSAGE);
    },
    blocking(_currentVersion, blockedVersion) {
      db.close();
      lose(blockedVersion === null ? 'deleted' : 'upgraded');
    },
    terminated() {
      lose('terminated');
    },
  });
  const store = new IdbLibraryStore(db, events.segmentBytes ?? SEGMENT_BYTES);
  await store.readGeneration();
  return store;
}

type Upgrade = IDBPTransaction<LibrarySchema, ('documents' | 'facts' | 'meta' | 'snapshot')[], 'versionchange'>;

/** Each version's step, in order (`oldVersion < k`). */
async function upgradeSteps(database: IDBPDatabase<LibrarySchema>, oldVersion: number, transaction: Upgrade) {
  if (oldVersion < 1) {
    database.createObjectStore('documents', { keyPath: 'id' });
    database.createObjectStore('meta');
    database.createObjectStore('snapshot');
  }
  if (oldVersion < 2) {
    const facts = database.createObjectStore('facts', { keyPath: 'id' });
    // Version 1 libraries: derive the facts of every stored record, in the upgrade transaction.
    let cursor = await transaction.objectStore('documents').openCursor();
    while (cursor) {
      await facts.put(factsOf(cursor.value.source));
      cursor = await cursor.continue();
    }
  }
}

type ChangeStore<Name extends 'documents' | 'facts'> = IDBPObjectStore<
  LibrarySchema,
  ['documents', 'facts', 'meta'],
  Name,
  'readwrite'
>;

class IdbLibraryStore implements LibraryStore {
  readonly kind = 'indexeddb' as const;
  /**
   * The generation this connection's index mirrors. Another tab writing in between makes it
   * NaN: from then on this tab's snapshots never validate, and the next start rebuilds from the
   * records (which every tab writes whole).
   */
  private known = Number.NaN;

  constructor(
    private readonly db: IDBPDatabase<LibrarySchema>,
    private readonly segmentBytes: number,
  ) {}

  /** Starts from the generation stored now (an empty index mirrors nothing yet; restoring sets it). */
  async readGeneration(): Promise<void> {
    const transaction = quiet(this.db.transaction('meta', 'readonly'));
    const generation = await transaction.store.get(GENERATION);
    await transaction.done;
    this.known = generation ?? 0;
  }

  async readDocuments(): Promise<DocumentRecord[]> {
    const transaction = quiet(this.db.transaction('documents', 'readonly'));
    const records = await transaction.store.getAll();
    await transaction.done;
    return records;
  }

  /**
   * The records and, with them, their generation as the one this connection's index mirrors: only
   * for rebuilding the index from exactly these records. A plain read (an export, an estimate)
   * must not, or an index another tab outdated would be saved as current.
   */
  async readDocumentsToRebuild(): Promise<DocumentRecord[]> {
    const transaction = quiet(this.db.transaction(['documents', 'meta'], 'readonly'));
    const records = await transaction.objectStore('documents').getAll();
    const generation = await transaction.objectStore('meta').get(GENERATION);
    await transaction.done;
    this.known = generation ?? 0;
    return records;
  }

  async readDocument(id: string): Promise<DocumentRecord | undefined> {
    const transaction = quiet(this.db.transaction('documents', 'readonly'));
    const record = await transaction.store.get(id);
    await transaction.done;
    return record;
  }

  async readFacts(): Promise<DocumentFacts[]> {
    const transaction = quiet(this.db.transaction('facts', 'readonly'));
    const facts = await transaction.store.getAll();
    await transaction.done;
    return facts;
  }

  async writeDocument(record: DocumentRecord): Promise<void> {
    await this.change((documents, facts) =>
      requests(
        () => documents.put(record),
        () => facts.put(factsOf(record.source)),
      ),
    );
  }

  async deleteDocument(id: string): Promise<void> {
    await this.change((documents, facts) =>
      requests(
        () => documents.delete(id),
        () => facts.delete(id),
      ),
    );
  }

  /** One document change (record and facts) and the generation bump, in one strict transaction. */
  private async change(
    edit: (documents: ChangeStore<'documents'>, facts: ChangeStore<'facts'>) => Promise<unknown>,
  ): Promise<void> {
    const transaction = quiet(this.db.transaction(['documents', 'facts', 'meta'], 'readwrite', STRICT));
    const meta = transaction.objectStore('meta');
    const generation = await allOrNothing(transaction, async () => {
      const current = (await meta.get(GENERATION)) ?? 0;
      await requests(
        () => edit(transaction.objectStore('documents'), transaction.objectStore('facts')),
        () => meta.put(current + 1, GENERATION),
      );
      return current;
    });
    await transaction.done;
    this.known = generation === this.known ? generation + 1 : Number.NaN;
  }

  /**
   * The saved index when it mirrors the records' generation and its segments check out (count,
   * length, SHA-256, decoding); otherwise undefined, and the library is rebuilt from the records.
   */
  async load(): Promise<StoredIndex | undefined> {
    const read = await this.readSnapshot().catch(() => undefined);
    if (!read) return undefined;
    const { generation, head, segments } = read;
    if (!head || head.generation !== generation) return undefined;
    if (!('format' in head)) {
      this.known = head.generation;
      return head.stored;
    }
    if (segments.length !== head.segments || segments.some((segment) => !(segment instanceof Uint8Array))) {
      return undefined;
    }
    const bytes = joinSegments(segments as Uint8Array[]);
    if (bytes.length !== head.bytes || (await sha256Hex(bytes)) !== head.sha256) return undefined;
    let stored: StoredIndex;
    try {
      stored = decodeSnapshot(bytes);
    } catch {
      return undefined;
    }
    this.known = head.generation;
    return stored;
  }

  private async readSnapshot() {
    const transaction = quiet(this.db.transaction(['meta', 'snapshot'], 'readonly'));
    const snapshots = transaction.objectStore('snapshot');
    const generation = (await transaction.objectStore('meta').get(GENERATION)) ?? 0;
    const value = await snapshots.get(INDEX);
    const head = value instanceof Uint8Array ? undefined : value;
    // A stale head is discarded without reading its segments (up to the whole index).
    const count = head && 'format' in head && head.generation === generation ? head.segments : 0;
    const segments: unknown[] = [];
    for (let at = 0; at < count; at++) segments.push(await snapshots.get(segmentKey(at)));
    await transaction.done;
    return { generation, head, segments };
  }

  /**
   * Saves the index in segments tagged with the generation it mirrors; one another tab outdated
   * never validates, so it is not written at all: the stale snapshot is dropped instead, and the
   * next start rebuilds from the records.
   */
  async save(stored: StoredIndex): Promise<void> {
    if (Number.isNaN(this.known)) return this.clear();
    const bytes = encodeSnapshot(stored);
    const segments = splitSegments(bytes, this.segmentBytes);
    const head: SnapshotHead = {
      format: 'segments-v1',
      generation: this.known,
      segments: segments.length,
      bytes: bytes.length,
      sha256: await sha256Hex(bytes),
    };
    const transaction = quiet(this.db.transaction(['snapshot'], 'readwrite', STRICT));
    const snapshots = transaction.objectStore('snapshot');
    await allOrNothing(transaction, () =>
      requests(
        () => snapshots.clear(),
        () => snapshots.put(head, INDEX),
        ...segments.map((segment, at) => () => snapshots.put(segment, segmentKey(at))),
      ),
    );
    await transaction.done;
  }

  async clear(): Promise<void> {
    const transaction = quiet(this.db.transaction('snapshot', 'readwrite', STRICT));
    await allOrNothing(transaction, () => transaction.store.clear());
    await transaction.done;
  }

  /**
   * Removes records, facts and the saved index, and bumps the generation rather than resetting it:
   * from 0 again, a snapshot another tab saved at a low generation could match a later library.
   */
  async clearAll(): Promise<void> {
    const transaction = quiet(this.db.transaction(['documents', 'facts', 'meta', 'snapshot'], 'readwrite', STRICT));
    const meta = transaction.objectStore('meta');
    const generation = await allOrNothing(transaction, async () => {
      const current = (await meta.get(GENERATION)) ?? 0;
      await requests(
        () => transaction.objectStore('documents').clear(),
        () => transaction.objectStore('facts').clear(),
        () => meta.put(current + 1, GENERATION),
        () => transaction.objectStore('snapshot').clear(),
      );
      return current + 1;
    });
    await transaction.done;
    // The library is empty now, and so is the index of a cleared library.
    this.known = generation;
  }

  async estimateBytes(): Promise<number> {
    const records = await this.readDocuments();
    const transaction = quiet(this.db.transaction('snapshot', 'readonly'));
    const snapshot = await transaction.store.getAll();
    await transaction.done;
    return records.reduce((sum, record) => sum + recordBytes(record), 0) + estimateCloneBytes(snapshot);
  }

  close(): void {
    this.db.close();
  }
}

function segmentKey(at: number): string {
  return `${INDEX}/${at}`;
}

/**
 * Runs a transaction's requests; when one throws (a value that cannot be cloned, a request the
 * browser refuses) the transaction is aborted, so none of the others commit on their own.
 */
async function allOrNothing<T>(transaction: { abort(): void; done: Promise<void> }, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    try {
      transaction.abort();
    } catch {
      // Already finished or aborted by the browser.
    }
    throw error;
  }
}

/**
 * Marks a transaction's `done` as handled: when it aborts, the failure reaches the caller through
 * the request that failed (and `await transaction.done`), never as an unhandled rejection.
 */
function quiet<T extends { done: Promise<void> }>(transaction: T): T {
  transaction.done.catch(() => undefined);
  return transaction;
}

/**
 * Issues requests in order and waits for them all. When one throws as it is issued, the ones
 * already issued (which the abort then fails) are not left as unhandled rejections.
 */
function requests(...issue: (() => Promise<unknown>)[]): Promise<unknown[]> {
  const issued: Promise<unknown>[] = [];
  for (const next of issue) {
    try {
      const request = next();
      request.catch(() => undefined);
      issued.push(request);
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return Promise.all(issued);
}
