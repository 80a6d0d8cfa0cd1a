/**
 * Reading a library pack: a file from anywhere, so nothing in it is trusted. The size is
 * checked before anything is unpacked; entries are inflated with a running byte cap; every
 * entry is checked against the size and SHA-256 the manifest records, every document's text
 * against its SHA-256, every passage against its document, every vector for finiteness. A bad
 * pack throws a `RagError` naming the problem (`details.problem`, see `ExportProblem`); nothing
 * in a pack is ever run.
 */
import { RagError } from '../errors.js';
import { DEFAULT_ARCHIVE_LIMITS, scanZip } from '../ingest/docx/zip-scan.js';
import { sha256Hex } from '../ingest/byte-hash.js';
import { formatBytes } from '../ingest/limits.js';
import { shortHash } from '../text/hash.js';
import type { Passage, SourceDocument } from '../types.js';
import { exportError } from './export-errors.js';
import { libraryHash, textSha256 } from './hashes.js';
import { asArray, ShapeError } from './json-shape.js';
import {
  DEFAULT_PACK_LIMITS,
  PACK_ENTRIES,
  type LibraryPack,
  type PackLimits,
  type PackManifest,
} from './pack-format.js';
import { readManifest } from './read-pack-manifest.js';
import { passageOf, readDocument, readPackPassage } from './read-pack-records.js';

/** Options of `readLibraryPack`. */
export interface ReadPackOptions {
  /** The file name, for messages; default "library pack". */
  name?: string;
  limits?: Partial<PackLimits>;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const KNOWN_ENTRIES = new Set<string>(Object.values(PACK_ENTRIES));

/** Reads and checks a pack; throws `RagError` (`PARSE_FAILED` with `details.problem`) when it is unusable. */
export function readLibraryPack(bytes: Uint8Array, options: ReadPackOptions = {}): LibraryPack {
  const name = options.name ?? 'library pack';
  const limits = { ...DEFAULT_PACK_LIMITS, ...options.limits };
  try {
    return readChecked(bytes, name, limits);
  } catch (error) {
    if (error instanceof RagError) throw error;
    if (error instanceof ShapeError) throw exportError(name, 'shape', error.message);
    throw exportError(name, 'damaged', error instanceof Error ? error.message : String(error));
  }
}

function readChecked(bytes: Uint8Array, name: string, limits: PackLimits): LibraryPack {
  if (bytes.length > limits.maxPackBytes) {
    throw exportError(
      name,
      'too-large',
      `it is ${formatBytes(bytes.length)}, more than the ${formatBytes(limits.maxPackBytes)} allowed`,
    );
  }
  if (!ZIP_MAGIC.every((byte, index) => bytes[index] === byte)) {
    throw exportError(name, 'not-footnote', 'not a Footnote library pack: not a ZIP archive');
  }
  const entries = unpack(bytes, name, limits);
  const manifestBytes = entries.get(PACK_ENTRIES.manifest);
  if (!manifestBytes)
    throw exportError(name, 'not-footnote', `not a Footnote library pack: no ${PACK_ENTRIES.manifest}`);
  const manifest = readManifest(parseJson(manifestBytes, PACK_ENTRIES.manifest, name), name, limits);
  const warnings: string[] = [];
  const section = (entry: string) => checkedEntry(entries, manifest, entry, name);
  const documents = readDocuments(section(PACK_ENTRIES.documents), manifest, name, limits);
  const passages = readPassages(section(PACK_ENTRIES.passages), documents, manifest, name, limits);
  const vectors = readVectors(section(PACK_ENTRIES.vectors), passages.length, manifest.buster.dimensions, name);
  if (libraryHash(documents, manifest.buster) !== manifest.libraryHash) {
    throw exportError(name, 'hash', 'the library hash does not match its documents');
  }
  const pack: LibraryPack = { manifest, documents, passages, vectors, warnings };
  const index = readIndexEntry(entries, manifest, name);
  if (index.warning) warnings.push(index.warning);
  if (index.value !== undefined) pack.index = index.value;
  return pack;
}

function unpack(bytes: Uint8Array, name: string, limits: PackLimits): Map<string, Uint8Array> {
  try {
    const archiveLimits = { ...DEFAULT_ARCHIVE_LIMITS, maxEntries: 64, maxUnzippedBytes: limits.maxUnpackedBytes };
    return scanZip(bytes, name, archiveLimits, (entry) => KNOWN_ENTRIES.has(entry)).files;
  } catch (error) {
    if (!(error instanceof RagError)) throw error;
    const detail = String(error.details.detail ?? error.message);
    throw exportError(name, /unpacks to more/.test(detail) ? 'too-large' : 'damaged', detail);
  }
}

function parseJson(bytes: Uint8Array, entry: string, name: string): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown;
  } catch {
    throw exportError(name, 'damaged', `${entry} is not valid JSON`);
  }
}

