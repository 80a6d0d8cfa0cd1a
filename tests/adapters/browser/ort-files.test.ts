import { describe, expect, it } from 'vitest';
import { ortWasmThreads } from '../../../src/adapters/browser/models/ort-files.js';

describe('ortWasmThreads', () => {
  it('uses every core up to 4 where the page is cross-origin isolated, one thread otherwise', () => {
    expect(ortWasmThreads({ crossOriginIsolated: true, navigator: { hardwareConcurrency: 2 } })).toBe(2);
    expect(ortWasmThreads({ crossOriginIsolated: true, navigator: { hardwareConcurrency: 16 } })).toBe(4);
    expect(ortWasmThreads({ crossOriginIsolated: true, navigator: {} })).toBe(1);
    expect(ortWasmThreads({ crossOriginIsolated: false, navigator: { hardwareConcurrency: 8 } })).toBe(1);
  });
});
