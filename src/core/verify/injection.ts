/**
 * Prompt-injection detection in passage text (docs/reliability.md PI-01 … PI-13): text aimed
 * at instructing an assistant rather than informing a reader. Each finding is a span of the text,
 * so the UI can badge it, the extractive generator can avoid quoting it and the checker can tell
 * a claim that repeats it.
 *
 * Phrases are matched on the text with invisible characters removed (so `ig\u200Bnore` still
 * reads "ignore"); offsets are mapped back to the original text.
 */
import { findInvisibleCharacters } from './invisible-characters.js';

/** Why a span was flagged. */
export type InjectionReason =
  | 'override'
  | 'addressed-to-assistant'
  | 'role-marker'
  | 'link-or-image'
  | 'output-format'
  | 'encoded-text'
  | 'invisible-characters';

/** Text aimed at instructing an assistant, with offsets into the text searched. */
export interface InjectionSpan {
  reason: InjectionReason;
  /** Offset of the span's first character; the span covers the whole instruction sentence. */
  start: number;
  end: number;
  /** What triggered it: the phrase matched, or "3 invisible characters". */
  detail: string;
}

type Rule = readonly [InjectionReason, RegExp, 'sentence' | 'line' | 'match'];

const ASSISTANT = String.raw`(?:ai|a\.i\.|llms?|language models?|chat ?bots?|assistants?|gpts?|copilots?|bots?|models?)`;
const LANGUAGES = 'spanish|french|german|italian|chinese|japanese|russian|portuguese|dutch|polish|arabic|hindi|korean';

