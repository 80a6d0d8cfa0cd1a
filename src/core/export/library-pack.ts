/**
 * Library packs: a whole library (documents, passages, vectors, index snapshot, embedder id and
 * settings) in one file. A teacher exports once; every student imports it, without embedding
 * when their embedder matches and with a re-embed (and a progress bar) when it does not.
 *
 * - `exportLibraryPack(engine, { documents, settings })` → the pack's bytes;
 * - `readLibraryPack(bytes)` → a checked `LibraryPack`, or a `RagError` naming the problem;
 * - `importLibraryPack(engine, pack, { onProgress, signal })` → what was restored or re-embedded.
 *
 * The file format is described in `pack-format.ts`.
 */
export { exportLibraryPack, type ExportPackOptions } from './export-library-pack.js';
export { readLibraryPack, type ReadPackOptions } from './read-library-pack.js';
export {
  importLibraryPack,
  type ImportPackOptions,
  type ImportProgress,
  type ImportReport,
} from './import-library-pack.js';
export {
  DEFAULT_PACK_LIMITS,
  PACK_ENTRIES,
  PACK_EXTENSION,
  PACK_FORMAT,
  PACK_MEDIA_TYPE,
  PACK_VERSION,
  type LibraryPack,
  type PackLimits,
  type PackManifest,
} from './pack-format.js';
export { problemOf, type ExportProblem } from './export-errors.js';
