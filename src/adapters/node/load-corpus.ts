/**
 * Reads a corpus folder (docs/formats.md §1) from the file system: every supported file,
 * recursively. Sizes are checked before a file is read; PDF and Word files are parsed in a
 * supervised worker thread, text formats in this one, all through the parse wrapper. Files that
 * cannot be read are reported, not fatal; a file with the same bytes as one already loaded is
 * skipped.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { RagError, type ErrorCode } from '../../core/errors.js';
import { checkFileSize, DEFAULT_SIZE_LIMITS, type SizeLimits } from '../../core/ingest/limits.js';
import { extensionOf, isSupportedFile } from '../../core/ingest/parse-document.js';
import { parseSafely, toParseFailure, type ParseResult } from '../../core/ingest/parse-safely.js';
import type { DocumentParser, ParserInput } from '../../core/ports.js';
import type { SourceDocument } from '../../core/types.js';
import { createNodeParsers } from './node-parsers.js';
import { ParseSupervisor, type ParseSupervisorOptions } from './parse-supervisor.js';

/** What loading a corpus folder produced. */
export interface LoadedCorpus {
  documents: SourceDocument[];
  /** Files that failed, with a message naming the file and the problem. */
  failures: { file: string; message: string; code?: ErrorCode }[];
  /** Files skipped because no parser reads their type. */
  skipped: string[];
  /** Files skipped because an earlier file had the same bytes. */
  duplicates: { file: string; sameAs: string; message: string }[];
}

/** Options of `loadCorpus`. */
export interface LoadCorpusOptions {
  /** Parsers run in this thread; default the Node parsers (`createNodeParsers`). */
  parsers?: readonly DocumentParser[];
  /** Extensions parsed in a supervised worker thread: default `.pdf`, `.docx`, `.docm`, none when `parsers` is given. */
  isolated?: readonly string[];
  /** Settings of that worker's supervisor. */
  supervisor?: ParseSupervisorOptions;
  /** Size caps, checked before reading. */
  limits?: SizeLimits;
  /** Time budget of a file parsed in this thread, in ms. */
  timeoutMs?: number;
}

const ISOLATED = ['.pdf', '.docx', '.docm'];

async function listFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Loads every document of `folder`; throws only when the folder itself is missing or yields nothing. */
export async function loadCorpus(folder: string, options: LoadCorpusOptions = {}): Promise<LoadedCorpus> {
  const info = await stat(folder).catch(() => undefined);
  if (!info?.isDirectory()) throw new RagError('CORPUS_NOT_FOUND', { path: folder });
  const parsers = options.parsers ?? createNodeParsers(options.supervisor?.parserOptions);
  const isolated = new Set(options.isolated ?? (options.parsers ? [] : ISOLATED));
  const limits = options.limits ?? DEFAULT_SIZE_LIMITS;
  const corpus: LoadedCorpus = { documents: [], failures: [], skipped: [], duplicates: [] };
  const byBytes = new Map<string, string>();
  let supervisor: ParseSupervisor | undefined;
  const parse = (input: ParserInput): Promise<ParseResult> => {
    if (!isolated.has(extensionOf(input.name))) {
      return parseSafely(input, { parsers, limits, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) });
    }
    supervisor ??= new ParseSupervisor({ ...options.supervisor, limits });
    return supervisor.parse(input);
  };
  try {
    for (const path of await listFiles(folder)) {
      const name = relative(folder, path);
      if (!isSupportedFile(name, parsers)) corpus.skipped.push(name);
      else record(corpus, byBytes, name, await readAndParse(path, name, limits, parse));
    }
  } finally {
    await supervisor?.close();
  }
  if (corpus.documents.length === 0) {
    const detail = corpus.failures[0]?.message ?? `${corpus.skipped.length} unsupported file(s)`;
    throw new RagError('CORPUS_EMPTY', { path: folder, detail });
  }
  return corpus;
}

/** Checks the size (before reading: IN-01, IN-07), then reads and parses. */
async function readAndParse(
  path: string,
  name: string,
  limits: SizeLimits,
  parse: (input: ParserInput) => Promise<ParseResult>,
): Promise<ParseResult> {
  try {
    const fileInfo = await stat(path);
    checkFileSize(name, fileInfo.size, limits);
    if (fileInfo.size === 0) throw new RagError('EMPTY_DOCUMENT', { file: name });
    const bytes = await readFile(path);
    return await parse({
      name,
      bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      modified: fileInfo.mtime.toISOString(),
    });
  } catch (error) {
    return { ok: false, error: toParseFailure(error, name) };
  }
}

function record(corpus: LoadedCorpus, byBytes: Map<string, string>, name: string, result: ParseResult): void {
  if (!result.ok) {
    corpus.failures.push({ file: name, message: result.error.message, code: result.error.code });
    return;
  }
  const hash = result.document.byteHash;
  const sameAs = hash === undefined ? undefined : byBytes.get(hash);
  if (sameAs !== undefined) {
    const message = new RagError('DUPLICATE_FILE', { file: name, other: sameAs }).message;
    corpus.duplicates.push({ file: name, sameAs, message });
    return;
  }
  if (hash !== undefined) byBytes.set(hash, name);
  corpus.documents.push(result.document);
}
