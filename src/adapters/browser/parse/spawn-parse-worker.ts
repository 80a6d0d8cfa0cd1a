/**
 * Starts the page's parse worker (a module worker, which Vite bundles from the `new URL` below)
 * and wraps it as the core's `ParseWorkerPort`: the file's bytes are transferred, not copied.
 */
import { RagError } from '../../../core/errors.js';
import type { ParseWorkerEvents, ParseWorkerPort } from '../../../core/ports.js';
import type { ParseInput, ParseRequest } from './parse-protocol.js';

/** The part of `Worker` the supervisor uses (tests pass fakes that throw, hang or send junk). */
export interface ParseModuleWorker {
  postMessage(message: ParseRequest, transfer?: Transferable[]): void;
  addEventListener(type: 'message' | 'messageerror' | 'error', listener: (event: Event) => void): void;
  removeEventListener(type: 'message' | 'messageerror' | 'error', listener: (event: Event) => void): void;
  terminate(): void;
}

/** Starts the app's parse worker (`parse-worker.ts`). */
export function startParseWorker(): ParseModuleWorker {
  return new Worker(new URL('./parse-worker.ts', import.meta.url), {
    type: 'module',
    name: 'footnote-parse',
  }) as unknown as ParseModuleWorker;
}

/** Wraps `worker` as a port reporting to `events` for its whole life. */
export function moduleWorkerPort(worker: ParseModuleWorker, events: ParseWorkerEvents): ParseWorkerPort<ParseInput> {
  worker.addEventListener('message', (event) => events.message((event as MessageEvent<unknown>).data));
  worker.addEventListener('messageerror', () =>
    events.failure(new RagError('PARSE_FAILED', { detail: 'the parser sent an unreadable reply' })),
  );
  worker.addEventListener('error', (event) => {
    // Handled here: the file is marked failed, so the page need not report it again.
    event.preventDefault?.();
    events.failure(new Error((event as ErrorEvent).message || 'the parser stopped unexpectedly'));
  });
  return {
    post: (request) => worker.postMessage(request, [request.input.bytes]),
    terminate: async () => worker.terminate(),
  };
}
