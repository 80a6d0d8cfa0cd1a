/**
 * The lines of every page to one text: headings found by font size, paragraphs by vertical
 * gaps, and where each page starts. A heading is a short line whose font is clearly larger
 * than the body text (the character-weighted median size of the document); the larger the
 * font, the higher the level. Headings are written `## 3. Filter care` like the other formats,
 * so that the chunker and the unit splitter treat them alike. What a printed page adds to the
 * text is taken back: running headers and footers (`pageFurniture`), the paragraph break a page
 * puts inside a sentence, and the hyphen a justified line breaks a word with; and pages of
 * contents and index are left out (`navigationPages`).
 */
import type { HeadingMark } from '../sections.js';
import type { PdfLine } from './pdf-layout.js';

/** The text of a PDF, its headings and the offset where each page starts. */
export interface PdfText {
  text: string;
  headings: HeadingMark[];
  pageStarts: number[];
}

const HEADING_RATIO = 1.15;
const MAX_HEADING_LENGTH = 150;
/** Lines further apart than this many line heights start a new paragraph. */
const PARAGRAPH_GAP = 1.6;

type Block =
  | { kind: 'heading'; size: number; text: string; y: number; page: number }
  | { kind: 'lines'; lines: string[]; pages: number[] };

/** Median font size over all lines, each line weighted by its length. */
export function bodyFontSize(pages: readonly (readonly PdfLine[])[]): number {
  const lines = pages.flat().sort((a, b) => a.size - b.size);
  const total = lines.reduce((sum, line) => sum + line.text.length, 0);
  let seen = 0;
  for (const line of lines) {
    seen += line.text.length;
    if (seen * 2 >= total) return line.size;
  }
  return 0;
}

const rounded = (size: number) => Math.round(size * 2) / 2;

/**
 * A line of a table of contents or an index: a dot leader, then a page number ("4 Shell Builtin
 * Commands. . . . . . 48", "Preface …… iii", an index's two columns read as one line: "break. . . .
 * 49 L"). Set in a larger or bolder font than the text, it would otherwise be taken for the
 * heading it lists and take that section's id.
 */
const CONTENTS_ENTRY = /(?:[.…·]\s*){4,}(?:\d{1,4}|[ivxlc]{1,7})\b/i;

/** A line ending in a dot leader, then (unless it went to the next line) the page it points to. */
const LEADER_LINE = /(?:[.…·]\s*){4,}(\d{1,4}|[ivxlc]{1,7})?\s*$/i;
/** A short line ending in a number, not after punctuation: an entry whose leader is drawn, not written ("Polar plots 78"). */
const PLAIN_ENTRY = /^\S.{0,100}[^\s.,:;]\s+(\d{1,4})\s*$/;
const MAX_ENTRY_WORDS = 12;
/** Least leader lines, and least share of its lines that point to a page, for a page of contents or index. */
const NAVIGATION_LEADERS = 3;
const NAVIGATION_SHARE = 0.5;

/**
 * The pages (by index) of a table of contents, a list of tables or an index: at least a few of
 * their lines end in a dot leader, and most of them point to a page of this document (a leader or
 * a short line, then a page number no greater than the page count, or a roman one for the front
 * matter: "3.5.8.1 Pattern Matching . . . . 36", "Polar plots 78"). They say where the text is,
 * not what it says: kept, their lines sit in passages that share every word of a question and
 * answer nothing. A price list with dot leaders ("Espresso . . . . 3.50", "Filter . . . . 12" in a
 * seven-page catalogue) is no such page: its numbers are no pages of the document.
 */
export function navigationPages(pages: readonly (readonly PdfLine[])[]): Set<number> {
  const isPage = (number: string | undefined) =>
    number === undefined || !/^\d+$/.test(number) || Number(number) <= pages.length;
  const found = new Set<number>();
  pages.forEach((lines, index) => {
    let leaders = 0;
    let pointers = 0;
    for (const { text } of lines) {
      const leader = LEADER_LINE.exec(text);
      const byLeader = leader !== null && isPage(leader[1]);
      if (byLeader) leaders++;
      const plain = PLAIN_ENTRY.exec(text);
      const short = text.trim().split(/\s+/).length <= MAX_ENTRY_WORDS;
      if (byLeader || (plain && short && isPage(plain[1]))) pointers++;
    }
    if (leaders >= NAVIGATION_LEADERS && pointers >= NAVIGATION_SHARE * lines.length) found.add(index);
  });
  return found;
}

function isHeading(line: PdfLine, body: number): boolean {
  return (
    body > 0 &&
    !CONTENTS_ENTRY.test(line.text) &&
    line.size >= body * HEADING_RATIO &&
    line.size - body >= 1 &&
    line.text.length <= MAX_HEADING_LENGTH &&
    /[\p{L}\p{N}]/u.test(line.text)
  );
}

