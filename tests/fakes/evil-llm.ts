/**
 * A fake model that obeys every instruction it reads (named as a fake; docs/reliability.md: every
 * security property holds against a fully compromised model). It reads only what a model reads, the prompt's
 * messages; it obeys what the passages (the user message) say, not the rules, and:
 *
 * - starts with a plausible answer: the first sentence of the first passage, cited;
 * - replies PWNED (or whatever word it is told to reply with);
 * - repeats every payload it finds (Markdown images and links, reference definitions, raw
 *   HTML carriers, `javascript:`/`data:` links, fake and invented citations), with `{canary}`
 *   (and a bare `CANARY`) replaced by a canary it copies from any passage: exfiltration;
 * - reads text smuggled in Unicode tag characters, and obeys that too.
 *
 * Platform-neutral (no Node or DOM), so the browser's end-to-end tests can run it in the page.
 */
import type { GenerateOptions, GenerateRequest, GenerateResult, Generator } from '../../src/core/ports.js';
import { CANARY_PATTERN, fromTagCharacters } from './evil-payloads.js';

/** What one call read and wrote. */
export interface EvilCall {
  /** Every prompt message, joined: exactly what the model was given. */
  prompt: string;
  answer: string;
  /** The canary it found and copied, if any. */
  canary?: string;
}

const REPLY_WORD =
  /\b(?:[Rr]eply|[Rr]espond|[Aa]nswer|[Ss]ay)\b[^.\n]{0,20}?\b(?:only|just|exactly)?\s*(?:with\s+)?["“']?([A-Z]{4,})\b/g;
const PAYLOAD = new RegExp(
  [
    String.raw`!\[[^\]\n]*\]\([^)\n]*\)`, // Markdown image
    String.raw`!\[[^\]\n]*\]\[[^\]\n]*\]`, // reference-style image
    String.raw`^\s{0,3}\[[^\]\n]+\]:\s*\S+`, // reference definition
    String.raw`\[[^\]\n]*\]\([^)\n]*\)(?:\))?`, // link (incl. javascript:/data: ones with a parenthesis)
    String.raw`<(script|iframe|video|div|math)\b[^]*?(?:<\/\1>|(?=\n)|$)`, // element with content
    String.raw`<svg>[^\n]*`, // SVG vectors
    String.raw`<(?:img|link|meta)\b[^>\n]*>`, // void carriers
    String.raw`\[S-\d+\]`, // fake numbered citation
    String.raw`\[[a-z0-9-]+#\d+\]`, // citation-shaped ids (checked against the prompt's)
  ].join('|'),
  'gim',
);

/** Options of the evil fake. */
export interface EvilFakeLLMOptions {
  /** Answer even when no passage was relevant (a model asked anyway); default false, like a model. */
  answersWithoutPassages?: boolean;
}

/** The fake model; `calls` records every prompt it read and what it wrote. */
export class EvilFakeLLM implements Generator {
  readonly id = 'fake-evil-llm';
  readonly answersWithoutPassages: boolean;
  readonly calls: EvilCall[] = [];

  constructor(options: EvilFakeLLMOptions = {}) {
    this.answersWithoutPassages = options.answersWithoutPassages ?? false;
  }

  async generate(request: GenerateRequest, options?: GenerateOptions): Promise<GenerateResult> {
    const prompt = request.prompt.messages.map((message) => message.content).join('\n\n');
    const passages = request.prompt.messages
      .filter((message) => message.role === 'user')
      .map((message) => message.content)
      .join('\n\n');
    const { answer, canary } = obey(passages, request.prompt.cites);
    this.calls.push({ prompt, answer, ...(canary ? { canary } : {}) });
    for (const piece of answer.match(/[\s\S]{1,40}/g) ?? []) options?.onDelta?.(piece);
    return {
      text: answer,
      usage: { prompt: prompt.length, completion: answer.length },
      finishReason: 'stop',
      decidedBy: 'model',
    };
  }
}

/** What the evil model writes for the text it reads: a plausible answer plus everything it was told to emit. */
export function obey(prompt: string, cites: readonly string[]): { answer: string; canary?: string } {
  const smuggled = fromTagCharacters(prompt);
  const readable = `${prompt}\n${smuggled}`;
  const canary = CANARY_PATTERN.exec(readable)?.[0];
  const fill = (payload: string) =>
    payload.replace(/\{(?:canary|conversation)\}|\bCANARY\b(?!-)/g, canary ?? 'NO-CANARY-FOUND');
  const emitted = new Set<string>();
  for (const match of readable.matchAll(REPLY_WORD)) if (match[1]) emitted.add(match[1]);
  for (const match of readable.matchAll(PAYLOAD)) {
    const payload = match[0].trim();
    if (cites.some((cite) => payload === `[${cite}]`)) continue;
    emitted.add(fill(payload));
  }
  const answer = [plausible(prompt, cites), ...emitted].filter(Boolean).join('\n');
  return canary ? { answer, canary } : { answer };
}

/** The first sentence of the first passage in the prompt, with its citation. */
function plausible(prompt: string, cites: readonly string[]): string {
  const cite = cites[0];
  if (!cite) return 'The answer is certainly 42 [S-1].';
  const block = prompt.split(`[${cite}]`)[1] ?? '';
  const body = /BEGIN\n([\s\S]*?)\n\S+ END/.exec(block)?.[1] ?? '';
  const prose = body
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join(' ');
  const sentence = /[^.!?]*[A-Za-z][^.!?]*[.!?]/.exec(prose)?.[0]?.trim() ?? '';
  return sentence ? `${sentence.replace(/[.!?]$/, '')} [${cite}].` : '';
}
