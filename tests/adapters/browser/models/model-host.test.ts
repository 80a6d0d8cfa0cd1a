/**
 * The engine worker's model host, driving a real library service: the answer model is planned
 * before anything is downloaded (no WebGPU: a reason, no fetch), the test build's fake engine
 * streams answers with a context budget, and a GPU lost mid-answer drops the model for
 * extractive answers once, with the reason kept (no retry loop).
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LibraryService } from '../../../../src/adapters/browser/library-service.js';
import type { ModelHost as ModelHostClass } from '../../../../src/adapters/browser/models/model-host.js';
import { GPU_MESSAGES } from '../../../../src/adapters/models/gpu-preflight.js';
import { manual, serviceNote } from '../files.js';

const publicView = { viewer: 'public', mode: 'hybrid', topK: 6 } as const;
let ModelHost: typeof ModelHostClass;

beforeAll(async () => {
  // The fake engine exists only in test builds; `TEST_HOOKS` is read when its module loads.
  vi.stubEnv('VITE_FOOTNOTE_TEST_HOOKS', '1');
  vi.stubGlobal('location', new URL('http://localhost:4173/assets/engine-worker.js'));
  ({ ModelHost } = await import('../../../../src/adapters/browser/models/model-host.js'));
});

afterEach(() => vi.restoreAllMocks());

async function library(): Promise<LibraryService> {
  const service = await LibraryService.open({ memoryOnly: true });
  await service.ingest([manual(), serviceNote()]);
  return service;
}

describe('ModelHost', () => {
  it('ST-18: without WebGPU an answer model is refused with the reason before any download', async () => {
    const fetches = vi.spyOn(globalThis, 'fetch');
    const host = new ModelHost(undefined);
    const service = await library();
    await expect(host.loadAnswerModel(service, 'llama3.2-1b')).rejects.toThrow(GPU_MESSAGES['no-webgpu']);
    expect(fetches).not.toHaveBeenCalled();
    expect(host.state().answer).toEqual({ kind: 'extractive' });
  });

  it('streams an answer from the loaded model, fitted to its context window, with metrics', async () => {
    const host = new ModelHost(undefined);
    const service = await library();
    const progress: string[] = [];
    await host.loadAnswerModel(service, 'fake:small-context', {
      onAnswerModelProgress: (item) => progress.push(item.phase),
    });
    expect(progress).toEqual(['start', 'download', 'ready']);
    expect(host.state().answer).toMatchObject({
      kind: 'webllm',
      modelId: 'fake-small-context',
      contextWindowSize: 900,
    });
    const deltas: string[] = [];
    const outcome = await service.ask('How long is the KT-100 warranty?', publicView, {
      onDelta: (text) => deltas.push(text),
    });
    const answer = outcome.result.answer;
    expect(answer.decidedBy).toBe('model');
    expect(deltas.join('')).toBe(answer.text);
    expect(answer.text).toMatch(/^According to the documents \[kettle-manual#1\]/);
    expect(answer.usage.prompt).toBeLessThanOrEqual(900);
    expect(answer.metrics?.tokensPerSecond).toBe(42);
  });

  it('ST-20/21: a GPU lost mid-answer keeps the partial answer marked incomplete, then answers are extractive, once', async () => {
    const host = new ModelHost(undefined);
    const service = await library();
    await host.loadAnswerModel(service, 'fake:device-lost');
    const lost = await service.ask('How long is the KT-100 warranty?', publicView);
    expect(lost.result.answer.metrics?.incomplete).toMatchObject({ code: 'device-lost', suggestSmallerModel: true });
    expect(lost.result.retrieved.length).toBeGreaterThan(0);
    await host.afterAnswer(service);
    expect(host.state().answer).toEqual({ kind: 'extractive' });
    expect(host.state().answerFailure).toMatch(/GPU lost mid-answer: The GPU stopped \(device lost/);
    const next = await service.ask('How long is the KT-100 warranty?', publicView);
    expect(next.result.answer.decidedBy).toBe('code');
    expect(next.result.answer.text).toMatch(/24 months/);
  });

  it('ST-21: a GPU lost while the model loads leaves answers extractive and the library as it was; nothing retries', async () => {
    const host = new ModelHost(undefined);
    const service = await library();
    const before = await service.ask('How long is the KT-100 warranty?', publicView);
    await expect(host.loadAnswerModel(service, 'fake:oom-on-load')).rejects.toMatchObject({
      name: 'ModelError',
      code: 'device-lost',
      suggestsSmallerModel: true,
    });
    expect(host.state().answer).toEqual({ kind: 'extractive' });
    expect(service.state().documents.map((item) => item.id)).toEqual(['kettle-manual', 'kettle-service']);
    const after = await service.ask('How long is the KT-100 warranty?', publicView);
    expect(after.result.answer.decidedBy).toBe('code');
    expect(after.result.answer.text).toBe(before.result.answer.text);
    expect(after.result.retrieved.map((item) => item.passage.cite)).toEqual(
      before.result.retrieved.map((item) => item.passage.cite),
    );
    await host.afterAnswer(service);
    expect(host.state().answer).toEqual({ kind: 'extractive' });
  });
});
