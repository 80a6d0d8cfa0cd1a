/**
 * An `IndexStore` on a file, written with Node's structured serialisation (typed arrays kept
 * compact). Writes go to a temporary file that is renamed into place, so a crash mid-write
 * leaves the previous index intact.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { IndexStore, StoredIndex } from '../../core/ports.js';

/** Stores the index in `path`. */
export class FileIndexStore implements IndexStore {
  constructor(private readonly path: string) {}

  async load(): Promise<StoredIndex | undefined> {
    let bytes: Buffer;
    try {
      bytes = await readFile(this.path);
    } catch {
      return undefined;
    }
    try {
      return deserialize(bytes) as StoredIndex;
    } catch {
      return undefined;
    }
  }

  async save(index: StoredIndex): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.${process.pid}.tmp`;
    await writeFile(temporary, serialize(index));
    await rename(temporary, this.path);
  }

  async clear(): Promise<void> {
    await rm(this.path, { force: true });
  }
}
