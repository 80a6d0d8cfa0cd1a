/**
 * Snapshot size, save and load time. Size is `v8.serialize(snapshot).byteLength`: what the Node
 * `FileIndexStore` writes, and a structured clone like the one IndexedDB stores in the browser.
 * Saving and loading are separate steps so that the live index can be released in between:
 * a page that loads a saved index does not hold the index it was saved from.
 */
import { deserialize, serialize } from 'node:v8';
import type { SearchIndex } from '../src/core/index/search-index.js';
import { deserializeIndex, serializeIndex, type IndexSnapshot } from '../src/core/index/serialize.js';
import type { Embedder } from '../src/core/ports.js';
import { timed } from './latency.js';
import type { MemoryTracker } from './memory-tracker.js';
import { retrieveWithMode, type QueryCase } from './measure-queries.js';

/** A saved index: its bytes, how long saving took, and the check query's top hit before saving. */
export interface SavedSnapshot {
  bytes: Uint8Array;
  serializeIndexMs: number;
  v8SerializeMs: number;
  topHitBefore: string | undefined;
}

/** Snapshot numbers; save = `serializeIndex` + `v8.serialize`, load = `v8.deserialize` + `deserializeIndex`. */
export interface SnapshotResult {
  bytes: number;
  saveMs: number;
  loadMs: number;
  serializeIndexMs: number;
  v8SerializeMs: number;
  v8DeserializeMs: number;
  deserializeIndexMs: number;
  /** The check query's top hybrid hit is the same passage before and after the round trip. */
  sameTopHitAfterLoad: boolean;
}

/** Saves the index to bytes, sampling memory while the index, the snapshot and the bytes are all alive. */
export async function saveSnapshot(
  index: SearchIndex,
  embedder: Embedder,
  check: QueryCase,
  memory: MemoryTracker,
): Promise<SavedSnapshot> {
  const before = await retrieveWithMode(index, embedder, check, 'hybrid');
  const snapshot = await timed(() => serializeIndex(index));
  const bytes = await timed(() => serialize(snapshot.result));
  memory.sample('snapshot saved');
  return {
    bytes: bytes.result,
    serializeIndexMs: snapshot.milliseconds,
    v8SerializeMs: bytes.milliseconds,
    topHitBefore: before.passages[0]?.passage.cite,
  };
}

/** Loads the saved bytes into a new index and checks the check query's top hit. */
export async function loadSnapshot(
  saved: SavedSnapshot,
  embedder: Embedder,
  check: QueryCase,
  memory: MemoryTracker,
): Promise<SnapshotResult> {
  const restored = await timed(() => deserialize(saved.bytes) as IndexSnapshot);
  const loaded = await timed(() => deserializeIndex(restored.result));
  memory.sample('snapshot loaded');
  const after = await retrieveWithMode(loaded.result, embedder, check, 'hybrid');
  return {
    bytes: saved.bytes.byteLength,
    saveMs: saved.serializeIndexMs + saved.v8SerializeMs,
    loadMs: restored.milliseconds + loaded.milliseconds,
    serializeIndexMs: saved.serializeIndexMs,
    v8SerializeMs: saved.v8SerializeMs,
    v8DeserializeMs: restored.milliseconds,
    deserializeIndexMs: loaded.milliseconds,
    sameTopHitAfterLoad: saved.topHitBefore !== undefined && saved.topHitBefore === after.passages[0]?.passage.cite,
  };
}
