/**
 * Evidence units: the sentences, list items and table rows of the given passages, each with its
 * terms and quantities, ready to be scored against a question part. The extractive generator
 * answers with whole units, quoted, so that every claim it makes is a sentence of a document.
 */
import { extractQuantities, type Quantity } from '../text/quantities.js';
import { plainUnitText, splitUnits } from '../text/sentences.js';
import { contentTerms } from '../text/terms.js';
import type { QuestionPart, RetrievedPassage } from '../types.js';
import { asksForPhoneNumber, holdsPhoneNumber } from '../question/phone-number.js';
import { valueAnswers } from '../verify/expected-values.js';

/** One quotable unit of a given passage. */
export interface EvidenceUnit {
  item: RetrievedPassage;
  /** Position of the passage in the prompt (0 = first). */
  passageIndex: number;
  /** Readable text (Markdown markers removed, table cells joined). */
  text: string;
  terms: Set<string>;
  quantities: Quantity[];
  /** Offsets in the document text. */
  start: number;
  end: number;
  /** A sentence ending in ":" that introduces what follows; quoted with a list item, never alone. */
  isLeadIn: boolean;
  isListItem: boolean;
  isTableRow: boolean;
  /** A title left as a line of prose (`isTitleLine`): ranked below the sentences it heads. */
  isTitle: boolean;
}

/** Units of the passages; headings and table rules are context, not evidence. `skip` drops spans (injected text). */
export function evidenceUnits(
  passages: RetrievedPassage[],
  skip: (item: RetrievedPassage, start: number, end: number) => boolean = () => false,
): EvidenceUnit[] {
  const units: EvidenceUnit[] = [];
  passages.forEach((item, passageIndex) => {
    let header: string[] | undefined;
    for (const unit of splitUnits(item.passage.text, item.passage.start)) {
      if (unit.kind === 'heading') continue;
      if (unit.kind === 'table-rule') {
        header = tableCells(item.passage.text.slice(0, unit.start - item.passage.start));
        const previous = units.at(-1);
        if (header && previous?.item === item && previous.end <= unit.start && previous.isTableRow) units.pop();
        continue;
      }
      if (unit.kind !== 'table-row') header = undefined;
      if (skip(item, unit.start - item.passage.start, unit.end - item.passage.start)) continue;
      const text = header ? labelledRow(unit.text, header) : plainUnitText(unit);
      // A page number or a rule left by a PDF ("135 -") says nothing.
      if (text.length < 3 || !/\p{L}{2}/u.test(text)) continue;
      units.push({
        item,
        passageIndex,
        text,
        terms: new Set(contentTerms(text)),
        quantities: extractQuantities(text),
        start: unit.start,
        end: unit.end,
        isLeadIn: /:\s*$/.test(text),
        isListItem: unit.kind === 'list-item',
        isTableRow: unit.kind === 'table-row',
        isTitle: isTitleLine({ text, isListItem: unit.kind === 'list-item', isTableRow: unit.kind === 'table-row' }),
      });
    }
  });
  return units;
}

/** Cells of the last table row in `text` (the header, read when its rule line follows). */
function tableCells(text: string): string[] | undefined {
  const line = text.trimEnd().split('\n').pop() ?? '';
  return line.trim().startsWith('|') ? splitCells(line) : undefined;
}

function splitCells(row: string): string[] {
  return row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim().replace(/\*\*|__|`/g, ''));
}

/** A table row read with its header: "Part: Filter assembly; Part number: DW-FLT-0481". */
function labelledRow(row: string, header: string[]): string {
  return splitCells(row)
    .map((cell, index) => (header[index] ? `${header[index]}: ${cell}` : cell))
    .filter((cell) => !/:\s*$/.test(cell))
    .join('; ');
}

/**
 * True when the unit holds a value of the kind the part asks for (any unit does for text and
 * yes-no). A part that asks for a number to call wants the number itself: a sentence that says
 * where the call centre's number can be found does not give it.
 */
export function unitAnswersType(unit: EvidenceUnit, part: QuestionPart): boolean {
  if (asksForPhoneNumber(part.text) && !holdsPhoneNumber(unit.text)) return false;
  return valueAnswers(part, unit.quantities);
}

/**
 * True for a prose unit that is a title, not a statement: a line of at most a dozen words with no
 * closing punctuation, most of them capitalised ("How to Maximize Your Impact as a Data
 * Scientist"), as scraped pages and PDFs leave their headings. It says what the sentences after
 * it are about, so it ranks below them (`rank-units.ts`, `TITLE_PENALTY`).
 */
export function isTitleLine(unit: Pick<EvidenceUnit, 'text' | 'isListItem' | 'isTableRow'>): boolean {
  if (unit.isListItem || unit.isTableRow) return false;
  const text = unit.text.trim();
  if (/[.!?;:,)\]"”’]$/.test(text)) return false;
  const words = text.split(/\s+/).filter((word) => /\p{L}/u.test(word));
  if (words.length === 0 || words.length > 12) return false;
  const capitalised = words.filter((word) => /^[\p{Lu}\d]/u.test(word)).length;
  return capitalised / words.length >= 0.6;
}
