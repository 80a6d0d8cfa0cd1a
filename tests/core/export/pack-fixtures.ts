/**
 * Test helpers for library packs: the sample library built once per test file, and a way to
 * open a pack, change its entries (as a damaged disk or a person with a text editor would) and
 * zip it again, with or without recomputing the manifest's hashes.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { loadSampleDocuments, sampleEngine } from '../../../src/adapters/export/sample-pack.js';
import { HashingEmbedder } from '../../../src/core/embed/hashing-embedder.js';
import { exportLibraryPack } from '../../../src/core/export/library-pack.js';
import { sha256Hex } from '../../../src/core/ingest/byte-hash.js';
import { ExtractiveGenerator } from '../../../src/core/generate/extractive-generator.js';
import { createEngine, type Engine, type EngineDependencies } from '../../../src/core/pipeline/engine.js';
import type { SourceDocument } from '../../../src/core/types.js';

/** The sample library: its documents, an indexed engine and its pack. */
export interface SampleLibrary {
  documents: SourceDocument[];
  engine: Engine;
  pack: Uint8Array;
}

/** Builds the sample library from `corpus/`. */
export async function sampleLibrary(): Promise<SampleLibrary> {
  const documents = await loadSampleDocuments('corpus');
  const engine = await sampleEngine(documents);
  const pack = exportLibraryPack(engine, { documents, created: '2026-12-01T10:00:00.000Z', title: 'sample' });
  return { documents, engine, pack };
}

/** An empty engine with the app's defaults (or other dependencies). */
export function emptyEngine(dependencies: Partial<EngineDependencies> = {}): Engine {
  return createEngine({ embedder: new HashingEmbedder(), generator: new ExtractiveGenerator(), ...dependencies });
}

/** A pack's entries as JSON values (and `vectors.f32` as bytes). */
export interface OpenedPack {
  json: Record<string, unknown>;
  binary: Record<string, Uint8Array>;
}

/** Unzips a pack into editable entries. */
export function openPack(bytes: Uint8Array): OpenedPack {
  const opened: OpenedPack = { json: {}, binary: {} };
  for (const [name, data] of Object.entries(unzipSync(bytes))) {
    if (name.endsWith('.json')) opened.json[name] = JSON.parse(strFromU8(data)) as unknown;
    else opened.binary[name] = data;
  }
  return opened;
}

/** Zips entries again; with `rehash`, the manifest's entry sizes and SHA-256s are recomputed (a careful forger). */
export function closePack(
  opened: OpenedPack,
  options: { rehash?: boolean; raw?: Record<string, string> } = {},
): Uint8Array {
  const bytes: Record<string, Uint8Array> = {};
  for (const [name, value] of Object.entries(opened.json))
    bytes[name] = strToU8(options.raw?.[name] ?? JSON.stringify(value));
  Object.assign(bytes, opened.binary);
  const manifest = opened.json['manifest.json'] as { entries: Record<string, { bytes: number; sha256: string }> };
  if (options.rehash) {
    for (const name of Object.keys(manifest.entries)) {
      const data = bytes[name];
      if (data) manifest.entries[name] = { bytes: data.length, sha256: sha256Hex(data) };
    }
    bytes['manifest.json'] = strToU8(JSON.stringify(manifest));
  }
  const { 'manifest.json': first, ...rest } = bytes;
  return zipSync({ 'manifest.json': first ?? new Uint8Array(), ...rest }, { mtime: new Date(2026, 0, 1) });
}

/** Applies `edit` to the pack's entries and zips it again. */
export function tamper(
  bytes: Uint8Array,
  edit: (opened: OpenedPack) => void,
  options: { rehash?: boolean } = {},
): Uint8Array {
  const opened = openPack(bytes);
  edit(opened);
  return closePack(opened, options);
}
