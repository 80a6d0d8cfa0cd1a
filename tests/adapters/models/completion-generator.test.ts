import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CompletionGenerator,
  type ChatCompletionRuntime,
  type CompletionOutcome,
} from '../../../src/adapters/models/completion-generator.js';
import { ModelError } from '../../../src/adapters/models/model-errors.js';
import { LLAMA_SIDECAR, loadLlamaRuntime } from '../../../src/adapters/node/llama-runtime.js';
import { buildPrompt } from '../../../src/core/generate/build-prompt.js';
import { fitPrompt } from '../../../src/core/generate/fit-prompt.js';
import type { GenerateRequest, PromptWindow } from '../../../src/core/ports.js';
import { passage } from './generator-passages.js';
import type { PromptMessage } from '../../../src/core/types.js';

function request(count: number): GenerateRequest {
  const passages = Array.from({ length: count }, (_, index) => passage(index + 1, 400));
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

/** A fake runtime, named as one: it streams a fixed reply word by word and counts a token per 4 characters. */
class FakeRuntime implements ChatCompletionRuntime {
  readonly modelId = 'Fake-135M.Q4';
  readonly calls: { messages: readonly PromptMessage[]; maxTokens: number; temperature: number }[] = [];
  constructor(
    readonly contextSize: number,
    private readonly reply: string | Error,
  ) {}
  countTokens(text: string): number {
    return Math.ceil(text.length / 4);
  }
  async complete(
    messages: readonly PromptMessage[],
    options: { maxTokens: number; temperature: number; signal?: { aborted: boolean }; onText: (text: string) => void },
  ): Promise<CompletionOutcome> {
    this.calls.push({ messages, maxTokens: options.maxTokens, temperature: options.temperature });
    if (this.reply instanceof Error) {
      options.onText('Every ');
      throw this.reply;
    }
    const words = this.reply.split(/(?<= )/);
    for (const word of words) options.onText(word);
    return { text: this.reply, stop: 'stop', completionTokens: words.length };
  }
}

function steppingClock() {
  let now = 0;
  return () => (now += 10);
}

describe('CompletionGenerator on a FakeRuntime', () => {
  it('streams the reply and reports the model, tokens and timings', async () => {
    const runtime = new FakeRuntime(4096, 'Every month [doc#1].');
    const generator = new CompletionGenerator({ runtime, kind: 'llama', clock: steppingClock() });
    const deltas: string[] = [];
    const result = await generator.generate(request(2), { onDelta: (text) => deltas.push(text) });
    expect(generator.id).toBe('llama:Fake-135M.Q4');
    expect(result.text).toBe('Every month [doc#1].');
    expect(deltas.join('')).toBe(result.text);
    expect(result).toMatchObject({ decidedBy: 'model', finishReason: 'stop', usage: { completion: 3 } });
    expect(result.metrics?.timeToFirstTokenMs).toBeGreaterThan(0);
    expect(result.metrics?.timeToFirstTokenMs).toBeLessThan(result.metrics!.totalMs);
    expect(result.metrics?.tokensPerSecond).toBeGreaterThan(0);
    // The prompt the pipeline built is what the runtime saw, at temperature 0.
    expect(runtime.calls[0]?.messages).toEqual(request(2).prompt.messages);
    expect(runtime.calls[0]?.temperature).toBe(0);
  });

  it("states the runtime's window, counting by the runtime's own tokenizer, and sends the fitted prompt unchanged", async () => {
    const runtime = new FakeRuntime(1024, 'Monthly [doc#1].');
    const generator = new CompletionGenerator({ runtime, kind: 'llama', maxTokens: 256 });
    expect(generator.window).toMatchObject({ contextTokens: 1024, answerTokens: 256 });
    const asked = fittedRequest(generator.window, 8);
    expect(asked.prompt.omitted).toContain('doc#8');
    expect(asked.prompt.cites[0]).toBe('doc#1');
    await generator.generate(asked);
    const sent = runtime.calls[0]!.messages;
    expect(sent).toBe(asked.prompt.messages);
    const tokens = sent.reduce((sum, message) => sum + runtime.countTokens(message.content) + 8, 0);
    expect(generator.window.countTokens(sent)).toBe(tokens);
    expect(tokens).toBeLessThanOrEqual(1024 - 256);
    expect(runtime.calls[0]!.maxTokens).toBe(256);
  });

  it('refuses a prompt that does not fit, without calling the runtime', async () => {
    const runtime = new FakeRuntime(1024, 'x');
    const generator = new CompletionGenerator({ runtime, kind: 'llama', maxTokens: 256 });
    await expect(generator.generate(request(20))).rejects.toMatchObject({ code: 'context-window' });
    expect(runtime.calls).toHaveLength(0);
  });

  it('returns what was streamed, marked incomplete, when the runtime fails, and refuses later calls', async () => {
    const runtime = new FakeRuntime(4096, new ModelError('out-of-memory', 'alloc failed'));
    const generator = new CompletionGenerator({ runtime, kind: 'llama' });
    const result = await generator.generate(request(1));
    expect(result.text).toBe('Every ');
    expect(result.finishReason).toBe('abort');
    expect(result.metrics?.incomplete?.code).toBe('out-of-memory');
    const again = await generator.generate(request(1));
    expect(again.text).toBe('');
    expect(runtime.calls).toHaveLength(1);
  });

  it('does not call the runtime when the question was already stopped', async () => {
    const runtime = new FakeRuntime(4096, 'x');
    const generator = new CompletionGenerator({ runtime, kind: 'llama' });
    const stopped = new AbortController();
    stopped.abort();
    const result = await generator.generate(request(1), { signal: stopped.signal });
    expect(result.finishReason).toBe('abort');
    expect(runtime.calls).toHaveLength(0);
  });
});

const gguf = 'public/models/local/gguf/SmolLM2-135M-Instruct.Q4_1.gguf';
const haveLlama = existsSync(`${LLAMA_SIDECAR}/node_modules/node-llama-cpp`) && existsSync(gguf);

describe.skipIf(!haveLlama)(
  'CompletionGenerator on node-llama-cpp with SmolLM2-135M (npm run models:local -- --llm)',
  () => {
    it(
      'answers from a passage through the real runtime, within the window, deterministically',
      { timeout: 120_000 },
      async () => {
        const runtime = await loadLlamaRuntime(gguf, { contextSize: 2048 });
        expect(runtime.contextSize).toBe(2048);
        const generator = new CompletionGenerator({ runtime, kind: 'llama', maxTokens: 48 });
        const asked = fittedRequest(generator.window, 20);
        expect(asked.prompt.omitted.length).toBeGreaterThan(0);
        const first = await generator.generate(asked);
        const second = await generator.generate(asked);
        expect(first.text.length).toBeGreaterThan(0);
        expect(second.text).toBe(first.text);
        expect(first.usage.completion).toBeLessThanOrEqual(48);
        expect(first.metrics?.promptTokens).toBe(generator.window.countTokens(asked.prompt.messages));
        expect(first.metrics!.promptTokens).toBeLessThanOrEqual(2048 - 48);
      },
    );
  },
);
