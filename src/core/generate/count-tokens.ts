/**
 * Token counts for fitting a prompt into a model's context window: an estimate from characters
 * for a generator without a tokenizer, and the chat template's cost per message.
 */

/** Characters per token assumed for English prose. */
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
