/**
 * Fills a `SourceDocument` from what a parser found and the defaults of docs/formats.md §1.
 */
import { shortHash } from '../text/hash.js';
import { slugify } from '../text/slug.js';
import type { DocumentFormat, MetadataOrigin, Section, SourceDocument } from '../types.js';
import { fileLabel } from './file-label.js';
import type { FrontMatter } from './front-matter.js';
import { statedMetadata } from './stated-metadata.js';

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
  /** ISO date the file's own properties give (a PDF's ModDate, a Word file's core properties, an HTML meta date). */
  propertyDate?: string;
  /** Soft problems, one sentence each; `partial` says whether some content was lost. */
  warnings?: string[];
  partial?: boolean;
  /** How a text format was decoded. */
  encoding?: string;
  encodingGuessed?: boolean;
  /** Paged formats: page count and where each page starts in `text`. */
  pageCount?: number;
  pageStarts?: number[];
  /** Offsets in `text` of LFs that were CRLF in the file. */
  crlfOffsets?: number[];
}

/** What a file's own properties are called, by format. */
const PROPERTY_DATE: Partial<Record<DocumentFormat, string>> = {
  pdf: "the PDF's own date",
  docx: "the Word file's properties",
  html: "the page's date (meta or time)",
};

/** Where `makeDocument` took the revision and date from, in the order it looks. */
export function metadataOrigin(parts: ParsedParts, stated: { date?: string; revision?: string }): MetadataOrigin {
  const revision = parts.fields.revision
    ? 'front matter'
    : stated.revision
      ? 'stated in the document'
      : 'none stated: a hash of the text';
  const date = parts.fields.date
    ? 'front matter'
    : stated.date
      ? 'stated in the document'
      : parts.propertyDate
        ? (PROPERTY_DATE[parts.format] ?? "the file's properties")
        : parts.modified
          ? "none stated: the file's modification time"
          : 'none found';
  return { revision, date };
}

/** Longest default document id: longer file names are cut and suffixed with a hash. */
const MAX_ID_LENGTH = 80;

/** The default document id: the file name without extension, slugged (and bounded in length). */
export function documentIdFromName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? name;
  const slug = slugify(base.replace(/\.[^.]+$/, '')) || 'document';
  if (slug.length <= MAX_ID_LENGTH) return slug;
  return `${slug.slice(0, MAX_ID_LENGTH - 9).replace(/-+$/, '')}-${shortHash(slug, 8)}`;
}

/**
 * Builds the document, applying defaults for every field the file does not state. Date: front
 * matter, else a date line in the document's head or foot ("Issued: 2024-09-30"), else the file's
 * own properties, else its modification time. Revision: front matter, else a stated one
 * ("Revision 4"), else a short hash of the content.
 */
export function makeDocument(parts: ParsedParts): SourceDocument {
  const contentHash = shortHash(parts.text);
  const stated = parts.fields.date && parts.fields.revision ? {} : statedMetadata(parts.text);
  const baseName = parts.sourceName.split(/[\\/]/).pop() ?? parts.sourceName;
  const document: SourceDocument = {
    id: parts.fields.id ?? documentIdFromName(parts.sourceName),
    title: parts.fields.title ?? (parts.foundTitle?.trim() || fileLabel(baseName)),
    revision: parts.fields.revision ?? stated.revision ?? contentHash.slice(0, 8),
    date: parts.fields.date ?? stated.date ?? parts.propertyDate ?? parts.modified?.slice(0, 10) ?? '1970-01-01',
    supersedes: parts.fields.supersedes ?? [],
    access: parts.fields.access ?? 'public',
    format: parts.format,
    sourceName: parts.sourceName,
    text: parts.text,
    textOffset: parts.textOffset,
    sections: parts.sections,
    contentHash,
    origin: metadataOrigin(parts, stated),
  };
  if (parts.warnings && parts.warnings.length > 0) document.warnings = parts.warnings;
  if (parts.partial) document.partial = true;
  if (parts.encoding) document.encoding = parts.encoding;
  if (parts.encodingGuessed) document.encodingGuessed = true;
  if (parts.pageCount !== undefined) document.pageCount = parts.pageCount;
  if (parts.pageStarts) document.pageStarts = parts.pageStarts;
  if (parts.crlfOffsets && parts.crlfOffsets.length > 0) document.crlfOffsets = parts.crlfOffsets;
  return document;
}
