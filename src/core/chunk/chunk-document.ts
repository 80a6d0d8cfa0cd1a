/**
 * Splits a document into passages by section (docs/formats.md §1). A section that fits the budget
 * is one passage; a longer one is split between sentence-like units — never inside a sentence, list
 * item or table row, never between a table's rows when the table fits, never between a lead-in
 * ("Exclusions:") and what follows it, and never between a sentence and the one after it in its
 * paragraph that says how to do it ("To do this, use the --new-file (-N) option.", with an aside in
 * brackets between them) — into parts `4`, `4.2`, `4.3`…
 */
import { shortHash } from '../text/hash.js';
import { ASIDE, HOW_FOR_THE_ABOVE, splitUnits, type TextUnit } from '../text/sentences.js';
import type { Passage, Section, SourceDocument } from '../types.js';

/** Bump when chunking changes the passages it makes; part of the index buster. */
export const CHUNKER_VERSION = 2;

/** Chunking settings. */
export interface ChunkOptions {
  /** Largest passage in characters (about 200–250 word pieces at the default). */
  maxChars: number;
}

/** The default budget: fits the 256–512 token windows of small embedding models. */
export const DEFAULT_CHUNK_OPTIONS: ChunkOptions = { maxChars: 1000 };

/** A run of units that must stay in one passage when it fits. */
interface Block {
  start: number;
  end: number;
  units: TextUnit[];
}

/** The passages of a document, in document order. */
export function chunkDocument(document: SourceDocument, options: ChunkOptions = DEFAULT_CHUNK_OPTIONS): Passage[] {
  const passages: Passage[] = [];
  const usedIds = new Set(document.sections.map((section) => section.id));
  for (const section of document.sections) {
    const ranges = pageSlices(section, document.pageStarts).flatMap((slice) =>
      sectionRanges(document.text, slice, options.maxChars),
    );
    ranges.forEach((range, index) => {
      const part = index + 1;
      let passageId = part === 1 ? section.id : `${section.id}.${part}`;
      if (part > 1 && usedIds.has(passageId)) passageId = `${section.id}.p${part}`;
      passages.push(makePassage(document, section, part, passageId, range));
    });
  }
  return passages;
}

/**
 * A section cut at page starts, for paged documents, so that no passage spans two pages and
 * each has the page it is on. Documents without `pageStarts` chunk as before (so
 * `CHUNKER_VERSION` is unchanged: no stored passage of theirs changes).
 */
function pageSlices(section: Section, pageStarts: readonly number[] | undefined): { start: number; end: number }[] {
  if (!pageStarts) return [section];
  const cuts = pageStarts.filter((start) => start > section.start && start < section.end);
  return [section.start, ...cuts].map((start, index) => ({ start, end: cuts[index] ?? section.end }));
}

/** The 1-based page of `offset`: the last page starting at or before it. */
function pageOf(pageStarts: readonly number[], offset: number): number {
  let low = 0;
  let high = pageStarts.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((pageStarts[middle] ?? 0) <= offset) low = middle + 1;
    else high = middle;
  }
  return Math.max(1, low);
}

function makePassage(
  document: SourceDocument,
  section: Section,
  part: number,
  passageId: string,
  range: { start: number; end: number },
): Passage {
  const text = document.text.slice(range.start, range.end);
  const passage: Passage = {
    cite: `${document.id}#${passageId}`,
    docId: document.id,
    sectionId: section.id,
    part,
    heading: section.heading,
    title: document.title,
    revision: document.revision,
    date: document.date,
    access: document.access,
    text,
    start: range.start,
    end: range.end,
    hash: shortHash(text),
  };
  if (document.pageStarts) passage.page = pageOf(document.pageStarts, range.start);
  else if (section.page !== undefined) passage.page = section.page;
  return passage;
}