/** The bytes of `entry`, after checking them against the manifest's size and SHA-256. */
function checkedEntry(
  entries: Map<string, Uint8Array>,
  manifest: PackManifest,
  entry: string,
  name: string,
): Uint8Array {
  const bytes = entries.get(entry);
  const facts = manifest.entries[entry];
  if (!bytes || !facts) throw exportError(name, 'damaged', `${entry} is missing`);
  if (bytes.length !== facts.bytes || sha256Hex(bytes) !== facts.sha256) {
    throw exportError(name, 'hash', `${entry} does not match its recorded SHA-256 (damaged or edited)`);
  }
  return bytes;
}

function readDocuments(bytes: Uint8Array, manifest: PackManifest, name: string, limits: PackLimits): SourceDocument[] {
  const list = asArray(parseJson(bytes, PACK_ENTRIES.documents, name), 'documents', limits.maxDocuments);
  const documents = list.map((item, index) => readDocument(item, `documents[${index}]`, limits.maxTextLength));
  if (documents.length !== manifest.documents.length) {
    throw exportError(
      name,
      'inconsistent',
      `${documents.length} documents, but the manifest lists ${manifest.documents.length}`,
    );
  }
  const ids = new Set<string>();
  documents.forEach((document, index) => {
    const listed = manifest.documents[index];
    if (ids.has(document.id)) throw exportError(name, 'inconsistent', `document "${document.id}" appears twice`);
    ids.add(document.id);
    if (!listed || listed.id !== document.id || listed.contentHash !== document.contentHash) {
      throw exportError(name, 'inconsistent', `document "${document.id}" is not the one the manifest lists there`);
    }
    if (textSha256(document.text) !== listed.textSha256) {
      throw exportError(name, 'hash', `the text of document "${document.id}" does not match its recorded SHA-256`);
    }
  });
  return documents;
}

function readPassages(
  bytes: Uint8Array,
  documents: readonly SourceDocument[],
  manifest: PackManifest,
  name: string,
  limits: PackLimits,
): Passage[] {
  const list = asArray(parseJson(bytes, PACK_ENTRIES.passages, name), 'passages', limits.maxPassages);
  const byId = new Map(documents.map((document) => [document.id, document]));
  const cites = new Set<string>();
  const passages = list.map((item, index) => {
    const path = `passages[${index}]`;
    const record = readPackPassage(item, path);
    const document = byId.get(record.docId);
    if (!document) throw exportError(name, 'inconsistent', `${path} belongs to no document of the pack`);
    const passage = passageOf(record, document, path);
    if (cites.has(passage.cite)) throw exportError(name, 'inconsistent', `passage ${passage.cite} appears twice`);
    cites.add(passage.cite);
    if (shortHash(passage.text) !== passage.hash) {
      throw exportError(name, 'hash', `passage ${passage.cite} does not match its document's text`);
    }
    return passage;
  });
  const counts = new Map<string, number>();
  for (const passage of passages) counts.set(passage.docId, (counts.get(passage.docId) ?? 0) + 1);
  documents.forEach((document, index) => {
    const count = counts.get(document.id) ?? 0;
    const listed = manifest.documents[index]?.passages;
    if (count !== listed) {
      throw exportError(
        name,
        'inconsistent',
        `document "${document.id}" has ${count} passages, not the ${listed} listed`,
      );
    }
  });
  const runs = passages.map((passage) => passage.docId).filter((id, index, all) => id !== all[index - 1]);
  if (new Set(runs).size !== runs.length || passages.length !== manifest.passages) {
    throw exportError(name, 'inconsistent', 'the passages are not grouped by document as the manifest lists them');
  }
  return passages;
}

function readVectors(bytes: Uint8Array, count: number, dimensions: number, name: string): Float32Array[] {
  if (bytes.length !== count * dimensions * 4) {
    throw exportError(
      name,
      'inconsistent',
      `${PACK_ENTRIES.vectors} holds ${bytes.length} bytes, not ${count} × ${dimensions} floats`,
    );
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const vectors: Float32Array[] = [];
  for (let row = 0; row < count; row++) {
    const vector = new Float32Array(dimensions);
    for (let column = 0; column < dimensions; column++) {
      const value = view.getFloat32((row * dimensions + column) * 4, true);
      if (!Number.isFinite(value))
        throw exportError(name, 'damaged', `vector ${row} holds a value that is not a number`);
      vector[column] = value;
    }
    vectors.push(vector);
  }
  return vectors;
}

/** The parsed `index.json`, or a warning saying why the index will be rebuilt instead. */
function readIndexEntry(
  entries: Map<string, Uint8Array>,
  manifest: PackManifest,
  name: string,
): { value?: unknown; warning?: string } {
  const entry = PACK_ENTRIES.index;
  if (!manifest.entries[entry]) return {};
  try {
    return { value: parseJson(checkedEntry(entries, manifest, entry, name), entry, name) };
  } catch (error) {
    const detail = error instanceof RagError ? String(error.details.detail) : 'unreadable';
    return {
      warning: `The pack's index snapshot cannot be used (${detail}); the index is rebuilt from its passages, without embedding.`,
    };
  }
}
