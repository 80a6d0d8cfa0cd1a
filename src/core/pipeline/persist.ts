/**
 * Saving and restoring the engine's index through an `IndexStore`, guarded by the buster: an
 * index saved under another embedder, dimension, chunker or schema is never reused.
 */
import { deserializeIndex, serializeIndex, type IndexSnapshot } from '../index/serialize.js';
import type { CallOptions, IndexBuster, IndexStore } from '../ports.js';
import { engineBuster, type Engine } from './engine.js';

/** Why a saved index was or was not restored. */
export type RestoreOutcome = 'restored' | 'empty' | 'stale';

/** Saves the engine's index. */
export async function saveIndex(engine: Engine, store: IndexStore, options?: CallOptions): Promise<void> {
  await store.save({ buster: engineBuster(engine), payload: serializeIndex(engine.index) }, options);
}

/** Restores a saved index into the engine when its buster matches; `stale` means re-index. */
export async function restoreIndex(engine: Engine, store: IndexStore, options?: CallOptions): Promise<RestoreOutcome> {
  const stored = await store.load(options);
  if (!stored) return 'empty';
  if (!stored.buster || !sameBuster(stored.buster, engineBuster(engine))) return 'stale';
  try {
    engine.index = deserializeIndex(stored.payload as IndexSnapshot);
  } catch {
    // A damaged or foreign snapshot means re-index, never a crash.
    return 'stale';
  }
  return 'restored';
}

/** True when two busters describe the same embedder, dimensions, chunker and schema. */
export function sameBuster(a: IndexBuster, b: IndexBuster): boolean {
  return (
    a.embedderId === b.embedderId &&
    a.dimensions === b.dimensions &&
    a.chunkerVersion === b.chunkerVersion &&
    a.schemaVersion === b.schemaVersion
  );
}
