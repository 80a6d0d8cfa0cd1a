/**
 * The library in memory, for browsers where IndexedDB cannot be used (private modes, blocked
 * storage). Same contract as the IndexedDB store; nothing survives the tab.
 */
import type { StoredIndex } from '../../core/ports.js';
import { estimateCloneBytes } from './clone-bytes.js';
import { factsOf, recordBytes, type DocumentFacts, type DocumentRecord, type LibraryStore } from './library-store.js';

/** A `LibraryStore` in a Map. */
export class MemoryLibraryStore implements LibraryStore {
  readonly kind = 'memory' as const;
  private readonly records = new Map<string, DocumentRecord>();
  private generation = 0;
  private snapshot: { generation: number; stored: StoredIndex } | undefined;

  async readDocuments(): Promise<DocumentRecord[]> {
    return [...this.records.values()];
  }

  async readDocumentsToRebuild(): Promise<DocumentRecord[]> {
    return this.readDocuments();
  }

  async readDocument(id: string): Promise<DocumentRecord | undefined> {
    return this.records.get(id);
  }

  async readFacts(): Promise<DocumentFacts[]> {
    return [...this.records.values()].map((record) => factsOf(record.source));
  }

  async writeDocument(record: DocumentRecord): Promise<void> {
    this.records.set(record.id, record);
    this.generation += 1;
  }

  async deleteDocument(id: string): Promise<void> {
    this.records.delete(id);
    this.generation += 1;
  }

  async load(): Promise<StoredIndex | undefined> {
    return this.snapshot?.generation === this.generation ? this.snapshot.stored : undefined;
  }

  async save(stored: StoredIndex): Promise<void> {
    this.snapshot = { generation: this.generation, stored };
  }

  async clear(): Promise<void> {
    this.snapshot = undefined;
  }

  async clearAll(): Promise<void> {
    this.records.clear();
    this.snapshot = undefined;
    this.generation += 1;
  }

  async estimateBytes(): Promise<number> {
    let sum = estimateCloneBytes(this.snapshot);
    for (const record of this.records.values()) sum += recordBytes(record);
    return sum;
  }

  close(): void {}
}