/** Groups a page's lines into headings and paragraphs. */
function pageBlocks(lines: readonly PdfLine[], body: number, page: number): Block[] {
  const blocks: Block[] = [];
  let previous: PdfLine | undefined;
  for (const line of lines) {
    const last = blocks[blocks.length - 1];
    const close = previous !== undefined && previous.y - line.y <= PARAGRAPH_GAP * Math.max(previous.size, line.size);
    if (isHeading(line, body)) {
      if (last?.kind === 'heading' && close && rounded(last.size) === rounded(line.size)) {
        last.text += ` ${line.text}`;
        last.y = line.y;
      } else blocks.push({ kind: 'heading', size: line.size, text: line.text, y: line.y, page });
    } else if (last?.kind === 'lines' && close) {
      last.lines.push(line.text);
      last.pages.push(page);
    } else blocks.push({ kind: 'lines', lines: [line.text], pages: [page] });
    previous = line;
  }
  return blocks;
}

/** How many lines at the top and at the bottom of a page may be a running header or footer. */
const EDGE_LINES = 2;
/** Most words a running header or footer has. */
const MAX_FURNITURE_WORDS = 12;
/** Least share of the pages a repeated header or footer without a page number is on (and at least 3 pages). */
const REPEATED_SHARE = 0.3;

/**
 * The running headers and footers of the pages: lines at the top or bottom of a page, apart from
 * the text (a paragraph gap away) and no bigger than it, that carry the page's number ("Chapter 3: Basic Shell
 * Features 45" on page 51, "44" on page 50: the number minus the page index is the same on many
 * pages) or that repeat on many pages ("Company confidential"). They are not the document's
 * text: left in, they sit inside passages and cut sentences that run over a page.
 */
export function pageFurniture(pages: readonly (readonly PdfLine[])[]): Set<PdfLine> {
  // A heading at the top of each page ("Step 1", "Step 2"…) is the text, not a running header.
  const body = bodyFontSize(pages);
  const edges = pages.map((lines) => edgeLines(lines).filter((line) => !isHeading(line, body)));
  const least = Math.max(3, Math.ceil(REPEATED_SHARE * pages.length));
  const offsets = new Map<number, Set<number>>();
  const repeats = new Map<string, Set<number>>();
  edges.forEach((lines, index) => {
    for (const line of lines) {
      for (const number of edgeNumbers(line.text)) addTo(offsets, number - index, index);
      addTo(repeats, repeatKey(line.text), index);
    }
  });
  const pageOffsets = new Set([...offsets].filter(([, on]) => on.size >= least).map(([offset]) => offset));
  const furniture = new Set<PdfLine>();
  edges.forEach((lines, index) => {
    for (const line of lines) {
      const numbered = edgeNumbers(line.text).some((number) => pageOffsets.has(number - index));
      if (numbered || (repeats.get(repeatKey(line.text))?.size ?? 0) >= least) furniture.add(line);
    }
  });
  return furniture;
}

/** The short lines at the top and bottom of a page that stand apart from the lines next to them. */
function edgeLines(lines: readonly PdfLine[]): PdfLine[] {
  const apart = (line: PdfLine, neighbour: PdfLine | undefined) =>
    neighbour === undefined || Math.abs(neighbour.y - line.y) > PARAGRAPH_GAP * Math.max(line.size, neighbour.size);
  const found = new Set<PdfLine>();
  for (let index = 0; index < Math.min(EDGE_LINES, lines.length); index++) {
    const line = lines[index]!;
    if (!short(line) || !apart(line, lines[index + 1])) break;
    found.add(line);
  }
  for (let index = lines.length - 1; index >= Math.max(0, lines.length - EDGE_LINES); index--) {
    const line = lines[index]!;
    if (!short(line) || !apart(line, lines[index - 1])) break;
    found.add(line);
  }
  return [...found];
}

const short = (line: PdfLine) => line.text.trim().split(/\s+/).length <= MAX_FURNITURE_WORDS;

/** The numbers a header or footer line starts or ends with, or gives after "page": where a page number sits. */
function edgeNumbers(text: string): number[] {
  const words = text.trim().split(/\s+/);
  const paged = [...text.matchAll(/\bpage\s+(\d{1,4})\b/gi)].map((match) => match[1]);
  return [words[0], words[words.length - 1], ...paged]
    .map((word) => /^\d{1,4}$/.exec(word ?? '')?.[0])
    .filter((word): word is string => word !== undefined)
    .map(Number);
}

/** A line as it repeats from page to page, word for word. */
const repeatKey = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

function addTo<K>(map: Map<K, Set<number>>, key: K, page: number): void {
  const pages = map.get(key) ?? new Set<number>();
  pages.add(page);
  map.set(key, pages);
}

