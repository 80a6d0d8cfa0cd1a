/**
 * Picks the parser for a file by its extension. Empty files stop here, before any parser runs
 * (docs/reliability.md IN-01), and every document gets the SHA-256 of its bytes (IN-18).
 */
import { RagError } from '../errors.js';
import type { CallOptions, DocumentParser, ParserInput } from '../ports.js';
import type { SourceDocument } from '../types.js';
import { sha256Hex } from './byte-hash.js';
import { extensionOf } from './file-kind.js';
import { htmlParser } from './parse-html.js';
import { markdownParser } from './parse-markdown.js';
import { textParser } from './parse-text.js';

export { extensionOf } from './file-kind.js';

/**
 * The parsers the core ships with. PDF and Word need a library handed in (`createPdfParser`,
 * `createDocxParser`); the Node adapter's `createNodeParsers` adds them.
 */
export const DEFAULT_PARSERS: readonly DocumentParser[] = [markdownParser, textParser, htmlParser];

/** How far a parser has got through a file, for paged formats. */
export interface ParseProgress {
  file: string;
  /** Pages done so far. */
  page: number;
  pages: number;
}

/** Options of a parse: a signal to stop it and a progress listener. */
export interface ParseOptions extends CallOptions {
  onProgress?: (progress: ParseProgress) => void;
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
  options?: ParseOptions,
): Promise<SourceDocument> {
  const extension = extensionOf(input.name);
  const parser = parsers.find((candidate) => candidate.extensions.includes(extension));
  if (!parser) throw new RagError('UNSUPPORTED_FORMAT', { file: input.name, extension: extension || '(none)' });
  if (input.bytes.length === 0) throw new RagError('EMPTY_DOCUMENT', { file: input.name });
  const document = await parser.parse(input, options);
  return { ...document, byteHash: sha256Hex(input.bytes) };
}
