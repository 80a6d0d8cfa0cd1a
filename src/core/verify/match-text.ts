/**
 * Verbatim matching: is a claim a quote of the evidence, allowing for what quoting changes?
 * Markdown markers, list bullets, table pipes, punctuation and case are ignored, and a quote
 * may join whole pieces of at most two lines of the evidence: a list item with its lead-in
 * ("does not cover: broken glassware"), a table row with its header ("Part: Door seal;
 * Part number: DW-SEL-0330"). Cells of two different rows never make one quote.
 */

/** Most pieces a quote may join (a three-column row with its header is six). */
export const MAX_QUOTE_PIECES = 8;
/** Most lines of the evidence one quote may draw on (a header or lead-in, and one line). */
export const MAX_QUOTE_LINES = 2;
const BOUNDARY = '¦';

interface Tokens {
  words: string[];
  /** Line number of each word (boundaries included). */
  lines: number[];
}

/** Lower-case word tokens of `text`, with segment boundaries (sentence end, `:`, `;`, cell, line) where asked. */
export function quoteTokens(text: string, keepBoundaries = false): string[] {
  const { words } = tokenize(text);
  return keepBoundaries ? words : words.filter((word) => word !== BOUNDARY);
}

function tokenize(text: string): Tokens {
  const words: string[] = [];
  const lines: number[] = [];
  // A line break inside a paragraph is a space; one before a list item, a table row, a heading or a blank line ends a line.
  const blocks = text.normalize('NFKC').split(/\n(?=\s*(?:[-*+•|#>]|\d{1,2}[.)]\s|\n))|\n\s*\n/);
  blocks.forEach((block, line) => {
    const marked = block
      .toLowerCase()
      .replace(/\*\*|__|`/g, '')
      .replace(/¦/g, ' ')
      .replace(/[.!?]+(?=\s|$)|[:;|]/g, ` ${BOUNDARY} `);
    for (const word of marked.split(/[^\p{L}\p{N}¦]+/u)) {
      if (word === '') continue;
      words.push(word);
      lines.push(line);
    }
    words.push(BOUNDARY);
    lines.push(line);
  });
  return { words, lines };
}

/**
 * True when `claim` is a quote of one of `evidence`: a run of its tokens, or whole pieces
 * joined where every join falls on a segment boundary of the evidence (the first piece may start
 * anywhere, the last may end anywhere), from at most `MAX_QUOTE_LINES` lines.
 */
export function isQuoteOf(claim: string, evidence: readonly string[]): boolean {
  const tokens = quoteTokens(claim);
  if (tokens.length === 0) return false;
  return evidence.some((text) => coverable(tokens, tokenize(text)));
}

function coverable(claim: string[], evidence: Tokens): boolean {
  const { words, lines } = evidence;
  const failed = new Set<string>();
  const cover = (index: number, used: readonly number[], pieces: number): boolean => {
    if (index === claim.length) return true;
    if (pieces >= MAX_QUOTE_PIECES) return false;
    const key = `${index}|${used.join(',')}`;
    if (failed.has(key)) return false;
    for (let position = 0; position < words.length; position++) {
      if (words[position] !== claim[index]) continue;
      if (index > 0 && position > 0 && words[position - 1] !== BOUNDARY) continue;
      let length = 0;
      while (index + length < claim.length && words[position + length] === claim[index + length]) length++;
      const end = index + length;
      if (end < claim.length && words[position + length] !== BOUNDARY) continue;
      const line = lines[position] ?? 0;
      const next = used.includes(line) ? used : [...used, line].sort((a, b) => a - b);
      if (next.length > MAX_QUOTE_LINES) continue;
      if (cover(end, next, pieces + 1)) return true;
    }
    failed.add(key);
    return false;
  };
  return cover(0, [], 0);
}
