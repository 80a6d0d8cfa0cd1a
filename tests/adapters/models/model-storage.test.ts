import { describe, expect, it } from 'vitest';
import {
  checkRoomFor,
  evictModel,
  removeCachedModel,
  type WebLlmCacheHelpers,
} from '../../../src/adapters/models/model-storage.js';
import { appConfigFor } from '../../../src/adapters/models/webllm-app-config.js';

const appConfig = appConfigFor([]);
const MB = 2 ** 20;

/** Fake WebLLM cache helpers over a set of cached parts; `failWeights` mimics a missing manifest. */
function fakeHelpers(failWeights = false) {
  const cached = new Set(['weights', 'library', 'config']);
  const helpers: WebLlmCacheHelpers = {
    hasModelInCache: async () => cached.has('weights'),
    deleteModelInCache: async () => {
      if (failWeights) throw new TypeError("Failed to execute 'add' on 'Cache': Request failed");
      cached.delete('weights');
    },
    deleteModelWasmInCache: async () => void cached.delete('library'),
    deleteChatConfigInCache: async () => void cached.delete('config'),
  };
  return { helpers, cached };
}

describe('model storage', () => {
  it('evicts library and config even when the weights cannot be deleted', async () => {
    const { helpers, cached } = fakeHelpers(true);
    expect(await evictModel(helpers, 'M', appConfig)).toEqual(['weights']);
    expect([...cached]).toEqual(['weights']);
  });

  it('reports the space a removal frees', async () => {
    const { helpers } = fakeHelpers();
    const usages = [900 * MB, 300 * MB];
    const storage = { estimate: async () => ({ usage: usages.shift()!, quota: 2000 * MB }) };
    expect(await removeCachedModel(helpers, storage, 'M', appConfig)).toEqual({ freedBytes: 600 * MB });
    expect(await removeCachedModel(helpers, undefined, 'M', appConfig)).toEqual({ freedBytes: null });
  });

  it('checks the quota before a download, explaining that index and models share it', async () => {
    const storage = { estimate: async () => ({ usage: 100 * MB, quota: 600 * MB }) };
    expect(await checkRoomFor(storage, 300)).toMatchObject({ ok: true, neededMB: 400, availableMB: 500 });
    const tight = await checkRoomFor(storage, 800);
    expect(tight).toMatchObject({ ok: false, neededMB: 900 });
    expect(tight.message).toMatch(/share this site’s storage/);
    expect((await checkRoomFor(undefined, 800)).ok).toBe(true);
  });
});