/** Offsets of the passages of one section; none when the section has no text under its heading. */
function sectionRanges(
  text: string,
  section: { start: number; end: number },
  maxChars: number,
): { start: number; end: number }[] {
  const units = splitUnits(text.slice(section.start, section.end), section.start);
  if (!units.some((unit) => unit.kind !== 'heading')) return [];
  const first = units[0];
  const last = units[units.length - 1];
  if (!first || !last) return [];
  if (last.end - first.start <= maxChars) return [{ start: first.start, end: last.end }];
  return packBlocks(toBlocks(units, text), maxChars);
}

/**
 * Groups units that belong together: a table's rows, a heading or lead-in with what follows, a
 * sentence with the one after it in its paragraph that says how to do it (and an aside in
 * brackets between them).
 */
function toBlocks(units: TextUnit[], text: string): Block[] {
  const blocks: Block[] = [];
  units.forEach((unit, index) => {
    const current = blocks[blocks.length - 1];
    if (current && index > 0 && belongsWith(units, index, text)) {
      current.units.push(unit);
      current.end = unit.end;
    } else blocks.push({ start: unit.start, end: unit.end, units: [unit] });
  });
  return blocks;
}

const isTableUnit = (unit: TextUnit) => unit.kind === 'table-row' || unit.kind === 'table-rule';

/** Whether `units[index]` stays in one block with the unit before it. */
function belongsWith(units: TextUnit[], index: number, text: string): boolean {
  const [previous, unit] = [units[index - 1], units[index]];
  if (!previous || !unit) return false;
  if (previous.kind === 'heading' || /:\s*$/.test(previous.text)) return true;
  if (isTableUnit(previous) && isTableUnit(unit)) return true;
  // In one paragraph, prose: a "to do this," sentence, or an aside right before one.
  const follows = (before: TextUnit | undefined, after: TextUnit | undefined) =>
    before?.kind === 'sentence' && after?.kind === 'sentence' && !/\n\s*\n/.test(text.slice(before.end, after.start));
  if (!follows(previous, unit)) return false;
  if (HOW_FOR_THE_ABOVE.test(unit.text)) return true;
  const next = units[index + 1];
  return ASIDE.test(unit.text) && follows(unit, next) && HOW_FOR_THE_ABOVE.test(next?.text ?? '');
}

/**
 * Packs blocks greedily into ranges of at most `maxChars`; an oversized block is split between its
 * units, and an oversized unit between its words.
 */
function packBlocks(blocks: Block[], maxChars: number): { start: number; end: number }[] {
  const ranges: { start: number; end: number }[] = [];
  let current: { start: number; end: number } | undefined;
  const pieces = blocks.flatMap((block) =>
    block.end - block.start <= maxChars ? [block] : block.units.flatMap((unit) => unitPieces(unit, maxChars)),
  );
  for (const piece of pieces) {
    if (current && piece.end - current.start <= maxChars) current.end = piece.end;
    else {
      if (current) ranges.push(current);
      current = { start: piece.start, end: piece.end };
    }
  }
  if (current) ranges.push(current);
  return ranges;
}

/**
 * A unit as pieces of at most `maxChars`: itself when it fits; else (a "sentence" with no sentence
 * end, a run-on list or a line of tokens) cut at the last whitespace before the budget, or at the
 * budget where a piece has no whitespace at all. Whitespace between pieces belongs to neither.
 */
function unitPieces(unit: TextUnit, maxChars: number): { start: number; end: number }[] {
  if (unit.end - unit.start <= maxChars) return [{ start: unit.start, end: unit.end }];
  const pieces: { start: number; end: number }[] = [];
  const text = unit.text;
  let from = 0;
  while (from < text.length) {
    while (from < text.length && /\s/.test(text[from] ?? '')) from += 1;
    if (from >= text.length) break;
    let to = Math.min(text.length, from + maxChars);
    if (to < text.length) {
      let cut = to;
      while (cut > from && !/\s/.test(text[cut] ?? '')) cut -= 1;
      if (cut > from) to = cut;
    }
    let end = to;
    while (end > from && /\s/.test(text[end - 1] ?? '')) end -= 1;
    pieces.push({ start: unit.start + from, end: unit.start + end });
    from = to;
  }
  return pieces;
}
