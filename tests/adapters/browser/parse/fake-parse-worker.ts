/**
 * A fake parse worker (named as a fake) for the page's parse supervisor: it answers like the
 * real one (`parseSafely` with the core parsers) or misbehaves the way docs/reliability.md IN-22
 * lists, chosen by the file name's last extension: `.throws` (an uncaught error), `.hangs` (starts,
 * then nothing), `.silent` (not even a start), `.junk` (a reply out of shape), `.unreadable`
 * (a `messageerror`), `.stale` (a reply addressed to an earlier request first), `.paged` (five
 * pages, 30 ms apart). It records what it was sent and whether it was terminated.
 */
import { parseSafely } from '../../../../src/core/ingest/parse-safely.js';
import type { ParseRequest } from '../../../../src/adapters/browser/parse/parse-protocol.js';
import type { ParseModuleWorker } from '../../../../src/adapters/browser/parse/spawn-parse-worker.js';

type Listener = (event: Event) => void;
type Kind = 'message' | 'messageerror' | 'error';

/** See the module comment. */
export class FakeParseWorker implements ParseModuleWorker {
  readonly received: { request: ParseRequest; transfer: Transferable[] }[] = [];
  terminated = false;
  private readonly listeners: Record<Kind, Set<Listener>> = {
    message: new Set(),
    messageerror: new Set(),
    error: new Set(),
  };

  addEventListener(type: Kind, listener: Listener): void {
    this.listeners[type].add(listener);
  }

  removeEventListener(type: Kind, listener: Listener): void {
    this.listeners[type].delete(listener);
  }

  terminate(): void {
    this.terminated = true;
  }

  postMessage(request: ParseRequest, transfer: Transferable[] = []): void {
    this.received.push({ request, transfer });
    setTimeout(() => void this.behave(request), 0);
  }

  private emit(type: Kind, event: object): void {
    if (this.terminated) return;
    for (const listener of this.listeners[type]) listener(event as Event);
  }

  private send(data: unknown): void {
    this.emit('message', { data });
  }

  private async behave(request: ParseRequest): Promise<void> {
    const { id, input } = request;
    const kind = /\.(\w+)$/.exec(input.name)?.[1];
    if (kind === 'silent') return;
    this.send({ type: 'progress', id, page: 0, pages: 0 });
    if (kind === 'hangs') return;
    if (kind === 'throws') return this.emit('error', { message: 'Uncaught TypeError: boom', preventDefault() {} });
    if (kind === 'junk') return this.send({ type: 'result', id, result: { ok: 'maybe' } });
    if (kind === 'unreadable') return this.emit('messageerror', {});
    if (kind === 'stale') this.send({ type: 'result', id: id - 1, result: { ok: true, document: {} } });
    if (kind === 'paged') {
      for (let page = 1; page <= 5; page++) {
        await new Promise((resolve) => setTimeout(resolve, 30));
        this.send({ type: 'progress', id, page, pages: 5 });
      }
    }
    const name = input.name.replace(/\.(stale|paged)$/, '');
    const result = await parseSafely({ name, bytes: new Uint8Array(input.bytes) }, { timeoutMs: 0 });
    this.send({ type: 'result', id, result });
  }
}

/** A spawn function handing out fake workers, keeping each. */
export function fakeWorkers(): { spawn: () => FakeParseWorker; workers: FakeParseWorker[] } {
  const workers: FakeParseWorker[] = [];
  return {
    workers,
    spawn: () => {
      const worker = new FakeParseWorker();
      workers.push(worker);
      return worker;
    },
  };
}
