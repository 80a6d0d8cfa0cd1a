/**
 * The WebLLM `Generator`: streams the answer from an MLC engine (in a worker, through
 * `CreateWebWorkerMLCEngine`, or in the calling worker), stops it through the signal
 * (`interruptGenerate`, finish reason `abort`), fits the prompt into the context window, and
 * reports time to first token, tokens per second and usage. When the GPU is lost or out of
 * memory mid-answer it returns the partial text marked incomplete (so the pipeline keeps the
 * passages and warnings) and refuses further calls until the engine is replaced: no retry loop.
 */
import type { GenerateOptions, GenerateRequest, GenerateResult, Generator } from '../../core/ports.js';
import type { PromptMessage } from '../../core/types.js';
import { ModelError, toModelError, type ModelErrorCode } from './model-errors.js';
import { fitForModel, promptTokensFromError, type FittedPrompt, type TokenCounter } from './prompt-budget.js';
import { streamCompletion, type StreamOutcome } from './webllm-stream.js';
import type { ChatEngine } from './webllm-types.js';

/** Options of `WebLlmGenerator`. */
export interface WebLlmGeneratorOptions {
  engine: ChatEngine;
  /** The WebLLM `model_id` loaded in the engine. */
  modelId: string;
  /** The model's `context_window_size`. */
  contextWindowSize: number;
  /** Tokens reserved for the answer; default 512. */
  maxTokens?: number;
  /** Default 0.2: answers should stay close to the passages. */
  temperature?: number;
  /** Extra request fields (Qwen3: `{ enable_thinking: false }`). */
  extraBody?: { enable_thinking?: boolean };
  /** An exact token count; default: characters / 3.5. */
  countTokens?: TokenCounter;
  /** Milliseconds; default `performance.now`. */
  clock?: () => number;
  /** Random number in [0, 1), for prompt markers when the prompt is rebuilt. */
  random?: () => number;
}

/** What the UI shows and the trace keeps about one generation (`GenerateResult.metrics`). */
export interface GenerationMetrics {
  modelId: string;
  /** From the request to the first streamed text; null when nothing was produced. */
  timeToFirstTokenMs: number | null;
  /** Decode speed; null when unknown. */
  tokensPerSecond: number | null;
  totalMs: number;
  contextWindowSize: number;
  maxTokens: number;
  /** Prompt tokens: the engine's count when it reported usage, else the estimate. */
  promptTokens: number;
  /** Citation ids the generator dropped to fit the context window, lowest-ranked first. */
  omitted: string[];
  /** The messages actually sent, when they differ from the request's prompt. */
  sentMessages?: PromptMessage[];
  /** Set when the answer stopped early because the model failed (device lost, out of memory). */
  incomplete?: { code: ModelErrorCode; message: string; suggestSmallerModel: boolean };
}

/** A `GenerateResult` with metrics. */
export interface WebLlmGenerateResult extends GenerateResult {
  metrics: GenerationMetrics;
}

/** Streams answers from a WebLLM engine. */
export class WebLlmGenerator implements Generator {
  readonly id: string;
  private readonly options: Required<Omit<WebLlmGeneratorOptions, 'extraBody' | 'countTokens'>> &
    Pick<WebLlmGeneratorOptions, 'extraBody' | 'countTokens'>;
  /** The fatal failure after which this engine may not be used again. */
  private failure: ModelError | undefined;

  constructor(options: WebLlmGeneratorOptions) {
    this.id = `webllm:${options.modelId}`;
    this.options = {
      maxTokens: 512,
      temperature: 0.2,
      clock: () => performance.now(),
      random: Math.random,
      ...options,
    };
  }

  /** The fatal error that stopped this engine, if any (the UI then suggests a smaller model). */
  get lastFailure(): ModelError | undefined {
    return this.failure;
  }

