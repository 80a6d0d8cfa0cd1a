/**
 * A fake parse worker port (named as a fake) for the core's parse supervisor: it records what
 * it was sent, whether it was told it is idle and whether it was terminated, and does nothing
 * by itself; a test makes it start, report pages, answer, answer out of turn or fail. Once
 * terminated it says nothing more, like a real worker.
 */
import type { ParseRequest } from '../../src/core/ingest/parse-messages.js';
import { parseSafely } from '../../src/core/ingest/parse-safely.js';
import type { ParserInput, ParseWorkerEvents, ParseWorkerPort } from '../../src/core/ports.js';

/** See the module comment. */
export class FakeParseWorkerPort implements ParseWorkerPort<ParserInput> {
  readonly posted: ParseRequest<ParserInput>[] = [];
  idled = 0;
  terminated = false;

  constructor(
    /** The supervisor's ears; a test calls them directly to play messages in flight at termination. */
    readonly events: ParseWorkerEvents,
    private readonly onPost: (worker: FakeParseWorkerPort, request: ParseRequest<ParserInput>) => void,
  ) {}

  post(request: ParseRequest<ParserInput>): void {
    this.posted.push(request);
    this.onPost(this, request);
  }

  idle(): void {
    this.idled += 1;
  }

  async terminate(): Promise<void> {
    this.terminated = true;
  }

  /** Posts `data` to the supervisor, as the worker would. */
  send(data: unknown): void {
    if (!this.terminated) this.events.message(data);
  }

  /** Says the parse of request `id` started. */
  start(id: number): void {
    this.send({ type: 'progress', id, page: 0, pages: 0 });
  }

  /** Reports page `page` of `pages` done. */
  page(id: number, page: number, pages: number): void {
    this.send({ type: 'progress', id, page, pages });
  }

  /** Answers `request` as the real worker does (`parseSafely` with the core parsers). */
  async answer(request: ParseRequest<ParserInput>, id = request.id): Promise<void> {
    const result = await parseSafely(request.input, { timeoutMs: 0 });
    this.send({ type: 'result', id, result });
  }

  /** Fails as a crashed worker does. */
  fail(error: unknown): void {
    if (!this.terminated) this.events.failure(error);
  }
}

/** A spawn function handing out fake ports that call `onPost` with each request, keeping each. */
export function fakeParseWorkers(
  onPost: (worker: FakeParseWorkerPort, request: ParseRequest<ParserInput>) => void = () => undefined,
): { spawn: (events: ParseWorkerEvents) => FakeParseWorkerPort; workers: FakeParseWorkerPort[] } {
  const workers: FakeParseWorkerPort[] = [];
  return {
    workers,
    spawn: (events) => {
      const worker = new FakeParseWorkerPort(events, onPost);
      workers.push(worker);
      return worker;
    },
  };
}
