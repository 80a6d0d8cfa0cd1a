/**
 * The passage vectors, kept beside Orama in one growable `Float32Array` (row r holds
 * `values[r * dimensions …]`), with per-row citation id, access label code, magnitude and
 * tie-break order, scanned by `vector-scan.ts`. Orama's own vector index (a Map entry and a
 * `Float32Array` per passage) kept every vector as its own heap object; here they are one block,
 * copied once into a snapshot and back.
 */
import { RagError } from '../errors.js';
import type { AccessLabel } from '../types.js';
import { labelCode } from './access-codes.js';

/** The vector rows of an index. Treat as opaque outside `core/index`. */
export interface VectorStore {
  dimensions: number;
  /** Rows in use; rows are dense (a removal moves the last row into the gap). */
  size: number;
  /** `capacity × dimensions` floats; rows past `size` are spare. */
  values: Float32Array;
  /** |row|, computed as Orama computes it (`magnitudeOf`). */
  magnitudes: Float64Array;
  /** Tie-break key per row: Orama's internal id of the passage (lower first, as Orama sorts). */
  orders: Uint32Array;
  /** Access label code per row (an index into `labels`). */
  accessCodes: Uint32Array;
  /** Citation id per row. */
  cites: string[];
  /** Row of each citation id. */
  rows: Map<string, number>;
  /** Access labels by code; a code, once given, is never reused. */
  labels: AccessLabel[];
  labelCodes: Map<AccessLabel, number>;
}

const INITIAL_ROWS = 64;

/** An empty store for vectors of `dimensions`, with room for `capacity` rows before it grows. */
export function createVectorStore(dimensions: number, capacity = INITIAL_ROWS): VectorStore {
  const rows = Math.max(1, capacity);
  return {
    dimensions,
    size: 0,
    values: new Float32Array(rows * dimensions),
    magnitudes: new Float64Array(rows),
    orders: new Uint32Array(rows),
    accessCodes: new Uint32Array(rows),
    cites: [],
    rows: new Map(),
    labels: [],
    labelCodes: new Map(),
  };
}

/** Adds (or overwrites) the row of `cite`; `order` is its tie-break key. The vector is copied. */
export function putVector(
  store: VectorStore,
  cite: string,
  access: AccessLabel,
  order: number,
  vector: ArrayLike<number>,
): void {
  if (vector.length !== store.dimensions) {
    throw new RagError('DIMENSION_MISMATCH', { actual: vector.length, expected: store.dimensions });
  }
  let row = store.rows.get(cite);
  if (row === undefined) {
    if (store.size === store.magnitudes.length) grow(store, store.size * 2);
    row = store.size++;
    store.rows.set(cite, row);
    store.cites[row] = cite;
  }
  store.values.set(vector, row * store.dimensions);
  store.magnitudes[row] = magnitudeOf(store.values, row * store.dimensions, store.dimensions);
  store.orders[row] = order;
  store.accessCodes[row] = labelCode(store, access);
}

/** Removes the row of `cite` (the last row moves into its place). Returns false when there was none. */
export function deleteVector(store: VectorStore, cite: string): boolean {
  const row = store.rows.get(cite);
  if (row === undefined) return false;
  const last = store.size - 1;
  if (row !== last) {
    const { dimensions } = store;
    store.values.copyWithin(row * dimensions, last * dimensions, (last + 1) * dimensions);
    store.magnitudes[row] = store.magnitudes[last]!;
    store.orders[row] = store.orders[last]!;
    store.accessCodes[row] = store.accessCodes[last]!;
    const moved = store.cites[last]!;
    store.cites[row] = moved;
    store.rows.set(moved, row);
  }
  store.cites.length = last;
  store.rows.delete(cite);
  store.size = last;
  return true;
}

/** A copy of the vector of `cite` (a copy: rows move on removal and the buffer is replaced on growth). */
export function vectorOf(store: VectorStore, cite: string): Float32Array | undefined {
  const row = store.rows.get(cite);
  if (row === undefined) return undefined;
  return store.values.slice(row * store.dimensions, (row + 1) * store.dimensions);
}

/** The vectors of `cites`, in that order, packed into one new `Float32Array` (a snapshot's block). */
export function packVectors(store: VectorStore, cites: readonly string[]): Float32Array {
  const { dimensions } = store;
  const packed = new Float32Array(cites.length * dimensions);
  cites.forEach((cite, position) => {
    const row = store.rows.get(cite);
    if (row === undefined) throw new Error(`the vector store has no row for ${cite}`);
    packed.set(store.values.subarray(row * dimensions, (row + 1) * dimensions), position * dimensions);
  });
  return packed;
}

/** A row's identity when a store is rebuilt from a packed block. */
export interface PackedRow {
  cite: string;
  access: AccessLabel;
  order: number;
}

/** A store over a copy of `packed`, whose row i is the vector of `rows[i]`; throws when the sizes disagree. */
export function unpackVectors(dimensions: number, packed: Float32Array, rows: readonly PackedRow[]): VectorStore {
  if (!(packed instanceof Float32Array) || packed.length !== rows.length * dimensions) {
    throw new Error(`expected ${rows.length} vectors of ${dimensions} floats`);
  }
  const store = createVectorStore(dimensions, rows.length);
  store.values.set(packed);
  rows.forEach(({ cite, access, order }, row) => {
    if (store.rows.has(cite)) throw new Error(`two vectors for ${cite}`);
    store.rows.set(cite, row);
    store.cites.push(cite);
    store.magnitudes[row] = magnitudeOf(store.values, row * dimensions, dimensions);
    store.orders[row] = order;
    store.accessCodes[row] = labelCode(store, access);
  });
  store.size = rows.length;
  return store;
}

/** Orama's `getMagnitude`: the square root of the sum of squares, summed in doubles in order. */
export function magnitudeOf(values: ArrayLike<number>, offset: number, dimensions: number): number {
  let sum = 0;
  for (let index = 0; index < dimensions; index++) sum += values[offset + index]! * values[offset + index]!;
  return Math.sqrt(sum);
}

function grow(store: VectorStore, rows: number): void {
  const capacity = Math.max(INITIAL_ROWS, rows);
  const values = new Float32Array(capacity * store.dimensions);
  values.set(store.values.subarray(0, store.size * store.dimensions));
  store.values = values;
  store.magnitudes = resized(store.magnitudes, new Float64Array(capacity));
  store.orders = resized(store.orders, new Uint32Array(capacity));
  store.accessCodes = resized(store.accessCodes, new Uint32Array(capacity));
}

function resized<T extends Float64Array | Uint32Array>(from: T, to: T): T {
  to.set(from.subarray(0, Math.min(from.length, to.length)) as never);
  return to;
}