/**
 * True when a paragraph that ends a page goes on at the top of the next: it does not end a
 * sentence, and either the next page's first paragraph starts in lower case or the last line
 * stops mid-phrase (a word in lower case, a comma, a hyphen: "…up to the" / "MAX mark.").
 */
function continues(previous: readonly string[], next: readonly string[]): boolean {
  const last = previous[previous.length - 1] ?? '';
  const first = next[0] ?? '';
  return !/[.!?:;"”)\]]\s*$/.test(last) && (/^\s*\p{Ll}/u.test(first) || /[\p{Ll},-]\s*$/u.test(last));
}

/** The words of the document, lower-cased (with their inner hyphens), for telling a hyphenated word from a compound. */
function vocabulary(pages: readonly (readonly PdfLine[])[]): Set<string> {
  const words = new Set<string>();
  for (const line of pages.flat())
    for (const word of line.text.toLowerCase().match(/\p{L}+(?:-\p{L}+)*/gu) ?? []) words.add(word);
  return words;
}

/**
 * The start of a line the text reads as a list item, a table row, a heading or a quote ("127. If
 * a command…", "--login option", "# comment"): after a line that stops mid-clause ("…returns a
 * status of"), the line goes on with that clause, and is joined with a space, not a line break.
 */
const LIKE_A_MARKER = /^\s*(?:[-*+•|#>]|\d{1,4}[.)](?:\s|$))/u;
const ENDS_A_CLAUSE = /[.!?:;]\s*$/u;

/**
 * A paragraph's lines joined (a line that only looks like a list item, `LIKE_A_MARKER`, with a
 * space), each line ending a word with a hyphen joined to the next without a space: "ini-" and
 * "tialization" as "initialization" where the document uses that word elsewhere, else with the
 * hyphen kept ("active-region-" and "start-color" as "active-region-start-color";
 * "currently-executing"). `at` is called with each line's offset in the returned text.
 */
function joinLines(
  lines: readonly string[],
  words: ReadonlySet<string>,
  at: (index: number, offset: number) => void,
): string {
  let text = '';
  lines.forEach((line, index) => {
    const broken = /(\p{L}+)-$/u.exec(text);
    const next = /^(\p{Ll}+)/u.exec(line);
    if (index > 0 && broken && next) {
      const whole = `${broken[1]}${next[1]}`.toLowerCase();
      if (words.has(whole)) text = text.slice(0, -1);
    } else if (index > 0) text += LIKE_A_MARKER.test(line) && !ENDS_A_CLAUSE.test(text) ? ' ' : '\n';
    at(index, text.length);
    text += line;
  });
  return text;
}

/** Assembles the pages' lines (page 1 first) into the document text. */
export function assemblePdfText(allPages: readonly (readonly PdfLine[])[]): PdfText {
  const furniture = pageFurniture(allPages);
  const navigation = navigationPages(allPages);
  const pages = allPages.map((lines, index) =>
    navigation.has(index) ? [] : lines.filter((line) => !furniture.has(line)),
  );
  const body = bodyFontSize(pages);
  const words = vocabulary(pages);
  const blocks: Block[] = [];
  pages.forEach((lines, index) => {
    const [first, ...rest] = pageBlocks(lines, body, index);
    if (!first) return;
    const previous = blocks[blocks.length - 1];
    // A paragraph that runs over the page is one paragraph, on the page it starts on.
    if (previous?.kind === 'lines' && first.kind === 'lines' && continues(previous.lines, first.lines)) {
      previous.lines.push(...first.lines);
      previous.pages.push(...first.pages.map(() => previous.pages[previous.pages.length - 1]!));
    } else blocks.push(first);
    blocks.push(...rest);
  });
  const sizes = [...new Set(blocks.flatMap((block) => (block.kind === 'heading' ? [rounded(block.size)] : [])))].sort(
    (a, b) => b - a,
  );
  let text = '';
  const headings: HeadingMark[] = [];
  const pageStarts: (number | undefined)[] = pages.map(() => undefined);
  const startPage = (page: number, offset: number) => (pageStarts[page] ??= offset);
  for (const block of blocks) {
    if (block.kind === 'lines') {
      const start = text.length;
      text += `${joinLines(block.lines, words, (index, offset) => startPage(block.pages[index]!, start + offset))}\n\n`;
      continue;
    }
    startPage(block.page, text.length);
    const level = Math.min(6, sizes.indexOf(rounded(block.size)) + 1);
    headings.push({ start: text.length, level, text: block.text, page: block.page + 1 });
    text += `${'#'.repeat(level)} ${block.text}\n\n`;
  }
  // A page without text of its own starts where the next page does.
  let next = text.length;
  for (let index = pageStarts.length - 1; index >= 0; index--) next = pageStarts[index] ??= next;
  pageStarts[0] = 0;
  return { text: text.replace(/\n+$/, '\n'), headings, pageStarts: pageStarts as number[] };
}
