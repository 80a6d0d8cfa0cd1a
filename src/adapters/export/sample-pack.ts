/**
 * The sample pack: `corpus/` (the Calder manuals) as a library pack, built with the default
 * hashing embedder and default settings, so that "Import sample pack" restores the sample
 * library without embedding. Deterministic: the same corpus and code give the same bytes.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HashingEmbedder } from '../../core/embed/hashing-embedder.js';
import { exportLibraryPack } from '../../core/export/library-pack.js';
import { ExtractiveGenerator } from '../../core/generate/extractive-generator.js';
import { parseDocument } from '../../core/ingest/parse-document.js';
import { createEngine, type Engine } from '../../core/pipeline/engine.js';
import { ingestDocuments } from '../../core/pipeline/ingest-documents.js';
import type { SourceDocument } from '../../core/types.js';

/**
 * The date undated sample files get: the same as the browser's "Load sample manuals"
 * (`SAMPLE_RELEASED` in `adapters/browser/sample-corpus.ts`), so both give the same library.
 */
export const SAMPLE_RELEASED = '2026-11-30';
/** The pack's recorded creation time: fixed, so the bytes depend only on the corpus and the code. */
export const SAMPLE_PACK_CREATED = `${SAMPLE_RELEASED}T00:00:00.000Z`;
/** Where the app serves the sample pack from (under `public/`). */
export const SAMPLE_PACK_PATH = 'public/sample.footnote-pack';

const SAMPLE_FILE = /\.(?:md|txt|html)$/;

/** The sample library: every `.md`, `.txt` and `.html` file of `folder`, in name order, parsed as the browser does. */
export async function loadSampleDocuments(folder: string): Promise<SourceDocument[]> {
  const names = (await readdir(folder)).filter((name) => SAMPLE_FILE.test(name)).sort((a, b) => a.localeCompare(b));
  return Promise.all(
    names.map(async (name) =>
      parseDocument({ name, bytes: new Uint8Array(await readFile(join(folder, name))), modified: SAMPLE_RELEASED }),
    ),
  );
}

/** An engine with the app's defaults, indexed from `documents`. */
export async function sampleEngine(documents: SourceDocument[]): Promise<Engine> {
  const engine = createEngine({ embedder: new HashingEmbedder(), generator: new ExtractiveGenerator() });
  const report = await ingestDocuments(engine, documents);
  if (report.failed.length > 0) throw new Error(report.failed.map((failure) => failure.message).join('; '));
  return engine;
}

/** The sample pack's bytes for the corpus in `folder`. */
export async function buildSamplePack(folder: string): Promise<Uint8Array> {
  const documents = await loadSampleDocuments(folder);
  const engine = await sampleEngine(documents);
  return exportLibraryPack(engine, {
    documents,
    title: 'Calder Home Appliances sample manuals',
    created: SAMPLE_PACK_CREATED,
    settings: { source: 'corpus/' },
  });
}
