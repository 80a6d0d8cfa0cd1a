/**
 * Which files the browser app reads, known on the page without loading any parser: the core's
 * text formats plus PDF and Word (`browser-parsers.ts`; a test checks the two lists agree).
 */
import { DEFAULT_PARSERS } from '../../../core/ingest/parse-document.js';
import { extensionOf } from '../../../core/ingest/file-kind.js';

/** Extensions (lower case, with the dot) of every file the browser app reads. */
export const BROWSER_EXTENSIONS: readonly string[] = [
  ...DEFAULT_PARSERS.flatMap((parser) => parser.extensions),
  '.pdf',
  '.docx',
  '.docm',
];

/** True when the browser app reads files with this name. */
export function isBrowserSupported(name: string): boolean {
  return BROWSER_EXTENSIONS.includes(extensionOf(name));
}
