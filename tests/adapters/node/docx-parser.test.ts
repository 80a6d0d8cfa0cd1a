/**
 * Word files through the real mammoth: the generated guide (headings, a table, hidden text, a
 * javascript: link) and the bad-input cases IN-09, IN-10, IN-11 and IN-20.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeParsers } from '../../../src/adapters/node/node-parsers.js';
import { chunkDocument } from '../../../src/core/chunk/chunk-document.js';
import { parseSafely, type ParseResult } from '../../../src/core/ingest/parse-safely.js';
import { documentXml, paragraph, wordPackage } from '../../core/ingest/docx-fixtures.js';
import { fixture, writeTemporary } from './pdf-variants.js';

const parsers = createNodeParsers();
const parse = (name: string, bytes: Uint8Array, timeoutMs = 10_000): Promise<ParseResult> =>
  parseSafely({ name, bytes }, { parsers, timeoutMs });

let requests = 0;
const server = createServer((_, response) => {
  requests++;
  response.end('x');
});
beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('DOCX parser (mammoth)', () => {
  it('reads headings as sections and keeps table rows whole; hidden text is left out and reported', async () => {
    const result = await parse('guide.docx', await fixture('manual.docx'));
    if (!result.ok) throw new Error(result.error.message);
    const document = result.document;
    expect(document).toMatchObject({ format: 'docx', title: 'KX-200 Installation Guide' });
    expect(document.sections.map((section) => section.id)).toEqual(['1', '2', 'cleaning']);
    expect(document.text).toContain(
      '| Part | Number |\n| Lid seal | KX-SEAL-0200 |\n| Limescale filter | KX-FLT-0210 |',
    );
    expect(document.text).toContain('Visible text. Support page');
    expect(document.text).not.toMatch(/HIDDEN-ZEBRA|javascript/);
    expect(document.warnings).toEqual(['1 run of hidden text left out (hidden text is not indexed).']);
    const table = chunkDocument(document).find((passage) => passage.text.includes('| Lid seal'));
    expect(table?.text).toContain('| Limescale filter | KX-FLT-0210 |');
  });

  it('IN-20: a Word file with only an image has no extractable text; so has HTML that is all script', async () => {
    expect(await parse('photo.docx', await fixture('images-only.docx'))).toEqual({
      ok: false,
      error: { code: 'NO_TEXT', message: 'photo.docx: no extractable text; nothing was indexed.' },
    });
    const html = strToU8(
      '<html><head><script>var a = "text";</script><style>p{}</style></head><body><script>b()</script></body></html>',
    );
    expect(await parse('app.html', html)).toMatchObject({ ok: false, error: { code: 'NO_TEXT' } });
  });

  it('IN-09: a truncated .docx is damaged; a legacy .doc renamed .docx is named as such', async () => {
    const bytes = await fixture('manual.docx');
    for (const share of [0.3, 0.8]) {
      const result = await parse('cut.docx', bytes.subarray(0, Math.floor(bytes.length * share)));
      expect(result).toMatchObject({ ok: false, error: { code: 'DOCX_DAMAGED' } });
    }
    const ole = new Uint8Array(4096);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(await parse('old.docx', ole)).toMatchObject({
      ok: false,
      error: { code: 'DOCX_WRONG_FORMAT', message: expect.stringContaining('legacy Word .doc') },
    });
  });

  it('IN-10: truncated XML, entity expansion and deep nesting end in a result within the budget', async () => {
    const truncated = wordPackage(documentXml(paragraph('Cut here')).slice(0, 150));
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">' +
      '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">]>' +
      documentXml(paragraph('Laugh &lol4;')).replace('<?xml version="1.0"?>', '');
    const deep = documentXml(`${'<w:p>'.repeat(100_000)}${'</w:p>'.repeat(100_000)}${paragraph('Deep end')}`);
    for (const [name, xml] of [
      ['truncated.docx', truncated],
      ['laughs.docx', wordPackage(laughs)],
      ['deep.docx', wordPackage(deep)],
    ] as const) {
      const started = Date.now();
      const result = await parse(name, typeof xml === 'string' ? wordPackage(xml) : xml, 10_000);
      expect(Date.now() - started).toBeLessThan(10_500);
      // mammoth's XML reader refuses all three: bad XML, undeclared entities, stack overflow.
      expect(result).toMatchObject({ ok: false, error: { code: 'DOCX_DAMAGED' } });
    }
  });

  it('IN-11: external images and linked files are never fetched; macros are reported, not run', async () => {
    const { port } = server.address() as AddressInfo;
    const folder = await writeTemporary({ 'secret.txt': 'LOCAL-SECRET-MARKER' });
    const rels =
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      `<Relationship Id="rIdWeb" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="http://127.0.0.1:${port}/x.png" TargetMode="External"/>` +
      `<Relationship Id="rIdFile" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="file://${folder}/secret.txt" TargetMode="External"/>` +
      '<Relationship Id="rIdJs" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="javascript:alert(1)" TargetMode="External"/></Relationships>';
    const image = (id: string) =>
      `<w:p><w:r><w:pict><v:shape><v:imagedata r:id="${id}"/></v:shape></w:pict></w:r></w:p>`;
    const body = documentXml(
      paragraph('Text beside linked images.') +
        image('rIdWeb') +
        image('rIdFile') +
        '<w:p><w:hyperlink r:id="rIdJs"><w:r><w:t>Click</w:t></w:r></w:hyperlink></w:p>',
    );
    const macroTypes = strToU8(
      '<Types><Override PartName="/word/document.xml" ContentType="application/vnd.ms-word.document.macroEnabled.main+xml"/></Types>',
    );
    const bytes = wordPackage(body, {
      'word/_rels/document.xml.rels': strToU8(rels),
      '[Content_Types].xml': macroTypes,
    });
    const result = await parse('linked.docm', bytes);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.document.text).toBe('Text beside linked images.\n\nClick\n');
    expect(result.document.warnings).toEqual([
      'The document contains macros; they were not run.',
      '2 external references (linked images or files) not fetched.',
    ]);
    expect(requests).toBe(0);
  });
});
