/**
 * The sample manuals (`corpus/`), bundled into the worker at build time so that "Load sample
 * manuals" works offline and needs no fetch.
 */
import type { FileInput } from './protocol.js';

const SAMPLE = import.meta.glob<string>('/corpus/*.{md,txt,html}', { query: '?raw', import: 'default', eager: true });

/** The files carry no modification time once bundled; undated files get the sample's release date. */
const SAMPLE_RELEASED = '2026-11-30';

/** The sample corpus as files, in name order. */
export function sampleFiles(): FileInput[] {
  const encoder = new TextEncoder();
  return Object.entries(SAMPLE)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, text]) => ({
      name: path.slice(path.lastIndexOf('/') + 1),
      bytes: encoder.encode(text).buffer as ArrayBuffer,
      modified: SAMPLE_RELEASED,
    }));
}
