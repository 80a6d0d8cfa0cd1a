import { describe, expect, it } from 'vitest';
import { CompletionGenerator } from '../../../src/adapters/models/completion-generator.js';
import {
  typicalAnswerSeconds,
  wllamaRuntime,
  type WllamaChat,
  type WllamaChunk,
} from '../../../src/adapters/models/wllama-runtime.js';
import { cpuRuntimeShortfall } from '../../../src/adapters/models/cpu-runtime-check.js';
import { CPU_LLM_MODELS, cpuModelUrl } from '../../../src/adapters/models/model-catalogue.js';
import { buildPrompt } from '../../../src/core/generate/build-prompt.js';
import { fitPrompt } from '../../../src/core/generate/fit-prompt.js';
import type { GenerateRequest, PromptWindow } from '../../../src/core/ports.js';
import { passage } from './generator-passages.js';

function request(count: number, chars = 400): GenerateRequest {
  const passages = Array.from({ length: count }, (_, index) => passage(index + 1, chars));
  const prompt = buildPrompt('How often is the filter cleaned?', passages, {
    nonce: '⟦abc1234⟧',
    maxPassageChars: 1e6,
  });
  return { question: 'How often is the filter cleaned?', parts: [], passages, prompt };
}

/** `count` passages with the prompt fitted to `window`, as the pipeline fits it. */
function fittedRequest(window: PromptWindow, count: number): GenerateRequest {
  const passages = Array.from({ length: count }, (_, index) => passage(index + 1, 400));
  const { prompt } = fitPrompt('How often is the filter cleaned?', passages, { nonce: '⟦abc1234⟧', window });
  const given = passages.filter((item) => prompt.cites.includes(item.passage.cite));
  return { question: 'How often is the filter cleaned?', parts: [], passages: given, prompt };
}

type Call = Parameters<WllamaChat['createChatCompletion']>[0];

/**
 * A fake wllama, named as one: it streams llama-server-shaped chunks (prompt progress, text
 * deltas, a last chunk with the finish reason, usage and timings), counting a token per
 * `charsPerToken` characters of the prompt, and stops when its signal is aborted.
 */
class FakeWllama implements WllamaChat {
  readonly calls: Call[] = [];
  constructor(
    private readonly reply: string[],
    private readonly options: {
      charsPerToken?: number;
      finish?: string;
      failAfter?: number;
      stopAfter?: () => void;
    } = {},
  ) {}

