/**
 * The request the page's parse supervisor sends the parse worker: the file's bytes as an
 * `ArrayBuffer` (transferred, not copied) and, for an encrypted PDF, the password for that one
 * parse. The answers and their checks are shared with Node (`core/ingest/parse-messages.ts`).
 */
import { isRecord, type ParseRequest as ParseRequestOf } from '../../../core/ingest/parse-messages.js';

export { isStaleMessage, readParseMessage, type ParseWorkerMessage } from '../../../core/ingest/parse-messages.js';

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
export type ParseRequest = ParseRequestOf<ParseInput>;

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
