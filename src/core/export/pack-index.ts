/**
 * The pack's `index.json`: Orama's saved index of the passages (word trees, BM25 statistics),
 * without what the other entries already hold. The format predates the lexical store and is
 * kept, so packs stay readable both ways: on export Orama's index is built from the passages in
 * the library's order; on import it is checked for shape and for ids of the pack's own passages
 * only, and the lexical store is then built from the checked passages in the order of its ids
 * (the words are not read from the pack, so a pack can never show or find a passage it does not
 * list, nor change an access label). Any problem makes the importer rebuild the index from the
 * passages in their listed order instead (still without embedding).
 */
import { insert, save } from '@orama/orama';
import { rebuildLexical } from '../index/lexical-pack.js';
import { indexFromParts } from '../index/serialize.js';
import { createOramaDb, oramaInternalId, type SearchIndex } from '../index/search-index.js';
import { oramaRecord, toIndexedDocument } from '../index/update-index.js';
import type { Passage } from '../types.js';
import { asArray, asInteger, asNumber, asObject, asString, own, ShapeError } from './json-shape.js';
import type { LibraryPack } from './pack-format.js';

/** The `format` of `index.json`. */
export const PACK_INDEX_FORMAT = 'footnote-pack-index';

const TEXT_FIELDS = ['title', 'heading', 'text'] as const;
const ENUM_FIELDS = ['docId', 'access'] as const;
/** Deepest word tree accepted (a word is rarely longer than 40 characters). */
const MAX_TREE_DEPTH = 512;

/** What `index.json` holds. */
export interface PackIndex {
  format: typeof PACK_INDEX_FORMAT;
  /** Orama's internal ids: position + 1. Ids of removed passages stay (Orama never reuses them). */
  ids: string[];
  /** Orama's saved index of each searchable field other than the vector. */
  fields: Record<string, unknown>;
  /**
   * `[internal id, magnitude]` of each vector, by internal id; the vectors are in `vectors.f32`.
   * Kept so that packs stay readable both ways; on import the magnitudes are recomputed from the
   * vectors, so a pack cannot skew a cosine.
   */
  vectors: [number, number][];
  /** Orama's BM25 statistics, as saved. */
  frequencies: unknown;
  tokenOccurrences: unknown;
  avgFieldLength: unknown;
  fieldLengths: unknown;
  /** How many passages contain each content term. */
  termPassages: [string, number][];
}

/** The index entry of a pack for `index` (Orama's index is built for it: seconds at 100,000 passages). */
export function packIndexOf(index: SearchIndex): PackIndex {
  const { slots } = index.lexical;
  const passages = [...index.passages.values()].sort((a, b) => slots.get(a.cite)! - slots.get(b.cite)!);
  const db = createOramaDb();
  // Orama's default components are synchronous, so its insert returns no promise here.
  for (const passage of passages) void insert(db, oramaRecord(passage));
  const raw = save(db) as unknown as {
    internalDocumentIDStore: { internalIdToId: string[] };
    index: Record<string, unknown> & { indexes: Record<string, unknown> };
  };
  const saved = JSON.parse(JSON.stringify(raw.index)) as typeof raw.index;
  return {
    format: PACK_INDEX_FORMAT,
    ids: [...raw.internalDocumentIDStore.internalIdToId],
    fields: Object.fromEntries([...ENUM_FIELDS, ...TEXT_FIELDS].map((name) => [name, saved.indexes[name]])),
    vectors: vectorMagnitudes(index, (cite) => oramaInternalId(db, cite)!),
    frequencies: saved.frequencies,
    tokenOccurrences: saved.tokenOccurrences,
    avgFieldLength: saved.avgFieldLength,
    fieldLengths: saved.fieldLengths,
    termPassages: [...index.termPassages.entries()],
  };
}

