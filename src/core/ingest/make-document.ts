/**
 * Fills a `SourceDocument` from what a parser found and the defaults of FORMATS §1.
 */
import { shortHash } from '../text/hash.js';
import { slugify } from '../text/slug.js';
import type { DocumentFormat, Section, SourceDocument } from '../types.js';
import type { FrontMatter } from './front-matter.js';

/** What a parser hands over. */
export interface ParsedParts {
  sourceName: string;
  format: DocumentFormat;
  text: string;
  textOffset: number;
  sections: Section[];
  fields: FrontMatter;
  /** A title found in the content (first heading, `<title>`). */
  foundTitle?: string;
  /** ISO modification date of the file. */
  modified?: string;
}

/** The default document id: the file name without extension, slugged. */
export function documentIdFromName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? name;
  return slugify(base.replace(/\.[^.]+$/, '')) || 'document';
}

/** Builds the document, applying defaults for every field the file does not state. */
export function makeDocument(parts: ParsedParts): SourceDocument {
  const contentHash = shortHash(parts.text);
  const baseName = parts.sourceName.split(/[\\/]/).pop() ?? parts.sourceName;
  return {
    id: parts.fields.id ?? documentIdFromName(parts.sourceName),
    title: parts.fields.title ?? parts.foundTitle?.trim() ?? baseName,
    revision: parts.fields.revision ?? contentHash.slice(0, 8),
    date: parts.fields.date ?? parts.modified?.slice(0, 10) ?? '1970-01-01',
    supersedes: parts.fields.supersedes ?? [],
    access: parts.fields.access ?? 'public',
    format: parts.format,
    sourceName: parts.sourceName,
    text: parts.text,
    textOffset: parts.textOffset,
    sections: parts.sections,
    contentHash,
  };
}
