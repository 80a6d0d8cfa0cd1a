/**
 * SQLite-style fault injection for fake-indexeddb (docs/reliability.md ST-03): counts every
 * IndexedDB request (get, getAll, put, add, delete, clear, count, openCursor, cursor continue) and
 * fails the N-th one. `throw` makes the call itself throw, as the browser does for a value it
 * cannot clone; `abort` issues the request and then aborts its transaction, as a request failing
 * with `QuotaExceededError` (or a failed commit) does. `close` is a tab closed in the middle of a
 * transaction (docs/reliability.md ST-04, IX-09): the N-th request is issued and its transaction
 * aborted, and every request after it throws, as nothing more reaches the database once the tab
 * is gone; the test then abandons that app instance and opens a new one over the same database.
 * `count` only counts, to learn K.
 *
 * The prototypes are wrapped once, for good, when this module loads (import it after
 * `fake-indexeddb/auto` and before anything uses `idb`), and the wrappers ask the injector
 * installed now: `idb` keeps its own reference to the cursor methods the first time it sees them.
 */

/** How the N-th request fails. */
export type FaultMode = 'throw' | 'abort' | 'close' | 'count';

/** An installed injector. */
export interface Fault {
  /** Requests seen so far. */
  readonly requests: number;
  /** True once the fault was injected (for `close`: once the tab was closed). */
  readonly fired: boolean;
  /** Runs `read` with requests neither counted nor failed (the test's own reads). */
  pause<T>(read: () => Promise<T>): Promise<T>;
  /** Uninstalls the injector. */
  restore(): void;
}

interface Active {
  at: number;
  mode: FaultMode;
  requests: number;
  fired: boolean;
  paused: boolean;
}

let active: Active | undefined;
let wrapped = false;

const STORE_METHODS = ['get', 'getAll', 'getAllKeys', 'put', 'add', 'delete', 'clear', 'count', 'openCursor'] as const;

function wrap(target: object, method: string, transactionOf: (self: unknown) => IDBTransaction): void {
  const methods = target as Record<string, (...args: unknown[]) => unknown>;
  const original = methods[method];
  if (!original) return;
  methods[method] = function (this: unknown, ...args: unknown[]) {
    const fault = active;
    if (!fault || fault.paused) return original.apply(this, args);
    if (fault.mode === 'close' && fault.fired) throw new DOMException('The tab was closed.', 'InvalidStateError');
    fault.requests += 1;
    if (fault.mode === 'count' || fault.requests !== fault.at || fault.fired) return original.apply(this, args);
    fault.fired = true;
    if (fault.mode === 'throw') throw new DOMException(`Injected failure of request ${fault.at}.`, 'UnknownError');
    const request = original.apply(this, args);
    transactionOf(this).abort();
    return request;
  };
}

function wrapOnce(): void {
  if (wrapped) return;
  wrapped = true;
  for (const method of STORE_METHODS) {
    wrap(IDBObjectStore.prototype, method, (self) => (self as IDBObjectStore).transaction);
  }
  wrap(IDBCursor.prototype, 'continue', (self) => sourceTransaction(self as IDBCursor));
}

wrapOnce();

/** Installs an injector failing request number `at` (1-based) in `mode`. */
export function injectFault(at: number, mode: FaultMode): Fault {
  const state: Active = { at, mode, requests: 0, fired: false, paused: false };
  active = state;
  return {
    get requests() {
      return state.requests;
    },
    get fired() {
      return state.fired;
    },
    async pause(read) {
      state.paused = true;
      try {
        return await read();
      } finally {
        state.paused = false;
      }
    },
    restore() {
      if (active === state) active = undefined;
    },
  };
}

function sourceTransaction(cursor: IDBCursor): IDBTransaction {
  const source = cursor.source as IDBObjectStore | IDBIndex;
  return 'transaction' in source ? source.transaction : source.objectStore.transaction;
}
