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
    const heading = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading?.[1] && heading[2]) {
      headings.push({ start: match.index, level: heading[1].length, text: heading[2] });
    }
  }
  return headings;
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
