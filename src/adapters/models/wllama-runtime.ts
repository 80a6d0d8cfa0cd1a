/**
 * A `ChatCompletionRuntime` over wllama (llama.cpp compiled to WebAssembly, in its own worker):
 * the browser's CPU answer model, driven by the same `CompletionGenerator` as node-llama-cpp in
 * the evaluation, so the prompt, its fitting into the context window and the "incomplete"
 * handling are the ones the evaluation measured.
 *
 * wllama 3 has no tokenizer call, so tokens are estimated from characters: conservatively (2.5
 * characters a token) until the first answer, then from the prompt tokens llama.cpp reports for
 * each answer (`timings.prompt_n`), so that passages are neither dropped for nothing nor sent
 * past the window. Each answer reports how fast the model read the prompt and wrote the answer,
 * measured here: that is the speed estimate the page shows.
 */
import type { AbortSignalLike } from '../../core/ports.js';
import type { PromptMessage } from '../../core/types.js';
import type { ChatCompletionRuntime, CompletionOutcome, CompletionStop } from './completion-generator.js';

/** One streamed chunk, as wllama's `createChatCompletion({ stream: true })` yields it. */
export interface WllamaChunk {
  choices: { delta: { content?: string | null }; finish_reason: string | null }[];
  usage?: { prompt_tokens: number; completion_tokens: number } | null;
  timings?: { prompt_n: number; prompt_ms: number; predicted_n: number; predicted_ms: number };
  prompt_progress?: { total: number; cache: number; processed: number; time_ms: number };
}

/** The part of a loaded `Wllama` instance this runtime uses. */
export interface WllamaChat {
  createChatCompletion(options: {
    messages: { role: 'system' | 'user' | 'assistant'; content: string }[];
    stream: true;
    max_tokens: number;
    temperature: number;
    abortSignal?: AbortSignal;
    return_progress?: boolean;
    cache_prompt?: boolean;
  }): Promise<AsyncIterable<WllamaChunk>>;
}

/** How fast a model ran here, from llama.cpp's own timings of one answer. */
export interface MeasuredSpeed {
  /** Prompt tokens read a second. */
  readPerSecond: number;
  /** Answer tokens written a second. */
  writePerSecond: number;
  /** Prompt tokens of that answer. */
  promptTokens: number;
}

/** Options of `wllamaRuntime`. */
export interface WllamaRuntimeOptions {
  modelId: string;
  /** The context the model was loaded with (`n_ctx`). */
  contextSize: number;
  /** Characters a token before anything was measured; default 2.5 (safe for prose, numbers and codes). */
  charsPerToken?: number;
  /**
   * Penalty on tokens repeated within the last 64, as in the evaluation's node-llama-cpp runtime
   * (1.1): without it the small models loop.
   */
  repeatPenalty?: number;
}

/** A runtime with what it measured. */
export interface WllamaRuntime extends ChatCompletionRuntime {
  /** Characters a token, as last calibrated. */
  readonly charsPerToken: number;
  /** The speed of the last answer, once one was written. */
  readonly speed: MeasuredSpeed | undefined;
}

function stopOf(reason: string | null | undefined): CompletionStop {
  return reason === 'length' ? 'length' : 'stop';
}

const ABORTED = Symbol('aborted');

/**
 * Follows the port's signal: a real `AbortSignal` for wllama, and a promise that settles with
 * `ABORTED` when it aborts (never, without a signal); `dispose` removes the listener.
 */
function follow(port: AbortSignalLike | undefined): {
  signal: AbortSignal | undefined;
  aborted: Promise<typeof ABORTED>;
  dispose(): void;
} {
  if (!port) return { signal: undefined, aborted: new Promise(() => undefined), dispose: () => undefined };
  const controller = new AbortController();
  const aborted = new Promise<typeof ABORTED>((resolve) =>
    controller.signal.addEventListener('abort', () => resolve(ABORTED), { once: true }),
  );
  const listener = () => controller.abort();
  if (port.aborted) controller.abort();
  else port.addEventListener('abort', listener);
  return { signal: controller.signal, aborted, dispose: () => port.removeEventListener('abort', listener) };
}

