/**
 * The parse worker's side: answers parse requests with `parseSafely`, reporting pages as they
 * are done. Time budgets are the supervisor's: it terminates this thread when one is spent.
 * Loaded by the boot code of `spawn-parse-worker.ts`, which hands in the parsers.
 */
import { parentPort, type MessagePort } from 'node:worker_threads';
import { parseSafely } from '../../core/ingest/parse-safely.js';
import type { DocumentParser } from '../../core/ports.js';
import { isParseRequest, type ParseRequest, type ParseWorkerMessage } from './parse-protocol.js';

/** Serves parse requests on `port` (the parent port) with `parsers`. */
export function serveParseRequests(parsers: readonly DocumentParser[], port: MessagePort | null = parentPort): void {
  if (!port) throw new Error('serveParseRequests runs in a worker thread');
  port.on('message', (message: unknown) => {
    if (isParseRequest(message)) void answer(port, parsers, message);
  });
}

async function answer(port: MessagePort, parsers: readonly DocumentParser[], request: ParseRequest): Promise<void> {
  const post = (message: ParseWorkerMessage) => port.postMessage(message);
  // Started: the supervisor's progress clock runs from here, not from a fresh thread's start-up.
  post({ type: 'progress', id: request.id, page: 0, pages: 0 });
  const result = await parseSafely(request.input, {
    parsers,
    timeoutMs: 0,
    ...(request.limits ? { limits: request.limits } : {}),
    onProgress: ({ page, pages }) => post({ type: 'progress', id: request.id, page, pages }),
  });
  post({ type: 'result', id: request.id, result });
}
