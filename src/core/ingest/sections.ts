/**
 * Section ids from headings (docs/formats.md §1): a numbered heading (`4. Exclusions`, `§4
 * Exclusions`, `4 Exclusions`) has id `4`; any other heading has the slug of its text; text before
 * the first heading is the section `intro`. Ids are made unique inside a document.
 */
import { slugify } from '../text/slug.js';
import type { Section } from '../types.js';

/** A heading found by a parser: where its line starts, its level and its text. */
export interface HeadingMark {
  start: number;
  level: number;
  text: string;
  page?: number;
}

const NUMBERED = /^(?:§\s*)?(\d+(?:\.\d+)*)\.?(?:\s+|$)/;

/** The section id a heading text gets. */
export function sectionIdOf(heading: string): string {
  const numbered = NUMBERED.exec(heading.trim());
  if (numbered?.[1]) return numbered[1];
  return slugify(heading) || 'section';
}

/** Builds the sections of a text of `length` characters from its headings (in order). */
export function buildSections(headings: HeadingMark[], length: number): Section[] {
  const sections: Section[] = [];
  const used = new Set<string>();
  const unique = (id: string) => {
    let candidate = id;
    for (let n = 2; used.has(candidate); n++) candidate = `${id}-${n}`;
    used.add(candidate);
    return candidate;
  };
  const firstStart = headings[0]?.start ?? length;
  if (firstStart > 0) {
    sections.push({ id: unique('intro'), heading: '', level: 0, start: 0, end: firstStart });
  }
  headings.forEach((heading, index) => {
    const end = headings[index + 1]?.start ?? length;
    const section: Section = {
      id: unique(sectionIdOf(heading.text)),
      heading: heading.text.trim(),
      level: heading.level,
      start: heading.start,
      end,
    };
    if (heading.page !== undefined) section.page = heading.page;
    sections.push(section);
  });
  return sections;
}
