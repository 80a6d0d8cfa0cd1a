/**
 * The WebLLM `Generator`: streams the answer from an MLC engine (in a worker, through
 * `CreateWebWorkerMLCEngine`, or in the calling worker), stops it through the signal
 * (`interruptGenerate`, finish reason `abort`), and reports time to first token, tokens per
 * second and usage. It states its context window (`window`, counting tokens by an estimate from
 * characters) and sends the prompt the pipeline fitted to it unchanged; when the engine counts
 * that prompt longer, the estimate is corrected from the engine's count and the pipeline fits
 * once more. When the GPU is lost or out of memory mid-answer it returns the partial text marked
 * incomplete (so the pipeline keeps the passages and warnings) and refuses further calls until
 * the engine is replaced: no retry loop.
 */
import { estimateTokens, messageTokens, type TokenCounter } from '../../core/generate/count-tokens.js';
import { answerTokens } from '../../core/generate/fit-prompt.js';
import type { GenerateOptions, GenerateRequest, GenerateResult, Generator, PromptWindow } from '../../core/ports.js';
import type { PromptMessage } from '../../core/types.js';
import { ModelError, promptTokensFromError, toModelError, type ModelErrorCode } from './model-errors.js';
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
  /** Set when the answer stopped early because the model failed (device lost, out of memory). */
  incomplete?: { code: ModelErrorCode; message: string; suggestSmallerModel: boolean };
}

/** A `GenerateResult` with metrics. */
export interface WebLlmGenerateResult extends GenerateResult {
  metrics: GenerationMetrics;
}

/** What one request sends besides the messages: the prompt's tokens (counted) and the answer's. */
interface Sizes {
  promptTokens: number;
  maxTokens: number;
}

/** Streams answers from a WebLLM engine. */
export class WebLlmGenerator implements Generator {
  readonly id: string;
  readonly window: PromptWindow;
  private readonly options: Required<Omit<WebLlmGeneratorOptions, 'extraBody' | 'countTokens'>> &
    Pick<WebLlmGeneratorOptions, 'extraBody' | 'countTokens'>;
  /** The fatal failure after which this engine may not be used again. */
  private failure: ModelError | undefined;
  /** Characters a token by the engine's count after it refused a prompt; kept until an answer is written. */
  private corrected: number | undefined;

  constructor(options: WebLlmGeneratorOptions) {
    this.id = `webllm:${options.modelId}`;
    this.options = {
      maxTokens: 512,
      temperature: 0.2,
      clock: () => performance.now(),
      ...options,
    };
    this.window = {
      contextTokens: options.contextWindowSize,
      answerTokens: this.options.maxTokens,
      countTokens: (messages) => messageTokens(messages, this.counter()),
    };
  }

  /** The fatal error that stopped this engine, if any (the UI then suggests a smaller model). */
  get lastFailure(): ModelError | undefined {
    return this.failure;
  }

  async generate(request: GenerateRequest, options: GenerateOptions = {}): Promise<WebLlmGenerateResult> {
    const started = this.options.clock();
    const unsent = { promptTokens: 0, maxTokens: this.options.maxTokens };
    if (this.failure) return this.result('', 'abort', undefined, started, unsent, this.failure);
    if (options.signal?.aborted) return this.result('', 'abort', undefined, started, unsent);
    const { messages } = request.prompt;
    const promptTokens = this.window.countTokens(messages);
    const maxTokens = answerTokens(this.window, promptTokens);
    if (maxTokens === undefined) {
      const detail = `the prompt takes ${promptTokens} of the model's ${this.options.contextWindowSize} tokens`;
      throw new ModelError('context-window', detail);
    }
    const outcome = await streamCompletion(
      this.options.engine,
      this.request(messages, maxTokens),
      options,
      this.options.clock,
    );
    const overflow = outcome.error === undefined ? undefined : toModelError(outcome.error);
    if (overflow?.code === 'context-window' && !outcome.text) {
      // The engine counted the real tokens: characters per token from them, for the pipeline's next fit.
      const real = promptTokensFromError(overflow.detail) ?? promptTokens * 1.5;
      const chars = messages.reduce((sum, message) => sum + message.content.length, 0);
      this.corrected = chars / real / 1.05;
      throw overflow;
    }
    this.corrected = undefined;
    return this.finish(outcome, { promptTokens, maxTokens }, started);
  }

  /** The token count in use: the engine's correction, else the exact count given, else 3.5 characters a token. */
  private counter(): TokenCounter {
    const { corrected } = this;
    if (corrected !== undefined) return (text) => estimateTokens(text, corrected);
    return this.options.countTokens ?? estimateTokens;
  }

  private finish(outcome: StreamOutcome, sizes: Sizes, started: number): WebLlmGenerateResult {
    if (!outcome.error) return this.result(outcome.text, outcome.finishReason, outcome, started, sizes);
    const error = toModelError(outcome.error);
    if (error.fatal) {
      this.failure = error;
      return this.result(outcome.text, 'abort', outcome, started, sizes, error);
    }
    if (error.code === 'aborted') return this.result(outcome.text, 'abort', outcome, started, sizes);
    throw error;
  }

  private request(messages: readonly PromptMessage[], maxTokens: number) {
    return {
      messages: messages.map((message) => ({ role: message.role, content: message.content })),
      stream: true as const,
      stream_options: { include_usage: true as const },
      temperature: this.options.temperature,
      max_tokens: maxTokens,
      ...(this.options.extraBody ? { extra_body: this.options.extraBody } : {}),
    };
  }

  private result(
    text: string,
    finishReason: GenerateResult['finishReason'],
    outcome: StreamOutcome | undefined,
    started: number,
    sizes: Sizes,
    failure?: ModelError,
  ): WebLlmGenerateResult {
    const usage = outcome?.usage;
    const promptTokens = usage?.prompt_tokens ?? sizes.promptTokens;
    const completion = usage?.completion_tokens ?? outcome?.chunks ?? 0;
    const metrics: GenerationMetrics = {
      modelId: this.options.modelId,
      timeToFirstTokenMs: outcome?.firstTokenAt === undefined ? null : outcome.firstTokenAt - started,
      tokensPerSecond: tokensPerSecond(outcome, completion),
      totalMs: this.options.clock() - started,
      contextWindowSize: this.options.contextWindowSize,
      maxTokens: sizes.maxTokens,
      promptTokens,
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
