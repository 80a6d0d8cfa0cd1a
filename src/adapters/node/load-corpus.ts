/**
 * Reads a corpus folder (FORMATS §1) from the file system: every supported file, recursively,
 * parsed with the core's parsers. Files that cannot be read are reported, not fatal.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { RagError } from '../../core/errors.js';
import { isSupportedFile, parseDocument } from '../../core/ingest/parse-document.js';
import type { SourceDocument } from '../../core/types.js';

/** What loading a corpus folder produced. */
export interface LoadedCorpus {
  documents: SourceDocument[];
  /** Files that failed, with a message naming the file and the problem. */
  failures: { file: string; message: string }[];
  /** Files skipped because no parser reads their type. */
  skipped: string[];
}

async function listFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Loads every document of `folder`; throws only when the folder itself is missing or yields nothing. */
export async function loadCorpus(folder: string): Promise<LoadedCorpus> {
  const info = await stat(folder).catch(() => undefined);
  if (!info?.isDirectory()) throw new RagError('CORPUS_NOT_FOUND', { path: folder });
  const corpus: LoadedCorpus = { documents: [], failures: [], skipped: [] };
  for (const path of await listFiles(folder)) {
    const name = relative(folder, path);
    if (!isSupportedFile(name)) {
      corpus.skipped.push(name);
      continue;
    }
    try {
      const [bytes, fileInfo] = await Promise.all([readFile(path), stat(path)]);
      const document = await parseDocument({
        name,
        bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        modified: fileInfo.mtime.toISOString(),
      });
      corpus.documents.push(document);
    } catch (error) {
      corpus.failures.push({ file: name, message: error instanceof Error ? error.message : String(error) });
    }
  }
  if (corpus.documents.length === 0) {
    const detail = corpus.failures[0]?.message ?? `${corpus.skipped.length} unsupported file(s)`;
    throw new RagError('CORPUS_EMPTY', { path: folder, detail });
  }
  return corpus;
}
