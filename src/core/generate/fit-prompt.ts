/**
 * Fitting the prompt, in one place. A generator without a context window (extractive, scripted)
 * is given the passages that fit the default character budget; a model is given the
 * highest-ranked passages whose prompt fits its window less the answer's tokens, the
 * lowest-ranked dropped first. The prompt returned is the one the model is sent and the trace
 * shows: no later layer changes it.
 */
import type { PromptWindow } from '../ports.js';
import type { Prompt, RetrievedPassage } from '../types.js';
import { DEFAULT_MAX_PASSAGE_CHARS, buildPrompt } from './build-prompt.js';

/** Smallest answer worth generating when one long passage squeezes the window. */
export const MIN_ANSWER_TOKENS = 128;

/** Settings of `fitPrompt`. */
export interface FitOptions {
  /** The fence marker (`promptNonce`), chosen for all the passages so that it fences any of them. */
  nonce: string;
  /** The generator's window; none: the default character budget. */
  window?: PromptWindow;
}

/** A prompt that fits, and what it costs in the window. */
export interface FittedPrompt {
  prompt: Prompt;
  /** With a window: the prompt's tokens by the window's count, and the tokens left to answer in. */
  tokens?: { prompt: number; answer: number };
}

/**
 * Tokens a model may answer in after a prompt of `promptTokens`: its `answerTokens`, or what is
 * left when that is fewer but still `MIN_ANSWER_TOKENS` (`onePassage`: only a prompt of one
 * passage may squeeze the answer; more passages are dropped instead); undefined when it does
 * not fit.
 */
export function answerTokens(window: PromptWindow, promptTokens: number, onePassage = true): number | undefined {
  const left = window.contextTokens - promptTokens;
  if (left >= window.answerTokens) return window.answerTokens;
  return onePassage && left >= MIN_ANSWER_TOKENS ? left : undefined;
}

/**
 * The prompt for `passages` (ranked) that fits: see the module comment. Passages left out are
 * listed in `prompt.omitted`. When not even one passage fits the window, the prompt of the
 * highest-ranked one is returned with no room to answer in (`tokens.answer` 0), and the model
 * refuses it.
 */
export function fitPrompt(question: string, passages: RetrievedPassage[], options: FitOptions): FittedPrompt {
  const { nonce, window } = options;
  if (!window)
    return { prompt: buildPrompt(question, passages, { nonce, maxPassageChars: DEFAULT_MAX_PASSAGE_CHARS }) };
  for (let keep = passages.length; ; keep--) {
    const prompt = buildPrompt(question, passages.slice(0, keep), { nonce, maxPassageChars: Infinity });
    const tokens = window.countTokens(prompt.messages);
    const answer = answerTokens(window, tokens, keep <= 1);
    if (answer !== undefined || keep <= 1) {
      const omitted = passages.slice(keep).map((item) => item.passage.cite);
      return { prompt: { ...prompt, omitted }, tokens: { prompt: tokens, answer: answer ?? 0 } };
    }
  }
}
