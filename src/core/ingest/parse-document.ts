/**
 * Picks the parser for a file by its extension.
 */
import { RagError } from '../errors.js';
import type { CallOptions, DocumentParser, ParserInput } from '../ports.js';
import type { SourceDocument } from '../types.js';
import { htmlParser } from './parse-html.js';
import { markdownParser } from './parse-markdown.js';
import { textParser } from './parse-text.js';

/** The parsers the core ships with. */
export const DEFAULT_PARSERS: readonly DocumentParser[] = [markdownParser, textParser, htmlParser];

/** The lower-case extension of a file name, with the dot (`.md`), or '' when there is none. */
export function extensionOf(name: string): string {
  return /\.[^./\\]+$/.exec(name)?.[0].toLowerCase() ?? '';
}

/** True when some parser reads files with this name. */
export function isSupportedFile(name: string, parsers: readonly DocumentParser[] = DEFAULT_PARSERS): boolean {
  const extension = extensionOf(name);
  return parsers.some((parser) => parser.extensions.includes(extension));
}

/** Parses one file; throws a `RagError` naming the file when it cannot. */
export async function parseDocument(
  input: ParserInput,
  parsers: readonly DocumentParser[] = DEFAULT_PARSERS,
  options?: CallOptions,
): Promise<SourceDocument> {
  const extension = extensionOf(input.name);
  const parser = parsers.find((candidate) => candidate.extensions.includes(extension));
  if (!parser) throw new RagError('UNSUPPORTED_FORMAT', { file: input.name, extension: extension || '(none)' });
  return parser.parse(input, options);
}
