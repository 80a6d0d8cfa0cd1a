/**
 * The engine worker's queue around a storage loss (ST-12), driven through a fake worker scope on
 * fake-indexeddb: a request queued while the storage is lost waits for the reopen instead of
 * running on the closed connection.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../../src/adapters/browser/idb-library-store.js';
import { LibraryService } from '../../../src/adapters/browser/library-service.js';
import type { FromWorker, IngestOutcome, Request, ToWorker } from '../../../src/adapters/browser/protocol.js';
import { injected, manual, serviceNote } from './files.js';

const posted: FromWorker[] = [];
let listener: ((event: MessageEvent<ToWorker>) => void) | undefined;

beforeAll(async () => {
  vi.stubGlobal('BroadcastChannel', undefined);
  vi.stubGlobal('self', {
    navigator: undefined,
    postMessage: (message: FromWorker) => posted.push(message),
    addEventListener: (type: string, handler: (event: MessageEvent<ToWorker>) => void) => {
      if (type === 'message') listener = handler;
    },
  });
  await import('../../../src/adapters/browser/engine-worker.js');
});

afterAll(() => vi.unstubAllGlobals());

function send(id: number, request: Request): void {
  listener?.({ data: { kind: 'request', id, request } } as MessageEvent<ToWorker>);
}

async function response(id: number) {
  await vi.waitFor(() => expect(posted.some((item) => item.kind === 'response' && item.id === id)).toBe(true), {
    timeout: 10_000,
  });
  return posted.findIndex((item) => item.kind === 'response' && item.id === id);
}

describe('engine worker: the storage lost under queued requests (ST-12)', () => {
  it('a request queued before the loss runs after the reopen, on the new connection', async () => {
    send(1, { type: 'open' });
    await response(1);
    send(2, { type: 'ingest', files: [manual(), injected()] });
    send(3, { type: 'ingest', files: [serviceNote()] });
    indexedDB.deleteDatabase(DATABASE_NAME);
    const queued = await response(3);
    await response(2);
    const lost = posted.findIndex((item) => item.kind === 'storage-lost');
    expect(lost, 'the page hears of the loss').toBeGreaterThanOrEqual(0);
    expect(lost, 'before the queued request answers').toBeLessThan(queued);
    const answer = posted[queued];
    if (answer?.kind !== 'response' || !answer.ok) throw new Error(`request 3 failed: ${JSON.stringify(answer)}`);
    const outcome = answer.value as IngestOutcome;
    expect(outcome.report.failed).toEqual([]);
    expect(outcome.report.added).toEqual(['kettle-service']);
    const stored = await LibraryService.open({ name: DATABASE_NAME });
    expect(stored.state().documents.map((item) => item.id)).toEqual(['kettle-service']);
  });
});

describe('engine worker: dispatch through the handler table', () => {
  it('answers a request type it has no handler for (a page of another version) with an error in words', async () => {
    for (const [id, type] of [
      [10, 'no-such-request'],
      [11, 'toString'],
    ] as const) {
      send(id, { type } as unknown as Request);
      const answer = posted[await response(id)];
      expect(answer).toMatchObject({ kind: 'response', ok: false, error: { message: `Unknown request "${type}".` } });
    }
  });

  it('answers each request through its own handler', async () => {
    send(12, { type: 'storage-estimate' });
    const answer = posted[await response(12)];
    if (answer?.kind !== 'response' || !answer.ok) throw new Error(`request 12 failed: ${JSON.stringify(answer)}`);
    expect(answer.value).toEqual({ libraryBytes: expect.any(Number) });
  });
});
