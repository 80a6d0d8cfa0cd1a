/**
 * A recording fake of the engine connection: requests are kept, and each is answered (or
 * failed) by the test.
 */
import type { EngineConnection, RequestOptions } from '../../src/adapters/browser/engine-client.js';
import { EngineRequestError } from '../../src/adapters/browser/engine-client.js';
import type { Request, ResponseOf } from '../../src/adapters/browser/protocol.js';

/** One request the fake received. */
export interface Received {
  request: Request;
  options: RequestOptions;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** See the module comment. */
export class FakeConnection implements EngineConnection {
  onNotice: EngineConnection['onNotice'];
  readonly received: Received[] = [];

  request<R extends Request>(request: R, options: RequestOptions = {}): Promise<ResponseOf<R>> {
    return new Promise((resolve, reject) => {
      const entry = { request, options, resolve: resolve as (value: unknown) => void, reject };
      this.received.push(entry);
      options.signal?.addEventListener('abort', () =>
        reject(new EngineRequestError('The operation was stopped.', 'ABORTED')),
      );
    });
  }

  /** The latest request of `type`. */
  last(type: Request['type']): Received {
    const found = this.received.filter((entry) => entry.request.type === type).at(-1);
    if (!found) throw new Error(`no ${type} request`);
    return found;
  }
}
