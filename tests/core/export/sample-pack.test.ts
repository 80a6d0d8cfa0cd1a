/**
 * The committed sample pack (`public/sample.footnote-pack`) is the sample corpus as the code
 * packs it today. When this fails, run `npm run pack:sample` and commit the pack.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { buildFolderPack } from '../../../src/adapters/export/folder-pack.js';
import { buildSamplePack, SAMPLE_PACK_PATH } from '../../../src/adapters/export/sample-pack.js';
import { readLibraryPack } from '../../../src/core/export/library-pack.js';

describe('the sample pack', () => {
  it('is committed, and up to date with corpus/ and the code (else: npm run pack:sample)', async () => {
    const committed = await readFile(SAMPLE_PACK_PATH).catch(() => undefined);
    expect(committed, `${SAMPLE_PACK_PATH} is missing: run npm run pack:sample`).toBeDefined();
    const rebuilt = await buildSamplePack('corpus');
    const was = readLibraryPack(new Uint8Array(committed ?? [])).manifest;
    const now = readLibraryPack(rebuilt).manifest;
    // The manifest first: its differences say what changed (documents, buster, settings, a section).
    expect(was, 'the sample pack is out of date: run npm run pack:sample').toEqual(now);
    expect(Buffer.from(rebuilt).equals(committed ?? Buffer.alloc(0))).toBe(true);
  });

  it('holds the sample library under the default embedder, small enough to commit', async () => {
    const bytes = await readFile(SAMPLE_PACK_PATH);
    const pack = readLibraryPack(new Uint8Array(bytes));
    expect(pack.manifest.buster).toMatchObject({ embedderId: 'feature-hashing-v1-384', dimensions: 384 });
    expect(pack.documents).toHaveLength(14);
    expect(pack.warnings).toEqual([]);
    expect(bytes.length).toBeLessThan(150_000);
  });

  it('has a sibling for any folder (npm run pack:sample -- --corpus DIR): unreadable files are reported', async () => {
    const { bytes, failures } = await buildFolderPack('tests/fixtures/tiny-corpus', {
      title: 'Tiny',
      viewer: 'public',
    });
    const pack = readLibraryPack(bytes);
    expect(pack.manifest).toMatchObject({ title: 'Tiny', viewer: 'public' });
    expect(pack.documents.length).toBeGreaterThan(0);
    expect(failures.map((failure) => failure.file)).toContain('empty.txt');
  });
});