/** Wraps a loaded wllama instance; see the module comment. */
export function wllamaRuntime(chat: WllamaChat, options: WllamaRuntimeOptions): WllamaRuntime {
  let charsPerToken = options.charsPerToken ?? 2.5;
  let speed: MeasuredSpeed | undefined;
  const penalty = options.repeatPenalty ?? 1.1;
  return {
    modelId: options.modelId,
    contextSize: options.contextSize,
    get charsPerToken() {
      return charsPerToken;
    },
    get speed() {
      return speed;
    },
    countTokens: (text) => Math.ceil(text.length / charsPerToken),
    async complete(messages: readonly PromptMessage[], call): Promise<CompletionOutcome> {
      const stopped = follow(call.signal);
      const { signal } = stopped;
      const request = {
        messages: messages.map((message) => ({ role: message.role, content: message.content })),
        stream: true as const,
        max_tokens: call.maxTokens,
        temperature: call.temperature,
        return_progress: true,
        // Each answer starts from an empty context, as in the evaluation: greedy answers repeat.
        cache_prompt: false,
        // llama.cpp's own request fields (wllama passes them through).
        ...{ repeat_penalty: penalty, repeat_last_n: 64 },
        ...(signal ? { abortSignal: signal } : {}),
      };
      let text = '';
      let stop: CompletionStop = 'stop';
      let completionTokens = 0;
      let chunks = 0;
      try {
        const iterator = (await chat.createChatCompletion(request))[Symbol.asyncIterator]();
        for (;;) {
          // A stop is heard at once, even while llama.cpp is still reading a long prompt: the
          // stream is closed in the background (wllama then cancels the request in its worker).
          const next = await Promise.race([iterator.next(), stopped.aborted]);
          if (next === ABORTED) {
            void iterator.return?.().catch(() => undefined);
            return { text, stop: 'abort', completionTokens: chunks };
          }
          if (next.done) break;
          const chunk = next.value;
          const progress = chunk.prompt_progress;
          if (progress && progress.total > 0) call.onPromptProgress?.(progress.processed, progress.total);
          for (const choice of chunk.choices ?? []) {
            const piece = choice.delta?.content ?? '';
            if (piece) {
              chunks++;
              text += piece;
              call.onText(piece);
            }
            if (choice.finish_reason) stop = stopOf(choice.finish_reason);
          }
          if (chunk.usage) completionTokens = chunk.usage.completion_tokens;
          if (chunk.timings) speed = measure(chunk.timings) ?? speed;
          if (chunk.timings?.prompt_n) charsPerToken = calibrate(messages, chunk.timings.prompt_n, charsPerToken);
        }
      } catch (error) {
        if (signal?.aborted) return { text, stop: 'abort', completionTokens: completionTokens || chunks };
        throw error;
      } finally {
        stopped.dispose();
      }
      return { text, stop: signal?.aborted ? 'abort' : stop, completionTokens: completionTokens || chunks };
    },
  };
}

function measure(timings: NonNullable<WllamaChunk['timings']>): MeasuredSpeed | undefined {
  if (!(timings.prompt_ms > 0) || !(timings.predicted_ms > 0)) return undefined;
  return {
    readPerSecond: (timings.prompt_n / timings.prompt_ms) * 1000,
    writePerSecond: (timings.predicted_n / timings.predicted_ms) * 1000,
    promptTokens: timings.prompt_n,
  };
}

/**
 * Characters a token from one measured prompt, less 5% for safety; never more than 4.5 (no
 * tokenizer does better on English) nor less than 1.5.
 */
function calibrate(messages: readonly PromptMessage[], promptTokens: number, previous: number): number {
  const chars = messages.reduce((sum, message) => sum + message.content.length, 0);
  // The chat template adds tokens of its own; count them against the text, which is safe.
  const measured = (chars / promptTokens) * 0.95;
  return Number.isFinite(measured) && measured > 0 ? Math.min(4.5, Math.max(1.5, measured)) : previous;
}

/** Prompt tokens of a typical Footnote answer (six passages, the rules and the question). */
export const TYPICAL_PROMPT_TOKENS = 1500;
/** Tokens of a typical answer. */
export const TYPICAL_ANSWER_TOKENS = 150;

/** Seconds a typical answer takes at this speed: its prompt read, then its answer written. */
export function typicalAnswerSeconds(speed: MeasuredSpeed): number {
  return TYPICAL_PROMPT_TOKENS / speed.readPerSecond + TYPICAL_ANSWER_TOKENS / speed.writePerSecond;
}
