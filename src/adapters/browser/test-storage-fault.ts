/**
 * The test build's storage fault (`VITE_FOOTNOTE_TEST_HOOKS=1`, the e2e runner's build): with
 * `?storage-fault=<kind>:<store>:<n>` in the page's address, the engine worker's n-th `put` into
 * the IndexedDB object store `store` (`*`: any store) fails, once, with a `QuotaExceededError`
 * (`kind` = `quota`) or an `UnknownError` (`kind` = `fail`), as a full disk or a failing
 * request would (docs/reliability.md ST-02, ST-03). The page hands the setting to the worker in the
 * worker's name. In any other build nothing here runs and the parameter is ignored.
 */
import { TEST_HOOKS } from './models/test-engine.js';

/** The engine worker's name, with the page's storage fault when a test build has one. */
export function engineWorkerName(search = globalThis.location?.search ?? ''): string {
  const fault = TEST_HOOKS ? new URLSearchParams(search).get('storage-fault') : null;
  return fault ? `footnote-engine;storage-fault=${fault}` : 'footnote-engine';
}

/** A parsed fault: which store, which put, which error. */
export interface StorageFault {
  error: 'QuotaExceededError' | 'UnknownError';
  store: string;
  at: number;
}

/** The fault a worker name carries, if it is a well-formed one. */
export function parseStorageFault(name: string): StorageFault | undefined {
  const match = /;storage-fault=(quota|fail):([\w*-]+):(\d+)$/.exec(name);
  if (!match) return undefined;
  return {
    error: match[1] === 'quota' ? 'QuotaExceededError' : 'UnknownError',
    store: match[2] ?? '*',
    at: Number(match[3]),
  };
}

/** In the engine worker of a test build: makes the fault its name carries happen. */
export function installStorageFault(name: string, prototype = globalThis.IDBObjectStore?.prototype): void {
  const fault = TEST_HOOKS ? parseStorageFault(name) : undefined;
  if (!fault || !prototype) return;
  const put = prototype.put;
  let count = 0;
  prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
    if ((fault.store === '*' || this.name === fault.store) && ++count === fault.at) {
      throw new DOMException(`test build: put ${fault.at} into "${this.name}" fails`, fault.error);
    }
    return put.apply(this, args);
  };
}
