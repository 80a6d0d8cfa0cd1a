/**
 * A passage's text laid out for reading: Markdown headings, list items, tables and paragraphs,
 * as plain text pieces (never HTML) that keep their offsets in the passage, so that the sentence
 * the checker judged on can still be highlighted where it is. The markup characters (`## `,
 * `- `, table pipes and the `|---|` row) are left out of the pieces; nothing else is changed.
 */

/** A run of the passage's text, `start`–`end` in the passage. */
export interface TextPiece {
  text: string;
  start: number;
  end: number;
}

/** One block of a laid-out passage. */
export type PassageBlock =
  | { kind: 'heading'; level: number; piece: TextPiece }
  | { kind: 'item'; marker: string; piece: TextPiece }
  | { kind: 'table'; header: TextPiece[] | undefined; rows: TextPiece[][] }
  | { kind: 'paragraph'; piece: TextPiece };

const HEADING = /^(#{1,6})[ \t]+(.*?)[ \t#]*$/;
const ITEM = /^([ \t]*)([-*+]|\d{1,3}[.)])[ \t]+(.*)$/;
const TABLE_ROW = /^[ \t]*\|.*\|[ \t]*$/;
const TABLE_RULE = /^[ \t]*\|?[ \t]*:?-{2,}:?[ \t]*(\|[ \t]*:?-{2,}:?[ \t]*)*\|?[ \t]*$/;

interface Line {
  text: string;
  start: number;
}

function lines(text: string): Line[] {
  const result: Line[] = [];
  let start = 0;
  for (const line of text.split('\n')) {
    result.push({ text: line, start });
    start += line.length + 1;
  }
  return result;
}

function piece(line: Line, from: number, to: number): TextPiece {
  return { text: line.text.slice(from, to), start: line.start + from, end: line.start + to };
}

/** The cells of a `| a | b |` row, each trimmed, with their offsets. */
function cells(line: Line): TextPiece[] {
  const result: TextPiece[] = [];
  const first = line.text.indexOf('|');
  const last = line.text.lastIndexOf('|');
  let from = first + 1;
  for (let at = from; at <= last; at++) {
    if (at === last || (line.text[at] === '|' && line.text[at - 1] !== '\\')) {
      let start = from;
      let end = at;
      while (start < end && /\s/.test(line.text[start]!)) start++;
      while (end > start && /\s/.test(line.text[end - 1]!)) end--;
      result.push(piece(line, start, end));
      from = at + 1;
    }
  }
  return result;
}

/** Lays out a passage's text; see the module comment. */
export function passageBlocks(text: string): PassageBlock[] {
  const all = lines(text);
  const blocks: PassageBlock[] = [];
  let paragraph: Line[] = [];
  const flush = () => {
    if (paragraph.length === 0) return;
    const first = paragraph[0]!;
    const last = paragraph[paragraph.length - 1]!;
    blocks.push({
      kind: 'paragraph',
      piece: {
        text: text.slice(first.start, last.start + last.text.length),
        start: first.start,
        end: last.start + last.text.length,
      },
    });
    paragraph = [];
  };
  for (let index = 0; index < all.length; index++) {
    const line = all[index]!;
    if (line.text.trim() === '') {
      flush();
      continue;
    }
    const heading = HEADING.exec(line.text);
    if (heading) {
      flush();
      const from = line.text.indexOf(heading[2]!, heading[1]!.length);
      blocks.push({ kind: 'heading', level: heading[1]!.length, piece: piece(line, from, from + heading[2]!.length) });
      continue;
    }
    if (TABLE_ROW.test(line.text)) {
      flush();
      const rows: Line[] = [];
      while (index < all.length && TABLE_ROW.test(all[index]!.text)) rows.push(all[index++]!);
      index--;
      const ruled = rows.length > 1 && TABLE_RULE.test(rows[1]!.text);
      const body = rows.filter((row, at) => !(ruled && at === 1) && !TABLE_RULE.test(row.text));
      blocks.push({
        kind: 'table',
        header: ruled ? cells(rows[0]!) : undefined,
        rows: (ruled ? body.slice(1) : body).map(cells),
      });
      continue;
    }
    const item = ITEM.exec(line.text);
    if (item) {
      flush();
      const from = line.text.length - item[3]!.length;
      blocks.push({
        kind: 'item',
        marker: /\d/.test(item[2]!) ? item[2]! : '•',
        piece: piece(line, from, line.text.length),
      });
      continue;
    }
    paragraph.push(line);
  }
  flush();
  return blocks;
}
