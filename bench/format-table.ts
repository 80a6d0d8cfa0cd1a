/**
 * The printed report: one row per size and measure, columns aligned.
 */
import type { LatencySummary } from './latency.js';
import type { SizeResult } from './measure-size.js';

const MEGABYTE = 1e6;
const HEADER = ['passages', 'measure', 'result'] as const;

/** The rows of one size: throughput, latencies, snapshot and memory. */
export function sizeRows(size: SizeResult): string[][] {
  const { chunking, insert, queries, snapshot, memory } = size;
  const passages = count(size.passages);
  const rows: [string, string][] = [
    [
      'chunking (parse + chunk)',
      `${fixed(chunking.megabytesPerSecond, 1)} MB/s · ${count(chunking.passagesPerSecond)} passages/s (${fixed(chunking.megabytes, 1)} MB, ${size.documents} documents)`,
    ],
    ['insert (upsertDocument)', `${count(insert.passagesPerSecond)} passages/s (${fixed(insert.seconds, 2)} s)`],
    ['query lexical (retrieve)', latency(queries.lexical)],
    ['query vector (retrieve)', latency(queries.vector)],
    ['query hybrid (retrieve)', latency(queries.hybrid)],
    ['searchVector alone (vector store)', latency(queries.rawVector)],
    ['floor: dot-product scan', latency(queries.dotProductScan)],
    ['top hit searchVector = scan', `${fixed(queries.topHitAgreement * 100, 0)} % of ${queries.queries} queries`],
    [
      'snapshot size (v8.serialize)',
      `${fixed(snapshot.bytes / MEGABYTE, 1)} MB (${fixed(snapshot.bytes / size.passages / 1024, 2)} KiB/passage)`,
    ],
    [
      'snapshot save',
      `${milliseconds(snapshot.saveMs)} (serializeIndex ${milliseconds(snapshot.serializeIndexMs)} + v8 ${milliseconds(snapshot.v8SerializeMs)})`,
    ],
    [
      'snapshot load',
      `${milliseconds(snapshot.loadMs)} (v8 ${milliseconds(snapshot.v8DeserializeMs)} + deserializeIndex ${milliseconds(snapshot.deserializeIndexMs)}); same top hit: ${snapshot.sameTopHitAfterLoad ? 'yes' : 'NO'}`,
    ],
    [
      'peak memory (sampled)',
      `heap ${fixed(memory.peakHeapUsedBytes / MEGABYTE, 0)} MB · array buffers ${fixed(memory.peakArrayBuffersBytes / MEGABYTE, 0)} MB · rss ${fixed(memory.peakRssBytes / MEGABYTE, 0)} MB (process max rss ${fixed(memory.processMaxRssBytes / MEGABYTE, 0)} MB)`,
    ],
  ];
  return rows.map(([measure, result]) => [passages, measure, result]);
}

/** The whole table, columns padded to their widest cell. */
export function formatTable(sizes: readonly SizeResult[]): string {
  const rows = [[...HEADER], ...sizes.flatMap(sizeRows)];
  const widths = HEADER.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  const lines = [line(rows[0]!), rule];
  rows.slice(1).forEach((row, position) => {
    if (position > 0 && row[0] !== rows[position]?.[0]) lines.push(rule);
    lines.push(line(row));
  });
  return lines.join('\n');
}

function latency(summary: LatencySummary): string {
  return `p50 ${milliseconds(summary.p50Ms)} · p95 ${milliseconds(summary.p95Ms)} (${summary.samples} queries)`;
}

function milliseconds(value: number): string {
  return `${value < 10 ? fixed(value, 2) : fixed(value, value < 100 ? 1 : 0)} ms`;
}

function fixed(value: number, digits: number): string {
  return value.toFixed(digits);
}

function count(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}
