/**
 * Messages between the page's parse supervisor and the parse worker, and the checks the
 * supervisor runs on what comes back: the worker is not trusted to answer in shape (RELIABILITY
 * IN-22). Requests carry the file's bytes as an `ArrayBuffer` (transferred, not copied) and, for
 * an encrypted PDF, the password for that one parse.
 */
import { ERROR_MESSAGES } from '../../../core/errors.js';
import type { SizeLimits } from '../../../core/ingest/limits.js';
import { looksLikeDocument, type ParseResult } from '../../../core/ingest/parse-safely.js';

/** A file to parse. */
export interface ParseInput {
  name: string;
  bytes: ArrayBuffer;
  /** ISO modification time. */
  modified?: string;
  /** For an encrypted PDF: used for this parse only, never stored or logged. */
  password?: string;
}

/** Supervisor → worker: parse one file. */
export interface ParseRequest {
  type: 'parse';
  id: number;
  input: ParseInput;
  limits?: SizeLimits;
}

/** Worker → supervisor: the parse started (`pages` 0) or a page is done. */
export interface ParseProgressMessage {
  type: 'progress';
  id: number;
  page: number;
  pages: number;
}

/** Worker → supervisor: the outcome. */
export interface ParseResultMessage {
  type: 'result';
  id: number;
  result: ParseResult;
}

/** Anything the worker sends. */
export type ParseWorkerMessage = ParseProgressMessage | ParseResultMessage;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** True when `message` is a parse request (checked by the worker). */
export function isParseRequest(message: unknown): message is ParseRequest {
  return (
    isRecord(message) &&
    message.type === 'parse' &&
    typeof message.id === 'number' &&
    isRecord(message.input) &&
    typeof message.input.name === 'string' &&
    message.input.bytes instanceof ArrayBuffer &&
    (message.input.password === undefined || typeof message.input.password === 'string')
  );
}

/** True when `result` is a well-formed `ParseResult`. */
export function isParseResult(result: unknown): result is ParseResult {
  if (!isRecord(result)) return false;
  if (result.ok === true) return looksLikeDocument(result.document);
  const error = result.error;
  return (
    result.ok === false &&
    isRecord(error) &&
    typeof error.code === 'string' &&
    error.code in ERROR_MESSAGES &&
    typeof error.message === 'string'
  );
}

/** The message if it is a well-formed answer to request `id`; undefined otherwise. */
export function readParseMessage(message: unknown, id: number): ParseWorkerMessage | undefined {
  if (!isRecord(message) || message.id !== id) return undefined;
  if (message.type === 'progress' && typeof message.page === 'number' && typeof message.pages === 'number') {
    return message as unknown as ParseProgressMessage;
  }
  if (message.type === 'result' && isParseResult(message.result)) return message as unknown as ParseResultMessage;
  return undefined;
}

/** A well-addressed message for an earlier request (a parser posting after its answer): ignored. */
export function isStaleMessage(message: unknown, id: number): boolean {
  return isRecord(message) && typeof message.id === 'number' && message.id < id;
}
