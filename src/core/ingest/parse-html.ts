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
import { isoTimestampDate } from './stated-metadata.js';
import { buildSections } from './sections.js';

/** Parses HTML (`.html`, `.htm`). */
export async function parseHtml(input: ParserInput): Promise<SourceDocument> {
  const declaredCharset = declaredHtmlCharset(input.bytes);
  const file = readTextFile(input.bytes, input.name, declaredCharset ? { declaredCharset } : {});
  const { text, headings, title, hiddenCount } = htmlToText(file.text);
  requireText(text, input.name);
  const warnings = [...file.warnings];
  if (hiddenCount > 0) warnings.push(hiddenWarning(hiddenCount));
  const propertyDate = metaDate(file.text);
  return makeDocument({
    sourceName: input.name,
    format: 'html',
    text,
    textOffset: 0,
    sections: buildSections(headings, text.length),
    fields: {},
    foundTitle: title ?? headings[0]?.text,
    modified: input.modified,
    ...(propertyDate ? { propertyDate } : {}),
    encoding: file.encoding,
    encodingGuessed: file.encodingGuessed,
    warnings,
  });
}

/** `<meta>` names and properties that give a page's date, most specific first. */
const META_DATE_NAMES = [
  'dcterms.modified',
  'dc.date.modified',
  'last-modified',
  'article:modified_time',
  'revised',
  'date',
  'dcterms.date',
  'dc.date',
  'dcterms.created',
  'article:published_time',
];

/** The page's date from its `<meta name|property=… content=…>` tags, when it has one. */
export function metaDate(html: string): string | undefined {
  const found = new Map<string, string>();
  for (const tag of html.slice(0, 65_536).match(/<meta\b[^>]*>/gi) ?? []) {
    const name = /\b(?:name|property|http-equiv)\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1]?.toLowerCase();
    const content = /\bcontent\s*=\s*["']([^"']*)["']/i.exec(tag)?.[1];
    if (name && content !== undefined && !found.has(name)) found.set(name, content);
  }
  for (const name of META_DATE_NAMES) {
    const date = isoTimestampDate(found.get(name));
    if (date) return date;
  }
  return undefined;
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
