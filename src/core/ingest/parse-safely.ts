/**
 * The parse wrapper every ingest path uses (docs/reliability.md IN-22, IN-25): it never throws, it
 * answers within its time budget, and a failure is a typed error whose message names the file
 * (made safe to show) and the problem, never the file's content.
 */
import { ERROR_MESSAGES, RagError, type ErrorCode } from '../errors.js';
import type { DocumentParser, ParserInput } from '../ports.js';
import type { SourceDocument } from '../types.js';
import { withDeadline } from './deadline.js';
import { shorten } from './error-detail.js';
import { fileLabel } from './file-label.js';
import { checkFileSize, DEFAULT_SIZE_LIMITS, type SizeLimits } from './limits.js';
import { DEFAULT_PARSERS, parseDocument, type ParseOptions } from './parse-document.js';

/** Why a file could not be read. */
export interface ParseFailure {
  code: ErrorCode;
  /** One sentence naming the file and the problem. */
  message: string;
}

/** What `parseSafely` answers: a document, or a typed error. */
export type ParseResult = { ok: true; document: SourceDocument } | { ok: false; error: ParseFailure };

/** Options of `parseSafely`. */
export interface ParseSafelyOptions extends ParseOptions {
  /** The parsers to choose from; default `DEFAULT_PARSERS`. */
  parsers?: readonly DocumentParser[];
  /** Time budget for the whole file, in ms (default 60 000; 0 for none). */
  timeoutMs?: number;
  /** Size caps by kind of file; default `DEFAULT_SIZE_LIMITS`. */
  limits?: Readonly<SizeLimits>;
}

/** The default time budget of one file. */
export const DEFAULT_PARSE_TIMEOUT_MS = 60_000;

/** Parses one file; resolves with `{ ok: false }` instead of throwing, whatever the parser does. */
export async function parseSafely(input: ParserInput, options: ParseSafelyOptions = {}): Promise<ParseResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_PARSE_TIMEOUT_MS;
  try {
    checkFileSize(input.name, input.bytes.length, options.limits ?? DEFAULT_SIZE_LIMITS);
    const parseOptions: ParseOptions = {};
    if (options.signal) parseOptions.signal = options.signal;
    if (options.onProgress) parseOptions.onProgress = options.onProgress;
    const parsing = parseDocument(input, options.parsers ?? DEFAULT_PARSERS, parseOptions).then(
      (document): ParseResult =>
        looksLikeDocument(document)
          ? { ok: true, document }
          : failure(input.name, 'PARSE_FAILED', { detail: 'the parser returned no document' }),
    );
    const timeout = (): ParseResult => failure(input.name, 'PARSE_TIMEOUT', { seconds: timeoutMs / 1000 });
    return await withAbort(withDeadline(parsing, timeoutMs, timeout), input.name, options);
  } catch (error) {
    return { ok: false, error: toParseFailure(error, input.name) };
  }
}

/** Settles with `ABORTED` as soon as the signal fires. */
function withAbort(promise: Promise<ParseResult>, name: string, options: ParseSafelyOptions): Promise<ParseResult> {
  const signal = options.signal;
  if (!signal) return promise;
  if (signal.aborted) return Promise.resolve(failure(name, 'ABORTED', {}));
  return new Promise<ParseResult>((resolve, reject) => {
    const onAbort = () => resolve(failure(name, 'ABORTED', {}));
    signal.addEventListener('abort', onAbort);
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** A cheap shape check: a parser that returns garbage is a failed parser. */
export function looksLikeDocument(value: unknown): value is SourceDocument {
  const document = value as Partial<SourceDocument> | null;
  return (
    typeof document === 'object' &&
    document !== null &&
    typeof document.id === 'string' &&
    typeof document.text === 'string' &&
    Array.isArray(document.sections)
  );
}

function failure(name: string, code: ErrorCode, details: Record<string, string | number>): ParseResult {
  return { ok: false, error: toParseFailure(new RagError(code, { ...details, file: name }), name) };
}

/** Turns anything thrown into a typed failure naming the file (its label, not the raw name). */
export function toParseFailure(error: unknown, name: string): ParseFailure {
  const file = fileLabel(name);
  if (error instanceof RagError && error.code in ERROR_MESSAGES) {
    const details: Record<string, string | number> = {};
    for (const [key, value] of Object.entries(error.details)) {
      details[key] = typeof value === 'string' ? shorten(value) : value;
    }
    return { code: error.code, message: new RagError(error.code, { ...details, file }).message };
  }
  if (error instanceof Error && /allocation failed|out of memory/i.test(error.message)) {
    return { code: 'PARSE_OUT_OF_MEMORY', message: new RagError('PARSE_OUT_OF_MEMORY', { file }).message };
  }
  const detail = error instanceof Error ? shorten(error.message) : 'the parser failed without an error';
  return { code: 'PARSE_FAILED', message: new RagError('PARSE_FAILED', { file, detail }).message };
}
