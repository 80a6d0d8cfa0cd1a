/**
 * Error details fit to show: the first line of a message, bounded, so that no file content is
 * dumped into a message or a log (docs/reliability.md OUT-16).
 */

const MAX_DETAIL_LENGTH = 160;

/** The first line of `message`, at most 160 characters. */
export function shorten(message: string): string {
  const line = (message.split('\n')[0] ?? '').trim() || 'unknown error';
  return line.length > MAX_DETAIL_LENGTH ? `${line.slice(0, MAX_DETAIL_LENGTH - 1)}…` : line;
}