  async generate(request: GenerateRequest, options: GenerateOptions = {}): Promise<WebLlmGenerateResult> {
    const started = this.options.clock();
    if (this.failure) return this.result('', 'abort', undefined, started, this.unfitted(request), this.failure);
    if (options.signal?.aborted) return this.result('', 'abort', undefined, started, this.unfitted(request));
    let fitted = this.fit(request, this.options.countTokens);
    let outcome = await streamCompletion(this.options.engine, this.request(fitted), options, this.options.clock);
    const overflow = outcome.error === undefined ? undefined : toModelError(outcome.error);
    if (overflow?.code === 'context-window' && !outcome.text) {
      // The engine counted the real tokens: calibrate characters per token from them and retry once.
      const real = promptTokensFromError(overflow.detail) ?? fitted.promptTokens * 1.5;
      const chars = fitted.prompt.messages.reduce((sum, message) => sum + message.content.length, 0);
      const perToken = chars / real / 1.05;
      fitted = this.fit(request, (text) => Math.ceil(text.length / perToken));
      outcome = await streamCompletion(this.options.engine, this.request(fitted), options, this.options.clock);
    }
    return this.finish(outcome, fitted, started);
  }

  private finish(outcome: StreamOutcome, fitted: FittedPrompt, started: number): WebLlmGenerateResult {
    if (!outcome.error) return this.result(outcome.text, outcome.finishReason, outcome, started, fitted);
    const error = toModelError(outcome.error);
    if (error.fatal) {
      this.failure = error;
      return this.result(outcome.text, 'abort', outcome, started, fitted, error);
    }
    if (error.code === 'aborted') return this.result(outcome.text, 'abort', outcome, started, fitted);
    throw error;
  }

  private fit(request: GenerateRequest, count: TokenCounter | undefined): FittedPrompt {
    const { contextWindowSize, maxTokens } = this.options;
    return fitForModel(request, { contextWindowSize, maxTokens }, count, this.options.random);
  }

  private unfitted(request: GenerateRequest): FittedPrompt {
    const base = { omitted: [], promptTokens: 0, maxTokens: this.options.maxTokens, rebuilt: false };
    return { ...base, prompt: request.prompt, passages: request.passages };
  }

  private request(fitted: FittedPrompt) {
    return {
      messages: fitted.prompt.messages.map((message) => ({ role: message.role, content: message.content })),
      stream: true as const,
      stream_options: { include_usage: true as const },
      temperature: this.options.temperature,
      max_tokens: fitted.maxTokens,
      ...(this.options.extraBody ? { extra_body: this.options.extraBody } : {}),
    };
  }

  private result(
    text: string,
    finishReason: GenerateResult['finishReason'],
    outcome: StreamOutcome | undefined,
    started: number,
    fitted: FittedPrompt,
    failure?: ModelError,
  ): WebLlmGenerateResult {
    const usage = outcome?.usage;
    const promptTokens = usage?.prompt_tokens ?? fitted.promptTokens;
    const completion = usage?.completion_tokens ?? outcome?.chunks ?? 0;
    const metrics: GenerationMetrics = {
      modelId: this.options.modelId,
      timeToFirstTokenMs: outcome?.firstTokenAt === undefined ? null : outcome.firstTokenAt - started,
      tokensPerSecond: tokensPerSecond(outcome, completion),
      totalMs: this.options.clock() - started,
      contextWindowSize: this.options.contextWindowSize,
      maxTokens: fitted.maxTokens,
      promptTokens,
      omitted: fitted.omitted,
      ...(fitted.rebuilt ? { sentMessages: fitted.prompt.messages } : {}),
      ...incompleteOf(failure),
    };
    return { text, usage: { prompt: promptTokens, completion }, finishReason, decidedBy: 'model', metrics };
  }
}

/** The `incomplete` field of the metrics of an answer a model failure stopped. */
export function incompleteOf(failure: ModelError | undefined): Pick<GenerationMetrics, 'incomplete'> {
  if (!failure) return {};
  return {
    incomplete: { code: failure.code, message: failure.advice, suggestSmallerModel: failure.suggestsSmallerModel },
  };
}

function tokensPerSecond(outcome: StreamOutcome | undefined, completion: number): number | null {
  const reported = outcome?.usage?.extra?.decode_tokens_per_s;
  if (reported !== undefined && Number.isFinite(reported)) return reported;
  if (!outcome || outcome.firstTokenAt === undefined || completion < 2) return null;
  const seconds = (outcome.endedAt - outcome.firstTokenAt) / 1000;
  return seconds > 0 ? (completion - 1) / seconds : null;
}
