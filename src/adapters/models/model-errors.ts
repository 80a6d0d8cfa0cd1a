/**
 * One error class for model loading and running, with a code and a next step for the person at
 * the screen. Errors from WebLLM arrive as `Error`s from the engine or, through a worker, as
 * strings (`"DeviceLostError: …"`), so they are recognised by name and by message.
 */

/** What went wrong. */
export type ModelErrorCode =
  | 'webgpu-unavailable'
  | 'no-adapter'
  | 'shader-f16'
  | 'device-lost'
  | 'runtime-crashed'
  | 'out-of-memory'
  | 'context-window'
  | 'model-not-found'
  | 'download-failed'
  | 'offline-only'
  | 'no-space'
  | 'not-nli'
  | 'aborted'
  | 'failed';

/** What to tell the person, by code. */
export const MODEL_ERROR_ADVICE: Record<ModelErrorCode, string> = {
  'webgpu-unavailable':
    'This browser has no WebGPU. Answers are extracted from your documents instead; retrieval and citations work as usual.',
  'no-adapter':
    'WebGPU is present but no GPU can be used (disabled, blocked or unsupported). Answers are extracted from your documents instead.',
  'shader-f16': 'This GPU lacks shader-f16. Choose a q4f32 build of the model, or another model.',
  'device-lost':
    'The GPU stopped (device lost, usually out of memory). The answer is incomplete. Try a smaller model or a shorter context.',
  'runtime-crashed':
    'The model’s runtime stopped (usually out of memory). The answer is incomplete. Try a smaller model.',
  'out-of-memory': 'The GPU ran out of memory. Try a smaller model or a shorter context.',
  'context-window': 'The prompt did not fit the model context. Fewer passages will be given to the model.',
  'model-not-found': 'This model is not in the list of models the app knows.',
  'download-failed':
    'A model file could not be downloaded (missing, or the network failed). Nothing half-downloaded was kept; try again later.',
  'offline-only':
    'Offline-only is on and the model is not in the app models/ folder. Run npm run models:fetch, or allow the model hub.',
  'no-space':
    'Not enough storage space for this model, so nothing was downloaded. Your library and the downloaded models share this site’s storage, and the browser clears them together: remove a cached model or some documents first.',
  'not-nli':
    'This model is not a natural-language-inference (NLI) model, so it cannot check claims: choose an NLI cross-encoder, or check by words and numbers only.',
  aborted: 'Stopped.',
  failed: 'The model could not be loaded or run. Try again, or choose another model.',
};

/** Codes after which the engine must be reloaded before it can be used again. */
const FATAL: ReadonlySet<ModelErrorCode> = new Set(['device-lost', 'out-of-memory', 'runtime-crashed']);

/** A model failed; `code` is stable, `advice` is for people, `detail` is the original message. */
export class ModelError extends Error {
  override readonly name = 'ModelError';

  constructor(
    readonly code: ModelErrorCode,
    readonly detail = '',
    options?: { cause?: unknown },
  ) {
    super(detail ? `${MODEL_ERROR_ADVICE[code]} (${detail})` : MODEL_ERROR_ADVICE[code], options);
  }

  /** What to tell the person. */
  get advice(): string {
    return MODEL_ERROR_ADVICE[this.code];
  }

  /** True when the GPU device is gone: reload (at most once) or choose a smaller model; never retry blindly. */
  get fatal(): boolean {
    return FATAL.has(this.code);
  }

  /** True when a smaller model is the thing to suggest. */
  get suggestsSmallerModel(): boolean {
    return this.code === 'device-lost' || this.code === 'out-of-memory' || this.code === 'runtime-crashed';
  }
}

const PATTERNS: [ModelErrorCode, RegExp][] = [
  // A WebAssembly trap or an Emscripten abort ("Aborted(…)"): the runtime is gone, whatever the stop.
  ['runtime-crashed', /Aborted\(|\bRuntimeError\b|memory access out of bounds|WllamaRuntimeError/],
  ['aborted', /\bAbortError\b|operation was (stopped|aborted)|\baborted\b/i],
  ['device-lost', /DeviceLostError|device (was )?lost|GPUDeviceLostInfo/i],
  ['out-of-memory', /out of memory|\bOOM\b|GPUOutOfMemoryError|allocation failed|failed to allocate/i],
  ['webgpu-unavailable', /WebGPUNotAvailableError|WebGPU is not supported/i],
  [
    'no-adapter',
    /Unable to find a compatible GPU|No available adapters|Failed to get GPU adapter|WebGPUNotFoundError/i,
  ],
  ['shader-f16', /ShaderF16SupportError|shader-f16|does not support fp16/i],
  ['context-window', /ContextWindowSizeExceededError|exceed context window|exceeds the available context size/i],
  ['model-not-found', /ModelNotFoundError|Cannot find model record/i],
  ['no-space', /QuotaExceededError|quota (has been )?exceeded/i],
  // transformers.js with the hub forbidden reads a missing tokenizer_config.json as undefined and
  // then fails on it (V8: "reading 'tokenizer_class'"; SpiderMonkey: 'property "tokenizer_class"'):
  // the model is not in the app's models/ folder.
  ['offline-only', /local_files_only=true|allowRemoteModels=false|\btokenizer_class\b/i],
  [
    'download-failed',
    /\b404\b|Failed to execute 'add' on 'Cache'|Request failed|Failed to fetch|NetworkError|Unexpected token '<'|ModelFileNotFoundError|CompileError|magic word/i,
  ],
];

/** The message of anything thrown: an `Error`, a string from a worker, or an object with `message`. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'message' in error) return String((error as { message: unknown }).message);
  return String(error);
}

/**
 * A catalogue model's load failed with the hub forbidden: a file missing or unreadable is the model
 * not being in the app's `models/` folder, whatever words the library (or the browser) used.
 */
export function loadFailure(error: unknown, offlineOnly: boolean): ModelError {
  const failure = toModelError(error);
  if (!offlineOnly || (failure.code !== 'failed' && failure.code !== 'download-failed')) return failure;
  return new ModelError('offline-only', failure.detail, { cause: error });
}

/** Maps anything a model library threw to a `ModelError`. */
export function toModelError(error: unknown): ModelError {
  if (error instanceof ModelError) return error;
  const text = errorText(error);
  const match = PATTERNS.find(([, pattern]) => pattern.test(text));
  return new ModelError(match ? match[0] : 'failed', text, { cause: error });
}

/** The prompt token count in a WebLLM `ContextWindowSizeExceededError` message, if there is one. */
export function promptTokensFromError(message: string): number | undefined {
  const match = /number of prompt tokens:\s*(\d+)/i.exec(message);
  return match ? Number(match[1]) : undefined;
}
