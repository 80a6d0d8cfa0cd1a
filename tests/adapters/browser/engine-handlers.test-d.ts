/**
 * Type-level tests of the engine worker's handler table and the client's requests. They are
 * checked by `tsc -p tsconfig.json` (`npm run check:types`), never run: each `@ts-expect-error`
 * line fails the check the day it compiles, that is, the day the typing loosens.
 */
import { expectTypeOf } from 'vitest';
import type { EngineConnection } from '../../../src/adapters/browser/engine-client.js';
import { engineHandlers, type HandlerContext } from '../../../src/adapters/browser/engine-handlers.js';
import type { LibraryState, RequestHandlers, RequestType, Responses } from '../../../src/adapters/browser/protocol.js';

declare const state: LibraryState;
declare const connection: EngineConnection;

// Every request type has a response, and every response a request type.
expectTypeOf<keyof Responses>().toEqualTypeOf<RequestType>();

// The worker dispatches through a table of exactly this type.
expectTypeOf(engineHandlers).toEqualTypeOf<RequestHandlers<HandlerContext>>();

const _wrongResponse: Pick<RequestHandlers<HandlerContext>, 'storage-estimate'> = {
  // @ts-expect-error a handler that answers a library state where a storage estimate is due
  'storage-estimate': async () => state,
};

// @ts-expect-error a table that lacks a handler (here, all but `open`)
const _missingHandler: RequestHandlers<HandlerContext> = { open: async () => state };

const _narrowedRequest: Pick<RequestHandlers<HandlerContext>, 'remove'> = {
  // @ts-expect-error each handler gets its own request: a remove has no question
  remove: async (request) => (request.question ? state : state),
};

// @ts-expect-error the client answers each request with its own response: an estimate is not a library
const _clientResponse: Promise<LibraryState> = connection.request({ type: 'storage-estimate' });
