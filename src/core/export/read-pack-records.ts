/**
 * Reading the records of a pack (`documents.json`, `passages.json`) from untrusted JSON into
 * fresh objects with only the fields the core knows, each checked for type and bounds.
 */
import type { DocumentFormat, MetadataOrigin, Passage, Section, SourceDocument } from '../types.js';
import {
  asArray,
  asBoolean,
  asInteger,
  asObject,
  asOneOf,
  asString,
  asStringArray,
  optional,
  own,
  ShapeError,
} from './json-shape.js';
import type { PackPassage } from './pack-format.js';

const FORMATS: readonly DocumentFormat[] = ['markdown', 'text', 'html', 'pdf', 'docx'];
const NAME = 1000;
const SHORT = 200;

/** A parsed document, with every offset inside its text. */
export function readDocument(value: unknown, path: string, maxTextLength: number): SourceDocument {
  const record = asObject(value, path);
  const field = (key: string) => own(record, key);
  const text = asString(field('text'), `${path}.text`, maxTextLength);
  const offset = (item: unknown, at: string) => asInteger(item, at, 0, text.length);
  const offsets = (item: unknown, at: string) =>
    asArray(item, at, text.length + 1).map((entry, index) => offset(entry, `${at}[${index}]`));
  const document: SourceDocument = {
    id: nonEmpty(field('id'), `${path}.id`),
    title: asString(field('title'), `${path}.title`, NAME),
    revision: asString(field('revision'), `${path}.revision`, SHORT),
    date: asString(field('date'), `${path}.date`, SHORT),
    supersedes: asStringArray(field('supersedes'), `${path}.supersedes`, 1000, NAME),
    access: nonEmpty(field('access'), `${path}.access`),
    format: asOneOf(field('format'), `${path}.format`, FORMATS),
    sourceName: asString(field('sourceName'), `${path}.sourceName`, 4 * NAME),
    text,
    textOffset: asInteger(field('textOffset'), `${path}.textOffset`),
    sections: asArray(field('sections'), `${path}.sections`, text.length + 1).map((section, index) =>
      readSection(section, `${path}.sections[${index}]`, text.length),
    ),
    contentHash: asString(field('contentHash'), `${path}.contentHash`, SHORT),
  };
  const extras: Partial<SourceDocument> = {
    byteHash: optional(field('byteHash'), (item) => asString(item, `${path}.byteHash`, SHORT)),
    warnings: optional(field('warnings'), (item) => asStringArray(item, `${path}.warnings`, 1000, 2000)),
    partial: optional(field('partial'), (item) => asBoolean(item, `${path}.partial`)),
    encoding: optional(field('encoding'), (item) => asString(item, `${path}.encoding`, SHORT)),
    encodingGuessed: optional(field('encodingGuessed'), (item) => asBoolean(item, `${path}.encodingGuessed`)),
    pageCount: optional(field('pageCount'), (item) => asInteger(item, `${path}.pageCount`)),
    pageStarts: optional(field('pageStarts'), (item) => offsets(item, `${path}.pageStarts`)),
    crlfOffsets: optional(field('crlfOffsets'), (item) => offsets(item, `${path}.crlfOffsets`)),
    origin: optional(field('origin'), (item) => readOrigin(item, `${path}.origin`)),
  };
  // The input's key order (the parser's), so that a pack imported and exported again has the same bytes.
  const fields: Record<string, unknown> = { ...document, ...extras };
  const ordered: Record<string, unknown> = {};
  for (const key of Object.keys(record))
    if (fields[key] !== undefined && Object.hasOwn(fields, key)) ordered[key] = fields[key];
  return ordered as unknown as SourceDocument;
}

function readOrigin(value: unknown, path: string): MetadataOrigin {
  const record = asObject(value, path);
  return {
    revision: asString(own(record, 'revision'), `${path}.revision`, NAME),
    date: asString(own(record, 'date'), `${path}.date`, NAME),
  };
}

function readSection(value: unknown, path: string, length: number): Section {
  const record = asObject(value, path);
  const start = asInteger(own(record, 'start'), `${path}.start`, 0, length);
  const section: Section = {
    id: nonEmpty(own(record, 'id'), `${path}.id`),
    heading: asString(own(record, 'heading'), `${path}.heading`, 10 * NAME),
    level: asInteger(own(record, 'level'), `${path}.level`, 0, 6),
    start,
    end: asInteger(own(record, 'end'), `${path}.end`, start, length),
  };
  const page = optional(own(record, 'page'), (item) => asInteger(item, `${path}.page`, 1));
  if (page !== undefined) section.page = page;
  return section;
}

/** A passage record of `passages.json` (no text). */
export function readPackPassage(value: unknown, path: string): PackPassage {
  const record = asObject(value, path);
  const field = (key: string) => own(record, key);
  const start = asInteger(field('start'), `${path}.start`);
  const passage: PackPassage = {
    cite: nonEmpty(field('cite'), `${path}.cite`, 2 * NAME),
    docId: nonEmpty(field('docId'), `${path}.docId`),
    sectionId: nonEmpty(field('sectionId'), `${path}.sectionId`),
    part: asInteger(field('part'), `${path}.part`, 1),
    heading: asString(field('heading'), `${path}.heading`, 10 * NAME),
    title: asString(field('title'), `${path}.title`, NAME),
    revision: asString(field('revision'), `${path}.revision`, SHORT),
    date: asString(field('date'), `${path}.date`, SHORT),
    access: nonEmpty(field('access'), `${path}.access`),
    start,
    end: asInteger(field('end'), `${path}.end`, start),
    hash: asString(field('hash'), `${path}.hash`, SHORT),
  };
  const page = optional(field('page'), (item) => asInteger(item, `${path}.page`, 1));
  if (page !== undefined) passage.page = page;
  return passage;
}

/** The passage with its text, after checking it belongs to `document` as the chunker made it. */
export function passageOf(record: PackPassage, document: SourceDocument, path: string): Passage {
  const fits =
    record.cite.startsWith(`${document.id}#`) &&
    record.end <= document.text.length &&
    record.title === document.title &&
    record.revision === document.revision &&
    record.date === document.date &&
    record.access === document.access;
  if (!fits) throw new ShapeError(path, `a passage of document "${document.id}" as it was indexed`);
  // The chunker's field order, so that a pack imported and exported again has the same bytes.
  const passage: Passage = {
    cite: record.cite,
    docId: record.docId,
    sectionId: record.sectionId,
    part: record.part,
    heading: record.heading,
    title: record.title,
    revision: record.revision,
    date: record.date,
    access: record.access,
    text: document.text.slice(record.start, record.end),
    start: record.start,
    end: record.end,
    hash: record.hash,
  };
  if (record.page !== undefined) passage.page = record.page;
  return passage;
}

function nonEmpty(value: unknown, path: string, maxLength = NAME): string {
  const text = asString(value, path, maxLength);
  if (text.length === 0) throw new ShapeError(path, 'a non-empty string');
  return text;
}
