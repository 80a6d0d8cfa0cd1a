/**
 * Opening the library's storage: at start, and again after the connection was lost under the app
 * (site data cleared, the database deleted, the browser closed it: ST-12). Opening restores the
 * library into the engine; a reopen that fails leaves the session in memory until a reload.
 */
import { createSearchIndex } from '../../core/index/search-index.js';
import type { Engine } from '../../core/pipeline/engine.js';
import { raiseNotice, type LibraryParts } from './library-parts.js';
import type { DocumentFacts, LibraryStore } from './library-store.js';
import { MemoryLibraryStore } from './memory-library-store.js';
import { openLibraryStore, type OpenStoreOptions } from './open-library-store.js';
import type { RestoreProgress, StorageInfo } from './protocol.js';
import { restoreLibrary } from './restore-library.js';

/** Opens tried, and the wait between them, when the storage is reopened after it was lost. */
const REOPEN_ATTEMPTS = 8;
const REOPEN_DELAY_MS = 250;

/** What the page is told when the storage could not be reopened after it was lost. */
export const REOPEN_FAILED_MESSAGE =
  'Your library storage could not be reopened after it was lost. Reload the page to use your library; ' +
  'until then, what you add is kept in this tab only.';

const CLEARED_MESSAGE =
  'Your library was cleared: its storage was deleted while Footnote was open. Add your files again.';

/** An opened storage, with the library restored from it. */
export interface OpenedStorage {
  store: LibraryStore;
  storage: StorageInfo;
  facts: Map<string, DocumentFacts>;
}

/** How to open the storage, and who hears how far the restore is. */
export interface StorageOptions extends OpenStoreOptions {
  onRestoreProgress?: (progress: RestoreProgress) => void;
}

/** Opens the storage and restores the library from it into `engine`; a store that fails that is closed. */
export async function openStorage(engine: Engine, options: StorageOptions): Promise<OpenedStorage> {
  const { store, reason } = await openLibraryStore(options);
  try {
    const started = performance.now();
    const restore = await restoreLibrary(engine, store, options.onRestoreProgress);
    const storage: StorageInfo = { kind: store.kind, restore, restoreMs: performance.now() - started };
    if (reason) storage.reason = reason;
    const facts = new Map((await store.readFacts()).map((item) => [item.id, item]));
    return { store, storage, facts };
  } catch (error) {
    store.close();
    throw error;
  }
}

/**
 * Opens the storage again after the connection was lost and restores what it holds, usually
 * nothing: the page is then told the library was cleared. When the records are still there,
 * they are back. Never left on the closed connection.
 */
export async function reopenStorage(parts: LibraryParts, options: StorageOptions): Promise<void> {
  parts.store.close();
  parts.engine.index = createSearchIndex(parts.engine.embedder.dimensions);
  try {
    adopt(parts, await openAgain(parts.engine, options));
    if (parts.storage.restore === 'empty') raiseNotice(parts, 'cleared', CLEARED_MESSAGE);
  } catch (error) {
    // The session goes on in memory until a reload.
    parts.engine.index = createSearchIndex(parts.engine.embedder.dimensions);
    adopt(parts, inMemory(error));
    raiseNotice(parts, 'unavailable', REOPEN_FAILED_MESSAGE);
  }
}

/** Opens the storage again; a browser clearing site data may refuse opens until it is done. */
async function openAgain(engine: Engine, options: OpenStoreOptions): Promise<OpenedStorage> {
  let attempt = 0;
  let opened = await openStorage(engine, options);
  while (opened.store.kind === 'memory' && !options.memoryOnly && ++attempt < REOPEN_ATTEMPTS) {
    await new Promise((resolve) => setTimeout(resolve, REOPEN_DELAY_MS));
    opened = await openStorage(engine, options);
  }
  return opened;
}

/** An empty library in memory, for when the storage could not be reopened. */
function inMemory(error: unknown): OpenedStorage {
  const detail = error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 160) : 'unknown error';
  return {
    store: new MemoryLibraryStore(),
    facts: new Map(),
    storage: {
      kind: 'memory',
      restore: 'empty',
      restoreMs: 0,
      reason: `The library storage could not be reopened (${detail}).`,
    },
  };
}

function adopt(parts: LibraryParts, opened: OpenedStorage): void {
  parts.store = opened.store;
  parts.storage = opened.storage;
  parts.facts = opened.facts;
}
