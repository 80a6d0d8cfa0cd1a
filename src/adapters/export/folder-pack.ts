/**
 * A library pack of any corpus folder (a teacher's own files: Markdown, text, HTML, PDF, Word),
 * built in Node with the default hashing embedder, as `npm run pack:sample -- --corpus DIR`
 * does. Students whose app uses the same embedder restore it without embedding; others
 * re-embed it on import.
 */
import { HashingEmbedder } from '../../core/embed/hashing-embedder.js';
import { exportLibraryPack } from '../../core/export/library-pack.js';
import { ExtractiveGenerator } from '../../core/generate/extractive-generator.js';
import { createEngine } from '../../core/pipeline/engine.js';
import { ingestDocuments } from '../../core/pipeline/ingest-documents.js';
import { loadCorpus } from '../node/load-corpus.js';

/** Options of `buildFolderPack`. */
export interface FolderPackOptions {
  title?: string;
  /** Keep only what this access label may read (e.g. `public` for a class). */
  viewer?: string;
  /** ISO time to record; default now. */
  created?: string;
}

/** What was packed, and what could not be read. */
export interface FolderPack {
  bytes: Uint8Array;
  failures: { file: string; message: string }[];
}

/** Packs every readable file of `folder`; files that cannot be read are reported, not fatal. */
export async function buildFolderPack(folder: string, options: FolderPackOptions = {}): Promise<FolderPack> {
  const corpus = await loadCorpus(folder);
  const engine = createEngine({ embedder: new HashingEmbedder(), generator: new ExtractiveGenerator() });
  const report = await ingestDocuments(engine, corpus.documents);
  const indexed = corpus.documents.filter(
    (document) => engine.index.documents.get(document.id)?.contentHash === document.contentHash,
  );
  const bytes = exportLibraryPack(engine, {
    documents: indexed,
    settings: { source: folder },
    ...(options.title === undefined ? {} : { title: options.title }),
    ...(options.viewer === undefined ? {} : { viewer: options.viewer }),
    ...(options.created === undefined ? {} : { created: options.created }),
  });
  const failures = [
    ...corpus.failures.map(({ file, message }) => ({ file, message })),
    ...report.failed.map(({ sourceName, message }) => ({ file: sourceName, message })),
  ];
  return { bytes, failures };
}
