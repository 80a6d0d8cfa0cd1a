/**
 * Plain text: one untitled section (`intro`), title from the file name.
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
  return makeDocument({
    sourceName: input.name,
    format: 'text',
    text: file.text,
    textOffset: 0,
    sections: buildSections([], file.text.length),
    fields: {},
    modified: input.modified,
    encoding: file.encoding,
    encodingGuessed: file.encodingGuessed,
    warnings: file.warnings,
    crlfOffsets: file.crlfOffsets,
  });
}

/** The plain-text parser as a `DocumentParser`. */
export const textParser: DocumentParser = {
  format: 'text',
  extensions: ['.txt', '.text'],
  parse: parseText,
};
