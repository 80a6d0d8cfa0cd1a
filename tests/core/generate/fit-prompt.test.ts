import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_PASSAGE_CHARS, buildPrompt } from '../../../src/core/generate/build-prompt.js';
import { estimateTokens, messageTokens } from '../../../src/core/generate/count-tokens.js';
import { MIN_ANSWER_TOKENS, answerTokens, fitPrompt } from '../../../src/core/generate/fit-prompt.js';
import type { PromptWindow } from '../../../src/core/ports.js';
import type { RetrievedPassage } from '../../../src/core/types.js';

function item(index: number, chars: number): RetrievedPassage {
  const text = `Passage ${index}: ${'the pump filter is cleaned every month. '.repeat(Math.ceil(chars / 40))}`.slice(
    0,
    chars,
  );
  return {
    passage: {
      cite: `doc#${index}`,
      docId: 'doc',
      sectionId: String(index),
      part: 1,
      heading: 'Filter',
      title: 'Pump manual',
      revision: 'v1',
      date: '2026-01-01',
      access: 'public',
      text,
      start: 0,
      end: text.length,
      hash: `h${index}`,
    },
    rank: index,
    score: 1 / index,
    termCoverage: 1,
    parts: [0],
    supersededBy: [],
  };
}

/** A fake window (named as one): `contextTokens` in all, a token per 4 characters, counted calls kept. */
function fakeWindow(contextTokens: number, answerTokens: number): PromptWindow & { counted: number } {
  const window = {
    contextTokens,
    answerTokens,
    counted: 0,
    countTokens(messages: readonly { content: string }[]) {
      window.counted++;
      return messageTokens(messages, (text) => estimateTokens(text, 4));
    },
  };
  return window;
}

const QUESTION = 'How often is the pump filter cleaned?';
const passages = Array.from({ length: 6 }, (_, index) => item(index + 1, 900));

describe('fitPrompt', () => {
  it('without a window is the character budget of buildPrompt, unchanged', () => {
    const many = Array.from({ length: 12 }, (_, index) => item(index + 1, 900));
    const fitted = fitPrompt(QUESTION, many, { nonce: '⟦n1⟧' });
    const built = buildPrompt(QUESTION, many, { nonce: '⟦n1⟧', maxPassageChars: DEFAULT_MAX_PASSAGE_CHARS });
    expect(fitted).toEqual({ prompt: built });
    expect(fitted.prompt.omitted.length).toBeGreaterThan(0);
  });

  it('keeps every passage when the prompt fits, with the whole answer budget', () => {
    const window = fakeWindow(8192, 512);
    const fitted = fitPrompt(QUESTION, passages, { nonce: '⟦n1⟧', window });
    expect(fitted.prompt.cites).toEqual(passages.map((p) => p.passage.cite));
    expect(fitted.prompt.omitted).toEqual([]);
    expect(fitted.tokens).toEqual({ prompt: window.countTokens(fitted.prompt.messages), answer: 512 });
  });

  it('drops the lowest-ranked passages first until the prompt fits the window less the answer', () => {
    const window = fakeWindow(1024, 256);
    const fitted = fitPrompt(QUESTION, passages, { nonce: '⟦n1⟧', window });
    const kept = fitted.prompt.cites.length;
    expect(kept).toBeGreaterThanOrEqual(1);
    expect(kept).toBeLessThan(passages.length);
    expect(fitted.prompt.cites).toEqual(passages.slice(0, kept).map((p) => p.passage.cite));
    expect(fitted.prompt.omitted).toEqual(passages.slice(kept).map((p) => p.passage.cite));
    expect(fitted.tokens!.prompt).toBeLessThanOrEqual(1024 - 256);
    expect(fitted.tokens!.answer).toBe(256);
    // One more passage would not have fitted.
    const more = buildPrompt(QUESTION, passages.slice(0, kept + 1), { nonce: '⟦n1⟧', maxPassageChars: Infinity });
    expect(window.countTokens(more.messages)).toBeGreaterThan(1024 - 256);
    // The marker fences every passage kept and is named in the rules.
    expect(fitted.prompt.messages[0]!.content).toContain('⟦n1⟧');
    expect(fitted.prompt.messages[1]!.content.split('⟦n1⟧ BEGIN').length - 1).toBe(kept);
  });

  it('lets one long passage squeeze the answer, down to the smallest answer worth writing', () => {
    const long = [item(1, 2200), item(2, 400)];
    const window = fakeWindow(1024, 512);
    const fitted = fitPrompt(QUESTION, long, { nonce: '⟦n1⟧', window });
    expect(fitted.prompt.cites).toEqual(['doc#1']);
    expect(fitted.prompt.omitted).toEqual(['doc#2']);
    expect(fitted.tokens!.answer).toBe(1024 - fitted.tokens!.prompt);
    expect(fitted.tokens!.answer).toBeLessThan(512);
    expect(fitted.tokens!.answer).toBeGreaterThanOrEqual(MIN_ANSWER_TOKENS);
  });

  it('returns the highest-ranked passage with no room to answer when not even it fits', () => {
    const window = fakeWindow(512, 256);
    const fitted = fitPrompt(QUESTION, [item(1, 4000), item(2, 100)], { nonce: '⟦n1⟧', window });
    expect(fitted.prompt.cites).toEqual(['doc#1']);
    expect(fitted.tokens!.answer).toBe(0);
  });

  it('counts the prompt once for each number of passages tried', () => {
    const window = fakeWindow(1024, 256);
    const fitted = fitPrompt(QUESTION, passages, { nonce: '⟦n1⟧', window });
    expect(window.counted).toBe(passages.length - fitted.prompt.cites.length + 1);
  });
});

describe('answerTokens', () => {
  const window = { contextTokens: 1000, answerTokens: 300, countTokens: () => 0 };
  it('is the answer budget when the prompt leaves it, else what is left down to the minimum', () => {
    expect(answerTokens(window, 700)).toBe(300);
    expect(answerTokens(window, 800)).toBe(200);
    expect(answerTokens(window, 800, false)).toBeUndefined();
    expect(answerTokens(window, 1000 - MIN_ANSWER_TOKENS + 1)).toBeUndefined();
  });
});
