/**
 * The request the Node parse supervisor sends its worker thread; the answers and their checks
 * are shared with the browser (`core/ingest/parse-messages.ts`).
 */
import { isRecord, type ParseRequest as ParseRequestOf } from '../../core/ingest/parse-messages.js';
import type { ParserInput } from '../../core/ports.js';

export { readParseMessage, type ParseWorkerMessage } from '../../core/ingest/parse-messages.js';

/** Supervisor → worker: parse one file. */
export type ParseRequest = ParseRequestOf<ParserInput>;

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
