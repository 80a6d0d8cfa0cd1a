/**
 * What a parse supervisor and its worker say to each other, and the checks the supervisor runs
 * on the answers: a worker is not trusted to answer in shape (docs/reliability.md IN-22). Shared by Node
 * (worker threads) and browsers (module workers); each platform chooses the request's input,
 * since the bytes travel differently (a `Uint8Array` in Node, a transferred `ArrayBuffer` in
 * browsers).
 */
import { ERROR_MESSAGES } from '../errors.js';
import type { SizeLimits } from './limits.js';
import { looksLikeDocument, type ParseResult } from './parse-safely.js';

/** Supervisor → worker: parse one file (`Input` is the platform's file, bytes included). */
export interface ParseRequest<Input> {
  type: 'parse';
  id: number;
  input: Input;
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

/** Anything a parse worker sends. */
export type ParseWorkerMessage = ParseProgressMessage | ParseResultMessage;

/** True for a non-null object. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

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
