/**
 * The engine worker at start-up with a library already stored (issue 14: a question asked while
 * the library comes back waits rather than fails), driven through a fake worker scope on
 * fake-indexeddb: the open reports how far the restore is, and an ask sent right behind it is
 * answered from the restored library, after the open.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../../src/adapters/browser/idb-library-store.js';
import { LibraryService } from '../../../src/adapters/browser/library-service.js';
import type { AskOutcome, FromWorker, Request, ToWorker } from '../../../src/adapters/browser/protocol.js';
import { storeOf } from '../../helpers/service-store.js';
import { manual, serviceNote } from './files.js';

const posted: FromWorker[] = [];
let listener: ((event: MessageEvent<ToWorker>) => void) | undefined;

beforeAll(async () => {
  const stored = await LibraryService.open({ name: DATABASE_NAME });
  await stored.ingest([manual(), serviceNote()]);
  storeOf(stored).close();
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

async function response(id: number): Promise<number> {
  await vi.waitFor(() => expect(posted.some((item) => item.kind === 'response' && item.id === id)).toBe(true), {
    timeout: 10_000,
  });
  return posted.findIndex((item) => item.kind === 'response' && item.id === id);
}

describe('engine worker: a question asked while the library comes back', () => {
  it('waits behind the open and is answered from the restored library; the open says how far it is', async () => {
    send(1, { type: 'open' });
    send(2, {
      type: 'ask',
      question: 'How long is the KT-100 warranty?',
      retrieval: { viewer: 'public', mode: 'hybrid', topK: 6 },
    });
    const asked = await response(2);
    const opened = await response(1);
    expect(opened, 'the open answers first').toBeLessThan(asked);
    const phases = posted.flatMap((item) =>
      item.kind === 'event' && item.id === 1 && item.event.type === 'restore-progress'
        ? [item.event.progress.phase]
        : [],
    );
    expect(phases[0]).toBe('reading');
    const answer = posted[asked];
    if (answer?.kind !== 'response' || !answer.ok) throw new Error(`the ask failed: ${JSON.stringify(answer)}`);
    const outcome = answer.value as AskOutcome;
    expect(outcome.result.retrieved.map((item) => item.passage.docId)).toContain('kettle-manual');
    expect(outcome.result.verdict.status).not.toBe('abstained');
  });
});
