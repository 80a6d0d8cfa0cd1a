/**
 * The parse worker: answers parse requests with `parseSafely` and the browser parsers, one file
 * at a time, reporting its start and each PDF page so that the supervisor can tell a slow file
 * from a stuck one. Time budgets are the supervisor's: it terminates this worker when one is
 * spent, and starts a fresh one for the next file.
 */
import { parseSafely } from '../../../core/ingest/parse-safely.js';
import { createBrowserParsers } from './browser-parsers.js';
import { reportWorkerRequests } from '../network-report.js';
import { isParseRequest, type ParseRequest, type ParseWorkerMessage } from './parse-protocol.js';

interface WorkerScope {
  postMessage(message: ParseWorkerMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
}

const scope = self as unknown as WorkerScope;
reportWorkerRequests('parse worker');
const parsers = createBrowserParsers();

async function answer(request: ParseRequest): Promise<void> {
  const { id, input } = request;
  scope.postMessage({ type: 'progress', id, page: 0, pages: 0 });
  const result = await parseSafely(
    {
      name: input.name,
      bytes: new Uint8Array(input.bytes),
      ...(input.modified ? { modified: input.modified } : {}),
      ...(input.password !== undefined ? { password: input.password } : {}),
    },
    {
      parsers,
      timeoutMs: 0,
      ...(request.limits ? { limits: request.limits } : {}),
      onProgress: ({ page, pages }) => scope.postMessage({ type: 'progress', id, page, pages }),
    },
  );
  scope.postMessage({ type: 'result', id, result });
}

scope.addEventListener('message', (event) => {
  if (isParseRequest(event.data)) void answer(event.data);
});
