/**
 * HTML pages: text only, headings become sections, `<title>` (else the first heading) is the
 * title. The declared `<meta charset>` is honoured; hidden elements are left out and reported.
 */
import type { DocumentParser, ParserInput } from '../ports.js';
import type { SourceDocument } from '../types.js';
import { declaredHtmlCharset } from './html-charset.js';
import { htmlToText } from './html-text.js';
import { makeDocument } from './make-document.js';
import { readTextFile } from './read-text.js';
import { requireText } from './require-text.js';
import { buildSections } from './sections.js';

/** Parses HTML (`.html`, `.htm`). */
export async function parseHtml(input: ParserInput): Promise<SourceDocument> {
  const declaredCharset = declaredHtmlCharset(input.bytes);
  const file = readTextFile(input.bytes, input.name, declaredCharset ? { declaredCharset } : {});
  const { text, headings, title, hiddenCount } = htmlToText(file.text);
  requireText(text, input.name);
  const warnings = [...file.warnings];
  if (hiddenCount > 0) warnings.push(hiddenWarning(hiddenCount));
  return makeDocument({
    sourceName: input.name,
    format: 'html',
    text,
    textOffset: 0,
    sections: buildSections(headings, text.length),
    fields: {},
    foundTitle: title ?? headings[0]?.text,
    modified: input.modified,
    encoding: file.encoding,
    encodingGuessed: file.encodingGuessed,
    warnings,
  });
}

/** The warning for hidden content that was left out. */
export function hiddenWarning(count: number): string {
  return count === 1
    ? '1 hidden element was left out (hidden text is not indexed).'
    : `${count} hidden elements were left out (hidden text is not indexed).`;
}

/** The HTML parser as a `DocumentParser`. */
export const htmlParser: DocumentParser = {
  format: 'html',
  extensions: ['.html', '.htm'],
  parse: parseHtml,
};
