/**
 * Reading `manifest.json` of a pack: format and version first (a newer pack is refused with a
 * message saying so), then every field checked for type and bounds.
 */
import type { IndexBuster } from '../ports.js';
import { exportError } from './export-errors.js';
import {
  asArray,
  asInteger,
  asJson,
  asObject,
  asString,
  optional,
  own,
  ShapeError,
  type JsonValue,
} from './json-shape.js';
import {
  PACK_ENTRIES,
  PACK_FORMAT,
  PACK_VERSION,
  type PackDocumentFacts,
  type PackEntryFacts,
  type PackLimits,
  type PackManifest,
} from './pack-format.js';

const HEX_64 = /^[0-9a-f]{64}$/;

/** The manifest, checked; throws `RagError` for a foreign or newer pack, `ShapeError` for a bad field. */
export function readManifest(value: unknown, name: string, limits: PackLimits): PackManifest {
  const record = asObject(value, 'manifest');
  if (own(record, 'format') !== PACK_FORMAT) {
    throw exportError(name, 'not-footnote', `not a Footnote library pack: its format is not "${PACK_FORMAT}"`);
  }
  const version = asInteger(own(record, 'version'), 'manifest.version', 1);
  if (version > PACK_VERSION) {
    throw exportError(
      name,
      'newer-version',
      `made by a newer Footnote (pack version ${version}; this one reads ${PACK_VERSION}). Update Footnote`,
    );
  }
  const settings = asObject(own(record, 'settings'), 'manifest.settings');
  const chunking = asObject(own(settings, 'chunking'), 'manifest.settings.chunking');
  const viewer = optional(own(record, 'viewer'), (item) => asString(item, 'manifest.viewer', 1000));
  const manifest: PackManifest = {
    format: PACK_FORMAT,
    version,
    created: asString(own(record, 'created'), 'manifest.created', 40),
    title: asString(own(record, 'title'), 'manifest.title', 1000),
    buster: readBuster(own(record, 'buster'), limits),
    settings: {
      chunking: { maxChars: asInteger(own(chunking, 'maxChars'), 'manifest.settings.chunking.maxChars', 1) },
      retrieval: jsonObject(own(settings, 'retrieval'), 'manifest.settings.retrieval'),
      app: jsonObject(own(settings, 'app'), 'manifest.settings.app'),
    },
    documents: asArray(own(record, 'documents'), 'manifest.documents', limits.maxDocuments).map((item, index) =>
      readDocumentFacts(item, `manifest.documents[${index}]`),
    ),
    passages: asInteger(own(record, 'passages'), 'manifest.passages', 0, limits.maxPassages),
    libraryHash: hex(own(record, 'libraryHash'), 'manifest.libraryHash'),
    entries: readEntries(own(record, 'entries')),
  };
  if (viewer !== undefined) manifest.viewer = viewer;
  return manifest;
}

function readBuster(value: unknown, limits: PackLimits): IndexBuster {
  const record = asObject(value, 'manifest.buster');
  return {
    embedderId: asString(own(record, 'embedderId'), 'manifest.buster.embedderId', 500),
    dimensions: asInteger(own(record, 'dimensions'), 'manifest.buster.dimensions', 1, limits.maxDimensions),
    chunkerVersion: asInteger(own(record, 'chunkerVersion'), 'manifest.buster.chunkerVersion'),
    schemaVersion: asInteger(own(record, 'schemaVersion'), 'manifest.buster.schemaVersion'),
  };
}

function readDocumentFacts(value: unknown, path: string): PackDocumentFacts {
  const record = asObject(value, path);
  const text = (key: string, maxLength = 1000) => asString(own(record, key), `${path}.${key}`, maxLength);
  return {
    id: text('id'),
    title: text('title'),
    revision: text('revision'),
    date: text('date'),
    access: text('access'),
    sourceName: text('sourceName', 4000),
    passages: asInteger(own(record, 'passages'), `${path}.passages`),
    contentHash: text('contentHash'),
    textSha256: hex(own(record, 'textSha256'), `${path}.textSha256`),
  };
}

function readEntries(value: unknown): Record<string, PackEntryFacts> {
  const record = asObject(value, 'manifest.entries');
  const entries: Record<string, PackEntryFacts> = {};
  for (const name of Object.values(PACK_ENTRIES)) {
    const facts = own(record, name);
    if (facts === undefined || name === PACK_ENTRIES.manifest) continue;
    const object = asObject(facts, `manifest.entries.${name}`);
    entries[name] = {
      bytes: asInteger(own(object, 'bytes'), `manifest.entries.${name}.bytes`),
      sha256: hex(own(object, 'sha256'), `manifest.entries.${name}.sha256`),
    };
  }
  return entries;
}

function jsonObject(value: unknown, path: string): Record<string, JsonValue> {
  asObject(value, path);
  return asJson(value, path) as Record<string, JsonValue>;
}

function hex(value: unknown, path: string): string {
  const text = asString(value, path, 64);
  if (!HEX_64.test(text)) throw new ShapeError(path, '64 hex digits');
  return text;
}
