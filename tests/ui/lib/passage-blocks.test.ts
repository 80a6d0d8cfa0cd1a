import { describe, expect, it } from 'vitest';
import { passageBlocks, type TextPiece } from '../../../src/ui/lib/passage-blocks.js';

const TEXT = [
  '## 1. Dishwasher accessories',
  '',
  'Parts for the DW-480, with prices.',
  '',
  '| Accessory | Part number | Price |',
  '| --- | --- | --- |',
  '| Cutlery tray insert | DW-ACC-0101 | EUR 24.90 |',
  '| Filter cleaning brush | DW-ACC-0112 | EUR 7.50 |',
  '',
  '- Rinse the filter.',
  '2. Refit it.',
].join('\n');

/** Every piece's text is the passage's own text at its offsets. */
function expectInPlace(piece: TextPiece) {
  expect(TEXT.slice(piece.start, piece.end)).toBe(piece.text);
}

describe('passageBlocks', () => {
  it('lays out headings, paragraphs, tables and list items without their markup, keeping offsets', () => {
    const blocks = passageBlocks(TEXT);
    expect(blocks.map((block) => block.kind)).toEqual(['heading', 'paragraph', 'table', 'item', 'item']);
    const [heading, paragraph, table, first, second] = blocks;
    expect(heading).toMatchObject({ kind: 'heading', level: 2, piece: { text: '1. Dishwasher accessories' } });
    expect(paragraph).toMatchObject({ piece: { text: 'Parts for the DW-480, with prices.' } });
    if (table?.kind !== 'table') throw new Error('no table');
    expect(table.header?.map((cell) => cell.text)).toEqual(['Accessory', 'Part number', 'Price']);
    expect(table.rows.map((row) => row.map((cell) => cell.text))).toEqual([
      ['Cutlery tray insert', 'DW-ACC-0101', 'EUR 24.90'],
      ['Filter cleaning brush', 'DW-ACC-0112', 'EUR 7.50'],
    ]);
    expect(first).toMatchObject({ marker: '•', piece: { text: 'Rinse the filter.' } });
    expect(second).toMatchObject({ marker: '2.', piece: { text: 'Refit it.' } });
    for (const block of blocks) {
      if (block.kind === 'table') [...(block.header ?? []), ...block.rows.flat()].forEach(expectInPlace);
      else expectInPlace(block.piece);
    }
  });

  it('keeps plain text as it is: lines of one paragraph stay together, a lone pipe is text', () => {
    const text = 'Clean the filter every 2 weeks.\nRinse it | then refit it.';
    expect(passageBlocks(text)).toEqual([{ kind: 'paragraph', piece: { text, start: 0, end: text.length } }]);
  });
});
