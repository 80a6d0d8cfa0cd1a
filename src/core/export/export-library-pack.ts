/**
 * Writing a library pack (see `pack-format.ts`): the engine's passages, vectors and index, and
 * the parsed documents the caller keeps (the index holds no full text).
 */
import { zipSync, type Zippable } from 'fflate';
import { RagError } from '../errors.js';
import { passageVector } from '../index/search-index.js';
import { sha256Hex } from '../ingest/byte-hash.js';
import { engineBuster, type Engine } from '../pipeline/engine.js';
import { readableLabels } from '../retrieve/access.js';
import type { Passage, SourceDocument } from '../types.js';
import { libraryHash, textSha256 } from './hashes.js';
import type { JsonValue } from './json-shape.js';
import { packIndexOf } from './pack-index.js';
import {
  PACK_ENTRIES,
  PACK_FORMAT,
  PACK_VERSION,
  type PackEntryFacts,
  type PackManifest,
  type PackPassage,
} from './pack-format.js';

/** Options of `exportLibraryPack`. */
export interface ExportPackOptions {
  /** The parsed document of every indexed document (the browser's records, a Node corpus). */
  documents: readonly SourceDocument[];
  /** App settings to carry (answer mode, viewer…): plain JSON. */
  settings?: Record<string, JsonValue>;
  /** ISO time to record; default now. Fix it to make the same library give the same bytes. */
  created?: string;
  /** A name for people, e.g. "Calder sample manuals". */
  title?: string;
  /** Leave out `index.json`: a smaller pack whose importers rebuild the index from the passages. */
  withoutIndex?: boolean;
  /**
   * Keep only the documents this access label may read (a "public" pack for a class leaves the
   * staff-only documents out). Such a pack has no index snapshot: importers rebuild the index
   * from its passages, without embedding.
   */
  viewer?: string;
}

const encoder = new TextEncoder();

/** The engine's library as one pack file (a ZIP archive). */
export function exportLibraryPack(engine: Engine, options: ExportPackOptions): Uint8Array {
  const created = options.created ?? new Date().toISOString();
  const time = new Date(created);
  if (Number.isNaN(time.getTime()))
    throw new RagError('INVALID_OPTION', { option: 'created', detail: 'must be an ISO time' });
  const readable = options.viewer === undefined ? undefined : readableLabels(options.viewer);
  const documents = documentsInIndexOrder(engine, options.documents).filter(
    (document) => !readable || readable.includes(document.access),
  );
  const passages = documents.flatMap((document) => passagesOf(engine, document));
  const whole = documents.length === engine.index.documents.size;
  const sections: Record<string, Uint8Array> = {
    [PACK_ENTRIES.documents]: json(documents),
    [PACK_ENTRIES.passages]: json(passages.map(withoutText)),
    [PACK_ENTRIES.vectors]: packVectors(engine, passages),
  };
  if (!options.withoutIndex && whole) sections[PACK_ENTRIES.index] = json(packIndexOf(engine.index));
  const buster = engineBuster(engine);
  const manifest: PackManifest = {
    format: PACK_FORMAT,
    version: PACK_VERSION,
    created: time.toISOString(),
    title: options.title ?? '',
    buster,
    settings: {
      chunking: { ...engine.chunking },
      retrieval: JSON.parse(JSON.stringify(engine.retrieval)) as Record<string, JsonValue>,
      app: options.settings ?? {},
    },
    documents: documents.map((document) => ({
      id: document.id,
      title: document.title,
      revision: document.revision,
      date: document.date,
      access: document.access,
      sourceName: document.sourceName,
      passages: engine.index.documents.get(document.id)?.cites.length ?? 0,
      contentHash: document.contentHash,
      textSha256: textSha256(document.text),
    })),
    passages: passages.length,
    libraryHash: libraryHash(documents, buster),
    ...(options.viewer === undefined ? {} : { viewer: options.viewer }),
    entries: Object.fromEntries(Object.entries(sections).map(([name, bytes]) => [name, facts(bytes)])),
  };
  const zipTime = sameFieldsInLocalTime(time);
  const files: Zippable = { [PACK_ENTRIES.manifest]: encoder.encode(`${JSON.stringify(manifest, null, 2)}\n`) };
  for (const [name, bytes] of Object.entries(sections)) files[name] = bytes;
  // Level 6: level 9 is five times slower on vectors for 0.2% less.
  return zipSync(files, { level: 6, mtime: zipTime });
}

/** The given documents in the index's order; each indexed document must be given, unchanged. */
function documentsInIndexOrder(engine: Engine, given: readonly SourceDocument[]): SourceDocument[] {
  const byId = new Map(given.map((document) => [document.id, document]));
  const documents = [...engine.index.documents.values()].map((indexed) => {
    const document = byId.get(indexed.id);
    if (!document || document.contentHash !== indexed.contentHash) {
      const detail = document
        ? `its text differs from the indexed "${indexed.id}"`
        : `"${indexed.id}" is indexed but was not given`;
      throw new RagError('INVALID_OPTION', { option: 'documents', detail });
    }
    return document;
  });
  if (byId.size !== documents.length) {
    const extra = [...byId.keys()].find((id) => !engine.index.documents.has(id)) ?? '';
    throw new RagError('INVALID_OPTION', {
      option: 'documents',
      detail: `"${extra}" is not in the index; ingest it first`,
    });
  }
  return documents;
}

function passagesOf(engine: Engine, document: SourceDocument): Passage[] {
  const cites = engine.index.documents.get(document.id)?.cites ?? [];
  return cites.map((cite) => {
    const passage = engine.index.passages.get(cite);
    if (!passage) throw new RagError('INVALID_OPTION', { option: 'engine', detail: `the index lacks passage ${cite}` });
    return passage;
  });
}

function withoutText(passage: Passage): PackPassage {
  const { text: _text, ...rest } = passage;
  return rest;
}

/** Every passage's vector, in order, as Float32 little-endian. */
function packVectors(engine: Engine, passages: readonly Passage[]): Uint8Array {
  const { dimensions } = engine.index;
  const bytes = new Uint8Array(passages.length * dimensions * 4);
  const view = new DataView(bytes.buffer);
  passages.forEach((passage, row) => {
    const vector = passageVector(engine.index, passage.cite);
    if (!vector)
      throw new RagError('INVALID_OPTION', {
        option: 'engine',
        detail: `the index lacks the vector of ${passage.cite}`,
      });
    for (let column = 0; column < dimensions; column++) {
      view.setFloat32((row * dimensions + column) * 4, vector[column] ?? 0, true);
    }
  });
  return bytes;
}

function json(value: unknown): Uint8Array {
  return encoder.encode(JSON.stringify(value));
}

function facts(bytes: Uint8Array): PackEntryFacts {
  return { bytes: bytes.length, sha256: sha256Hex(bytes) };
}

/** ZIP stores local time: give fflate a date whose local fields are `time`'s UTC fields, so bytes do not depend on the time zone. */
function sameFieldsInLocalTime(time: Date): Date {
  const year = Math.min(Math.max(time.getUTCFullYear(), 1980), 2099);
  return new Date(
    year,
    time.getUTCMonth(),
    time.getUTCDate(),
    time.getUTCHours(),
    time.getUTCMinutes(),
    time.getUTCSeconds(),
  );
}
