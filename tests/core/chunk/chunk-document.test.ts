import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../../../src/core/chunk/chunk-document.js';
import { markdown, parseFile } from '../../helpers/documents.js';

const sentence = fc
  .tuple(
    fc.constantFrom('Clean', 'Check', 'Replace', 'The filter', 'The DW-480', 'Water'),
    fc.array(
      fc.constantFrom('the', 'pump', 'every', '4', 'weeks', '2.5', 'mm', 'e.g.', 'seal', 'No.', '1,200', 'rpm'),
      { minLength: 1, maxLength: 14 },
    ),
  )
  .map(([head, words]) => `${head} ${words.join(' ')}.`);
const paragraph = fc.array(sentence, { minLength: 1, maxLength: 8 }).map((sentences) => sentences.join(' '));
const table = fc
  .array(fc.tuple(fc.constantFrom('Filter', 'Seal', 'Pump'), fc.constantFrom('DW-FLT-0481', 'DW-SEAL-02', '12.50')), {
    minLength: 1,
    maxLength: 6,
  })
  .map((rows) => ['| Part | Value |', '| --- | --- |', ...rows.map(([a, b]) => `| ${a} | ${b} |`)].join('\n'));
const list = fc
  .array(sentence, { minLength: 1, maxLength: 5 })
  .map((items) => `It does not cover:\n\n${items.map((item) => `- ${item}`).join('\n')}`);
const section = fc
  .tuple(fc.nat(20), fc.array(fc.oneof(paragraph, table, list), { minLength: 1, maxLength: 6 }))
  .map(([number, blocks]) => `## ${number}. Section\n\n${blocks.join('\n\n')}\n`);
const body = fc.array(section, { minLength: 1, maxLength: 5 }).map((sections) => `# Manual\n\n${sections.join('\n')}`);

describe('chunkDocument', () => {
  it('cuts passages that slice back to their offsets, cover the text and respect the budget', async () => {
    await fc.assert(
      fc.asyncProperty(body, fc.integer({ min: 200, max: 900 }), async (text, maxChars) => {
        const document = await parseFile('m.md', markdown({ id: 'm' }, text));
        const passages = chunkDocument(document, { maxChars });
        const covered = new Uint8Array(document.text.length);
        for (const passage of passages) {
          expect(document.text.slice(passage.start, passage.end)).toBe(passage.text);
          covered.fill(1, passage.start, passage.end);
          const single = !/\n/.test(passage.text.trim()) && !/[.!?]\s+[A-Z]/.test(passage.text);
          if (!single) expect(passage.text.length <= maxChars || !/\n\n/.test(passage.text)).toBe(true);
        }
        for (const section of document.sections) {
          const textOf = document.text.slice(section.start, section.end);
          if (!/\n\s*\S/.test(textOf.replace(/^#.*$/m, ''))) continue;
          for (let offset = section.start; offset < section.end; offset++) {
            if (/\S/.test(document.text[offset]!)) expect(covered[offset], `offset ${offset} uncovered`).toBe(1);
          }
        }
        expect(new Set(passages.map((passage) => passage.cite)).size).toBe(passages.length);
      }),
      { numRuns: 60 },
    );
  });

  it('cuts a unit longer than the budget (no sentence end, no spaces) between words, else at the budget', async () => {
    for (const run of ['word '.repeat(5_000), 'one, two; three '.repeat(400), 'x'.repeat(2_500)]) {
      const document = await parseFile('m.md', markdown({ id: 'm' }, `# Manual\n\n## 1. Run\n\n${run}\n`));
      const passages = chunkDocument(document, { maxChars: 300 });
      expect(passages.length).toBeGreaterThan(1);
      for (const passage of passages) {
        expect(passage.text.length).toBeLessThanOrEqual(300);
        expect(document.text.slice(passage.start, passage.end)).toBe(passage.text);
        expect(passage.text).toBe(passage.text.trim());
      }
      const joined = passages.map((passage) => passage.text).join(' ');
      expect(joined.replace(/\s+/g, '')).toBe(`##1.Run${run.replace(/\s+/g, '')}`);
    }
  });

  it('names passages doc#section, split parts #4.2, #4.3, and keeps ids stable for unchanged text', async () => {
    const long = Array.from({ length: 30 }, (_, index) => `Step ${index + 1} keeps the pump clean for 4 weeks.`).join(
      ' ',
    );
    const text = `## 4. Care\n\n${long}\n\n## 5. Parts\n\nFilter DW-FLT-0481.\n`;
    const first = chunkDocument(await parseFile('m.md', markdown({ id: 'dw' }, text)), { maxChars: 400 });
    expect(first.map((passage) => passage.cite)).toEqual(['dw#4', 'dw#4.2', 'dw#4.3', 'dw#4.4', 'dw#5']);
    expect(first.every((passage) => passage.sectionId === passage.cite.split('#')[1]!.split('.')[0])).toBe(true);
    const again = chunkDocument(await parseFile('m.md', markdown({ id: 'dw' }, text.replace('Filter', 'Filter:'))), {
      maxChars: 400,
    });
    expect(again.slice(0, 4).map((passage) => passage.hash)).toEqual(first.slice(0, 4).map((passage) => passage.hash));
    expect(again[4]!.hash).not.toBe(first[4]!.hash);
  });

  it('never splits a sentence holding a number, a table that fits, or a lead-in from its list', async () => {
    const rows = Array.from({ length: 8 }, (_, index) => `| Part ${index} | DW-P-${index}00 |`).join('\n');
    const filler = 'The appliance is built for households and tested for reliability in many homes. '.repeat(5);
    const text = `## 3. Exclusions\n\n${filler}\n\nThe warranty does not cover:\n\n- broken glass;\n- filters.\n\n| Part | Number |\n| --- | --- |\n${rows}\n`;
    const passages = chunkDocument(await parseFile('m.md', markdown({ id: 'dw' }, text)), { maxChars: 450 });
    const withLead = passages.find((passage) => passage.text.includes('does not cover:'));
    expect(withLead?.text).toContain('- filters.');
    const withTable = passages.find((passage) => passage.text.includes('| Part | Number |'));
    expect(withTable?.text).toContain('| Part 7 | DW-P-700 |');
  });

  it('never splits a sentence from the one after it that says how to do it, an aside between them', async () => {
    // GNU diffutils' manual, whose "To do this" sentence had opened the next passage, apart from what it does.
    const filler = 'Normally diff reports subdirectories common to both directories without comparing them. '.repeat(4);
    const text =
      `## 4. Comparing directories\n\n${filler}You can make diff act as though the missing file is empty. ` +
      '(It is output as either an insertion or a deletion.) To do this, use the --new-file (-N) option. ' +
      'This option affects command-line arguments as well.\n';
    const passages = chunkDocument(await parseFile('diff.md', markdown({ id: 'diff' }, text)), { maxChars: 450 });
    const fact = passages.find((passage) => passage.text.includes('act as though the missing file is empty'));
    expect(fact?.text).toContain('(It is output as either an insertion or a deletion.) To do this, use the --new-file');
    expect(passages.length).toBeGreaterThan(1);
  });
});
