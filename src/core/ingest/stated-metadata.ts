/**
 * The date and revision a document states about itself. Real files have no front matter: a
 * policy says "Revision 4 — effective 1 March 2025" under its title, a notice "Issued: 2024-09-30",
 * a procedure ends with "Last revised 2 June 2025". Only the head (the first lines) and the foot
 * (the last lines) are read, where such lines live; a date in the body is about something else.
 *
 * A date or revision the line says belongs to another document ("replaces Revision 3 of
 * 2023-05-01", "next review: 2026-01-01") is not the document's own.
 */
import { extractQuantities } from '../text/quantities.js';

/** What a document's head or foot says about it. */
export interface StatedMetadata {
  /** ISO date (YYYY-MM-DD). */
  date?: string;
  /** As written, normalised: "Revision 4", "Version 3.0", "Rev. B". */
  revision?: string;
}

/** Lines read at the top and the bottom of a document. */
const HEAD_LINES = 12;
const FOOT_LINES = 4;
/** Longest line considered a header line (a body paragraph mentioning a date is not one). */
const MAX_LINE = 200;

/**
 * Numeric dates the quantity scanner (which reads ISO and named-month dates) leaves alone:
 * 2025/03/01 and 2025.03.01, and day first with dots (31.01.2025); slashes with the day or month
 * first (03/04/2025) are ambiguous and not read.
 */
const NUMERIC_DATES: { pattern: RegExp; iso(match: RegExpExecArray): string | undefined }[] = [
  { pattern: /\b(\d{4})[/.](\d{1,2})[/.](\d{1,2})\b/g, iso: (m) => isoDate(Number(m[1]), Number(m[2]), Number(m[3])) },
  { pattern: /\b(\d{1,2})\.(\d{1,2})\.(\d{4})\b/g, iso: (m) => isoDate(Number(m[3]), Number(m[2]), Number(m[1])) },
];

/** Every date of `line` with where it starts: ISO and named-month dates as the quantity scanner reads them, and numeric ones. */
function datesIn(line: string): { at: number; iso: string }[] {
  const found: { at: number; iso: string }[] = [];
  for (const quantity of extractQuantities(line)) {
    const [year, month, day] = (quantity.dimension === 'date' ? (quantity.key ?? '') : '').split('-').map(Number);
    const iso = year && month ? isoDate(year, month, day ?? 1) : undefined;
    if (iso) found.push({ at: quantity.start, iso });
  }
  for (const form of NUMERIC_DATES) {
    for (const match of line.matchAll(form.pattern)) {
      const iso = form.iso(match as RegExpExecArray);
      if (iso) found.push({ at: match.index, iso });
    }
  }
  return found.sort((a, b) => a.at - b.at);
}

/**
 * Words that, before a date on the same line, say it is the document's own: strong ones first
 * ("Issued January 2024"), then weak ones ("edition dated 2023-11-02" may name another document's
 * edition, so it counts only when no line has a strong one).
 */
const OWN_DATE_STRONG =
  /(?:^|\b)(?:date\s*:|updated|revised|modified|reviewed|issued|issue date|published|effective|released|release date|approved|as of)/i;
const OWN_DATE_WEAK = /\b(?:date[ds]?|version|revision|rev|edition)\b/i;
/** Words that, before a date or revision on the same line, say it belongs to something else. */
const OTHER =
  /\b(?:replac\w*|supersed\w*|previous\w*|prior|earlier|former\w*|original\w*|older|next|due|expir\w*|until|valid (?:to|until)|review by|withdrawn|obsolete)\b/i;

const REVISION =
  /\b(revision|rev\.?|version|ver\.?|v|edition|issue)\s*(?:no\.?|number|#|:)?\s*(\d+(?:\.\d+)*[a-z]?|[A-Z]\b)(?![-/.:]?\d)/gi;

/** Reads the date and revision stated in the first and last lines of `text`. */
export function statedMetadata(text: string): StatedMetadata {
  const lines = text.split('\n');
  const head = lines.slice(0, HEAD_LINES);
  const foot = lines.length > HEAD_LINES ? lines.slice(-FOOT_LINES) : [];
  const candidates = [...head, ...foot].map((line) => line.trim()).filter((line) => line && line.length <= MAX_LINE);
  const stated: StatedMetadata = {};
  const date =
    firstOf(candidates, (line) => ownDate(line, 'strong')) ?? firstOf(candidates, (line) => ownDate(line, 'weak'));
  const revision = firstOf(candidates, ownRevision);
  if (date) stated.date = date;
  if (revision) stated.revision = revision;
  return stated;
}

function firstOf(lines: readonly string[], read: (line: string) => string | undefined): string | undefined {
  for (const line of lines) {
    const found = read(line);
    if (found) return found;
  }
  return undefined;
}

/** The first date of `line` that a date word of `strength` introduces and nothing marks as another's. */
function ownDate(line: string, strength: 'strong' | 'weak'): string | undefined {
  for (const { at, iso } of datesIn(line)) {
    const before = clauseBefore(line, at);
    if (OTHER.test(before)) continue;
    // A line that is only a date ("14 March 2025" under a title) is the document's own too.
    if (OWN_DATE_STRONG.test(before)) return iso;
    if (strength === 'weak' && (OWN_DATE_WEAK.test(before) || before.trim() === '')) return iso;
  }
  return undefined;
}

/** The first revision of `line` that nothing marks as another document's. */
function ownRevision(line: string): string | undefined {
  for (const match of line.matchAll(REVISION)) {
    const before = clauseBefore(line, match.index);
    if (OTHER.test(before)) continue;
    const word = (match[1] ?? '').toLowerCase().replace(/\.$/, '');
    const value = match[2] ?? '';
    // "v" alone only with a dotted number ("v2.1"), and "issue" only with a number: "issue A" is a word.
    if ((word === 'v' && !/\d\.\d/.test(value)) || (word === 'issue' && !/^\d/.test(value))) continue;
    // A bare capital reads as a revision letter only after "rev"/"revision" ("Rev. B").
    if (/^[a-z]$/i.test(value) && (!word.startsWith('rev') || value !== value.toUpperCase())) continue;
    const label = { rev: 'Rev.', ver: 'Version', v: 'Version' }[word] ?? capitalised(word);
    return `${label} ${value}`;
  }
  return undefined;
}

/** The text of `line` before `at`, back to the last clause break (so "replaces" earlier on the line counts). */
function clauseBefore(line: string, at: number): string {
  const before = line.slice(0, at);
  let cut = 0;
  for (const separator of [';', '|', ' — ', ' – ', ' · ']) {
    const found = before.lastIndexOf(separator);
    if (found >= 0) cut = Math.max(cut, found + separator.length);
  }
  return before.slice(cut);
}

function isoDate(year: number, month: number, day: number): string | undefined {
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return undefined;
  return date.toISOString().slice(0, 10);
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A PDF date (`D:20250301120000+01'00'`) as an ISO date, when it is one. */
export function pdfDate(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?/.exec(value.trim());
  if (!match) return undefined;
  return isoDate(Number(match[1]), Number(match[2] ?? 1), Number(match[3] ?? 1));
}

/** An ISO 8601 timestamp (DOCX core properties, HTML meta) as an ISO date, when it is one. */
export function isoTimestampDate(value: string | undefined): string | undefined {
  const match = /^\s*(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return match ? isoDate(Number(match[1]), Number(match[2]), Number(match[3])) : undefined;
}
