/**
 * The parts of an open library that its operations share: the engine and its counting embedder,
 * the store, what the page is told about the storage, and each document's facts. `LibraryService`
 * holds the one instance; the operations (`library-storage.ts`, `edit-document.ts`,
 * `swap-embedder.ts`, `library-packs.ts`) take it and may replace a part: a reopen replaces the
 * store, an embedder swap the engine.
 */
import type { Engine } from '../../core/pipeline/engine.js';
import { summarise } from './document-records.js';
import type { IngestContext } from './ingest-files.js';
import type { DocumentFacts, LibraryStore } from './library-store.js';
import type { ProgressEmbedder } from './progress-embedder.js';
import type { LibraryState, StorageInfo, StorageNotice } from './protocol.js';
import { STORAGE_FULL_MESSAGE } from './storage-errors.js';

/** See the module comment. */
export interface LibraryParts {
  engine: Engine;
  /** The engine's embedder, counting what it embeds. */
  embedder: ProgressEmbedder;
  store: LibraryStore;
  storage: StorageInfo;
  /** The facts of every document in the library, by id. */
  facts: Map<string, DocumentFacts>;
  /** Passages embedded by embedders used before the current one, this session. */
  embeddedBefore: number;
  /** Storage notices raised so far, to number them. */
  notices: number;
}

/** The library as the page shows it. */
export function libraryState(parts: LibraryParts): LibraryState {
  return {
    documents: summarise(parts.engine, parts.facts),
    storage: { ...parts.storage },
    embeddedThisSession: parts.embeddedBefore + parts.embedder.embedded,
  };
}

/**
 * Tells the page about the storage with the next notice number: dismissing a notice on the page
 * hides it, not a later one with the same words.
 */
export function raiseNotice(parts: LibraryParts, kind: StorageNotice['kind'], message: string): void {
  parts.storage.notice = { kind, message, id: ++parts.notices };
}

/** Forgets a storage notice the person has acted on (or a full storage once space was freed). */
export function settleNotice(parts: LibraryParts, kinds: readonly StorageNotice['kind'][]): void {
  if (parts.storage.notice && kinds.includes(parts.storage.notice.kind)) delete parts.storage.notice;
}

/** What ingesting needs, over the parts as they are now; a full storage raises its notice. */
export function ingestContext(parts: LibraryParts): IngestContext {
  return {
    engine: parts.engine,
    embedder: parts.embedder,
    store: parts.store,
    facts: parts.facts,
    onStorageFull: () => raiseNotice(parts, 'full', STORAGE_FULL_MESSAGE),
  };
}
