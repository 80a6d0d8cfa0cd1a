/**
 * Splits document text into sentence-like units with offsets: sentences of prose, list items,
 * table rows and headings. Used by the chunker (never split inside a unit), the extractive
 * generator (answer with whole units) and the checker (claims).
 */

/** What a unit is. Tables and headings are kept apart from prose because they read differently. */
export type UnitKind = 'sentence' | 'list-item' | 'table-row' | 'table-rule' | 'heading';

/** A sentence-like unit: `source.slice(start, end) === text`. */
export interface TextUnit {
  kind: UnitKind;
  text: string;
  start: number;
  end: number;
}

/**
 * A sentence that says how to do what the sentence before it describes, pointing back to it: "To
 * request this, use the -i or --ignore-case option." after "GNU diff can treat lower case letters
 * as equivalent to their upper case counterparts…"; "To do so, press and hold the Power key."
 */
export const HOW_FOR_THE_ABOVE = /^(?:to|for)\s+(?:[\p{L}-]+\s+){0,2}(?:this|that|these|those|so|it|them)\s*,/iu;

/** A sentence wholly in brackets: an aside on the sentence before it. */
export const ASIDE = /^\(.*\)[.!]?$/su;

/** Words after which a full stop does not end a sentence. */
const ABBREVIATIONS = new Set([
  'e.g',
  'i.e',
  'etc',
  'no',
  'nos',
  'fig',
  'figs',
  'approx',
  'vs',
  'mr',
  'mrs',
  'ms',
  'dr',
  'st',
  'ca',
  'cf',
  'min',
  'max',
  'incl',
  'excl',
  'ref',
  'art',
  'sec',
  'vol',
  'p',
  'pp',
  'dept',
]);

/** True for a word after which a full stop does not end a sentence ("e.g", "no", "approx"). */
export function isAbbreviation(word: string): boolean {
  return ABBREVIATIONS.has(word.toLowerCase());
}

/** Splits `text` (starting at `offset` in its source) into units. */
export function splitUnits(text: string, offset = 0): TextUnit[] {
  const units: TextUnit[] = [];
  const linePattern = /[^\n]*(?:\n|$)/g;
  let paragraph: { start: number; end: number } | undefined;
  const flush = () => {
    // A loop, not push(...): a paragraph of many thousand sentences would overflow the call stack.
    if (paragraph) for (const unit of splitProse(text, paragraph.start, paragraph.end, offset)) units.push(unit);
    paragraph = undefined;
  };
  for (const match of text.matchAll(linePattern)) {
    if (match[0] === '' && match.index === text.length) break;
    const start = match.index;
    const line = match[0].replace(/\r?\n$/, '');
    const end = start + line.length;
    const trimmed = line.trim();
    const kind = lineKind(trimmed);
    if (trimmed === '') {
      flush();
    } else if (kind) {
      flush();
      const lead = line.length - line.trimStart().length;
      units.push(makeUnit(kind, text, start + lead, start + lead + trimmed.length, offset));
    } else if (paragraph) {
      paragraph.end = end;
    } else {
      paragraph = { start, end };
    }
  }
  flush();
  return units;
}

function lineKind(trimmed: string): UnitKind | undefined {
  if (/^#{1,6}\s/.test(trimmed)) return 'heading';
  if (/^\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?$/.test(trimmed)) return 'table-rule';
  if (trimmed.startsWith('|') && trimmed.indexOf('|', 1) > 0) return 'table-row';
  if (/^([-*+•]|\d{1,2}[.)])\s+/.test(trimmed)) return 'list-item';
  return undefined;
}

function makeUnit(kind: UnitKind, text: string, start: number, end: number, offset: number): TextUnit {
  return { kind, text: text.slice(start, end), start: start + offset, end: end + offset };
}

/** Splits one paragraph of prose at sentence ends. */
function splitProse(text: string, start: number, end: number, offset: number): TextUnit[] {
  const units: TextUnit[] = [];
  let sentenceStart = skipSpace(text, start, end);
  // The lookbehind makes a run of "!!!…" one match, not one per character (quadratic on long runs).
  const boundary = /(?<![.!?])[.!?]+["'”’)]*(?=\s+["'“‘(]?[A-Z0-9])/g;
  boundary.lastIndex = sentenceStart;
  const body = text.slice(0, end);
  for (let match = boundary.exec(body); match; match = boundary.exec(body)) {
    const stop = match.index + match[0].length;
    if (!endsSentence(text, sentenceStart, match.index)) continue;
    units.push(makeUnit('sentence', text, sentenceStart, stop, offset));
    sentenceStart = skipSpace(text, stop, end);
    boundary.lastIndex = sentenceStart;
  }
  const last = trimEnd(text, sentenceStart, end);
  if (last > sentenceStart) units.push(makeUnit('sentence', text, sentenceStart, last, offset));
  return units;
}

/**
 * False when the full stop at `dot` belongs to an abbreviation ("e.g.", "No. 5") or a person's
 * initial ("J. Smith"). A lone capital after a unit sign or in "class C." ends a sentence, and so
 * does a sentence that is only "No." (a reply).
 */
function endsSentence(text: string, sentenceStart: number, dot: number): boolean {
  if (text[dot] !== '.') return true;
  // Only the last few words decide; reading the whole sentence each time is quadratic.
  const windowStart = Math.max(sentenceStart, dot - 40);
  const before = (windowStart > sentenceStart ? ' ' : '') + text.slice(windowStart, dot);
  const word = /([A-Za-z.]+)$/.exec(before)?.[1] ?? '';
  // "No. The reset keeps the network settings": a reply, not "No. 5".
  const reply = /^no$/i.test(word) && dot - sentenceStart === 2 && !/^\s*[\d#]/.test(text.slice(dot + 1, dot + 4));
  if (isAbbreviation(word) && !reply) return false;
  const initial = /(?:^|\s)([A-Z])$/.exec(before);
  return !(
    initial &&
    /^\s+[A-Z][a-z]+/.test(text.slice(dot + 1)) &&
    !/\b(class|type|grade|mode|size|plan)\s+[A-Z]$/i.test(before)
  );
}

function skipSpace(text: string, index: number, end: number): number {
  while (index < end && /\s/.test(text[index] ?? '')) index++;
  return index;
}

function trimEnd(text: string, start: number, end: number): number {
  while (end > start && /\s/.test(text[end - 1] ?? '')) end--;
  return end;
}

/** The readable text of a unit: Markdown markers removed, table cells joined. */
export function plainUnitText(unit: Pick<TextUnit, 'kind' | 'text'>): string {
  let text = unit.text;
  if (unit.kind === 'heading') text = text.replace(/^#{1,6}\s+/, '');
  if (unit.kind === 'list-item') text = text.replace(/^([-*+•]|\d{1,2}[.)])\s+/, '');
  if (unit.kind === 'table-row') {
    text = text
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((cell) => cell.trim())
      .filter(Boolean)
      .join(': ');
  }
  // Markdown's strong emphasis around words, and code's backticks; never a literal "**" or "__"
  // ("the pattern ‘**’ used in a filename expansion context", the Bash manual's PDF).
  return text
    .replace(/\*\*(?=\S)([^*]*?\S)\*\*/g, '$1')
    .replace(/(?<![\p{L}\p{N}_])__(?=\S)([^_]*?\S)__(?![\p{L}\p{N}_])/gu, '$1')
    .replace(/`/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
