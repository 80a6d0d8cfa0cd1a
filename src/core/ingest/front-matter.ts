/**
 * YAML front matter at the start of a Markdown file (docs/formats.md §1).
 */
import { parse as parseYaml } from 'yaml';
import { RagError } from '../errors.js';

/** Front matter fields Footnote reads; anything else is kept but ignored. */
export interface FrontMatter {
  id?: string;
  title?: string;
  revision?: string;
  date?: string;
  supersedes?: string[];
  access?: string;
}

/** The front matter, the body after it, and where the body starts in the file. */
export interface SplitFrontMatter {
  fields: FrontMatter;
  body: string;
  bodyOffset: number;
}

/** What a document id may be: it is written inside citations (`[id#section]`), so no spaces, "#" or brackets. */
const DOCUMENT_ID = /^[\p{L}\p{N}][\p{L}\p{N}._-]{0,199}$/u;

const FENCE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** Splits `raw` into front matter and body. A file without front matter has empty fields. */
export function splitFrontMatter(raw: string, file: string): SplitFrontMatter {
  const match = FENCE.exec(raw);
  if (!match) return { fields: {}, body: raw, bodyOffset: 0 };
  let data: unknown;
  try {
    data = parseYaml(match[1] ?? '');
  } catch (error) {
    const detail = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    throw new RagError('BAD_FRONT_MATTER', { file, detail }, { cause: error });
  }
  const bodyOffset = match[0].length;
  return { fields: readFields(data ?? {}, file), body: raw.slice(bodyOffset), bodyOffset };
}

function readFields(data: unknown, file: string): FrontMatter {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new RagError('BAD_FRONT_MATTER', { file, detail: 'expected key: value pairs' });
  }
  const record = data as Record<string, unknown>;
  const fields: FrontMatter = {};
  for (const key of ['id', 'title', 'revision', 'access'] as const) {
    const value = scalar(record[key], key, file);
    if (value !== undefined) fields[key] = value;
  }
  if (fields.id !== undefined && !DOCUMENT_ID.test(fields.id)) {
    throw new RagError('BAD_FRONT_MATTER_FIELD', {
      file,
      field: 'id',
      detail: `must be letters, digits, ".", "_" or "-" (it becomes part of citation ids such as ${'"'}manual-v3#4"), got "${fields.id.slice(0, 60)}"`,
    });
  }
  if (fields.title !== undefined) fields.title = fields.title.replace(/\s+/g, ' ').slice(0, 300);
  const date = record.date instanceof Date ? record.date.toISOString().slice(0, 10) : scalar(record.date, 'date', file);
  if (date !== undefined) {
    if (!/^\d{4}-\d{2}-\d{2}/.test(date)) {
      throw new RagError('BAD_FRONT_MATTER_FIELD', {
        file,
        field: 'date',
        detail: `must be an ISO date, got "${date}"`,
      });
    }
    fields.date = date.slice(0, 10);
  }
  const supersedes = record.supersedes;
  if (supersedes !== undefined && supersedes !== null) {
    const list = Array.isArray(supersedes) ? supersedes : [supersedes];
    fields.supersedes = list.map((item) => scalar(item, 'supersedes', file) ?? '').filter(Boolean);
  }
  return fields;
}

function scalar(value: unknown, field: string, file: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' || typeof value === 'number') return String(value).trim();
  throw new RagError('BAD_FRONT_MATTER_FIELD', { file, field, detail: 'must be a single value' });
}
