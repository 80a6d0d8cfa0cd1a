/**
 * An in-memory `IndexStore` for tests: keeps a structured clone, as IndexedDB would.
 */
import type { IndexStore, StoredIndex } from '../../src/core/ports.js';

/** Stores one index in memory; `saves` counts writes. */
export class MemoryIndexStore implements IndexStore {
  private stored: StoredIndex | undefined;
  saves = 0;

  async load(): Promise<StoredIndex | undefined> {
    return this.stored && structuredClone(this.stored);
  }

  async save(index: StoredIndex): Promise<void> {
    this.saves++;
    this.stored = structuredClone(index);
  }

  async clear(): Promise<void> {
    this.stored = undefined;
  }
}
