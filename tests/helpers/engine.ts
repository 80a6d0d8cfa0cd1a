/**
 * Test helpers: an engine with the real hashing embedder, indexed from in-memory files.
 */
import { HashingEmbedder } from '../../src/core/embed/hashing-embedder.js';
import { ExtractiveGenerator } from '../../src/core/generate/extractive-generator.js';
import { createEngine, type Engine, type EngineDependencies } from '../../src/core/pipeline/engine.js';
import { ingestDocuments } from '../../src/core/pipeline/ingest-documents.js';
import { parseFile } from './documents.js';

/** An engine indexed from `files` (name → content). */
export async function engineWith(
  files: Record<string, string>,
  dependencies: Partial<EngineDependencies> = {},
): Promise<Engine> {
  const engine = createEngine({
    embedder: new HashingEmbedder(),
    generator: new ExtractiveGenerator(),
    ...dependencies,
  });
  const documents = await Promise.all(Object.entries(files).map(([name, content]) => parseFile(name, content)));
  const report = await ingestDocuments(engine, documents);
  if (report.failed.length > 0) throw new Error(report.failed.map((failure) => failure.message).join('; '));
  return engine;
}
