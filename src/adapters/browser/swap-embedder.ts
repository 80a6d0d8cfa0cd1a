/**
 * Using another embedder: every document is re-embedded from its stored text into a new index
 * (the buster changed), and only when all are done are the records written and the engine
 * replaced. Stopped or failed, nothing changes. The same embedder again changes nothing.
 */
import { createEngine, engineBuster } from '../../core/pipeline/engine.js';
import { saveIndex, sameBuster } from '../../core/pipeline/persist.js';
import type { AbortSignalLike, Embedder } from '../../core/ports.js';
import type { LibraryParts } from './library-parts.js';
import type { ReembedProgress } from './models/model-settings.js';
import { ProgressEmbedder } from './progress-embedder.js';
import { reembedLibrary } from './restore-library.js';

/** Options of `swapEmbedder`. */
export interface ReembedOptions {
  signal?: AbortSignalLike;
  onProgress?: (progress: ReembedProgress) => void;
}

/** Re-embeds the library with `inner` and makes it the engine's embedder; see the module comment. */
export async function swapEmbedder(parts: LibraryParts, inner: Embedder, options: ReembedOptions = {}): Promise<void> {
  const before = parts.engine;
  const embedder = new ProgressEmbedder(inner);
  const engine = createEngine({
    embedder,
    generator: before.generator,
    clock: () => performance.now(),
    ...(before.reranker ? { reranker: before.reranker } : {}),
    ...(before.judge ? { judge: before.judge } : {}),
  });
  if (sameBuster(engineBuster(engine), engineBuster(before))) return;
  const fresh = await reembedLibrary(engine, parts.store, options);
  for (const record of fresh) await parts.store.writeDocument(record);
  await saveIndex(engine, parts.store).catch(() => undefined);
  parts.embeddedBefore += parts.embedder.embedded;
  parts.engine = engine;
  parts.embedder = embedder;
}
