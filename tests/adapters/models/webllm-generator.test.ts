import { describe, expect, it } from 'vitest';
import { ModelError } from '../../../src/adapters/models/model-errors.js';
import { messageTokens } from '../../../src/adapters/models/prompt-budget.js';
import { WebLlmGenerator, type WebLlmGeneratorOptions } from '../../../src/adapters/models/webllm-generator.js';
import { buildPrompt } from '../../../src/core/generate/build-prompt.js';
import type { GenerateRequest } from '../../../src/core/ports.js';
import { passage } from './generator-passages.js';
import { FakeMLCEngine, type FakeScript } from './fake-mlc-engine.js';

function request(count: number, chars = 200, maxPassageChars = 8000): GenerateRequest {
  const passages = Array.from({ length: count }, (_, index) => passage(index + 1, chars));
  const prompt = buildPrompt('How often is the filter cleaned?', passages, { nonce: '⟦abc1234⟧', maxPassageChars });
  const given = passages.filter((item) => prompt.cites.includes(item.passage.cite));
  return { question: 'How often is the filter cleaned?', parts: [], passages: given, prompt };
}

/** A clock that moves 10 ms every time it is read. */
function steppingClock() {
  let now = 0;
  return () => (now += 10);
}

function generatorFor(script: FakeScript, options: Partial<WebLlmGeneratorOptions> = {}) {
  const engine = new FakeMLCEngine(script);
  const generator = new WebLlmGenerator({
    engine,
    modelId: 'Fake-1B-q4f32_1-MLC',
    contextWindowSize: 4096,
    clock: steppingClock(),
    ...options,
  });
  return { engine, generator };
}

describe('WebLlmGenerator against FakeMLCEngine', () => {
  it('streams deltas in order and reports usage, time to first token and tokens per second', async () => {
    const { engine, generator } = generatorFor({ reply: 'Every month [doc#1].' });
    const deltas: string[] = [];
    const result = await generator.generate(request(2), { onDelta: (delta) => deltas.push(delta) });
    expect(deltas).toEqual(['Every ', 'month ', '[doc#1].']);
    expect(result).toMatchObject({ text: 'Every month [doc#1].', finishReason: 'stop', decidedBy: 'model' });
    expect(result.usage.completion).toBe(3);
    expect(result.usage.prompt).toBe(engine.promptTokens(engine.requests[0]!));
    expect(result.metrics.timeToFirstTokenMs).toBeGreaterThan(0);
    expect(result.metrics.tokensPerSecond).toBe(42);
    expect(result.metrics.omitted).toEqual([]);
    expect(generator.id).toBe('webllm:Fake-1B-q4f32_1-MLC');
    expect(engine.requests[0]).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 512,
      temperature: 0.2,
    });
    expect(engine.requests[0]!.messages).toEqual(request(2).prompt.messages);
  });

  it('stops through the signal: interruptGenerate, finish reason abort, the partial text kept', async () => {
    const { engine, generator } = generatorFor({ reply: 'one two three four five six seven' });
    const controller = new AbortController();
    const deltas: string[] = [];
    const result = await generator.generate(request(1), {
      signal: controller.signal,
      onDelta: (delta) => {
        deltas.push(delta);
        if (deltas.length === 2) controller.abort();
      },
    });
    expect(engine.interrupts).toBe(1);
    expect(result.finishReason).toBe('abort');
    expect(result.text).toBe('one two ');
    expect(result.usage.completion).toBe(2);
  });

  it('does not call the engine when the signal has already fired', async () => {
    const { engine, generator } = generatorFor({ reply: 'x' });
    const result = await generator.generate(request(1), { signal: AbortSignal.abort() });
    expect(result).toMatchObject({ text: '', finishReason: 'abort' });
    expect(engine.requests).toHaveLength(0);
  });

  it('marks the answer incomplete when the device is lost mid-stream, and refuses further calls', async () => {
    const lost = 'DeviceLostError: The WebGPU device was lost while loading the model.';
    const { engine, generator } = generatorFor({ reply: 'one two three four', failAfter: { chunks: 2, error: lost } });
    const result = await generator.generate(request(1));
    expect(result.text).toBe('one two ');
    expect(result.finishReason).toBe('abort');
    expect(result.metrics.incomplete).toMatchObject({ code: 'device-lost', suggestSmallerModel: true });
    expect(result.metrics.incomplete!.message).toMatch(/smaller model/);
    expect(generator.lastFailure).toBeInstanceOf(ModelError);
    const again = await generator.generate(request(1));
    expect(engine.requests).toHaveLength(1);
    expect(again.metrics.incomplete?.code).toBe('device-lost');
  });

  it('maps an out-of-memory failure to an incomplete answer suggesting a smaller model', async () => {
    const { generator } = generatorFor({ reply: 'x', failOnCreate: new Error('GPUOutOfMemoryError: out of memory') });
    const result = await generator.generate(request(1));
    expect(result.metrics.incomplete).toMatchObject({ code: 'out-of-memory', suggestSmallerModel: true });
  });

  it('throws a ModelError for other failures', async () => {
    const { generator } = generatorFor({ reply: 'x', failOnCreate: 'Error: Model not loaded before calling chat' });
    await expect(generator.generate(request(1))).rejects.toMatchObject({ name: 'ModelError', code: 'failed' });
  });

  it('ST-22: fits 30 long passages into a 1k window, dropping the lowest-ranked and saying which', async () => {
    const { engine, generator } = generatorFor(
      { reply: 'ok', contextWindowSize: 1024, charsPerToken: 3.5 },
      { contextWindowSize: 1024, maxTokens: 256 },
    );
    const asked = request(30, 600, 100_000);
    const result = await generator.generate(asked);
    const sent = engine.requests[engine.requests.length - 1]!;
    expect(engine.promptTokens(sent) + sent.max_tokens!).toBeLessThanOrEqual(1024);
    const kept = asked.passages.length - result.metrics.omitted.length;
    expect(kept).toBeGreaterThanOrEqual(1);
    expect(result.metrics.omitted).toEqual(asked.passages.slice(kept).map((item) => item.passage.cite));
    expect(result.metrics.sentMessages).toEqual(sent.messages);
    expect(result.finishReason).toBe('stop');
  });

  it('recalibrates once from the engine count when its tokenizer is denser than the estimate', async () => {
    const { engine, generator } = generatorFor(
      { reply: 'ok', contextWindowSize: 1024, charsPerToken: 2 },
      { contextWindowSize: 1024, maxTokens: 256 },
    );
    const result = await generator.generate(request(30, 600, 100_000));
    expect(engine.requests).toHaveLength(2);
    const retried = engine.requests[1]!;
    expect(engine.promptTokens(retried) + retried.max_tokens!).toBeLessThanOrEqual(1024);
    expect(retried.max_tokens).toBeGreaterThanOrEqual(128);
    expect(result.text).toBe('ok');
    expect(result.metrics.maxTokens).toBe(retried.max_tokens);
    expect(messageTokens(result.metrics.sentMessages!)).toBeLessThan(messageTokens(engine.requests[0]!.messages));
  });

  it('sends extra request fields (Qwen3: no thinking)', async () => {
    const { engine, generator } = generatorFor({ reply: 'x' }, { extraBody: { enable_thinking: false } });
    await generator.generate(request(1));
    expect(engine.requests[0]!.extra_body).toEqual({ enable_thinking: false });
  });
});
