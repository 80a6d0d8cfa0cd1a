/**
 * Plain text: one untitled section (`intro`). The title is the block of short lines a text file
 * opens with ("HARBOURVIEW TOWER / VISITOR ACCESS POLICY"), else the file name.
 */
import type { DocumentParser, ParserInput } from '../ports.js';
import type { SourceDocument } from '../types.js';
import { makeDocument } from './make-document.js';
import { readTextFile } from './read-text.js';
import { requireText } from './require-text.js';
import { buildSections } from './sections.js';

/** Parses plain text (`.txt`, `.text`). */
export async function parseText(input: ParserInput): Promise<SourceDocument> {
  const file = readTextFile(input.bytes, input.name);
  requireText(file.text, input.name);
  const title = textTitle(file.text);
  return makeDocument({
    sourceName: input.name,
    format: 'text',
    text: file.text,
    textOffset: 0,
    sections: buildSections([], file.text.length),
    fields: {},
    ...(title ? { foundTitle: title } : {}),
    modified: input.modified,
    encoding: file.encoding,
    encodingGuessed: file.encodingGuessed,
    warnings: file.warnings,
    crlfOffsets: file.crlfOffsets,
  });
}

/** Longest line, and most lines, of a title block. */
const TITLE_LINE = 80;
const TITLE_LINES = 2;

/**
 * The title a text file opens with: its first lines up to a blank line, when there are at most
 * two, each short and none a sentence (ending in a full stop, a colon or a comma); joined by " — ".
 */
export function textTitle(text: string): string | undefined {
  const lines = text.replace(/^\s*\n/, '').split('\n');
  const block: string[] = [];
  for (const line of lines) {
    const trimmed = line.trim();
    if (!trimmed || /^[=\-_*~]{3,}$/.test(trimmed)) break;
    block.push(trimmed);
    if (block.length > TITLE_LINES) return undefined;
  }
  if (block.length === 0 || block.some((line) => line.length > TITLE_LINE || /[.:,;]$/.test(line))) return undefined;
  const title = block.join(' — ');
  return /[a-z]/i.test(title) ? title : undefined;
}

/** The plain-text parser as a `DocumentParser`. */
export const textParser: DocumentParser = {
  format: 'text',
  extensions: ['.txt', '.text'],
  parse: parseText,
};
