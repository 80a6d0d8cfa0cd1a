/**
 * The PDF parser over a fake pdf.js: reading order, headings by font size, page sections and
 * page numbers on passages, and the bad-input cases whose path does not depend on the real
 * pdf.js (IN-02 destroy, IN-03 password codes, IN-04 pages without text, IN-05 broken pages).
 */
import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../../../src/core/chunk/chunk-document.js';
import { parseDocument } from '../../../src/core/ingest/parse-document.js';
import { createPdfParser } from '../../../src/core/ingest/pdf/parse-pdf.js';
import { parseSafely } from '../../../src/core/ingest/parse-safely.js';
import { bodyLines, fakePdfJs, item, type FakePage } from './fake-pdfjs.js';

const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31]);

function parse(
  pages: FakePage[],
  options: {
    password?: string;
    pageTimeoutMs?: number;
    openError?: unknown;
    title?: string;
    info?: Record<string, unknown>;
  } = {},
) {
  const pdfjs = fakePdfJs(pages, options);
  const parser = createPdfParser({
    loadPdfJs: () => Promise.resolve(pdfjs),
    pageTimeoutMs: options.pageTimeoutMs ?? 1000,
  });
  const input = { name: 'manual.pdf', bytes, ...(options.password ? { password: options.password } : {}) };
  return { pdfjs, result: parseDocument(input, [parser]) };
}

