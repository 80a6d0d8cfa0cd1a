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
    return { store: new MemoryLibraryStore(), reason: openFailure(error) };
  }
}

/**
 * Why the library could not be opened, in words a person can act on. A newer database
 * (`VersionError`, ST-09) and a failed upgrade (ST-08: the browser rolled it back, the library is
 * as it was) are named; anything else is quoted.
 */
export function openFailure(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'VersionError') {
    return 'A newer version of Footnote is open in another tab (or was used here before). Reload this tab to use your library.';
  }
  if (name === 'AbortError' || /upgrade|version change/i.test(String(error))) {
    return 'Your library could not be upgraded to this version of Footnote; it was left as it was. Reload to try again.';
  }
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return `IndexedDB could not be opened (${detail.slice(0, 160)}).`;
}
