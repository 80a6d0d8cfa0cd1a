/**
 * HTML pages: text only, headings become sections, `<title>` (else the first heading) is the title.
 */
import type { DocumentParser, ParserInput } from '../ports.js';
import type { SourceDocument } from '../types.js';
import { decodeText } from './decode.js';
import { htmlToText } from './html-text.js';
import { makeDocument } from './make-document.js';
import { requireText } from './require-text.js';
import { buildSections } from './sections.js';

/** Parses HTML (`.html`, `.htm`). */
export async function parseHtml(input: ParserInput): Promise<SourceDocument> {
  const { text, headings, title } = htmlToText(decodeText(input.bytes, input.name));
  requireText(text, input.name);
  return makeDocument({
    sourceName: input.name,
    format: 'html',
    text,
    textOffset: 0,
    sections: buildSections(headings, text.length),
    fields: {},
    foundTitle: title ?? headings[0]?.text,
    modified: input.modified,
  });
}

/** The HTML parser as a `DocumentParser`. */
export const htmlParser: DocumentParser = {
  format: 'html',
  extensions: ['.html', '.htm'],
  parse: parseHtml,
};
