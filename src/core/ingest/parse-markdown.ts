/**
 * Markdown with optional YAML front matter. Headings (ATX `#`…`######`, outside code fences)
 * start sections.
 */
import type { DocumentParser, ParserInput } from '../ports.js';
import type { SourceDocument } from '../types.js';
import { splitFrontMatter } from './front-matter.js';
import { crlfOffsetsFrom, originalOffsetOf } from './line-endings.js';
import { makeDocument } from './make-document.js';
import { readTextFile } from './read-text.js';
import { buildSections, type HeadingMark } from './sections.js';
import { requireText } from './require-text.js';

/** Finds the ATX headings of a Markdown text, skipping fenced code blocks. */
export function markdownHeadings(text: string): HeadingMark[] {
  const headings: HeadingMark[] = [];
  let fence: string | undefined;
  for (const match of text.matchAll(/^([ \t]*)(.*)$/gm)) {
    const line = match[2] ?? '';
    const fenceMark = /^(`{3,}|~{3,})/.exec(line)?.[1];
    if (fenceMark) {
      if (!fence) fence = fenceMark[0];
      else if (fenceMark[0] === fence) fence = undefined;
      continue;
    }
    if (fence || (match[1] ?? '').length > 3) continue;
    const text = atxHeadingText(line);
    if (text) headings.push({ start: match.index, level: text.level, text: text.text });
  }
  return headings;
}

/**
 * The level and text of an ATX heading line (`## 4. Exclusions ##` → 2, "4. Exclusions"), or
 * undefined. Written as loops, not one regex: a pattern with a lazy middle and optional closing
 * hashes takes cubic time on a line of many spaces.
 */
export function atxHeadingText(line: string): { level: number; text: string } | undefined {
  const open = /^(#{1,6})[ \t]+/.exec(line);
  if (!open?.[1]) return undefined;
  const start = open[0].length;
  let end = line.length;
  while (end > start && /[ \t]/.test(line[end - 1]!)) end--;
  let close = end;
  while (close > start && line[close - 1] === '#') close--;
  if (close < end && (close === start || /[ \t]/.test(line[close - 1]!))) end = close;
  const text = line.slice(start, end).trim();
  return text ? { level: open[1].length, text } : undefined;
}

/** Parses Markdown (`.md`, `.markdown`). */
export async function parseMarkdown(input: ParserInput): Promise<SourceDocument> {
  const file = readTextFile(input.bytes, input.name);
  const { fields, body, bodyOffset } = splitFrontMatter(file.text, input.name);
  requireText(body, input.name);
  const headings = markdownHeadings(body);
  return makeDocument({
    sourceName: input.name,
    format: 'markdown',
    text: body,
    textOffset: originalOffsetOf(file.crlfOffsets, bodyOffset),
    sections: buildSections(headings, body.length),
    fields,
    foundTitle: headings[0]?.text,
    modified: input.modified,
    encoding: file.encoding,
    encodingGuessed: file.encodingGuessed,
    warnings: file.warnings,
    crlfOffsets: crlfOffsetsFrom(file.crlfOffsets, bodyOffset),
  });
}

/** The Markdown parser as a `DocumentParser`. */
export const markdownParser: DocumentParser = {
  format: 'markdown',
  extensions: ['.md', '.markdown'],
  parse: parseMarkdown,
};
