/**
 * The shapes of WebLLM 0.2.86 that this folder relies on, written by hand from its typings
 * (`lib/types.d.ts`, `lib/config.d.ts`, `lib/openai_api_protocols/chat_completion.d.ts`). Real
 * WebLLM engines satisfy them; so does the test suite's `FakeMLCEngine`.
 */

/** One model of an `AppConfig` (WebLLM's `ModelRecord`, the fields this app sets). */
export interface WebLlmModelRecord {
  /** Absolute URL of the weights folder (`…/resolve/main/` is appended unless present). */
  model: string;
  model_id: string;
  /** Absolute URL of the compiled model library (`.wasm`). */
  model_lib: string;
  vram_required_MB?: number;
  low_resource_required?: boolean;
  buffer_size_required_bytes?: number;
  required_features?: string[];
  overrides?: { context_window_size?: number; max_history_size?: number };
}

/** WebLLM's `AppConfig`. */
export interface WebLlmAppConfig {
  model_list: WebLlmModelRecord[];
  cacheBackend?: 'cache' | 'indexeddb' | 'opfs' | 'cross-origin';
}

/** WebLLM's `InitProgressReport`: `progress` 0–1, restarting in each phase (docs/library-notes.md §3.1). */
export interface WebLlmInitProgress {
  progress: number;
  timeElapsed: number;
  text: string;
}

/** A chat message as WebLLM takes it. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A streaming chat-completion request. */
export interface ChatCompletionRequest {
  messages: ChatMessage[];
  stream: true;
  stream_options: { include_usage: true };
  temperature?: number;
  max_tokens?: number;
  extra_body?: { enable_thinking?: boolean };
}

/** Token usage; WebLLM puts it on the last chunk only. */
export interface ChatCompletionUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens?: number;
  extra?: {
    e2e_latency_s?: number;
    prefill_tokens_per_s?: number;
    decode_tokens_per_s?: number;
    time_to_first_token_s?: number;
    time_per_output_token_s?: number;
  };
}

/** One streamed chunk. */
export interface ChatCompletionChunk {
  choices: { delta?: { content?: string | null }; finish_reason?: string | null }[];
  usage?: ChatCompletionUsage | null;
}

/** The part of `MLCEngineInterface` a generator needs. */
export interface ChatEngine {
  chat: { completions: { create(request: ChatCompletionRequest): Promise<AsyncIterable<ChatCompletionChunk>> } };
  /** Stops the running generation between decode steps; the stream ends with `finish_reason: 'abort'`. */
  interruptGenerate(): void;
}

/** The part of `MLCEngineInterface` the app uses to manage a model. */
export interface MLCEngineLike extends ChatEngine {
  reload(modelId: string): Promise<void>;
  unload(): Promise<void>;
  setAppConfig(appConfig: WebLlmAppConfig): void;
  setInitProgressCallback(callback: (report: WebLlmInitProgress) => void): void;
}
