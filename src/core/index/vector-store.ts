/**
 * The passage vectors, kept beside Orama in one growable `Float32Array` (row r holds
 * `values[r * dimensions …]`), with per-row citation id, access label code, magnitude and
 * tie-break order. Orama's own vector index (a Map entry and a `Float32Array` per passage, the
 * `where` filter built as an id list, then a sort of every hit above the floor) is what made a
 * vector query at 100,000 passages cost several times a plain dot-product loop; this exact scan
 * over packed rows, filtering by access inside the loop and keeping only the best k, costs about
 * what that loop costs. The trade-off: no approximate index, so a query stays linear in passages.
 *
 * Scores are Orama 3.1.18's, to the bit: cosine = dot / (|query| · |row|), both sums taken in
 * doubles in index order (`findSimilarVectors` in Orama's `trees/vector.js`), a hit kept when
 * cosine ≥ the floor, ties in Orama's order (lower internal id first). So switching stores
 * changes no ranking.
 */
import { RagError } from '../errors.js';
import type { AccessLabel } from '../types.js';

/** The vector rows of an index. Treat as opaque outside `core/index`. */
export interface VectorStore {
  dimensions: number;
  /** Rows in use; rows are dense (a removal moves the last row into the gap). */
  size: number;
  /** `capacity × dimensions` floats; rows past `size` are spare. */
  values: Float32Array;
  /** |row|, computed as Orama computes it. */
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

/** One scan hit: a citation id and its cosine with the query. */
export interface VectorHit {
  cite: string;
  score: number;
}

/** What to scan for. */
export interface VectorScanOptions {
  /** Access labels the viewer may read; rows with any other label are skipped inside the scan. */
  access: readonly AccessLabel[];
  limit: number;
  /** Lowest cosine returned. */
  similarity: number;
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

/**
 * Exact cosine scan: the `limit` readable rows with the highest cosine ≥ `similarity`, best
 * first, ties by order. Rows the viewer may not read are skipped before scoring, so the top k is
 * never starved by a later filter. A zero query finds nothing; a zero row never scores (0/0).
 */
export function scanVectors(store: VectorStore, query: Float32Array, options: VectorScanOptions): VectorHit[] {
  const { dimensions, values, magnitudes, orders, accessCodes, size } = store;
  if (query.length !== dimensions) {
    throw new RagError('DIMENSION_MISMATCH', { actual: query.length, expected: dimensions });
  }
  const readable = readableCodes(store, options.access);
  if (!readable || options.limit < 1) return [];
  const queryMagnitude = magnitudeOf(query, 0, dimensions);
  const best = new BestRows(options.limit);
  const floor = options.similarity;
  for (let row = 0; row < size; row++) {
    if (readable[accessCodes[row]!] === 0) continue;
    const score = dotProduct(query, values, row * dimensions, dimensions) / (queryMagnitude * magnitudes[row]!);
    // `!(score >= floor)` also drops NaN (a zero vector), as Orama's `similarity >= threshold` does.
    if (!(score >= floor)) continue;
    best.offer(row, score, orders[row]!);
  }
  return best.rows.map((row, position) => ({ cite: store.cites[row]!, score: best.scores[position]! }));
}

/**
 * The dot product of `query` with the row at `offset`, summed in doubles in index order (so to the
 * bit what Orama's loop sums), four terms a turn: about 1.7 times faster in V8 than one a turn.
 */
function dotProduct(query: Float32Array, values: Float32Array, offset: number, dimensions: number): number {
  let dot = 0;
  let index = 0;
  for (const end = dimensions - (dimensions % 4); index < end; index += 4) {
    const at = offset + index;
    dot += query[index]! * values[at]!;
    dot += query[index + 1]! * values[at + 1]!;
    dot += query[index + 2]! * values[at + 2]!;
    dot += query[index + 3]! * values[at + 3]!;
  }
  for (; index < dimensions; index++) dot += query[index]! * values[offset + index]!;
  return dot;
}

/** Orama's `getMagnitude`: the square root of the sum of squares, summed in doubles in order. */
export function magnitudeOf(values: ArrayLike<number>, offset: number, dimensions: number): number {
  let sum = 0;
  for (let index = 0; index < dimensions; index++) sum += values[offset + index]! * values[offset + index]!;
  return Math.sqrt(sum);
}

/** A mask over label codes, or undefined when the viewer may read none of the labels in the store. */
function readableCodes(store: VectorStore, access: readonly AccessLabel[]): Uint8Array | undefined {
  const mask = new Uint8Array(store.labels.length);
  let any = false;
  for (const label of access) {
    const code = store.labelCodes.get(label);
    if (code === undefined) continue;
    mask[code] = 1;
    any = true;
  }
  return any ? mask : undefined;
}

function labelCode(store: VectorStore, label: AccessLabel): number {
  let code = store.labelCodes.get(label);
  if (code === undefined) {
    code = store.labels.length;
    store.labels.push(label);
    store.labelCodes.set(label, code);
  }
  return code;
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

/** The best `limit` rows seen so far, best first: higher score, then lower order (Orama's sort). */
class BestRows {
  readonly rows: number[] = [];
  readonly scores: number[] = [];
  private readonly orders: number[] = [];

  constructor(private readonly limit: number) {}

  offer(row: number, score: number, order: number): void {
    let position = this.rows.length;
    if (position === this.limit && !this.before(score, order, position - 1)) return;
    while (position > 0 && this.before(score, order, position - 1)) position--;
    this.rows.splice(position, 0, row);
    this.scores.splice(position, 0, score);
    this.orders.splice(position, 0, order);
    if (this.rows.length > this.limit) {
      this.rows.pop();
      this.scores.pop();
      this.orders.pop();
    }
  }

  /** True when (score, order) ranks before the entry at `position`. */
  private before(score: number, order: number, position: number): boolean {
    const other = this.scores[position]!;
    return score > other || (score === other && order < this.orders[position]!);
  }
}
