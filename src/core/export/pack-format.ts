/**
 * The library pack: a whole library in one file, so that a teacher prepares it once and thirty
 * students import it without embedding anything. The file is a ZIP archive (any unzip tool
 * lists and extracts it) of five entries:
 *
 * - `manifest.json`: format id and version, creation time, the index buster (embedder id and
 *   dimensions, chunker and schema versions), settings, the document list with the SHA-256 of
 *   each document's text, and the size and SHA-256 of every other entry;
 * - `documents.json`: the parsed documents (`SourceDocument`, full text), so that a library can
 *   be re-embedded where the embedder differs;
 * - `passages.json`: the passages, without their text (it is `document.text.slice(start, end)`);
 * - `vectors.f32`: one vector per passage, in `passages.json` order, Float32 little-endian;
 * - `index.json`: the search index snapshot (`serializeIndex`) without what the other entries
 *   already hold (passage records and vectors); optional, rebuilt from the passages when absent
 *   or unusable.
 */
import type { ChunkOptions } from '../chunk/chunk-document.js';
import type { IndexBuster } from '../ports.js';
import type { Passage, SourceDocument } from '../types.js';
import type { JsonValue } from './json-shape.js';

/** The `format` of every pack manifest. */
export const PACK_FORMAT = 'footnote-library-pack';
/** The pack version this code writes and reads. */
export const PACK_VERSION = 1;
/** The file extension of a pack. */
export const PACK_EXTENSION = '.footnote-pack';
/** The media type to offer a pack download with. */
export const PACK_MEDIA_TYPE = 'application/zip';

/** The entries of a pack archive. */
export const PACK_ENTRIES = {
  manifest: 'manifest.json',
  documents: 'documents.json',
  passages: 'passages.json',
  vectors: 'vectors.f32',
  index: 'index.json',
} as const;

/** The size and SHA-256 of one entry. */
export interface PackEntryFacts {
  bytes: number;
  sha256: string;
}

/** A document as the manifest lists it. */
export interface PackDocumentFacts {
  id: string;
  title: string;
  revision: string;
  date: string;
  access: string;
  sourceName: string;
  /** How many passages of `passages.json` belong to it. */
  passages: number;
  /** The document's `contentHash` (the core's short hash of its text). */
  contentHash: string;
  /** SHA-256 (hex) of the document's text, UTF-8 encoded. */
  textSha256: string;
}

/** Settings the library was built with. */
export interface PackSettings {
  chunking: ChunkOptions;
  /** The engine's retrieval settings when the pack was made (a reader may offer them). */
  retrieval: Record<string, JsonValue>;
  /** Whatever the app adds (answer mode, viewer…). */
  app: Record<string, JsonValue>;
}

/** `manifest.json`. */
export interface PackManifest {
  format: typeof PACK_FORMAT;
  version: number;
  /** ISO time the pack was made. */
  created: string;
  /** A name for people ("Calder sample manuals"); empty when none was given. */
  title: string;
  buster: IndexBuster;
  settings: PackSettings;
  documents: PackDocumentFacts[];
  passages: number;
  /** SHA-256 over the documents' ids and text hashes and the buster: see `libraryHash`. */
  libraryHash: string;
  /** Set when the pack holds only what this access label may read (see `ExportPackOptions.viewer`). */
  viewer?: string;
  /** Every other entry's size and SHA-256; `index.json` may be absent. */
  entries: Record<string, PackEntryFacts>;
}

/** A passage as `passages.json` keeps it: everything but the text. */
export type PackPassage = Omit<Passage, 'text'>;

/** A pack as read and checked by `readLibraryPack`. */
export interface LibraryPack {
  manifest: PackManifest;
  documents: SourceDocument[];
  /** Every passage, text included, grouped by document in document order. */
  passages: Passage[];
  /** One vector per passage, same order. */
  vectors: Float32Array[];
  /** The parsed `index.json`; checked only when it is used. Absent when missing or damaged. */
  index?: unknown;
  /** Soft problems met while reading ("the index snapshot is damaged; the index will be rebuilt"). */
  warnings: string[];
}

/** Bounds on what a pack may hold; a pack over any of them is refused before it is unpacked further. */
export interface PackLimits {
  /** Largest pack file. */
  maxPackBytes: number;
  /** Most bytes all entries may unpack to. */
  maxUnpackedBytes: number;
  maxDocuments: number;
  maxPassages: number;
  maxDimensions: number;
  /** Longest document text, in characters. */
  maxTextLength: number;
}

const MB = 1024 * 1024;

/** 512 MB packs that unpack to at most 1 GB; 50 000 documents, a million passages. */
export const DEFAULT_PACK_LIMITS: Readonly<PackLimits> = {
  maxPackBytes: 512 * MB,
  maxUnpackedBytes: 1024 * MB,
  maxDocuments: 50_000,
  maxPassages: 1_000_000,
  maxDimensions: 4096,
  maxTextLength: 50 * MB,
};
