/**
 * Fitting the prompt into a model's context window: `context_window_size − max_tokens` tokens
 * for the rules, the question and the passages. Passages are dropped lowest-ranked first, and
 * the dropped ones are reported. Tokens are estimated from characters (3.5 per token for English
 * prose) unless a real tokenizer count is given; a context error from the engine calibrates it.
 */
import { buildPrompt, promptNonce } from '../../core/generate/build-prompt.js';
import type { GenerateRequest } from '../../core/ports.js';
import type { Prompt, RetrievedPassage } from '../../core/types.js';
import { ModelError } from './model-errors.js';

/** Characters per token assumed for English text. */
export const CHARS_PER_TOKEN = 3.5;
/** Tokens the chat template adds around each message (role markers, separators). */
export const TOKENS_PER_MESSAGE = 8;

/** Counts the tokens of a text. */
export type TokenCounter = (text: string) => number;

/** A character-based token estimate. */
export function estimateTokens(text: string, charsPerToken = CHARS_PER_TOKEN): number {
  return Math.ceil(text.length / charsPerToken);
}

/** Tokens of a list of chat messages, template overhead included. */
export function messageTokens(messages: readonly { content: string }[], count: TokenCounter = estimateTokens): number {
  return messages.reduce((sum, message) => sum + count(message.content) + TOKENS_PER_MESSAGE, 0);
}

/** Settings of a context budget. */
export interface ContextBudget {
  contextWindowSize: number;
  /** Tokens reserved for the answer (`max_tokens`). */
  maxTokens: number;
}

/**
 * The `maxPassageChars` to pass to `answerQuestion` so that the core's prompt fits the model:
 * the window less the answer, the rules and the question, in characters. The core then drops
 * the lowest-ranked passages and its trace lists them (`prompt.omitted`).
 */
export function passageCharBudget(budget: ContextBudget, question: string, charsPerToken = CHARS_PER_TOKEN): number {
  const empty = buildPrompt(question, [], { nonce: '⟦0000000⟧', maxPassageChars: 0 });
  const fixed = messageTokens(empty.messages, (text) => estimateTokens(text, charsPerToken));
  const free = budget.contextWindowSize - budget.maxTokens - fixed;
  return Math.max(0, Math.floor(free * charsPerToken));
}

/** A prompt that fits, and what was dropped to make it fit. */
export interface FittedPrompt {
  prompt: Prompt;
  /** The passages still in the prompt, in prompt order. */
  passages: RetrievedPassage[];
  /** Citation ids dropped here (beyond those the core already omitted). */
  omitted: string[];
  /** Estimated (or counted) prompt tokens. */
  promptTokens: number;
  /** Tokens left for the answer: `maxTokens`, or less when even one passage barely fits. */
  maxTokens: number;
  /** True when the messages differ from `request.prompt.messages`. */
  rebuilt: boolean;
}

/** Smallest answer worth generating when a long passage squeezes the budget. */
const MIN_ANSWER_TOKENS = 128;

/**
 * Returns the request's prompt when it fits; otherwise rebuilds it (with a fresh marker) from
 * the highest-ranked passages that fit. Returns undefined when not even one passage fits.
 */
export function fitPrompt(
  request: GenerateRequest,
  budget: ContextBudget,
  options: { count?: TokenCounter; nonce: () => string },
): FittedPrompt | undefined {
  const count = options.count ?? estimateTokens;
  const limit = budget.contextWindowSize - budget.maxTokens;
  const tokens = messageTokens(request.prompt.messages, count);
  if (tokens <= limit) {
    const base = { omitted: [], promptTokens: tokens, maxTokens: budget.maxTokens, rebuilt: false };
    return { ...base, prompt: request.prompt, passages: request.passages };
  }
  for (let keep = request.passages.length; keep >= 1; keep--) {
    const passages = request.passages.slice(0, keep);
    const prompt = buildPrompt(request.question, passages, { nonce: options.nonce(), maxPassageChars: Infinity });
    const promptTokens = messageTokens(prompt.messages, count);
    const room = budget.contextWindowSize - promptTokens;
    if (promptTokens <= limit || (keep === 1 && room >= MIN_ANSWER_TOKENS)) {
      const omitted = request.passages.slice(keep).map((item) => item.passage.cite);
      return {
        prompt: { ...prompt, omitted: [...request.prompt.omitted, ...omitted] },
        passages,
        omitted,
        promptTokens,
        maxTokens: Math.min(budget.maxTokens, room),
        rebuilt: true,
      };
    }
  }
  return undefined;
}

/**
 * `fitPrompt` for a model generator: a rebuilt prompt gets a fresh marker that none of the
 * passages contains; a window that holds not even one passage is a `context-window` error.
 */
export function fitForModel(
  request: GenerateRequest,
  budget: ContextBudget,
  count: TokenCounter | undefined,
  random: () => number,
): FittedPrompt {
  const texts = request.passages.map((item) => `${item.passage.title}\n${item.passage.heading}\n${item.passage.text}`);
  const nonce = () => promptNonce(random, texts);
  const fitted = fitPrompt(request, budget, { ...(count ? { count } : {}), nonce });
  if (!fitted) throw new ModelError('context-window', `not even one passage fits ${budget.contextWindowSize} tokens`);
  return fitted;
}

/** The prompt token count in a WebLLM `ContextWindowSizeExceededError` message, if there is one. */
export function promptTokensFromError(message: string): number | undefined {
  const match = /number of prompt tokens:\s*(\d+)/i.exec(message);
  return match ? Number(match[1]) : undefined;
}
