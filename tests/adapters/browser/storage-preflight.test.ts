import 'fake-indexeddb/auto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LibraryService } from '../../../src/adapters/browser/library-service.js';
import { checkIngestRoom, EXPANSION, neededForFiles } from '../../../src/adapters/browser/storage-preflight.js';

const MB = 2 ** 20;
const storage = (quota: number, usage: number) => ({ estimate: async () => ({ quota, usage }) });

describe('ST-01: room for an ingest, before anything is read', () => {
  it('the expansion factor covers what the real store keeps for the sample manuals', async () => {
    const files = readdirSync('corpus')
      .filter((name) => /\.(md|txt|html)$/.test(name) && name !== 'README.md')
      .map((name) => ({ name, bytes: new Uint8Array(readFileSync(`corpus/${name}`)).buffer as ArrayBuffer }));
    const service = await LibraryService.open({ name: `preflight-${Date.now()}` });
    const outcome = await service.ingest(files);
    expect(outcome.report.failed).toEqual([]);
    const fileBytes = files.reduce((sum, file) => sum + file.bytes.byteLength, 0);
    const measured = (await service.estimate()).libraryBytes / fileBytes;
    expect(measured).toBeLessThanOrEqual(EXPANSION.text);
    // Not so loose that it refuses what would fit.
    expect(measured).toBeGreaterThan(EXPANSION.text / 2);
  });

  it('refuses with "needs about X, Y available" and names the shared quota', async () => {
    const files = [{ name: 'big.md', size: 10 * MB }];
    const verdict = await checkIngestRoom(files, storage(1000 * MB, 950 * MB));
    expect(verdict.ok).toBe(false);
    expect(verdict.neededBytes).toBe(neededForFiles(files));
    expect(verdict.availableBytes).toBe(50 * MB);
    expect(verdict.message).toMatch(
      /this file needs about 242 MB once indexed, and 50 MB is available\. Nothing was added\./,
    );
    expect(verdict.message).toMatch(/share this site’s storage, and the browser clears them together/);
  });

  it('lets a batch through when it fits, or when the browser does not say', async () => {
    expect((await checkIngestRoom([{ name: 'a.pdf', size: 10 * MB }], storage(1000 * MB, 900 * MB))).ok).toBe(true);
    expect((await checkIngestRoom([{ name: 'a.md', size: 10 * MB }], undefined)).ok).toBe(true);
    const failing = { estimate: () => Promise.reject(new Error('no')) };
    expect((await checkIngestRoom([{ name: 'a.md', size: 10 * MB }], failing)).ok).toBe(true);
  });
});
