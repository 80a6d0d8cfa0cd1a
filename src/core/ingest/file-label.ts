/**
 * A file name made safe to show (docs/reliability.md IN-24, OUT-15): bidirectional overrides and
 * control characters neutralised, and long names shortened in the middle with an ellipsis. The name
 * stays text; escaping for HTML is the UI's job.
 */

/** Longest label, in characters. */
export const MAX_LABEL_LENGTH = 120;

// Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and C0/C1 controls.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u202a-\u202e\u2066-\u2069\u0000-\u001f\u007f-\u009f]/g;

/** `name` with unsafe characters replaced by `\uFFFD` and at most `max` characters long. */
export function fileLabel(name: string, max = MAX_LABEL_LENGTH): string {
  const safe = name.replace(UNSAFE, '\ufffd');
  if (safe.length <= max) return safe;
  const keep = max - 1;
  const head = Math.ceil(keep * 0.6);
  return `${safe.slice(0, head)}…${safe.slice(safe.length - (keep - head))}`;
}
