/**
 * What small models really write, made checkable. Measured on SmolLM2-135M-Instruct's answers
 * (tests/fixtures/model-output/): they echo the prompt's fence lines and passage headers, loop on
 * a sentence until the token limit, stop mid-sentence, and cite as `[1]`, `(source 2)` or a closing
 * "Sources:" line instead of the `[manual#2]` ids asked for. Each repair is named in `notes`, and
 * the pipeline keeps the raw text in the trace: nothing is hidden, and nothing is invented (a
 * citation is rewritten only when it can name one passage of the prompt).
 */

/** The answer after repair, and what was repaired. */
export interface CleanedAnswer {
  text: string;
  /** One line per kind of repair, for the trace; empty when the text was left as written. */
  notes: string[];
}

/** What `cleanModelAnswer` needs to know about the prompt. */
export interface ModelAnswerContext {
  /** Citation ids of the passages in the prompt, in prompt order (passage 1 first). */
  cites: readonly string[];
  /** Why generation stopped: `length` means the last sentence may be unfinished. */
  finishReason: 'stop' | 'length' | 'abort';
}

/** A fence line of the prompt (`⟦k3j9x0a⟧ BEGIN`), whoever's marker it is. */
const FENCE_LINE = /^\s*⟦[0-9a-z]+⟧\s*(BEGIN|END)\s*$/;
const FENCE_MARKER = /\s*⟦[0-9a-z]+⟧/g;
/** A passage header's metadata group, echoed: `(document: …; revision: …)`, or cut off at the end of a line. */
const HEADER_META = /\s*\((?:document|revision|date|section|superseded by): [^()\n]*(?:\)|$)/gm;
/** A citation by number: `[1]`, `[1, 3]`, `[source 2]`, `[passage 2]`, `[doc 2]`, `[doc#2]`, `(source 2)`. */
const NUMBERED =
  /\[((?:(?:source|passage|doc(?:ument)?)\s*#?\s*)?\d{1,2}(?:\s*(?:,|and)\s*(?:(?:source|passage|doc(?:ument)?)\s*#?\s*)?\d{1,2})*)\]|\((?:source|passage)s?\s+(\d{1,2}(?:\s*(?:,|and)\s*\d{1,2})*)\)/gi;
/** A closing list of sources: `Sources: manual#2, faq#1` or `Sources: [1], [3]`. */
const SOURCES_LINE = /^\s*(?:\*\*)?(?:sources?|references?|citations?)(?:\*\*)?\s*:\s*(.+)$/i;

/** Repairs a model's answer (see the module comment). */
export function cleanModelAnswer(raw: string, context: ModelAnswerContext): CleanedAnswer {
  const notes: string[] = [];
  let text = raw.replace(/\r\n?/g, '\n');

  const echoed = removeEchoedPassages(text);
  if (echoed !== text) notes.push('removed prompt text the model copied (passage fences and headers)');
  text = echoed;

  const numbered = numberedToIds(text, context.cites);
  if (numbered.count > 0) notes.push(`read ${numbered.count} citation(s) by passage number as the passages' ids`);
  text = numbered.text;

  const sources = sourcesLine(text, context.cites);
  if (sources.ids.length > 0)
    notes.push(`attached the closing sources line (${sources.ids.join(', ')}) to the sentences it sources`);
  text = sources.text;

  const repeats = removeRepeats(text);
  if (repeats.removed > 0) notes.push(`removed ${repeats.removed} repeated sentence(s)`);
  text = repeats.text;

  if (context.finishReason === 'length') {
    const cut = dropUnfinished(text);
    if (cut !== text) notes.push('the answer reached the token limit: removed its unfinished last sentence');
    text = cut;
  }
  text = text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { text, notes };
}

/** Drops fenced passage text the model copied (from a BEGIN line to its END line) and stray fence lines and header metadata. */
function removeEchoedPassages(text: string): string {
  const lines = text.split('\n');
  const kept: string[] = [];
  let inside = false;
  for (const line of lines) {
    const fence = FENCE_LINE.exec(line);
    if (fence) {
      inside = fence[1] === 'BEGIN';
      continue;
    }
    // A marker the model mentions in a sentence of its own goes; the sentence stays.
    if (!inside) kept.push(line.replace(FENCE_MARKER, '').replace(/ {2,}/g, ' '));
  }
  return kept.join('\n').replace(HEADER_META, '');
}

/** The numbers of a numbered citation, or undefined when one names no passage of the prompt. */
function passageNumbers(group: string, count: number): number[] | undefined {
  const numbers = [...group.matchAll(/\d{1,2}/g)].map((match) => Number(match[0]));
  return numbers.every((number) => number >= 1 && number <= count) ? numbers : undefined;
}

function numberedToIds(text: string, cites: readonly string[]): { text: string; count: number } {
  let count = 0;
  const rewritten = text.replace(
    NUMBERED,
    (whole, bracketed: string | undefined, parenthesised: string | undefined) => {
      const numbers = passageNumbers(bracketed ?? parenthesised ?? '', cites.length);
      if (!numbers) return whole;
      count += numbers.length;
      return `[${numbers.map((number) => cites[number - 1]).join(', ')}]`;
    },
  );
  return { text: rewritten, count };
}

/** Ids named on a sources line: prompt ids as written, or passage numbers. */
function idsOnLine(line: string, cites: readonly string[]): string[] {
  const ids = new Set<string>();
  for (const cite of cites) if (line.includes(cite)) ids.add(cite);
  if (ids.size === 0) {
    const numbers = passageNumbers(line.replace(/[^\d,\s]/g, ' '), cites.length) ?? [];
    for (const number of numbers) ids.add(cites[number - 1]!);
  }
  return [...ids];
}

/** A sentence that cites nothing yet: `[`…`#`…`]` absent. */
const CITED = /\[[^\]\n]*#[^\]\n]*\]/;

/**
 * A closing "Sources:" line is the model's citation of the whole answer: it is removed and its
 * ids are attached to each sentence above it that cites nothing, so the checker judges every
 * such sentence against those passages (and flags what they do not state).
 */
function sourcesLine(text: string, cites: readonly string[]): { text: string; ids: string[] } {
  const lines = text.split('\n');
  let index = lines.length - 1;
  while (index >= 0 && !SOURCES_LINE.test(lines[index]!)) index--;
  if (index < 0) return { text, ids: [] };
  const ids = idsOnLine(SOURCES_LINE.exec(lines[index]!)?.[1] ?? '', cites);
  if (ids.length === 0) return { text, ids: [] };
  const group = `[${ids.join(', ')}]`;
  const above = lines.slice(0, index).map((line) =>
    line
      .split(/(?<=[.!?])\s+/)
      .map((sentence) =>
        !sentence.trim() || CITED.test(sentence) || !/\p{L}/u.test(sentence)
          ? sentence
          : sentence.replace(/\s*([.!?]?)\s*$/u, ` ${group}$1`),
      )
      .join(' '),
  );
  return { text: [...above, ...lines.slice(index + 1)].join('\n'), ids };
}

/** A sentence's identity for repeat detection: list numbering, citations, case and spacing ignored. */
function repeatKey(sentence: string): string {
  return sentence
    .replace(/^\s*(?:[-*•]|\d{1,3}[.)])\s*/, '')
    .replace(/\[[^\]\n]*#[^\]\n]*\]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A line's list marker and its sentences (a list item's number is not a sentence of its own). */
function lineSentences(line: string): { marker: string; sentences: string[] } {
  const marker = /^\s*(?:[-*•]|\d{1,3}[.)])\s+/.exec(line)?.[0] ?? '';
  return { marker, sentences: line.slice(marker.length).split(/(?<=[.!?])\s+/) };
}

/**
 * Removes a model's loops: a sentence (or list item) right after the same one, and every
 * occurrence after the first of one written three times or more. A step a procedure repeats
 * once ("Tap OK." in steps 2 and 4) is not a loop and stays.
 */
function removeRepeats(text: string): { text: string; removed: number } {
  const lines = text.split('\n').map(lineSentences);
  const counts = new Map<string, number>();
  for (const { sentences } of lines)
    for (const sentence of sentences) {
      const key = repeatKey(sentence);
      if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  const seen = new Set<string>();
  let previous = '';
  let removed = 0;
  const kept = lines.map(({ marker, sentences }) => {
    const left = sentences.filter((sentence) => {
      const key = repeatKey(sentence);
      if (!key) return true;
      const loop = key === previous || (seen.has(key) && (counts.get(key) ?? 0) >= 3);
      previous = key;
      if (loop) {
        removed++;
        return false;
      }
      seen.add(key);
      return true;
    });
    return left.length === 0 ? undefined : marker + left.join(' ');
  });
  return { text: kept.filter((line) => line !== undefined).join('\n'), removed };
}

/** Cuts the unfinished fragment after the last full sentence (or the last citation closing one). */
function dropUnfinished(text: string): string {
  // A list number the limit left without its item goes first.
  const trimmed = text.trimEnd().replace(/\n\s*(?:[-*•]|\d{1,3}[.)]?)\s*$/, '');
  if (/[.!?)\]]$/.test(trimmed)) return trimmed;
  const last = Math.max(
    ...['. ', '! ', '? ', '.\n', '!\n', '?\n', ']\n', '] ', ')\n'].map((end) => trimmed.lastIndexOf(end)),
  );
  return last < 0 ? trimmed : trimmed.slice(0, last + 1);
}
