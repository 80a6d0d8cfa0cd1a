/**
 * The store a library service keeps private, for tests that close it under the service (as a
 * closed tab does) or make one of its writes fail. The one place that knows where it is kept.
 */
import type { LibraryService } from '../../src/adapters/browser/library-service.js';
import type { LibraryParts } from '../../src/adapters/browser/library-parts.js';
import type { LibraryStore } from '../../src/adapters/browser/library-store.js';

/** The store `service` uses now (a reopen replaces it). */
export function storeOf(service: LibraryService): LibraryStore {
  return (service as unknown as { parts: LibraryParts }).parts.store;
}
