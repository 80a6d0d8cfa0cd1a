// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { Models } from '../../../src/ui/state/models.svelte.js';
import type { LibraryState } from '../../../src/adapters/browser/protocol.js';
import { FakeConnection } from '../fake-connection.js';

describe('Models', () => {
  it('says a failed answer-model load once, as an answer-model error (not under the retrieval models too)', async () => {
    const connection = new FakeConnection();
    const models = new Models(connection, () => undefined);
    const loading = models.loadAnswerModel('cpu:smollm2-135m');
    connection.last('load-answer-model').reject(new Error('A model file could not be downloaded.'));
    expect(await loading).toBe(false);
    expect(models.error).toMatch(/could not be downloaded/);
    expect(models.errorTask).toBe('answer-model');
  });

  it('passes a chosen GGUF file with its request, and keeps a CPU model speed measured by an answer', async () => {
    localStorage.clear();
    const connection = new FakeConnection();
    const models = new Models(connection, () => undefined);
    const file = new File([new Uint8Array([1])], 'mine.gguf');
    const loading = models.loadAnswerModel('cpu-file:mine.gguf', file);
    expect(connection.last('load-answer-model').request).toEqual({
      type: 'load-answer-model',
      key: 'cpu-file:mine.gguf',
      file,
    });
    const speed = { readPerSecond: 30, writePerSecond: 9, promptTokens: 1200 };
    const answer = {
      kind: 'cpu' as const,
      key: 'cpu:smollm2-135m',
      modelId: 'SmolLM2-135M-Instruct-Q8_0',
      label: 'SmolLM2 135M Instruct (CPU)',
      contextWindowSize: 4096,
      source: 'hub' as const,
      threads: 2,
      speed,
      notes: [],
    };
    connection.last('load-answer-model').resolve({ models: { answer } } as unknown as LibraryState);
    await loading;
    expect(models.speeds['cpu:smollm2-135m']).toEqual(speed);
    // Kept in this browser: a new page sees it.
    expect(new Models(connection, () => undefined).speeds['cpu:smollm2-135m']).toEqual(speed);
  });
});
