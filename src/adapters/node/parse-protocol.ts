/**
 * Messages between the parse supervisor and its worker thread, and the checks the supervisor
 * runs on what comes back: a worker is not trusted to answer in shape (RELIABILITY IN-22).
 */
import { ERROR_MESSAGES } from '../../core/errors.js';
import type { SizeLimits } from '../../core/ingest/limits.js';
import { looksLikeDocument, type ParseResult } from '../../core/ingest/parse-safely.js';
import type { ParserInput } from '../../core/ports.js';

/** Supervisor → worker: parse one file. */
export interface ParseRequest {
  type: 'parse';
  id: number;
  input: ParserInput;
  limits?: SizeLimits;
}

/** Worker → supervisor: pages done so far. */
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
export type WorkerMessage = ParseProgressMessage | ParseResultMessage;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** True when `message` is a parse request (checked by the worker). */
export function isParseRequest(message: unknown): message is ParseRequest {
  return (
    isRecord(message) &&
    message.type === 'parse' &&
    typeof message.id === 'number' &&
    isRecord(message.input) &&
    typeof message.input.name === 'string' &&
    message.input.bytes instanceof Uint8Array
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

/** The message if it is a well-formed answer to request `id`, else undefined. */
export function readWorkerMessage(message: unknown, id: number): WorkerMessage | undefined {
  if (!isRecord(message) || message.id !== id) return undefined;
  if (message.type === 'progress' && typeof message.page === 'number' && typeof message.pages === 'number') {
    return message as unknown as ParseProgressMessage;
  }
  if (message.type === 'result' && isParseResult(message.result)) return message as unknown as ParseResultMessage;
  return undefined;
}
