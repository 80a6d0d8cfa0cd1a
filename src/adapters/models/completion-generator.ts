/**
 * A `Generator` over a local chat-completion runtime (llama.cpp: node-llama-cpp in Node; any
 * runtime that takes chat messages and streams text). It states the runtime's context window,
 * counting tokens with the runtime's own tokenizer, and sends the prompt the pipeline fitted to
 * it unchanged; it streams the answer, stops it through the signal, and reports time to first
 * token and tokens per second. When the runtime finds the prompt too long after all, the count
 * takes half again as margin and the pipeline fits once more. A runtime failure mid-answer
 * returns the partial text marked incomplete, as the WebLLM generator does.
 */
import { messageTokens } from '../../core/generate/count-tokens.js';
import { answerTokens } from '../../core/generate/fit-prompt.js';
import type {
  AbortSignalLike,
  GenerateOptions,
  GenerateRequest,
  GenerateResult,
  Generator,
  PromptWindow,
} from '../../core/ports.js';
import type { PromptMessage } from '../../core/types.js';
import { ModelError, toModelError } from './model-errors.js';
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
}

/** What one request sends besides the messages: the prompt's tokens (counted) and the answer's. */
interface Sizes {
  promptTokens: number;
  maxTokens: number;
}

/** Answers with a local model runtime. */
export class CompletionGenerator implements Generator {
  readonly id: string;
  readonly window: PromptWindow;
  private readonly runtime: ChatCompletionRuntime;
  private readonly maxTokens: number;
  private readonly temperature: number;
  private readonly clock: () => number;
  private failure: ModelError | undefined;
  /** 1.5 after the runtime refused a prompt its count said fits (an estimate, as in the browser), until an answer is written. */
  private margin = 1;

  constructor(options: CompletionGeneratorOptions) {
    this.runtime = options.runtime;
    this.id = `${options.kind}:${options.runtime.modelId}`;
    this.maxTokens = options.maxTokens ?? 384;
    this.temperature = options.temperature ?? 0;
    this.clock = options.clock ?? (() => performance.now());
    this.window = {
      contextTokens: this.runtime.contextSize,
      answerTokens: this.maxTokens,
      countTokens: (messages) =>
        messageTokens(messages, (text) => Math.ceil(this.runtime.countTokens(text) * this.margin)),
    };
  }

  /** The fatal error that stopped this runtime, if any (the page then drops the model). */
  get lastFailure(): ModelError | undefined {
    return this.failure;
  }

  async generate(request: GenerateRequest, options: GenerateOptions = {}): Promise<WebLlmGenerateResult> {
    const started = this.clock();
    const { messages } = request.prompt;
    const promptTokens = this.window.countTokens(messages);
    const maxTokens = answerTokens(this.window, promptTokens);
    const sizes = { promptTokens, maxTokens: maxTokens ?? 0 };
    if (this.failure || options.signal?.aborted) return this.result('', 'abort', sizes, started, 0, undefined);
    if (maxTokens === undefined) {
      const detail = `the prompt takes ${promptTokens} of the model's ${this.runtime.contextSize} tokens`;
      throw new ModelError('context-window', detail);
    }
    return this.attempt(messages, sizes, started, options);
  }

  private async attempt(
    messages: readonly PromptMessage[],
    sizes: Sizes,
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
      const outcome = await this.runtime.complete(messages, {
        maxTokens: sizes.maxTokens,
        temperature: this.temperature,
        onText,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.onPromptProgress ? { onPromptProgress: options.onPromptProgress } : {}),
      });
      this.margin = 1;
      const text = outcome.text || streamed;
      return this.result(text, outcome.stop, sizes, started, outcome.completionTokens, firstAt);
    } catch (error) {
      const failure = toModelError(error);
      if (failure.code === 'aborted') return this.result(streamed, 'abort', sizes, started, 0, firstAt);
      if (failure.code === 'context-window' && !streamed) {
        this.margin = 1.5;
        throw failure;
      }
      if (!failure.fatal) throw failure;
      this.failure = failure;
      return this.result(streamed, 'abort', sizes, started, 0, firstAt, failure);
    }
  }

  private result(
    text: string,
    finishReason: GenerateResult['finishReason'],
    sizes: Sizes,
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
      maxTokens: sizes.maxTokens,
      promptTokens: sizes.promptTokens,
      ...incompleteOf(failure),
    };
    return {
      text,
      usage: { prompt: sizes.promptTokens, completion },
      finishReason,
      decidedBy: 'model',
      metrics,
    };
  }
}
