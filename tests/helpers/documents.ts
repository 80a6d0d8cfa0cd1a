/**
 * Test helpers: parse in-memory files with the real parsers.
 */
import { parseDocument } from '../../src/core/ingest/parse-document.js';
import type { SourceDocument } from '../../src/core/types.js';

const encoder = new TextEncoder();

/** Parses `content` as if it were a file called `name`. */
export function parseFile(name: string, content: string, modified = '2026-01-01T00:00:00Z'): Promise<SourceDocument> {
  return parseDocument({ name, bytes: encoder.encode(content), modified });
}

/** A Markdown file with front matter. */
export function markdown(fields: Record<string, string>, body: string): string {
  const front = Object.entries(fields)
    .map(([key, value]) => `${key}: ${value}`)
    .join('\n');
  return `---\n${front}\n---\n${body}`;
}
