/**
 * A ZIP pre-scan with a running byte count (docs/reliability.md IN-08), run before any DOCX library
 * sees the file: the central directory is read and checked (entry count, bounds, overlapping
 * entries), then the entries the parser needs are inflated in small steps while the bytes that
 * really come out are counted, so a declared size that lies changes nothing. Past a cap the scan
 * stops: "suspicious archive". Entries that are not kept (images, binaries) are never inflated.
 */
import { Inflate } from 'fflate';
import { RagError } from '../../errors.js';
import { shorten } from '../error-detail.js';
import { formatBytes } from '../limits.js';

/** Caps of the pre-scan. */
export interface ArchiveLimits {
  /** Most entries an archive may list. */
  maxEntries: number;
  /** Most bytes the kept entries may inflate to, all together. */
  maxUnzippedBytes: number;
  /** Largest inflated/compressed ratio of the whole file, checked once past `ratioFloorBytes`. */
  maxRatio: number;
  ratioFloorBytes: number;
}

const MB = 1024 * 1024;

/** 10 000 entries, 256 MB inflated, 100:1 past 16 MB. */
export const DEFAULT_ARCHIVE_LIMITS: Readonly<ArchiveLimits> = {
  maxEntries: 10_000,
  maxUnzippedBytes: 256 * MB,
  maxRatio: 100,
  ratioFloorBytes: 16 * MB,
};

/** What the scan found: every entry name, and the kept entries inflated. */
export interface ScannedZip {
  names: string[];
  files: Map<string, Uint8Array>;
  unzippedBytes: number;
}

interface Entry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  headerOffset: number;
}

const INFLATE_STEP = 16 * 1024;

/** Scans `bytes`; throws `DOCX_DAMAGED` or `SUSPICIOUS_ARCHIVE` naming the file. */
export function scanZip(
  bytes: Uint8Array,
  file: string,
  limits: Readonly<ArchiveLimits>,
  keep: (name: string) => boolean,
): ScannedZip {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = readCentralDirectory(view, file, limits);
  const starts = dataStarts(view, entries, file);
  const scanned: ScannedZip = { names: entries.map((entry) => entry.name), files: new Map(), unzippedBytes: 0 };
  const count = (size: number) => {
    scanned.unzippedBytes += size;
    if (scanned.unzippedBytes > limits.maxUnzippedBytes) {
      throw suspicious(file, `it unpacks to more than ${formatBytes(limits.maxUnzippedBytes)}`);
    }
    if (scanned.unzippedBytes > limits.ratioFloorBytes && scanned.unzippedBytes > limits.maxRatio * bytes.length) {
      throw suspicious(file, `it unpacks to more than ${limits.maxRatio} times its size`);
    }
  };
  entries.forEach((entry, index) => {
    if (!keep(entry.name)) return;
    const start = starts[index] ?? 0;
    const data = bytes.subarray(start, start + entry.compressedSize);
    scanned.files.set(entry.name, inflateEntry(data, entry, file, count));
  });
  return scanned;
}

const suspicious = (file: string, detail: string) => new RagError('SUSPICIOUS_ARCHIVE', { file, detail });
const damaged = (file: string, detail: string) => new RagError('DOCX_DAMAGED', { file, detail });

function findEndOfCentralDirectory(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let offset = view.byteLength - 22; offset >= lowest; offset--) {
    if (view.getUint32(offset, true) === 0x06054b50) return offset;
  }
  return -1;
}

function readCentralDirectory(view: DataView, file: string, limits: Readonly<ArchiveLimits>): Entry[] {
  const end = findEndOfCentralDirectory(view);
  if (end < 0) throw damaged(file, 'no ZIP directory: the file is truncated or not a ZIP archive');
  const total = view.getUint16(end + 10, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (total === 0xffff || directoryOffset === 0xffffffff) throw suspicious(file, 'a ZIP64 archive');
  if (total > limits.maxEntries) throw suspicious(file, `${total} entries, more than ${limits.maxEntries}`);
  const entries: Entry[] = [];
  let offset = directoryOffset;
  const names = new TextDecoder('utf-8');
  for (let index = 0; index < total; index++) {
    if (offset + 46 > end || view.getUint32(offset, true) !== 0x02014b50) throw damaged(file, 'a broken ZIP directory');
    const nameLength = view.getUint16(offset + 28, true);
    const skip = nameLength + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
    if (offset + 46 + skip > end) throw damaged(file, 'a broken ZIP directory');
    const nameBytes = new Uint8Array(view.buffer, view.byteOffset + offset + 46, nameLength);
    entries.push({
      name: names.decode(nameBytes),
      flags: view.getUint16(offset + 8, true),
      method: view.getUint16(offset + 10, true),
      compressedSize: view.getUint32(offset + 20, true),
      headerOffset: view.getUint32(offset + 42, true),
    });
    offset += 46 + skip;
  }
  return entries;
}

/** Where each entry's data starts; refuses entries out of bounds or overlapping another. */
function dataStarts(view: DataView, entries: Entry[], file: string): number[] {
  const starts = entries.map((entry) => {
    const at = entry.headerOffset;
    if (at + 30 > view.byteLength || view.getUint32(at, true) !== 0x04034b50) throw damaged(file, 'a broken ZIP entry');
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    if (start + entry.compressedSize > view.byteLength) throw damaged(file, `${shorten(entry.name)} is truncated`);
    if (entry.flags & 1) throw damaged(file, 'encrypted ZIP entries');
    return start;
  });
  const spans = entries
    .map((entry, index) => ({ from: entry.headerOffset, to: (starts[index] ?? 0) + entry.compressedSize }))
    .sort((a, b) => a.from - b.from);
  spans.forEach((span, index) => {
    const previous = spans[index - 1];
    if (previous && span.from < previous.to) throw suspicious(file, 'overlapping entries');
  });
  return starts;
}

function inflateEntry(data: Uint8Array, entry: Entry, file: string, count: (size: number) => void): Uint8Array {
  if (entry.method === 0) {
    count(data.length);
    return data.slice();
  }
  if (entry.method !== 8) throw damaged(file, `unsupported compression in ${shorten(entry.name)}`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const inflater = new Inflate((chunk) => {
    count(chunk.length);
    chunks.push(chunk.slice());
    size += chunk.length;
  });
  try {
    if (data.length === 0) inflater.push(new Uint8Array(0), true);
    for (let offset = 0; offset < data.length; offset += INFLATE_STEP) {
      inflater.push(data.subarray(offset, offset + INFLATE_STEP), offset + INFLATE_STEP >= data.length);
    }
  } catch (error) {
    if (error instanceof RagError) throw error;
    throw damaged(file, `${shorten(entry.name)} is corrupt`);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