/** Rebuilds the live index from the pack's index entry; throws `ShapeError` (or Orama's error) when it is unusable. */
export function indexFromPack(pack: LibraryPack): SearchIndex {
  const { dimensions } = pack.manifest.buster;
  const entry = asObject(pack.index, 'index');
  if (own(entry, 'format') !== PACK_INDEX_FORMAT) throw new ShapeError('index.format', `"${PACK_INDEX_FORMAT}"`);
  const ids = asArray(own(entry, 'ids'), 'index.ids', 10 * pack.passages.length + 1000).map((id, position) =>
    asString(id, `index.ids[${position}]`, 2000),
  );
  const byInternal = internalIds(ids, pack.passages);
  const fields = asObject(own(entry, 'fields'), 'index.fields');
  for (const name of TEXT_FIELDS) checkField(own(fields, name), name, 'Radix', byInternal);
  for (const name of ENUM_FIELDS) checkField(own(fields, name), name, 'Flat', byInternal);
  checkVectorEntries(own(entry, 'vectors'), byInternal);
  checkPerDocument(own(entry, 'frequencies'), 'frequencies', byInternal, true);
  checkPerField(own(entry, 'tokenOccurrences'), 'tokenOccurrences', checkCounts);
  checkPerField(own(entry, 'avgFieldLength'), 'avgFieldLength', (value, path) => asNumber(value, path, 0));
  checkPerDocument(own(entry, 'fieldLengths'), 'fieldLengths', byInternal, false);
  const documents = pack.documents.map((document) =>
    toIndexedDocument(
      document,
      pack.passages.filter((passage) => passage.docId === document.id),
    ),
  );
  const parts = {
    dimensions,
    documents,
    passages: pack.passages,
    vectors: packedVectors(pack, dimensions),
    termPassages: termPassages(own(entry, 'termPassages')),
  };
  return indexFromParts(parts, rebuildLexical(ids, pack.passages));
}

/** Internal id → passage, for the pack's passages; every passage must have exactly one id. */
function internalIds(ids: string[], passages: readonly Passage[]): Map<number, Passage> {
  const position = new Map<string, number>();
  ids.forEach((id, index) => {
    if (position.has(id)) throw new ShapeError(`index.ids[${index}]`, 'an id listed once');
    position.set(id, index + 1);
  });
  const byInternal = new Map<number, Passage>();
  for (const passage of passages) {
    const id = position.get(passage.cite);
    if (id === undefined) throw new ShapeError('index.ids', `a list naming passage ${passage.cite}`);
    byInternal.set(id, passage);
  }
  return new Map([...byInternal].sort((a, b) => a[0] - b[0]));
}

function checkField(value: unknown, name: string, type: 'Radix' | 'Flat', byInternal: Map<number, Passage>) {
  const path = `index.fields.${name}`;
  const field = asObject(value, path);
  if (own(field, 'type') !== type || own(field, 'isArray') !== false) throw new ShapeError(path, `a ${type} index`);
  const node = own(field, 'node');
  if (type === 'Radix') checkTree(node, `${path}.node`, byInternal);
  else checkFlat(node, `${path}.node`, byInternal, name as (typeof ENUM_FIELDS)[number]);
  return { type, node, isArray: false };
}

/** A word tree whose postings are ids of the pack's passages. */
function checkTree(root: unknown, path: string, byInternal: Map<number, Passage>): void {
  const stack: [unknown, string, number][] = [[root, path, 0]];
  while (stack.length > 0) {
    const [value, at, depth] = stack.pop() as [unknown, string, number];
    if (depth > MAX_TREE_DEPTH) throw new ShapeError(at, `at most ${MAX_TREE_DEPTH} levels deep`);
    const node = asObject(value, at);
    for (const key of ['w', 's', 'k']) asString(own(node, key), `${at}.${key}`, 10_000);
    if (typeof own(node, 'e') !== 'boolean') throw new ShapeError(`${at}.e`, 'true or false');
    checkIds(own(node, 'd'), `${at}.d`, byInternal);
    asArray(own(node, 'c'), `${at}.c`, 100_000).forEach((pair, index) => {
      const [key, child, ...rest] = asArray(pair, `${at}.c[${index}]`, 2);
      asString(key, `${at}.c[${index}][0]`, 10_000);
      if (rest.length > 0) throw new ShapeError(`${at}.c[${index}]`, 'a pair');
      stack.push([child, `${at}.c[${index}][1]`, depth + 1]);
    });
  }
}

