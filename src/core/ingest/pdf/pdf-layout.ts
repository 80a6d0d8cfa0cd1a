/**
 * Text items of a page to lines in reading order: items sorted top to bottom (PDF y grows
 * upwards) then left to right, grouped into lines by baseline, joined with a space where there
 * is a visible gap. Multi-column layouts are read line by line across the columns.
 */
import type { PdfTextItem } from './pdf-source.js';

/** A line of a page. */
export interface PdfLine {
  text: string;
  /** Largest font height of the line's text, in page units. */
  size: number;
  /** Baseline height on the page (grows upwards). */
  y: number;
}

interface Run {
  text: string;
  x: number;
  y: number;
  width: number;
  size: number;
}

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

function toRun(item: unknown): Run[] {
  const candidate = item as Partial<PdfTextItem> | null;
  if (typeof candidate?.str !== 'string' || !Array.isArray(candidate.transform)) return [];
  const text = candidate.str.replace(CONTROL, '').replace(/\s+/g, ' ');
  if (text.trim() === '') return [];
  const [, , c = 0, d = 0, x = 0, y = 0] = candidate.transform;
  const size = Math.hypot(c, d) || Math.abs(candidate.height ?? 0);
  const width = Math.abs(candidate.width ?? 0);
  if (![x, y, size, width].every(Number.isFinite)) return [];
  return [{ text, x, y, width, size }];
}

/** The lines of a page, top to bottom. */
export function layoutLines(items: readonly unknown[]): PdfLine[] {
  const runs = items.flatMap(toRun).sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: Run[][] = [];
  for (const run of runs) {
    const line = lines[lines.length - 1];
    const first = line?.[0];
    if (line && first && Math.abs(first.y - run.y) <= 0.5 * Math.min(first.size, run.size)) line.push(run);
    else lines.push([run]);
  }
  return lines.map((line) => joinLine(line.sort((a, b) => a.x - b.x))).filter((line) => line.text !== '');
}

function joinLine(runs: Run[]): PdfLine {
  let text = '';
  let end = -Infinity;
  let size = 0;
  for (const run of runs) {
    const gap = run.x - end;
    if (text !== '' && !text.endsWith(' ') && !run.text.startsWith(' ') && gap > run.size * 0.15) text += ' ';
    text += run.text;
    end = Math.max(end, run.x + run.width);
    size = Math.max(size, run.size);
  }
  return { text: text.replace(/ {2,}/g, ' ').trim(), size, y: runs[0]?.y ?? 0 };
}

/** Characters of a page that are not white space. */
export function visibleCharacters(lines: readonly PdfLine[]): number {
  return lines.reduce((total, line) => total + line.text.replace(/\s/g, '').length, 0);
}
