/**
 * A GGUF model on the CPU through node-llama-cpp (llama.cpp's prebuilt Linux binaries), for the
 * evaluation: `npm run eval -- --generator llama --model FILE.gguf`. node-llama-cpp is a
 * measurement tool like the model weights, not a dependency of the app, its build or its tests:
 * `npm run models:local -- --llm` installs it (about 730 MB of prebuilt binaries) into
 * `.cache/node-llama-cpp/`, where this module finds it; an installed `node-llama-cpp` package is
 * used first.
 */
import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PromptMessage } from '../../core/types.js';
import type { ChatCompletionRuntime, CompletionOutcome, CompletionStop } from '../models/completion-generator.js';

/** Where `models:local -- --llm` installs node-llama-cpp. */
export const LLAMA_SIDECAR = '.cache/node-llama-cpp';
/** The version tested here (newer ones need builds for platforms not served to this project). */
export const LLAMA_VERSION = '3.21.1';

/** Settings of the runtime. */
export interface LlamaRuntimeOptions {
  /** Tokens of context; default 4096 (Footnote's prompt budget is made for a 4k window). */
  contextSize?: number;
  /** CPU threads; default 2. llama.cpp's own default (every hardware thread, and more) is many times slower on a busy 2-core machine. */
  threads?: number;
  /**
   * Penalty on tokens repeated within the last 64 generated; default 1.1 (llama.cpp's long-standing
   * default). Without it the small models loop: 45 of SmolLM2-135M's 60 sample answers repeated a
   * sentence until the token limit.
   */
  repeatPenalty?: number;
}

/** The parts of node-llama-cpp used here. */
interface LlamaModule {
  getLlama(options: { gpu: false; build: 'never'; logLevel?: string }): Promise<{
    loadModel(options: { modelPath: string }): Promise<LlamaModel>;
  }>;
  LlamaChatSession: new (options: {
    contextSequence: unknown;
    systemPrompt?: string;
    autoDisposeSequence?: boolean;
  }) => LlamaSession;
}
interface LlamaModel {
  tokenize(text: string): unknown[];
  createContext(options: { contextSize: number; threads: number }): Promise<{ getSequence(): LlamaSequence }>;
  readonly trainContextSize: number;
}
interface LlamaSequence {
  clearHistory(): Promise<void>;
}
interface LlamaSession {
  promptWithMeta(
    text: string,
    options: {
      maxTokens: number;
      temperature: number;
      signal?: AbortSignal;
      stopOnAbortSignal: boolean;
      repeatPenalty?: { penalty: number; lastTokens: number };
      onTextChunk: (text: string) => void;
    },
  ): Promise<{ responseText: string; stopReason: string }>;
  dispose(options?: { disposeSequence?: boolean }): void;
}

/** Thrown when node-llama-cpp is not installed; says how to install it. */
export class LlamaMissingError extends Error {
  override readonly name = 'LlamaMissingError';
}

async function importLlama(): Promise<LlamaModule> {
  try {
    return (await import(/* @vite-ignore */ 'node-llama-cpp' as string)) as LlamaModule;
  } catch {
    const entry = resolve(LLAMA_SIDECAR, 'node_modules/node-llama-cpp/dist/index.js');
    if (!existsSync(entry)) {
      throw new LlamaMissingError(
        `node-llama-cpp is not installed: run npm run models:local -- --llm (it installs node-llama-cpp@${LLAMA_VERSION} into ${LLAMA_SIDECAR}/ and fetches the GGUF models)`,
      );
    }
    return (await import(pathToFileURL(entry).href)) as LlamaModule;
  }
}

function stopOf(reason: string): CompletionStop {
  if (reason === 'maxTokens') return 'length';
  if (reason === 'abort') return 'abort';
  return 'stop';
}

/**
 * Loads a GGUF file on the CPU. Each completion starts from an empty chat: the system message is
 * the prompt's first (system) message, the user message its last.
 */
export async function loadLlamaRuntime(
  modelPath: string,
  options: LlamaRuntimeOptions = {},
): Promise<ChatCompletionRuntime> {
  if (!existsSync(modelPath))
    throw new Error(`${modelPath}: no such model file (npm run models:local -- --llm fetches them)`);
  const llamaCpp = await importLlama();
  const llama = await llamaCpp.getLlama({ gpu: false, build: 'never', logLevel: 'error' });
  const model = await llama.loadModel({ modelPath });
  const contextSize = Math.min(options.contextSize ?? 4096, model.trainContextSize);
  const context = await model.createContext({ contextSize, threads: options.threads ?? 2 });
  const sequence = context.getSequence();
  return {
    modelId: basename(modelPath).replace(/\.gguf$/i, ''),
    contextSize,
    countTokens: (text) => model.tokenize(text).length,
    async complete(messages: readonly PromptMessage[], call): Promise<CompletionOutcome> {
      const system = messages.filter((message) => message.role === 'system').map((message) => message.content);
      const user = messages.filter((message) => message.role !== 'system').map((message) => message.content);
      // From an empty context every time: reusing the last answer's cached prompt prefix changes
      // the arithmetic enough to change greedy answers, and a measurement must repeat.
      await sequence.clearHistory();
      const session = new llamaCpp.LlamaChatSession({
        contextSequence: sequence,
        systemPrompt: system.join('\n\n'),
        autoDisposeSequence: false,
      });
      let tokens = 0;
      try {
        const reply = await session.promptWithMeta(user.join('\n\n'), {
          maxTokens: call.maxTokens,
          temperature: call.temperature,
          stopOnAbortSignal: true,
          repeatPenalty: { penalty: options.repeatPenalty ?? 1.1, lastTokens: 64 },
          // Node's AbortSignal is what the eval passes; the port only promises the parts it reads.
          ...(call.signal ? { signal: call.signal as AbortSignal } : {}),
          onTextChunk: (chunk) => {
            tokens++;
            call.onText(chunk);
          },
        });
        const completionTokens = reply.responseText ? model.tokenize(reply.responseText).length : tokens;
        return { text: reply.responseText, stop: stopOf(reply.stopReason), completionTokens };
      } finally {
        session.dispose({ disposeSequence: false });
      }
    },
  };
}
