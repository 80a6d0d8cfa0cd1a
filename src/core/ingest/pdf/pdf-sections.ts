/**
 * Sections of a PDF (docs/formats.md §1): headings give sections as in the other formats (`4` for a
 * numbered heading, a slug otherwise), each with the page it starts on; text before the first
 * heading is one section per page, `p1`, `p2`…, instead of `intro`.
 */
import type { Section } from '../../types.js';
import { buildSections, type HeadingMark } from '../sections.js';

/** Builds the sections of a PDF's text. */
export function pdfSections(headings: HeadingMark[], pageStarts: readonly number[], text: string): Section[] {
  const sections = buildSections(headings, text.length);
  const intro = sections[0];
  if (!intro || intro.id !== 'intro' || intro.level !== 0 || intro.heading !== '') return sections;
  const used = new Set(sections.slice(1).map((section) => section.id));
  const pageSections: Section[] = [];
  pageStarts.forEach((pageStart, index) => {
    const start = index === 0 ? 0 : pageStart;
    const end = Math.min(pageStarts[index + 1] ?? text.length, intro.end);
    if (start >= intro.end || text.slice(start, end).trim() === '') return;
    let id = `p${index + 1}`;
    for (let n = 2; used.has(id); n++) id = `p${index + 1}-${n}`;
    used.add(id);
    pageSections.push({ id, heading: '', level: 0, start, end, page: index + 1 });
  });
  const last = pageSections[pageSections.length - 1];
  if (last) last.end = intro.end;
  return [...pageSections, ...sections.slice(1)];
}
