import { describe, expect, it } from 'vitest';
import { ModelError } from '../../../src/adapters/models/model-errors.js';
import { WebLlmGenerator, type WebLlmGeneratorOptions } from '../../../src/adapters/models/webllm-generator.js';
import { buildPrompt } from '../../../src/core/generate/build-prompt.js';
import { fitPrompt } from '../../../src/core/generate/fit-prompt.js';
import type { GenerateRequest, PromptWindow } from '../../../src/core/ports.js';
import { passage } from './generator-passages.js';
import { FakeMLCEngine, type FakeScript } from './fake-mlc-engine.js';

function request(count: number, chars = 200, maxPassageChars = 8000): GenerateRequest {
  const passages = Array.from({ length: count }, (_, index) => passage(index + 1, chars));
  const prompt = buildPrompt('How often is the filter cleaned?', passages, { nonce: '⟦abc1234⟧', maxPassageChars });
  const given = passages.filter((item) => prompt.cites.includes(item.passage.cite));
  return { question: 'How often is the filter cleaned?', parts: [], passages: given, prompt };
}

/** `count` passages of `chars` characters with the prompt fitted to `window`, as the pipeline fits it. */
function fittedRequest(window: PromptWindow, count: number, chars: number): GenerateRequest {
  const passages = Array.from({ length: count }, (_, index) => passage(index + 1, chars));
  const { prompt } = fitPrompt('How often is the filter cleaned?', passages, { nonce: '⟦abc1234⟧', window });
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

  it('ST-22: states its window, and sends the prompt fitted to it unchanged: 30 long passages in a 1k window', async () => {
    const { engine, generator } = generatorFor(
      { reply: 'ok', contextWindowSize: 1024, charsPerToken: 3.5 },
      { contextWindowSize: 1024, maxTokens: 256 },
    );
    expect(generator.window).toMatchObject({ contextTokens: 1024, answerTokens: 256 });
    const asked = fittedRequest(generator.window, 30, 600);
    expect(asked.prompt.omitted.length).toBeGreaterThan(0);
    const result = await generator.generate(asked);
    expect(engine.requests).toHaveLength(1);
    const sent = engine.requests[0]!;
    sent.messages.forEach((message, index) => expect(message.content).toBe(asked.prompt.messages[index]!.content));
    expect(sent.messages).toHaveLength(asked.prompt.messages.length);
    expect(engine.promptTokens(sent) + sent.max_tokens!).toBeLessThanOrEqual(1024);
    expect(sent.max_tokens).toBe(256);
    expect(result.metrics.maxTokens).toBe(256);
    expect(result.finishReason).toBe('stop');
  });

  it('refuses, without calling the engine, a prompt that leaves too little room to answer', async () => {
    const { engine, generator } = generatorFor({ reply: 'ok' }, { contextWindowSize: 1024, maxTokens: 256 });
    await expect(generator.generate(request(30, 600, 100_000))).rejects.toMatchObject({
      name: 'ModelError',
      code: 'context-window',
    });
    expect(engine.requests).toHaveLength(0);
  });

  it("corrects its count from the engine's when its tokenizer is denser than the estimate, for the pipeline's next fit", async () => {
    const { engine, generator } = generatorFor(
      { reply: 'ok', contextWindowSize: 1024, charsPerToken: 2 },
      { contextWindowSize: 1024, maxTokens: 256 },
    );
    const first = fittedRequest(generator.window, 30, 600);
    const estimated = generator.window.countTokens(first.prompt.messages);
    await expect(generator.generate(first)).rejects.toMatchObject({ code: 'context-window' });
    expect(generator.window.countTokens(first.prompt.messages)).toBeGreaterThan(estimated);
    const second = fittedRequest(generator.window, 30, 600);
    expect(second.prompt.cites.length).toBeLessThan(first.prompt.cites.length);
    const result = await generator.generate(second);
    expect(engine.requests).toHaveLength(2);
    const retried = engine.requests[1]!;
    expect(retried.messages.map((message) => message.content)).toEqual(
      second.prompt.messages.map((message) => message.content),
    );
    expect(engine.promptTokens(retried) + retried.max_tokens!).toBeLessThanOrEqual(1024);
    expect(retried.max_tokens).toBeGreaterThanOrEqual(128);
    expect(result.text).toBe('ok');
    expect(result.metrics.maxTokens).toBe(retried.max_tokens);
    // The correction lasts until an answer is written.
    expect(generator.window.countTokens(first.prompt.messages)).toBe(estimated);
  });

  it('sends extra request fields (Qwen3: no thinking)', async () => {
    const { engine, generator } = generatorFor({ reply: 'x' }, { extraBody: { enable_thinking: false } });
    await generator.generate(request(1));
    expect(engine.requests[0]!.extra_body).toEqual({ enable_thinking: false });
  });
});