/** An enum index that files each passage under its own document id or access label, and no other. */
function checkFlat(value: unknown, path: string, byInternal: Map<number, Passage>, field: 'docId' | 'access'): void {
  const node = asObject(value, path);
  const seen = new Set<number>();
  asArray(own(node, 'numberToDocumentId'), `${path}.numberToDocumentId`, byInternal.size + 1).forEach((pair, index) => {
    const at = `${path}.numberToDocumentId[${index}]`;
    const [key, ids] = asArray(pair, at, 2);
    const label = asString(key, `${at}[0]`, 10_000);
    for (const id of checkIds(ids, `${at}[1]`, byInternal)) {
      if (byInternal.get(id)?.[field] !== label || seen.has(id))
        throw new ShapeError(at, `the ${field} of each passage`);
      seen.add(id);
    }
  });
  if (seen.size !== byInternal.size) throw new ShapeError(path, `an entry for every passage's ${field}`);
}

function checkIds(value: unknown, path: string, byInternal: Map<number, Passage>): number[] {
  const ids = asArray(value, path, byInternal.size);
  for (const [index, id] of ids.entries()) {
    if (typeof id !== 'number' || !byInternal.has(id))
      throw new ShapeError(`${path}[${index}]`, 'a passage id of the pack');
  }
  return ids as number[];
}

/** `[internal id, magnitude]` of every vector of the index, by internal id. */
function vectorMagnitudes(index: SearchIndex, internalId: (cite: string) => number): [number, number][] {
  const { size, cites, magnitudes } = index.vectors;
  const entries: [number, number][] = [];
  for (let row = 0; row < size; row++) entries.push([internalId(cites[row]!), magnitudes[row]!]);
  return entries.sort((a, b) => a[0] - b[0]);
}

/** One `[internal id, magnitude]` entry per passage of the pack; the magnitudes themselves are not used. */
function checkVectorEntries(value: unknown, byInternal: Map<number, Passage>): void {
  const seen = new Set<number>();
  asArray(value, 'index.vectors', byInternal.size).forEach((pair, index) => {
    const at = `index.vectors[${index}]`;
    const [id, magnitude] = asArray(pair, at, 2);
    if (typeof id !== 'number' || !byInternal.has(id) || seen.has(id))
      throw new ShapeError(at, 'a passage id of the pack, once');
    seen.add(id);
    asNumber(magnitude, `${at}[1]`, 0);
  });
  if (seen.size !== byInternal.size) throw new ShapeError('index.vectors', 'one entry per passage');
}

/** The pack's vectors as one block, row i for `pack.passages[i]` (the snapshot's layout). */
function packedVectors(pack: LibraryPack, dimensions: number): Float32Array {
  const packed = new Float32Array(pack.passages.length * dimensions);
  pack.passages.forEach((_passage, row) => {
    const vector = pack.vectors[row];
    if (vector?.length !== dimensions) throw new ShapeError(`vectors[${row}]`, `${dimensions} numbers`);
    packed.set(vector, row * dimensions);
  });
  return packed;
}

/** `{ field: { internal id: numbers } }` for the text fields (BM25 frequencies, field lengths). */
function checkPerDocument(value: unknown, path: string, byInternal: Map<number, Passage>, nested: boolean) {
  return checkPerField(value, path, (perField, at) => {
    const object = asObject(perField, at);
    for (const key of Object.keys(object)) {
      if (!byInternal.has(Number(key))) throw new ShapeError(`${at}.${key}`, 'keyed by a passage id of the pack');
      if (nested) checkCounts(own(object, key), `${at}.${key}`);
      else asInteger(own(object, key), `${at}.${key}`);
    }
    return object;
  });
}

function checkPerField(value: unknown, path: string, check: (value: unknown, path: string) => unknown) {
  const object = asObject(value, `index.${path}`);
  for (const name of TEXT_FIELDS) check(own(object, name), `index.${path}.${name}`);
  return object;
}

function checkCounts(value: unknown, path: string): Record<string, unknown> {
  const object = asObject(value, path);
  for (const key of Object.keys(object)) asNumber(own(object, key), `${path}.${key}`, 0);
  return object;
}

function termPassages(value: unknown): [string, number][] {
  return asArray(value, 'index.termPassages', 50_000_000).map((pair, index) => {
    const [term, count] = asArray(pair, `index.termPassages[${index}]`, 2);
    return [
      asString(term, `index.termPassages[${index}][0]`, 10_000),
      asInteger(count, `index.termPassages[${index}][1]`, 1),
    ];
  });
}
