/**
 * The library in IndexedDB (through `idb`). Each document is written in ONE readwrite
 * transaction with `durability: 'strict'` that also bumps the generation, so a tab closed
 * mid-ingest leaves every document either fully there or absent. The saved index is a cache
 * tagged with the generation it was built from; `load` hides a cache older than the records.
 * Version 2 adds each document's small facts (format, byte hash, warnings) beside its record,
 * written in the same transaction, so that opening the library never reads vectors.
 */
import { openDB, type DBSchema, type IDBPDatabase, type IDBPObjectStore } from 'idb';
import type { StoredIndex } from '../../core/ports.js';
import { estimateCloneBytes } from './clone-bytes.js';
import { factsOf, recordBytes, type DocumentFacts, type DocumentRecord, type LibraryStore } from './library-store.js';

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
  snapshot: { key: string; value: { generation: number; stored: StoredIndex } };
}

/** Callbacks for connection events the page should hear about. */
export interface StoreEvents {
  /** Another tab opened a newer version, or the browser closed the connection. */
  onLost?: (reason: string) => void;
}

/** Opens (creating if needed) the library database. Throws where IndexedDB is unusable. */
export async function openIdbLibraryStore(name = DATABASE_NAME, events: StoreEvents = {}): Promise<LibraryStore> {
  const db = await openDB<LibrarySchema>(name, VERSION, {
    async upgrade(database, oldVersion, _newVersion, transaction) {
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
    },
    blocking() {
      db.close();
      events.onLost?.('A newer version of Footnote was opened in another tab. Reload this tab.');
    },
    terminated() {
      events.onLost?.('The browser closed the library storage (site data cleared?). Reload the page.');
    },
  });
  const store = new IdbLibraryStore(db);
  await store.readGeneration();
  return store;
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

  constructor(private readonly db: IDBPDatabase<LibrarySchema>) {}

  /** Starts from the generation stored now (an empty index mirrors nothing yet; restoring sets it). */
  async readGeneration(): Promise<void> {
    this.known = (await this.db.get('meta', GENERATION)) ?? 0;
  }

  async readDocuments(): Promise<DocumentRecord[]> {
    const transaction = this.db.transaction(['documents', 'meta'], 'readonly');
    const [records, generation] = await Promise.all([
      transaction.objectStore('documents').getAll(),
      transaction.objectStore('meta').get(GENERATION),
    ]);
    await transaction.done;
    this.known = generation ?? 0;
    return records;
  }

  async readDocument(id: string): Promise<DocumentRecord | undefined> {
    return this.db.get('documents', id);
  }

  async readFacts(): Promise<DocumentFacts[]> {
    return this.db.getAll('facts');
  }

  async writeDocument(record: DocumentRecord): Promise<void> {
    await this.change((documents, facts) => Promise.all([documents.put(record), facts.put(factsOf(record.source))]));
  }

  async deleteDocument(id: string): Promise<void> {
    await this.change((documents, facts) => Promise.all([documents.delete(id), facts.delete(id)]));
  }

  /** One document change (record and facts) and the generation bump, in one strict transaction. */
  private async change(
    edit: (documents: ChangeStore<'documents'>, facts: ChangeStore<'facts'>) => Promise<unknown>,
  ): Promise<void> {
    const transaction = this.db.transaction(['documents', 'facts', 'meta'], 'readwrite', STRICT);
    const meta = transaction.objectStore('meta');
    const generation = (await meta.get(GENERATION)) ?? 0;
    await Promise.all([
      edit(transaction.objectStore('documents'), transaction.objectStore('facts')),
      meta.put(generation + 1, GENERATION),
    ]);
    await transaction.done;
    this.known = generation === this.known ? generation + 1 : Number.NaN;
  }

  async load(): Promise<StoredIndex | undefined> {
    const transaction = this.db.transaction(['meta', 'snapshot'], 'readonly');
    const [generation, snapshot] = await Promise.all([
      transaction.objectStore('meta').get(GENERATION),
      transaction.objectStore('snapshot').get(INDEX),
    ]);
    await transaction.done;
    if (!snapshot || snapshot.generation !== (generation ?? 0)) return undefined;
    this.known = snapshot.generation;
    return snapshot.stored;
  }

  /** Saves the index tagged with the generation it mirrors; a snapshot another tab outdated never validates. */
  async save(stored: StoredIndex): Promise<void> {
    const transaction = this.db.transaction(['snapshot'], 'readwrite', STRICT);
    await transaction.objectStore('snapshot').put({ generation: this.known, stored }, INDEX);
    await transaction.done;
  }

  async clear(): Promise<void> {
    await this.db.delete('snapshot', INDEX);
  }

  async clearAll(): Promise<void> {
    const transaction = this.db.transaction(['documents', 'facts', 'meta', 'snapshot'], 'readwrite', STRICT);
    await Promise.all([
      transaction.objectStore('documents').clear(),
      transaction.objectStore('facts').clear(),
      transaction.objectStore('meta').clear(),
      transaction.objectStore('snapshot').clear(),
    ]);
    await transaction.done;
    this.known = 0;
  }

  async estimateBytes(): Promise<number> {
    const [records, snapshot] = await Promise.all([this.readDocuments(), this.db.get('snapshot', INDEX)]);
    return records.reduce((sum, record) => sum + recordBytes(record), 0) + estimateCloneBytes(snapshot);
  }

  close(): void {
    this.db.close();
  }
}
