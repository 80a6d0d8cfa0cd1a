/**
 * The lines of every page to one text: headings found by font size, paragraphs by vertical
 * gaps, and where each page starts. A heading is a short line whose font is clearly larger
 * than the body text (the character-weighted median size of the document); the larger the
 * font, the higher the level. Headings are written `## 3. Filter care` like the other formats,
 * so that the chunker and the unit splitter treat them alike.
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

type Block = { kind: 'heading'; size: number; text: string; y: number } | { kind: 'lines'; lines: string[] };

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

function isHeading(line: PdfLine, body: number): boolean {
  return (
    body > 0 &&
    line.size >= body * HEADING_RATIO &&
    line.size - body >= 1 &&
    line.text.length <= MAX_HEADING_LENGTH &&
    /[\p{L}\p{N}]/u.test(line.text)
  );
}

/** Groups a page's lines into headings and paragraphs. */
function pageBlocks(lines: readonly PdfLine[], body: number): Block[] {
  const blocks: Block[] = [];
  let previous: PdfLine | undefined;
  for (const line of lines) {
    const last = blocks[blocks.length - 1];
    const close = previous !== undefined && previous.y - line.y <= PARAGRAPH_GAP * Math.max(previous.size, line.size);
    if (isHeading(line, body)) {
      if (last?.kind === 'heading' && close && rounded(last.size) === rounded(line.size)) {
        last.text += ` ${line.text}`;
        last.y = line.y;
      } else blocks.push({ kind: 'heading', size: line.size, text: line.text, y: line.y });
    } else if (last?.kind === 'lines' && close) last.lines.push(line.text);
    else blocks.push({ kind: 'lines', lines: [line.text] });
    previous = line;
  }
  return blocks;
}

/** Assembles the pages' lines (page 1 first) into the document text. */
export function assemblePdfText(pages: readonly (readonly PdfLine[])[]): PdfText {
  const body = bodyFontSize(pages);
  const pageBlockLists = pages.map((lines) => pageBlocks(lines, body));
  const sizes = [
    ...new Set(pageBlockLists.flat().flatMap((block) => (block.kind === 'heading' ? [rounded(block.size)] : []))),
  ].sort((a, b) => b - a);
  let text = '';
  const headings: HeadingMark[] = [];
  const pageStarts: number[] = [];
  pageBlockLists.forEach((blocks, index) => {
    pageStarts.push(text.length);
    for (const block of blocks) {
      if (block.kind === 'lines') {
        text += `${block.lines.join('\n')}\n\n`;
        continue;
      }
      const level = Math.min(6, sizes.indexOf(rounded(block.size)) + 1);
      headings.push({ start: text.length, level, text: block.text, page: index + 1 });
      text += `${'#'.repeat(level)} ${block.text}\n\n`;
    }
  });
  return { text: text.replace(/\n+$/, '\n'), headings, pageStarts };
}
