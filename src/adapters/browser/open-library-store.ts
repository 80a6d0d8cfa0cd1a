/**
 * Opens the library's storage: IndexedDB where the browser allows it, memory otherwise (with the
 * reason, so the page can say the library will not be saved).
 */
import { openIdbLibraryStore, type StoreEvents } from './idb-library-store.js';
import type { LibraryStore } from './library-store.js';
import { MemoryLibraryStore } from './memory-library-store.js';

/** The store opened, and why it is memory-only when it is. */
export interface OpenedStore {
  store: LibraryStore;
  reason?: string;
}

/** Options of `openLibraryStore`. */
export interface OpenStoreOptions extends StoreEvents {
  name?: string;
  /** Skip IndexedDB (tests, or a person who asked for nothing to be stored). */
  memoryOnly?: boolean;
}

/** Opens IndexedDB, falling back to memory when it is missing or refuses to open. */
export async function openLibraryStore(options: OpenStoreOptions = {}): Promise<OpenedStore> {
  if (options.memoryOnly) return { store: new MemoryLibraryStore(), reason: 'Storage is turned off.' };
  if (typeof indexedDB === 'undefined' || indexedDB === null) {
    return { store: new MemoryLibraryStore(), reason: 'This browser offers no IndexedDB here.' };
  }
  try {
    return { store: await openIdbLibraryStore(options.name, options) };
  } catch (error) {
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { store: new MemoryLibraryStore(), reason: `IndexedDB could not be opened (${detail.slice(0, 160)}).` };
  }
}