/** Phrase rules; each regex is global and case-insensitive. */
const RULES: readonly Rule[] = [
  [
    'override',
    /(?<!\b(?:not|never|n['’]t)\s+)\b(?:ignore|disregard|forget|override|bypass)\b[\s\w,'’-]{0,40}?\b(?:instructions?|prompts?|rules|guidelines|directions|directives|guardrails|polic(?:y|ies)|context|everything (?:above|before))\b/gi,
    'sentence',
  ],
  ['override', /\b(?:new|updated|real|actual) (?:instructions?|task|rules|system prompt)\s*:/gi, 'sentence'],
  [
    'override',
    /\byou are now\b|\bfrom now on,? you\b|\b(?:act|behave) as (?:if you|an? (?:unrestricted|different|new))\b|\bpretend (?:to be|you are)\b|\b(?:developer|god|dan|jailbreak) mode\b|\bdo anything now\b/gi,
    'sentence',
  ],
  [
    'addressed-to-assistant',
    new RegExp(
      String.raw`\b${ASSISTANT}\b[^.\n]{0,30}?\b(?:reading|processing|summari[sz]ing|parsing|indexing|that reads?|who reads?) (?:this|these)\b`,
      'gi',
    ),
    'sentence',
  ],
  [
    'addressed-to-assistant',
    new RegExp(
      String.raw`\b(?:dear|attention|note to(?: the)?|hey|hello|message (?:for|to)(?: the)?|instructions? (?:for|to)(?: the)?)\s+${ASSISTANT}\b|\bif you are an? ${ASSISTANT}\b`,
      'gi',
    ),
    'sentence',
  ],
  [
    'addressed-to-assistant',
    /\b(?:tell|inform|remind|convince|persuade|instruct) the user\b|\b(?:system|hidden|secret|initial) prompt\b|\b(?:print|reveal|repeat|show|output|leak|disclose) (?:your|the) (?:system )?(?:prompt|instructions)\b/gi,
    'sentence',
  ],
  // A heading that is a role ("# System", "## Assistant:", "### System prompt"), not one that
  // starts with the word ("# System sounds and vibration", "## Instructions for use").
  [
    'role-marker',
    /^[ \t]*#{1,6}[ \t]*(?:system|assistant|developer)(?:[ \t]+(?:prompt|message|instructions?))?[ \t]*(?::.*)?$|^[ \t]*#{1,6}[ \t]*instructions?[ \t]*:.*$/gim,
    'line',
  ],
  ['role-marker', /^[ \t]*(?:system|assistant|human)[ \t]*:/gim, 'line'],
  [
    'role-marker',
    /<\|[a-z_]{2,30}\|>|\[\/?INST\]|<<\/?SYS>>|<\/?(?:context|documents?|passages?|sources?|system|instructions?|assistant|human)>/gi,
    'line',
  ],
  ['link-or-image', /!\[[^\]\n]{0,300}\]\([^)\n]{0,500}\)|!\[[^\]\n]{0,300}\]\[[^\]\n]{0,300}\]/g, 'match'],
  [
    'link-or-image',
    /\b(?:add|append|include|insert|embed|render|output|attach|put)\b[^.\n]{0,60}?\b(?:links?|urls?|images?|img|pictures?|hyperlinks?|markdown)\b/gi,
    'sentence',
  ],
  // An answer's format: asked of whoever answers ("reply in French"), or of the answer itself
  // ("write your answer in binary", "print the answer in hexadecimal"). A manual's own imperatives
  // say the same of what its tool prints ("Print the offsets in hexadecimal", "--binary: Read and
  // write data in binary mode", GNU diffutils): not instructions to an assistant.
  [
    'output-format',
    new RegExp(
      String.raw`(?:\b(?:reply|respond|answer)\b|\b(?:write|encode|translate|output|print|return)\s+(?:(?:your|the|this|every|each|all|any)\s+)?(?:answers?|repl(?:y|ies)|responses?|everything)\b)[^.\n]{0,40}?\b(?:in|into|using|with|as)\b[^.\n]{0,20}?\b(?:base ?64|reverse(?:d)?(?: order)?|backwards|rot-?13|hex(?:adecimal)?(?!\s+mode)|binary(?!\s+mode)|morse|pig latin|emojis?|${LANGUAGES}|another language|a different language|all caps|upper ?case|leetspeak)\b`,
      'gi',
    ),
    'sentence',
  ],
  // "Reply only PWNED", 'say just "yes"': a word to say in capitals or in quotes, so that case
  // counts here (no `i` flag); "Print only the left column of two common lines" is a tool's option.
  [
    'output-format',
    /\b(?:[Rr]eply|[Rr]espond|[Aa]nswer|[Ss]ay|[Oo]utput|[Pp]rint|REPLY|RESPOND|ANSWER|SAY|OUTPUT|PRINT)\b(?: \w+){0,2} (?:only|just|exactly|ONLY|JUST|EXACTLY)\b(?: with)?\s+(?:["'“][\p{L}\d]{3,}|(?=[A-Z\d]*[A-Z])[A-Z\d]{3,}\b)/gu,
    'sentence',
  ],
  [
    'output-format',
    /\b(?:reply|respond|answer)\b[^.\n]{0,20}\bonly with\b|\breplace\b[^.\n]{0,40}\bwith emojis?\b|\bspell\b[^.\n]{0,30}\bbackwards\b/gi,
    'sentence',
  ],
  [
    'encoded-text',
    /(?<![A-Za-z0-9+/])(?=[A-Za-z0-9+/]{0,200}[0-9+/])(?=[A-Za-z0-9+/]{0,200}[a-z])(?=[A-Za-z0-9+/]{0,200}[A-Z])[A-Za-z0-9+/]{32,}={0,2}/g,
    'match',
  ],
];

/** An instruction sentence this short usually carries its payload in the next sentence. */
const SHORT_INSTRUCTION_WORDS = 12;

/** Every span of `text` aimed at instructing an assistant, merged where they overlap, in order. */
export function detectInjection(text: string): InjectionSpan[] {
  const invisible = findInvisibleCharacters(text);
  const { visible, toOriginal } = withoutInvisible(text, invisible);
  const spans: InjectionSpan[] = invisible.map((run) => ({
    reason: 'invisible-characters',
    start: run.start,
    end: run.end,
    detail: `${run.count} invisible character${run.count === 1 ? '' : 's'}`,
  }));
  for (const [reason, pattern, extent] of RULES) {
    for (const match of visible.matchAll(pattern)) {
      const [start, end] = expand(visible, match.index, match.index + match[0].length, extent, reason);
      spans.push({ reason, start: toOriginal(start), end: toOriginal(end), detail: match[0].trim().slice(0, 80) });
    }
  }
  return merge(spans);
}

/** True when `text` contains anything `detectInjection` flags. */
export function hasInjection(text: string): boolean {
  return detectInjection(text).length > 0;
}

function withoutInvisible(text: string, runs: ReturnType<typeof findInvisibleCharacters>) {
  if (runs.length === 0) return { visible: text, toOriginal: (offset: number) => offset };
  const map: number[] = [];
  let visible = '';
  let runIndex = 0;
  for (let index = 0; index < text.length; index++) {
    const run = runs[runIndex];
    if (run && index >= run.start && index < run.end) {
      if (index === run.end - 1) runIndex++;
      continue;
    }
    map.push(index);
    visible += text[index];
  }
  map.push(text.length);
  return { visible, toOriginal: (offset: number) => map[offset] ?? text.length };
}

function expand(text: string, start: number, end: number, extent: Rule[2], reason: InjectionReason): [number, number] {
  if (extent === 'match') return [start, end];
  if (extent === 'line') {
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    const lineEnd = text.indexOf('\n', end);
    return [lineStart, lineEnd < 0 ? text.length : lineEnd];
  }
  const sentenceStart = sentenceStartBefore(text, start);
  let sentenceEnd = sentenceEndAfter(text, end);
  const words = text.slice(sentenceStart, sentenceEnd).split(/\s+/).length;
  if (reason === 'override' && words <= SHORT_INSTRUCTION_WORDS && text[sentenceEnd] !== '\n') {
    sentenceEnd = sentenceEndAfter(text, sentenceEnd + 1);
  }
  return [sentenceStart, sentenceEnd];
}

/** After the last sentence end (or line break) before `index`. */
function sentenceStartBefore(text: string, index: number): number {
  for (let position = index - 1; position >= 0; position--) {
    const character = text[position] ?? '';
    if (character === '\n') return position + 1;
    if (/[.!?]/.test(character) && /\s/.test(text[position + 1] ?? '')) return skipSpace(text, position + 1);
  }
  return 0;
}

/** One past the sentence end (or up to the line break) at or after `index`. */
function sentenceEndAfter(text: string, index: number): number {
  for (let position = index; position < text.length; position++) {
    const character = text[position] ?? '';
    if (character === '\n') return position;
    if (/[.!?]/.test(character) && (position + 1 === text.length || /\s/.test(text[position + 1] ?? '')))
      return position + 1;
  }
  return text.length;
}

function skipSpace(text: string, index: number): number {
  while (index < text.length && /[ \t]/.test(text[index] ?? '')) index++;
  return index;
}

function merge(spans: InjectionSpan[]): InjectionSpan[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: InjectionSpan[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span.start < last.end) {
      last.end = Math.max(last.end, span.end);
      if (!last.detail.includes(span.detail)) last.detail = `${last.detail}; ${span.detail}`.slice(0, 160);
    } else {
      merged.push({ ...span });
    }
  }
  return merged;
}
