/**
 * Downloading a deployment's files in Node, resumably: a file already there with the expected
 * size is skipped; a file is written to `<name>.part` and renamed only once complete and of the
 * right size, so a failed or interrupted download never leaves a partial file under its name.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PlannedFile } from './deployment-files.js';

/** A file could not be downloaded; the message names it. */
export class DownloadError extends Error {
  override readonly name = 'DownloadError';
  constructor(
    readonly file: PlannedFile,
    detail: string,
  ) {
    super(`cannot download ${file.path}: ${detail} (${file.url})`);
  }
}

/** Progress of one file. */
export interface FileProgress {
  path: string;
  status: 'skip' | 'download' | 'done';
  loaded: number;
  total: number | null;
}

/** What a fetch did. */
export interface FetchReport {
  downloaded: string[];
  skipped: string[];
  bytes: number;
}

async function sizeOf(path: string): Promise<number | null> {
  return stat(path).then(
    (info) => info.size,
    () => null,
  );
}

/** The size the server states, for files whose listing gives none. */
async function remoteSize(file: PlannedFile): Promise<number | null> {
  if (file.size !== undefined) return file.size;
  const response = await fetch(file.url, { method: 'HEAD' }).catch(() => undefined);
  if (!response?.ok || response.headers.get('content-encoding')) return null;
  const length = response.headers.get('content-length');
  return length === null ? null : Number(length);
}

async function download(file: PlannedFile, target: string, onProgress?: (progress: FileProgress) => void) {
  const response = await fetch(file.url).catch((error: unknown) => {
    throw new DownloadError(file, error instanceof Error ? error.message : String(error));
  });
  if (!response.ok || !response.body) throw new DownloadError(file, `HTTP ${response.status} ${response.statusText}`);
  const header = response.headers.get('content-encoding') ? null : response.headers.get('content-length');
  const expected = file.size ?? (header === null ? null : Number(header));
  const partial = `${target}.part`;
  let loaded = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      loaded += chunk.length;
      onProgress?.({ path: file.path, status: 'download', loaded, total: expected });
      callback(null, chunk);
    },
  });
  try {
    await mkdir(dirname(target), { recursive: true });
    await pipeline(Readable.fromWeb(response.body as never), counter, createWriteStream(partial));
    if (expected !== null && loaded !== expected)
      throw new DownloadError(file, `got ${loaded} bytes, expected ${expected}`);
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error instanceof DownloadError ? error : new DownloadError(file, String(error));
  }
  onProgress?.({ path: file.path, status: 'done', loaded, total: expected });
  return loaded;
}

/** Downloads `files` under `outDir`, skipping complete ones; stops at the first failure. */
export async function fetchFiles(
  files: PlannedFile[],
  outDir: string,
  onProgress?: (progress: FileProgress) => void,
): Promise<FetchReport> {
  const report: FetchReport = { downloaded: [], skipped: [], bytes: 0 };
  for (const file of files) {
    const target = resolve(outDir, file.path);
    // File lists come from the mirror's JSON: a path may not leave the output folder.
    if (!target.startsWith(resolve(outDir) + sep))
      throw new DownloadError(file, 'path outside the output folder; refused');
    const local = await sizeOf(target);
    if (local !== null && local === (await remoteSize(file))) {
      report.skipped.push(file.path);
      onProgress?.({ path: file.path, status: 'skip', loaded: local, total: local });
      continue;
    }
    report.bytes += await download(file, target, onProgress);
    report.downloaded.push(file.path);
  }
  return report;
}