  async createChatCompletion(call: Call): Promise<AsyncIterable<WllamaChunk>> {
    this.calls.push(call);
    const prompt = call.messages.reduce((sum, message) => sum + message.content.length, 0);
    const promptTokens = Math.ceil(prompt / (this.options.charsPerToken ?? 4));
    const { reply, options } = this;
    return (async function* () {
      yield {
        choices: [],
        prompt_progress: { total: promptTokens, cache: 0, processed: promptTokens / 2, time_ms: 10 },
      };
      yield { choices: [], prompt_progress: { total: promptTokens, cache: 0, processed: promptTokens, time_ms: 20 } };
      let sent = 0;
      for (const piece of reply) {
        if (call.abortSignal?.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
        if (options.failAfter !== undefined && sent === options.failAfter)
          throw new Error('RuntimeError: memory access out of bounds');
        yield { choices: [{ delta: { content: piece }, finish_reason: null }] };
        sent++;
        if (sent === 1) options.stopAfter?.();
      }
      yield {
        choices: [{ delta: {}, finish_reason: options.finish ?? 'stop' }],
        usage: { prompt_tokens: promptTokens, completion_tokens: reply.length },
        timings: {
          prompt_n: promptTokens,
          prompt_ms: promptTokens * 40,
          predicted_n: reply.length,
          predicted_ms: reply.length * 100,
        },
      };
    })();
  }
}

describe('wllamaRuntime on a FakeWllama', () => {
  it('streams the answer, reports prompt progress, and measures the speed from llama.cpp timings', async () => {
    const fake = new FakeWllama(['Every ', 'month ', '[doc#1].']);
    const runtime = wllamaRuntime(fake, { modelId: 'Fake-135M', contextSize: 4096 });
    const texts: string[] = [];
    const progress: [number, number][] = [];
    const outcome = await runtime.complete(request(1).prompt.messages, {
      maxTokens: 64,
      temperature: 0,
      onText: (text) => texts.push(text),
      onPromptProgress: (processed, total) => progress.push([processed, total]),
    });
    expect(outcome).toEqual({ text: 'Every month [doc#1].', stop: 'stop', completionTokens: 3 });
    expect(texts).toEqual(['Every ', 'month ', '[doc#1].']);
    expect(progress.length).toBe(2);
    expect(progress[1]![0]).toBe(progress[1]![1]);
    expect(runtime.speed?.readPerSecond).toBeCloseTo(25);
    expect(runtime.speed?.writePerSecond).toBeCloseTo(10);
    // The request: greedy, the evaluation's repeat penalty, a fresh context, progress asked for.
    const call = fake.calls[0] as Call & { repeat_penalty?: number };
    expect(call).toMatchObject({
      temperature: 0,
      max_tokens: 64,
      return_progress: true,
      cache_prompt: false,
      repeat_penalty: 1.1,
    });
  });

  it('counts tokens conservatively until it has measured, then from the prompt tokens llama.cpp reported', async () => {
    const fake = new FakeWllama(['ok'], { charsPerToken: 4 });
    const runtime = wllamaRuntime(fake, { modelId: 'Fake', contextSize: 4096 });
    const text = 'x'.repeat(1000);
    expect(runtime.countTokens(text)).toBe(400);
    await runtime.complete(request(2).prompt.messages, { maxTokens: 8, temperature: 0, onText: () => undefined });
    expect(runtime.charsPerToken).toBeGreaterThan(3.5);
    expect(runtime.charsPerToken).toBeLessThan(4);
    expect(runtime.countTokens(text)).toBeLessThan(290);
  });

  it('reports a cut-off answer as length, and a stopped one as abort with what was written', async () => {
    const cut = wllamaRuntime(new FakeWllama(['a ', 'b'], { finish: 'length' }), { modelId: 'F', contextSize: 4096 });
    const outcome = await cut.complete(request(1).prompt.messages, {
      maxTokens: 2,
      temperature: 0,
      onText: () => undefined,
    });
    expect(outcome.stop).toBe('length');

    const controller = new AbortController();
    const fake = new FakeWllama(['one ', 'two ', 'three'], { stopAfter: () => controller.abort() });
    const stopped = wllamaRuntime(fake, { modelId: 'F', contextSize: 4096 });
    const result = await stopped.complete(request(1).prompt.messages, {
      maxTokens: 64,
      temperature: 0,
      signal: controller.signal,
      onText: () => undefined,
    });
    expect(result).toMatchObject({ text: 'one ', stop: 'abort' });
    expect(fake.calls[0]?.abortSignal?.aborted).toBe(true);
  });

  it('through CompletionGenerator: the passages fit the window by its count, and a crash mid-answer is kept as incomplete', async () => {
    const fitting = new FakeWllama(['Monthly [doc#1].']);
    const generator = new CompletionGenerator({
      runtime: wllamaRuntime(fitting, { modelId: 'Fake', contextSize: 1024 }),
      kind: 'wllama',
      maxTokens: 256,
    });
    const progress: number[] = [];
    const asked = fittedRequest(generator.window, 8);
    expect(asked.prompt.omitted).toContain('doc#8');
    await generator.generate(asked, { onPromptProgress: (processed) => progress.push(processed) });
    expect(generator.id).toBe('wllama:Fake');
    expect(fitting.calls[0]!.messages.map((message) => message.content)).toEqual(
      asked.prompt.messages.map((message) => message.content),
    );
    const sent = fitting.calls[0]!.messages.reduce((sum, message) => sum + message.content.length, 0);
    expect(sent / 2.5).toBeLessThanOrEqual(1024 - 256);
    expect(progress.length).toBe(2);

    const crashing = new FakeWllama(['Every ', 'month'], { failAfter: 1 });
    const failing = new CompletionGenerator({
      runtime: wllamaRuntime(crashing, { modelId: 'Fake', contextSize: 4096 }),
      kind: 'wllama',
    });
    const crashed = await failing.generate(request(1));
    expect(crashed.text).toBe('Every ');
    expect(crashed.metrics?.incomplete).toMatchObject({ code: 'runtime-crashed', suggestSmallerModel: true });
    expect(failing.lastFailure?.code).toBe('runtime-crashed');
  });

  it('when llama.cpp says the prompt exceeds the context, counts with a margin so that the next fit gives fewer passages', async () => {
    let calls = 0;
    const overflowing: WllamaChat = {
      async createChatCompletion(call) {
        calls++;
        if (calls === 1) throw new Error('the request exceeds the available context size, try increasing it');
        return new FakeWllama(['Monthly [doc#1].']).createChatCompletion(call);
      },
    };
    const generator = new CompletionGenerator({
      runtime: wllamaRuntime(overflowing, { modelId: 'Fake', contextSize: 2048 }),
      kind: 'wllama',
      maxTokens: 256,
    });
    const first = fittedRequest(generator.window, 8);
    await expect(generator.generate(first)).rejects.toMatchObject({ code: 'context-window' });
    const second = fittedRequest(generator.window, 8);
    expect(second.prompt.omitted.length).toBeGreaterThan(first.prompt.omitted.length);
    const result = await generator.generate(second);
    expect(calls).toBe(2);
    expect(result.text).toBe('Monthly [doc#1].');
  });

  it('estimates a typical answer from a measured speed', () => {
    expect(typicalAnswerSeconds({ readPerSecond: 25, writePerSecond: 10, promptTokens: 1500 })).toBeCloseTo(75);
  });
});

describe('the CPU model catalogue and runtime check', () => {
  it('offers small GGUF models, each self-hosted under models/<repo>/resolve/main/ or on the hub', () => {
    expect(CPU_LLM_MODELS.length).toBeGreaterThanOrEqual(3);
    for (const model of CPU_LLM_MODELS) {
      expect(model.file).toMatch(/\.gguf$/);
      expect(model.memoryMB).toBeGreaterThan(model.downloadMB);
      expect(cpuModelUrl(model, { kind: 'hub' })).toBe(
        `https://huggingface.co/${model.repo}/resolve/main/${model.file}`,
      );
      expect(cpuModelUrl(model, { kind: 'self-hosted', modelsUrl: 'http://localhost/app/models/' })).toBe(
        `http://localhost/app/models/${model.repo}/resolve/main/${model.file}`,
      );
    }
    const sizes = CPU_LLM_MODELS.map((model) => model.downloadMB);
    expect([...sizes].sort((a, b) => a - b)).toEqual(sizes);
  });

  it('says what this runtime lacks (Node 20 has no JSPI), and nothing once both features are there', () => {
    const wasm = globalThis.WebAssembly as unknown as Record<string, unknown>;
    const had = 'Suspending' in wasm;
    if (!had) expect(cpuRuntimeShortfall()).toMatch(/JSPI/);
    const saved = { Suspending: wasm.Suspending, promising: wasm.promising, validate: WebAssembly.validate };
    try {
      wasm.Suspending = function Suspending() {};
      wasm.promising = () => undefined;
      WebAssembly.validate = () => false;
      expect(cpuRuntimeShortfall()).toMatch(/64-bit memory/);
      WebAssembly.validate = () => true;
      expect(cpuRuntimeShortfall()).toBeUndefined();
    } finally {
      WebAssembly.validate = saved.validate;
      if (had) Object.assign(wasm, { Suspending: saved.Suspending, promising: saved.promising });
      else {
        delete wasm.Suspending;
        delete wasm.promising;
      }
    }
  });
});
