import { describe, expect, it } from 'vitest';
import { EngineClient, EngineRequestError, type WorkerPort } from '../../../src/adapters/browser/engine-client.js';
import type { FromWorker, ToWorker } from '../../../src/adapters/browser/protocol.js';

/** A worker that records what the page posts and lets the test answer. */
class FakeWorker implements WorkerPort {
  readonly posted: { message: ToWorker; transfer: Transferable[] }[] = [];
  terminated = false;
  private readonly listeners: Record<string, ((event: never) => void)[]> = { message: [], error: [] };

  postMessage(message: ToWorker, transfer: Transferable[] = []): void {
    this.posted.push({ message, transfer });
  }

  addEventListener(type: 'message' | 'error', listener: (event: never) => void): void {
    this.listeners[type]?.push(listener);
  }

  terminate(): void {
    this.terminated = true;
  }

  send(message: FromWorker): void {
    for (const listener of this.listeners.message ?? []) listener({ data: message } as never);
  }

  fail(message: string): void {
    for (const listener of this.listeners.error ?? []) listener({ message } as never);
  }
}

describe('EngineClient', () => {
  it('answers each request by id and routes its events to it', async () => {
    const worker = new FakeWorker();
    const client = new EngineClient(worker);
    const deltas: string[] = [];
    const asking = client.request(
      { type: 'ask', question: 'q', retrieval: { viewer: 'public', mode: 'hybrid', topK: 6 } },
      { onEvent: (event) => event.type === 'answer-delta' && deltas.push(event.text) },
    );
    const opening = client.request({ type: 'open' });
    const [ask, open] = worker.posted.map((entry) => entry.message);
    expect(ask).toMatchObject({ kind: 'request', id: 1, request: { type: 'ask' } });
    expect(open).toMatchObject({ kind: 'request', id: 2, request: { type: 'open' } });
    worker.send({ kind: 'event', id: 1, event: { type: 'answer-delta', text: 'Two' } });
    worker.send({ kind: 'response', id: 2, ok: false, error: { message: 'no storage', code: 'X' } });
    worker.send({ kind: 'response', id: 1, ok: true, value: { result: 'r', injections: {} } as never });
    await expect(asking).resolves.toEqual({ result: 'r', injections: {} });
    await expect(opening).rejects.toMatchObject({ message: 'no storage', code: 'X' });
    expect(deltas).toEqual(['Two']);
  });

  it('sends a cancel for an aborted request and transfers file buffers', async () => {
    const worker = new FakeWorker();
    const client = new EngineClient(worker);
    const controller = new AbortController();
    const bytes = new ArrayBuffer(4);
    const ingest = client.request(
      { type: 'ingest', files: [{ name: 'a.md', bytes }] },
      { signal: controller.signal, transfer: [bytes] },
    );
    expect(worker.posted[0]?.transfer).toEqual([bytes]);
    controller.abort();
    expect(worker.posted[1]?.message).toEqual({ kind: 'cancel', id: 1 });
    worker.send({
      kind: 'response',
      id: 1,
      ok: false,
      error: { message: 'The operation was stopped.', code: 'ABORTED' },
    });
    await expect(ingest).rejects.toBeInstanceOf(EngineRequestError);
  });

  it('fails pending requests and tells the page when the worker dies', async () => {
    const worker = new FakeWorker();
    const client = new EngineClient(worker);
    const notices: string[] = [];
    client.onNotice = (notice) => notices.push(`${notice.kind}: ${notice.message}`);
    const opening = client.request({ type: 'open' });
    worker.fail('boom');
    await expect(opening).rejects.toThrow('boom');
    worker.send({ kind: 'storage-lost', cause: 'deleted', reason: 'cleared' });
    expect(notices).toEqual(['crash: boom', 'storage-lost: cleared']);
    client.dispose();
    expect(worker.terminated).toBe(true);
  });
});
