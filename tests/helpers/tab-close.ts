/**
 * A tab closed in the middle of an IndexedDB transaction, on fake-indexeddb (docs/reliability.md ST-04,
 * IX-09): the N-th request is issued and its transaction aborted, and every request after it
 * throws, as nothing more reaches the database once the tab is gone. The test then abandons the
 * app instance and opens a new one over the same database.
 *
 * Like `fakes/faulty-indexeddb.ts`, the prototypes are wrapped once, when this module loads:
 * import it after `fake-indexeddb/auto` and before anything uses `idb`.
 */

/** An armed tab close. */
export interface TabClose {
  /** Requests seen so far. */
  readonly requests: number;
  /** True once the tab was closed. */
  readonly closed: boolean;
  /** Disarms it (the next "tab" works normally). */
  restore(): void;
}

interface Armed {
  at: number;
  requests: number;
  closed: boolean;
}

let armed: Armed | undefined;

const STORE_METHODS = ['get', 'getAll', 'getAllKeys', 'put', 'add', 'delete', 'clear', 'count', 'openCursor'] as const;

function wrap(target: object, method: string, transactionOf: (self: unknown) => IDBTransaction): void {
  const methods = target as Record<string, (...args: unknown[]) => unknown>;
  const original = methods[method];
  if (!original) return;
  methods[method] = function (this: unknown, ...args: unknown[]) {
    const state = armed;
    if (!state) return original.apply(this, args);
    if (state.closed) throw new DOMException('The tab was closed.', 'InvalidStateError');
    state.requests += 1;
    if (state.requests !== state.at) return original.apply(this, args);
    state.closed = true;
    const request = original.apply(this, args);
    transactionOf(this).abort();
    return request;
  };
}

for (const method of STORE_METHODS) {
  wrap(IDBObjectStore.prototype, method, (self) => (self as IDBObjectStore).transaction);
}
wrap(IDBCursor.prototype, 'continue', (self) => {
  const source = (self as IDBCursor).source as IDBObjectStore | IDBIndex;
  return 'transaction' in source ? source.transaction : source.objectStore.transaction;
});

/** Closes the "tab" at request number `at` (1-based) of whatever runs next. */
export function closeTabAt(at: number): TabClose {
  const state: Armed = { at, requests: 0, closed: false };
  armed = state;
  return {
    get requests() {
      return state.requests;
    },
    get closed() {
      return state.closed;
    },
    restore() {
      if (armed === state) armed = undefined;
    },
  };
}