describe('PDF parser (fake pdf.js)', () => {
  it('dates the document by its /ModDate, else /CreationDate, unless its text states a date', async () => {
    const pages = [bodyLines(['Boiler notes.', 'The valve is red.'])];
    const modified = await parse(pages, { info: { ModDate: "D:20250301120000+01'00'", CreationDate: 'D:20240101' } })
      .result;
    expect(modified.date).toBe('2025-03-01');
    expect((await parse(pages, { info: { CreationDate: 'D:20240115093000Z' } }).result).date).toBe('2024-01-15');
    const stated = [bodyLines(['Boiler notes', 'Issued: 2 June 2025', 'The valve is red.'])];
    expect((await parse(stated, { info: { ModDate: 'D:20250301' } }).result).date).toBe('2025-06-02');
  });

  it('reads lines top to bottom and left to right, with spaces only at gaps', async () => {
    const page = [
      item('second line', 56, 686),
      item('Wor', 56, 700, 11, 16.5),
      item('ld', 72.5, 700, 11, 11),
      item('right', 150, 700),
    ];
    const { result } = parse([page]);
    expect((await result).text).toBe('World right\nsecond line\n');
  });

  it('finds headings by font size, numbers sections, and starts paragraphs at vertical gaps', async () => {
    const page1 = [
      item('Kettle Manual', 56, 780, 24),
      item('1. Safety', 56, 740, 16),
      ...bodyLines(['Unplug first.', 'Keep dry.'], 710),
      ...bodyLines(['New paragraph.'], 650),
    ];
    const page2 = [item('2. Filling', 56, 780, 16), ...bodyLines(['Cold water only.'], 750)];
    const document = await parse([page1, page2]).result;
    expect(document.text).toBe(
      '# Kettle Manual\n\n## 1. Safety\n\nUnplug first.\nKeep dry.\n\nNew paragraph.\n\n## 2. Filling\n\nCold water only.\n',
    );
    expect(document.sections.map(({ id, level, page }) => ({ id, level, page }))).toEqual([
      { id: 'kettle-manual', level: 1, page: 1 },
      { id: '1', level: 2, page: 1 },
      { id: '2', level: 2, page: 2 },
    ]);
    expect(document).toMatchObject({ format: 'pdf', pageCount: 2, title: 'Kettle Manual' });
  });

  it('prefers the PDF /Title and gives text before the first heading page sections p1, p2', async () => {
    const document = await parse(
      [
        bodyLines(['Page one text.']),
        bodyLines(['Page two text.']),
        [item('3. Later', 56, 780, 16), ...bodyLines(['x y z'])],
      ],
      {
        title: 'Boiler Notes',
      },
    ).result;
    expect(document.title).toBe('Boiler Notes');
    expect(document.date).toBe('1970-01-01');
    expect(document.sections.map(({ id, heading, page }) => ({ id, heading, page }))).toEqual([
      { id: 'p1', heading: '', page: 1 },
      { id: 'p2', heading: '', page: 2 },
      { id: '3', heading: '3. Later', page: 3 },
    ]);
  });

  it('gives every passage the page it is on, splitting sections that run across pages', async () => {
    const document = await parse([
      [item('2. Filling', 56, 780, 16), ...bodyLines(['Fill with cold water.'])],
      bodyLines(['Never above MAX.']),
    ]).result;
    const passages = chunkDocument(document);
    expect(passages.map(({ cite, page, text }) => ({ cite, page, text }))).toEqual([
      { cite: 'manual#2', page: 1, text: '# 2. Filling\n\nFill with cold water.' },
      { cite: 'manual#2.2', page: 2, text: 'Never above MAX.' },
    ]);
  });

  it('takes no line of a table of contents for a heading, so the section keeps its id', async () => {
    const document = await parse([
      [
        item('Contents', 56, 780, 16),
        item('1 Safety . . . . . . . . . . . . 2', 56, 740, 13),
        item('2 Filling. . . . . . . . . . . . 3', 56, 720, 13),
      ],
      [item('1 Safety', 56, 780, 16), ...bodyLines(['Unplug the kettle before you clean or fill it.'], 740)],
      [item('2 Filling', 56, 780, 16), ...bodyLines(['Fill it with cold water only, never above the MAX mark.'], 740)],
    ]).result;
    expect(document.sections.map(({ id, heading, page }) => ({ id, heading, page }))).toEqual([
      { id: 'contents', heading: 'Contents', page: 1 },
      { id: '1', heading: '1 Safety', page: 2 },
      { id: '2', heading: '2 Filling', page: 3 },
    ]);
  });

  it('leaves out pages of contents and index, whose lines point to pages, and keeps a price list with dot leaders', async () => {
    const entries = (names: string[], first: number) =>
      names.map((name, index) => item(`${name} . . . . . . . . . . . . ${first + index}`, 56, 740 - index * 20, 11));
    const chapters = ['1 Safety', '2 Filling', '3 Boiling', '4 Descaling', '5 Prices', '6 Warranty'];
    const document = await parse([
      [item('Contents', 56, 780, 16), ...entries(chapters, 2)],
      [item('1 Safety', 56, 780, 16), ...bodyLines(['Unplug the kettle before you clean or fill it.'], 740)],
      [item('2 Filling', 56, 780, 16), ...bodyLines(['Fill it with cold water only, never above the MAX mark.'], 740)],
      [item('3 Boiling', 56, 780, 16), ...bodyLines(['Press the switch down; the light comes on.'], 740)],
      [item('4 Descaling', 56, 780, 16), ...bodyLines(['Descale it every month with citric acid.'], 740)],
      [
        item('5 Prices', 56, 780, 16),
        ...['Filter . . . . . . . . . 12', 'Lid . . . . . . . . . . . 15', 'Base . . . . . . . . . . 24'].map(
          (line, index) => item(line, 56, 740 - index * 20),
        ),
        ...['Cord . . . . . . . . . . 18', 'Descaler . . . . . . . . 9.50', 'Seal . . . . . . . . . . 30'].map(
          (line, index) => item(line, 56, 680 - index * 20),
        ),
      ],
      [item('Index', 56, 780, 16), ...entries(['boiling', 'cleaning', 'descaling', 'filling', 'lid', 'light'], 3)],
    ]).result;
    expect(document.sections.map(({ heading, page }) => ({ heading, page }))).toEqual([
      { heading: '1 Safety', page: 2 },
      { heading: '2 Filling', page: 3 },
      { heading: '3 Boiling', page: 4 },
      { heading: '4 Descaling', page: 5 },
      { heading: '5 Prices', page: 6 },
    ]);
    expect(document.text).not.toMatch(/Contents|Index|Descaling \. \./);
    // Its prices are no page numbers of this seven-page document: the list stays.
    expect(document.text).toMatch(/Filter \. \. .* 12/);
    expect(document.text).toMatch(/Seal \. \. .* 30/);
  });

  it('leaves out running headers and footers that carry the page number or repeat on many pages', async () => {
    // Printed page numbers run 10 ahead of the page index (a section of a longer book), in the
    // header on even pages and the footer on odd ones; a notice repeats at the foot of every page.
    const page = (index: number, body: string[]): FakePage => [
      ...(index % 2 === 0 ? [item(`Kettle Manual ${index + 10}`, 56, 780)] : []),
      ...bodyLines(body, 700),
      ...(index % 2 === 1 ? [item(`${index + 10}`, 300, 60)] : []),
      item('Calder Appliances - internal', 56, 40),
      item(`Page ${index} of 4`, 400, 40),
    ];
    const document = await parse([
      page(1, ['Unplug the kettle.']),
      page(2, ['Descale it monthly.']),
      page(3, ['Step 1 stays.']),
      page(4, ['Keep it dry.']),
    ]).result;
    expect(document.text).toBe('Unplug the kettle.\n\nDescale it monthly.\n\nStep 1 stays.\n\nKeep it dry.\n');
    // A short line at the top of a page that is neither stays (a heading the size of body text).
    const kept = await parse([
      [item('Warnings', 56, 780), ...bodyLines(['Hot surface.'], 700)],
      [item('Cleaning', 56, 780), ...bodyLines(['Wipe it.'], 700)],
      [item('Storage', 56, 780), ...bodyLines(['Store it dry.'], 700)],
    ]).result;
    expect(kept.text).toBe('Warnings\n\nHot surface.\n\nCleaning\n\nWipe it.\n\nStorage\n\nStore it dry.\n');
    // Nor does a numbered heading that opens each page, though its number runs with the pages.
    const steps = await parse(
      [1, 2, 3].map((step) => [item(`Step ${step}`, 56, 780, 16), ...bodyLines([`Do thing number ${step} now.`], 700)]),
    ).result;
    expect(steps.sections.map((section) => section.heading)).toEqual(['Step 1', 'Step 2', 'Step 3']);
  });

  it('keeps a sentence that runs over a page in one paragraph, on the page it starts on', async () => {
    const document = await parse([
      [item('2. Filling', 56, 780, 16), ...bodyLines(['Fill the kettle with cold water up to the'], 740)],
      bodyLines(['MAX mark.', 'Never fill it above MAX.'], 740).concat(bodyLines(['Then close the lid.'], 680)),
      bodyLines(['and this one starts in lower case but follows a full stop.'], 740),
    ]).result;
    expect(document.text).toBe(
      '# 2. Filling\n\nFill the kettle with cold water up to the\nMAX mark.\nNever fill it above MAX.\n\nThen close the lid.\n\nand this one starts in lower case but follows a full stop.\n',
    );
    const passages = chunkDocument(document);
    expect(passages.map(({ page, text }) => ({ page, text }))).toEqual([
      {
        page: 1,
        text: '# 2. Filling\n\nFill the kettle with cold water up to the\nMAX mark.\nNever fill it above MAX.',
      },
      { page: 2, text: 'Then close the lid.' },
      { page: 3, text: 'and this one starts in lower case but follows a full stop.' },
    ]);
  });

  it('joins a word a line breaks with a hyphen, and keeps the hyphen of a compound the text writes whole', async () => {
    const document = await parse([
      bodyLines([
        'Descaling removes lime-',
        'scale from the element; descale the kettle before its first initial-',
        'ization and use the anti-',
        'scale filter. See initialization and limescale in the index.',
      ]),
    ]).result;
    expect(document.text).toBe(
      'Descaling removes limescale from the element; descale the kettle before its first initialization and use the anti-scale filter. See initialization and limescale in the index.\n',
    );
  });

  it('joins a line that only looks like a list item to the clause it goes on with', async () => {
    const document = await parse([
      bodyLines([
        'If a command is not found, the shell returns a status of',
        '127. If it is found but cannot run, the status is 126. Start it with the',
        '--login option, or follow these steps:',
        '1. Open a terminal.',
        '2. Type bash.',
      ]),
    ]).result;
    expect(document.text).toBe(
      'If a command is not found, the shell returns a status of 127. If it is found but cannot run, the status is 126. Start it with the --login option, or follow these steps:\n1. Open a terminal.\n2. Type bash.\n',
    );
  });

  it('IN-04: reports pages without a text layer and marks the document partial', async () => {
    const document = await parse([bodyLines(['Real text.']), [], [item('4', 300, 40)], [], bodyLines(['More.'])])
      .result;
    expect(document.warnings).toEqual(['pages 2–4 have no extractable text: scanned?']);
    expect(document.partial).toBe(true);
    const single = await parse([bodyLines(['Real text.']), []]).result;
    expect(single.warnings).toEqual(['page 2 has no extractable text: scanned?']);
  });

  it('IN-04: a blank or image-only cover or back cover is not a page the index lost; most pages blank still are', async () => {
    const covers = await parse([[], bodyLines(['One.']), bodyLines(['Two.']), bodyLines(['Three.']), []]).result;
    expect(covers.warnings ?? []).toEqual([]);
    expect(covers.partial ?? false).toBe(false);
    const middle = await parse([[], bodyLines(['One.']), [], bodyLines(['Three.']), bodyLines(['Four.']), []]).result;
    expect(middle.warnings).toEqual(['page 3 has no extractable text: scanned?']);
    const scanned = await parse([[], [], [], bodyLines(['Only text.']), []]).result;
    expect(scanned.warnings).toEqual(['pages 1–3, 5 have no extractable text: scanned?']);
  });

  it('IN-04: a PDF without any text is NO_TEXT, not an empty document', async () => {
    await expect(parse([[], []]).result).rejects.toMatchObject({
      code: 'NO_TEXT',
      message: expect.stringContaining('manual.pdf'),
    });
  });

  it('IN-05: skips a page that throws or stalls, keeps the others, and marks the document partial', async () => {
    const document = await parse(
      [bodyLines(['Good one.']), new Error('Bad content stream'), 'hang', bodyLines(['Good four.'])],
      {
        pageTimeoutMs: 50,
      },
    ).result;
    expect(document.text).toBe('Good one.\n\nGood four.\n');
    expect(document.warnings).toEqual([
      'page 2 could not be read (Bad content stream); it was skipped',
      'page 3 could not be read (took longer than 0.05 s); it was skipped',
    ]);
    expect(document.partial).toBe(true);
    await expect(parse([new Error('Pages tree contains circular reference.')]).result).rejects.toMatchObject({
      code: 'PDF_DAMAGED',
    });
  });

  it('IN-02: maps InvalidPDFException to PDF_DAMAGED and always destroys the loading task', async () => {
    const invalid = Object.assign(new Error('Invalid PDF structure.'), { name: 'InvalidPDFException' });
    const { pdfjs, result } = parse([], { openError: invalid });
    await expect(result).rejects.toMatchObject({
      code: 'PDF_DAMAGED',
      message: 'manual.pdf: the PDF is damaged or is not a PDF (Invalid PDF structure.); nothing was indexed.',
    });
    expect(pdfjs.destroyed).toBe(1);
    const ok = parse([bodyLines(['Fine.'])]);
    await ok.result;
    expect(ok.pdfjs.destroyed).toBe(1);
  });

  it('IN-03: asks for a password, says when it is wrong, and never keeps it', async () => {
    const need = Object.assign(new Error('No password given'), { name: 'PasswordException', code: 1 });
    const wrong = Object.assign(new Error('Incorrect Password'), { name: 'PasswordException', code: 2 });
    await expect(parse([], { openError: need }).result).rejects.toMatchObject({ code: 'PDF_PASSWORD_REQUIRED' });
    await expect(parse([], { openError: wrong, password: 'guess' }).result).rejects.toMatchObject({
      code: 'PDF_PASSWORD_WRONG',
    });
    const { pdfjs, result } = parse([bodyLines(['Secret text.'])], { password: 's3cret-pw' });
    const document = await result;
    expect(pdfjs.params[0]).toMatchObject({ password: 's3cret-pw', isEvalSupported: false });
    expect(JSON.stringify(document)).not.toContain('s3cret-pw');
  });

  it('reports progress page by page and stops when aborted', async () => {
    const pdfjs = fakePdfJs([bodyLines(['a']), bodyLines(['b']), bodyLines(['c'])]);
    const parser = createPdfParser({ loadPdfJs: () => Promise.resolve(pdfjs) });
    const seen: number[] = [];
    const controller = new AbortController();
    const result = await parseSafely(
      { name: 'x.pdf', bytes },
      {
        parsers: [parser],
        signal: controller.signal,
        onProgress: ({ page }) => {
          seen.push(page);
          if (page === 2) controller.abort();
        },
      },
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'ABORTED' } });
    expect(seen).toEqual([1, 2]);
  });
});
