/**
 * Evidence as the checker reads it: a passage's title, heading and text, and its sentence-like
 * units with list items joined to their lead-in ("The warranty does not cover: broken glass")
 * and table rows to their header, so that a unit carries the polarity and labels of what
 * introduces it.
 */
import { plainUnitText, splitUnits } from '../text/sentences.js';
import type { Passage } from '../types.js';

/**
 * The text a claim citing `passage` may rest on: title and heading lines, then the text. A lead
 * (`RetrievedPassage.lead`, the sentence the passage's opening points back to) is joined to that
 * opening as one sentence ("… the works of Shakespeare concatenated into one file; This is roughly
 * 1 million characters"), so that a value in the opening is read as said of what "this" is.
 */
export function passageEvidence(passage: Pick<Passage, 'title' | 'heading' | 'text'>, lead?: string): string {
  const text = lead ? `${lead.trim().replace(/[.!?]+$/, '')}; ${passage.text.trimStart()}` : passage.text;
  return [passage.title, passage.heading, text].filter(Boolean).join('\n\n');
}

/**
 * Readable units of `text`; a list item is prefixed with the lead-in sentence ending in `:`
 * before it, a table row with the table's header row.
 */
export function evidenceSentences(text: string): string[] {
  const sentences: string[] = [];
  let leadIn = '';
  let header: string | undefined;
  for (const unit of splitUnits(text)) {
    if (unit.kind === 'table-rule') continue;
    const plain = plainUnitText(unit);
    if (unit.kind === 'table-row') {
      if (header === undefined) header = plain;
      else sentences.push(`${header} ${plain}`);
      continue;
    }
    header = undefined;
    if (unit.kind === 'list-item') {
      sentences.push(leadIn ? `${leadIn} ${plain}` : plain);
      continue;
    }
    leadIn = /:\s*$/.test(plain) ? plain : '';
    sentences.push(...unmarkedItems(unit.text).map((item) => plainUnitText({ ...unit, text: item })));
  }
  return sentences;
}

/**
 * The items of a list written without markers, one per line, each ending in ";" ("Up to €15m …
 * for other obligations;" / "Up to €7.5m … for misleading information;"): each is a unit of its
 * own, as a marked item is, so a value is read with its own line's words. A line ending in ";"
 * before one continuing the sentence (lower case) is a wrapped line, not an item.
 */
function unmarkedItems(text: string): string[] {
  return text.split(/(?<=;)[ \t]*\r?\n\s*(?=[\p{Lu}\p{N}\p{Sc}])/u).filter((item) => item.trim() !== '');
}

/** True for a sentence that asks ("… is it useful?"), closing quotes or brackets after its mark allowed. */
export function isQuestion(sentence: string): boolean {
  return /\?["”’)\]]*\s*$/.test(sentence);
}
