import { describe, expect, it } from 'vitest';
import {
  engineWorkerName,
  installStorageFault,
  parseStorageFault,
} from '../../../src/adapters/browser/test-storage-fault.js';

describe('the test build storage fault', () => {
  it('reads "<kind>:<store>:<n>" from the worker name, and nothing else', () => {
    expect(parseStorageFault('footnote-engine;storage-fault=quota:documents:2')).toEqual({
      error: 'QuotaExceededError',
      store: 'documents',
      at: 2,
    });
    expect(parseStorageFault('footnote-engine;storage-fault=fail:*:5')).toEqual({
      error: 'UnknownError',
      store: '*',
      at: 5,
    });
    expect(parseStorageFault('footnote-engine')).toBeUndefined();
    expect(parseStorageFault('footnote-engine;storage-fault=drop:documents:1')).toBeUndefined();
  });

  it('is inert outside a test build: the worker keeps its plain name and no put is wrapped', () => {
    expect(engineWorkerName('?storage-fault=quota:documents:1')).toBe('footnote-engine');
    const prototype = { put: () => 'stored' } as unknown as IDBObjectStore;
    const put = prototype.put;
    installStorageFault('footnote-engine;storage-fault=quota:*:1', prototype);
    expect(prototype.put).toBe(put);
  });
});
