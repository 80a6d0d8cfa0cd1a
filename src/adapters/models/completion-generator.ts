/**
 * A `Generator` over a local chat-completion runtime (llama.cpp: node-llama-cpp in Node; any
 * runtime that takes chat messages and streams text). It fits the prompt into the runtime's
 * context window with the runtime's own tokenizer (the same `fitPrompt` as the WebLLM path),
 * streams the answer, stops it through the signal, and reports time to first token, tokens per
 * second and what was dropped to fit. A runtime failure mid-answer returns the partial text
 * marked incomplete, as the WebLLM generator does.
 */
import type { AbortSignalLike, GenerateOptions, GenerateRequest, GenerateResult, Generator } from '../../core/ports.js';
import type { PromptMessage } from '../../core/types.js';
import { ModelError, toModelError } from './model-errors.js';
import { fitForModel, type FittedPrompt } from './prompt-budget.js';
import { incompleteOf, type GenerationMetrics, type WebLlmGenerateResult } from './webllm-generator.js';

/** Why a completion stopped. */
export type CompletionStop = 'stop' | 'length' | 'abort';

/** One streamed completion. */
export interface CompletionOutcome {
  text: string;
  stop: CompletionStop;
  /** Tokens the runtime generated. */
  completionTokens: number;
}

/** What a local model runtime must do; the real one is node-llama-cpp (adapters/node/llama-runtime.ts). */
export interface ChatCompletionRuntime {
  /** The model, e.g. `SmolLM2-135M-Instruct.Q4_1`. */
  readonly modelId: string;
  /** Tokens the loaded context holds (prompt and answer together). */
  readonly contextSize: number;
  /** Tokens of a text under the model's own tokenizer. */
  countTokens(text: string): number;
  complete(
    messages: readonly PromptMessage[],
    options: {
      maxTokens: number;
      temperature: number;
      signal?: AbortSignalLike;
      onText: (text: string) => void;
      /** How far the model has read the prompt, where the runtime reports it. */
      onPromptProgress?: (processed: number, total: number) => void;
    },
  ): Promise<CompletionOutcome>;
}

/** Options of `CompletionGenerator`. */
export interface CompletionGeneratorOptions {
  runtime: ChatCompletionRuntime;
  /** Prefix of the generator id: `llama` gives `llama:<model>`. */
  kind: string;
  /** Tokens reserved for the answer; default 384. */
  maxTokens?: number;
  /** Default 0: a measurement should be repeatable, and answers should stay close to the passages. */
  temperature?: number;
  /** Milliseconds; default `performance.now`. */
  clock?: () => number;
  random?: () => number;
}

/** Answers with a local model runtime. */
export class CompletionGenerator implements Generator {
  readonly id: string;
  private readonly runtime: ChatCompletionRuntime;
  private readonly maxTokens: number;
  private readonly temperature: number;
  private readonly clock: () => number;
  private readonly random: () => number;
  private failure: ModelError | undefined;

  constructor(options: CompletionGeneratorOptions) {
    this.runtime = options.runtime;
    this.id = `${options.kind}:${options.runtime.modelId}`;
    this.maxTokens = options.maxTokens ?? 384;
    this.temperature = options.temperature ?? 0;
    this.clock = options.clock ?? (() => performance.now());
    this.random = options.random ?? Math.random;
  }

  /** The fatal error that stopped this runtime, if any (the page then drops the model). */
  get lastFailure(): ModelError | undefined {
    return this.failure;
  }

  async generate(request: GenerateRequest, options: GenerateOptions = {}): Promise<WebLlmGenerateResult> {
    const started = this.clock();
    const fitted = this.fit(request);
    if (this.failure || options.signal?.aborted) return this.result('', 'abort', fitted, started, 0, undefined);
    try {
      return await this.attempt(fitted, started, options);
    } catch (error) {
      // The runtime's count was short (an estimate, as in the browser): once more with a third fewer tokens' room.
      if (toModelError(error).code !== 'context-window') throw error;
      return this.attempt(this.fit(request, 1.5), started, options);
    }
  }

  private async attempt(
    fitted: FittedPrompt,
    started: number,
    options: GenerateOptions,
  ): Promise<WebLlmGenerateResult> {
    let firstAt: number | undefined;
    let streamed = '';
    const onText = (text: string) => {
      if (!text) return;
      firstAt ??= this.clock();
      streamed += text;
      options.onDelta?.(text);
    };
    try {
      const outcome = await this.runtime.complete(fitted.prompt.messages, {
        maxTokens: fitted.maxTokens,
        temperature: this.temperature,
        onText,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.onPromptProgress ? { onPromptProgress: options.onPromptProgress } : {}),
      });
      const text = outcome.text || streamed;
      return this.result(text, outcome.stop, fitted, started, outcome.completionTokens, firstAt);
    } catch (error) {
      const failure = toModelError(error);
      if (failure.code === 'aborted') return this.result(streamed, 'abort', fitted, started, 0, firstAt);
      if (failure.code === 'context-window' && !streamed) throw failure;
      if (!failure.fatal) throw failure;
      this.failure = failure;
      return this.result(streamed, 'abort', fitted, started, 0, firstAt, failure);
    }
  }

  private fit(request: GenerateRequest, margin = 1): FittedPrompt {
    const budget = { contextWindowSize: this.runtime.contextSize, maxTokens: this.maxTokens };
    return fitForModel(request, budget, (text) => Math.ceil(this.runtime.countTokens(text) * margin), this.random);
  }

  private result(
    text: string,
    finishReason: GenerateResult['finishReason'],
    fitted: FittedPrompt,
    started: number,
    completion: number,
    firstAt: number | undefined,
    failure?: ModelError,
  ): WebLlmGenerateResult {
    const ended = this.clock();
    const decodeSeconds = firstAt === undefined ? 0 : (ended - firstAt) / 1000;
    const metrics: GenerationMetrics = {
      modelId: this.runtime.modelId,
      timeToFirstTokenMs: firstAt === undefined ? null : firstAt - started,
      tokensPerSecond: completion >= 2 && decodeSeconds > 0 ? (completion - 1) / decodeSeconds : null,
      totalMs: ended - started,
      contextWindowSize: this.runtime.contextSize,
      maxTokens: fitted.maxTokens,
      promptTokens: fitted.promptTokens,
      omitted: fitted.omitted,
      ...(fitted.rebuilt ? { sentMessages: fitted.prompt.messages } : {}),
      ...incompleteOf(failure),
    };
    return {
      text,
      usage: { prompt: fitted.promptTokens, completion },
      finishReason,
      decidedBy: 'model',
      metrics,
    };
  }
}
