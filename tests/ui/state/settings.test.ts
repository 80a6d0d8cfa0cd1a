// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL_SETTINGS } from '../../../src/adapters/browser/models/model-settings.js';
import { DEFAULT_LLM_KEY } from '../../../src/adapters/models/model-catalogue.js';
import { Settings, SETTINGS_KEY } from '../../../src/ui/state/settings.svelte.js';

function memoryStore(initial?: string) {
  const values = new Map<string, string>(initial === undefined ? [] : [[SETTINGS_KEY, initial]]);
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

describe('Settings', () => {
  it('keeps the model choice for the next visit, and nothing else', () => {
    const store = memoryStore();
    const first = new Settings(store);
    expect(first.models).toEqual(DEFAULT_MODEL_SETTINGS);
    expect(first.answerModel).toBe(DEFAULT_LLM_KEY);
    const models = {
      embedding: { kind: 'local' as const, id: 'local/tiny-embed', pooling: 'cls' as const },
      reranker: { kind: 'catalogue' as const },
      judge: { kind: 'local' as const, id: 'local/tiny-nli' },
      offlineOnly: true,
    };
    first.saveModels(models, 'qwen2.5-0.5b');
    const second = new Settings(store);
    expect(second.models).toEqual(models);
    expect(second.answerModel).toBe('qwen2.5-0.5b');
    expect(JSON.parse(store.values.get(SETTINGS_KEY) ?? '{}')).toEqual({ models, answerModel: 'qwen2.5-0.5b' });
  });

  it('falls back to the defaults for saved settings that are malformed or missing', () => {
    expect(new Settings(memoryStore('not json')).models).toEqual(DEFAULT_MODEL_SETTINGS);
    const odd = new Settings(
      memoryStore(JSON.stringify({ models: { embedding: { kind: 'local', id: 3 }, offlineOnly: 'yes' } })),
    );
    expect(odd.models).toEqual(DEFAULT_MODEL_SETTINGS);
    expect(new Settings(undefined).models).toEqual(DEFAULT_MODEL_SETTINGS);
  });
});
