/**
 * Numbers as people read them.
 */

/** `1234.5` ms → `1.23 s`, `12.3` → `12 ms`. */
export function formatMs(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  return `${Math.round(ms)} ms`;
}

/** Bytes in B, KB or MB (powers of 1024). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A score with three decimals, or a dash when the search did not return the passage. */
export function formatScore(score: number | undefined): string {
  return score === undefined ? '–' : score.toFixed(3);
}

/** `dw480-manual-v3#4.2` → `§4.2`; `#intro` → `intro`. */
export function sectionLabel(cite: string): string {
  const section = cite.slice(cite.indexOf('#') + 1);
  return /^\d/.test(section) ? `§${section}` : section;
}

/** A file's modification time (milliseconds since the epoch) as an ISO string; now when unknown. */
export function isoTime(milliseconds: number): string {
  return new Date(milliseconds || Date.now()).toISOString();
}
