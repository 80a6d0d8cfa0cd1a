/**
 * Plain text: one untitled section (`intro`), title from the file name.
 */
import type { DocumentParser, ParserInput } from '../ports.js';
import type { SourceDocument } from '../types.js';
import { decodeText } from './decode.js';
import { makeDocument } from './make-document.js';
import { requireText } from './require-text.js';
import { buildSections } from './sections.js';

/** Parses plain text (`.txt`, `.text`). */
export async function parseText(input: ParserInput): Promise<SourceDocument> {
  const text = decodeText(input.bytes, input.name);
  requireText(text, input.name);
  return makeDocument({
    sourceName: input.name,
    format: 'text',
    text,
    textOffset: 0,
    sections: buildSections([], text.length),
    fields: {},
    modified: input.modified,
  });
}

/** The plain-text parser as a `DocumentParser`. */
export const textParser: DocumentParser = {
  format: 'text',
  extensions: ['.txt', '.text'],
  parse: parseText,
};
