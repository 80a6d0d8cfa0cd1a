/**
 * A fake WebLLM engine (named as a fake): it implements the shape of WebLLM's
 * `MLCEngineInterface` that the app uses (`chat.completions.create` streaming chunks with delta
 * content and usage on the last chunk, `interruptGenerate`, `reload`, `unload`), records every
 * request, and can be told to fail the way WebLLM fails (a worker rejects with a string such as
 * `"DeviceLostError: …"`; a too-long prompt throws `ContextWindowSizeExceededError`).
 */
import type {
  ChatCompletionChunk,
  ChatCompletionRequest,
  MLCEngineLike,
  WebLlmAppConfig,
  WebLlmInitProgress,
} from '../../../src/adapters/models/webllm-types.js';

/** How the fake behaves. */
export interface FakeScript {
  /** The answer, streamed one word (plus its space) per chunk. */
  reply: string;
  /** Throw this after that many chunks. */
  failAfter?: { chunks: number; error: unknown };
  /** Throw this from `create` (before any chunk). */
  failOnCreate?: unknown;
  /** Check prompts against this window, counting one token per `charsPerToken` characters. */
  contextWindowSize?: number;
  charsPerToken?: number;
  /** Throw this from `reload`. */
  failOnReload?: unknown;
  /** Progress reports sent during `reload`. */
  progress?: WebLlmInitProgress[];
}

/** A fake MLC engine; see the module comment. */
export class FakeMLCEngine implements MLCEngineLike {
  readonly requests: ChatCompletionRequest[] = [];
  interrupts = 0;
  reloads: string[] = [];
  unloads = 0;
  appConfig: WebLlmAppConfig | undefined;
  private interrupted = false;
  private progressCallback: ((report: WebLlmInitProgress) => void) | undefined;

  constructor(public script: FakeScript) {}

  readonly chat = {
    completions: { create: (request: ChatCompletionRequest) => this.create(request) },
  };

  interruptGenerate(): void {
    this.interrupts += 1;
    this.interrupted = true;
  }

  async reload(modelId: string): Promise<void> {
    this.reloads.push(modelId);
    for (const report of this.script.progress ?? []) this.progressCallback?.(report);
    if (this.script.failOnReload !== undefined) throw this.script.failOnReload;
  }

  async unload(): Promise<void> {
    this.unloads += 1;
  }

  setAppConfig(appConfig: WebLlmAppConfig): void {
    this.appConfig = appConfig;
  }

  setInitProgressCallback(callback: (report: WebLlmInitProgress) => void): void {
    this.progressCallback = callback;
  }

  /** Prompt tokens as this fake's "tokenizer" counts them. */
  promptTokens(request: ChatCompletionRequest): number {
    const chars = request.messages.reduce((sum, message) => sum + message.content.length, 0);
    return Math.ceil(chars / (this.script.charsPerToken ?? 4)) + request.messages.length * 8;
  }

  private async create(request: ChatCompletionRequest): Promise<AsyncIterable<ChatCompletionChunk>> {
    this.requests.push(request);
    this.interrupted = false;
    if (this.script.failOnCreate !== undefined) throw this.script.failOnCreate;
    const prompt = this.promptTokens(request);
    const window = this.script.contextWindowSize;
    if (window !== undefined && prompt > window) {
      throw new Error(
        `ContextWindowSizeExceededError: Prompt tokens exceed context window size: number of prompt tokens: ${prompt}; context window size: ${window}`,
      );
    }
    return this.stream(prompt);
  }

  private async *stream(prompt: number): AsyncGenerator<ChatCompletionChunk> {
    const words = this.script.reply.split(/(?<= )/);
    let sent = 0;
    for (const word of words) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (this.script.failAfter && sent === this.script.failAfter.chunks) throw this.script.failAfter.error;
      if (this.interrupted) break;
      sent += 1;
      yield { choices: [{ delta: { content: word }, finish_reason: null }] };
    }
    const usage = {
      prompt_tokens: prompt,
      completion_tokens: sent,
      total_tokens: prompt + sent,
      extra: { time_to_first_token_s: 0.05, decode_tokens_per_s: 42, prefill_tokens_per_s: 900, e2e_latency_s: 0.3 },
    };
    yield { choices: [{ delta: {}, finish_reason: this.interrupted ? 'abort' : 'stop' }], usage };
  }
}
