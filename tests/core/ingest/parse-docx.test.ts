/**
 * The DOCX parser's own checks over a recording fake mammoth: the container sniff (IN-09), the
 * zip pre-scan (IN-08: mammoth is never called for a bomb), hidden runs, macros and external
 * references (IN-11). Real mammoth runs in tests/adapters/node/docx-parser.test.ts.
 */
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { removeHiddenRuns } from '../../../src/core/ingest/docx/hidden-runs.js';
import type { Mammoth } from '../../../src/core/ingest/docx/mammoth-port.js';
import { createDocxParser } from '../../../src/core/ingest/docx/parse-docx.js';
import type { ArchiveLimits } from '../../../src/core/ingest/docx/zip-scan.js';
import { parseDocument } from '../../../src/core/ingest/parse-document.js';
import { centralRecords, documentXml, paragraph, wordPackage } from './docx-fixtures.js';

interface FakeMammoth extends Mammoth {
  calls: Record<string, Uint8Array>[];
}

function fakeMammoth(html = '<h1>1. Intro</h1><p>Hello.</p>'): FakeMammoth {
  const fake: FakeMammoth = {
    calls: [],
    images: { imgElement: () => ({ __mammothBrand: 'ImageConverter' }) },
    convertToHtml: (input) => {
      fake.calls.push(unzipSync(new Uint8Array(input.arrayBuffer)));
      return Promise.resolve({ value: html, messages: [] });
    },
  };
  return fake;
}

function parse(bytes: Uint8Array, limits: Partial<ArchiveLimits> = {}, name = 'guide.docx') {
  const mammoth = fakeMammoth();
  const parser = createDocxParser({ loadMammoth: () => Promise.resolve(mammoth), archiveLimits: limits });
  return { mammoth, result: parseDocument({ name, bytes }, [parser]) };
}

const MB = 1024 * 1024;

describe('DOCX parser: checks before mammoth', () => {
  it('takes the title and the date from the core properties (modified, else created)', async () => {
    const core = (fields: string) =>
      strToU8(
        '<?xml version="1.0"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ' +
          'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
          `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">${fields}</cp:coreProperties>`,
      );
    const body = documentXml(paragraph('Hello.'));
    const both = await parse(
      wordPackage(body, {
        'docProps/core.xml': core(
          '<dc:title>Freezer SOP</dc:title><dcterms:created xsi:type="dcterms:W3CDTF">2023-04-02T08:00:00Z</dcterms:created>' +
            '<dcterms:modified xsi:type="dcterms:W3CDTF">2025-06-10T15:30:00Z</dcterms:modified>',
        ),
      }),
    ).result;
    expect(both).toMatchObject({ title: 'Freezer SOP', date: '2025-06-10' });
    const created = await parse(
      wordPackage(body, {
        'docProps/core.xml': core('<dcterms:created xsi:type="dcterms:W3CDTF">2023-04-02T08:00:00Z</dcterms:created>'),
      }),
    ).result;
    expect(created.date).toBe('2023-04-02');
    expect((await parse(wordPackage(body)).result).date).toBe('1970-01-01');
  });

  it('hands mammoth only the XML parts, as stored entries, and makes sections of its HTML', async () => {
    const { mammoth, result } = parse(
      wordPackage(documentXml(paragraph('Hello.')), { 'word/media/image1.png': new Uint8Array(5000) }),
    );
    const document = await result;
    expect(document).toMatchObject({ format: 'docx', title: '1. Intro', text: '# 1. Intro\n\nHello.\n' });
    expect(document.sections.map((section) => section.id)).toEqual(['1']);
    expect(Object.keys(mammoth.calls[0]!).sort()).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
  });

  it('IN-08: refuses an archive that inflates past the cap, counting real bytes, before mammoth', async () => {
    const bomb = wordPackage(new Uint8Array(24 * MB));
    const capped = parse(bomb, { maxUnzippedBytes: 8 * MB });
    await expect(capped.result).rejects.toMatchObject({
      code: 'SUSPICIOUS_ARCHIVE',
      message:
        'guide.docx: suspicious archive (it unpacks to more than 8 MB); it was not opened and nothing was indexed.',
    });
    const ratio = parse(bomb);
    await expect(ratio.result).rejects.toThrow(/unpacks to more than 100 times its size/);
    const lying = bomb.slice();
    const view = new DataView(lying.buffer);
    for (const record of centralRecords(lying)) view.setUint32(record + 24, 100, true);
    const lied = parse(lying, { maxUnzippedBytes: 8 * MB });
    await expect(lied.result).rejects.toMatchObject({ code: 'SUSPICIOUS_ARCHIVE' });
    expect([capped, ratio, lied].map(({ mammoth }) => mammoth.calls.length)).toEqual([0, 0, 0]);
  });

  it('IN-08: refuses archives with too many entries or overlapping entries', async () => {
    const many = Object.fromEntries(Array.from({ length: 10_001 }, (_, index) => [`x/${index}.xml`, strToU8('<a/>')]));
    await expect(parse(wordPackage(documentXml(''), many, 0)).result).rejects.toThrow(/10004 entries, more than 10000/);
    const overlapping = wordPackage(documentXml(paragraph('Hi')), { 'word/styles.xml': strToU8('<w:styles/>') });
    const records = centralRecords(overlapping);
    new DataView(overlapping.buffer).setUint32(records[records.length - 1]! + 42, 0, true);
    const { mammoth, result } = parse(overlapping);
    await expect(result).rejects.toThrow(/suspicious archive \(overlapping entries\)/);
    expect(mammoth.calls).toHaveLength(0);
  });

  it('IN-09: names the container of files that are not .docx', async () => {
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    await expect(parse(ole).result).rejects.toMatchObject({
      code: 'DOCX_WRONG_FORMAT',
      message:
        'guide.docx: this is a legacy Word .doc file (or a password-protected Word file), not a Word .docx file, and Footnote cannot read it. Save it as .docx (File › Save As) and add it again.',
    });
    await expect(parse(strToU8('{\\rtf1\\ansi Hello}')).result).rejects.toThrow(/this is an RTF file/);
    const odt = wordPackage('', { mimetype: strToU8('application/vnd.oasis.opendocument.text') });
    await expect(parse(odt).result).rejects.toThrow(/this is an OpenDocument file/);
    const plainZip = zipSync({ 'notes.xml': strToU8('<a/>') });
    await expect(parse(plainZip).result).rejects.toThrow(/a ZIP archive that holds no Word document/);
    await expect(parse(strToU8('just some text')).result).rejects.toMatchObject({ code: 'DOCX_DAMAGED' });
    const valid = wordPackage(documentXml(paragraph('Hello.')));
    await expect(parse(valid.subarray(0, valid.length - 30)).result).rejects.toMatchObject({ code: 'DOCX_DAMAGED' });
  });

  it('IN-11: reports macros and external references; flags hidden runs it cut', async () => {
    const body = documentXml(
      paragraph('Visible.') + paragraph('SECRET', '<w:vanish/>') + paragraph('Shown', '<w:vanish w:val="0"/>'),
    );
    const rels =
      '<Relationships><Relationship Id="r1" Type="http://x/relationships/image" Target="http://127.0.0.1:9/x.png" TargetMode="External"/>' +
      '<Relationship Id="r2" Type="http://x/relationships/hyperlink" Target="javascript:alert(1)" TargetMode="External"/></Relationships>';
    const bytes = wordPackage(body, {
      'word/_rels/document.xml.rels': strToU8(rels),
      'word/vbaProject.bin': new Uint8Array(10),
    });
    const { mammoth, result } = parse(bytes, {}, 'macro.docm');
    const document = await result;
    expect(document.warnings).toEqual([
      '1 run of hidden text left out (hidden text is not indexed).',
      'The document contains macros; they were not run.',
      '1 external reference (linked images or files) not fetched.',
    ]);
    const given = new TextDecoder().decode(mammoth.calls[0]!['word/document.xml']);
    expect(given).not.toContain('SECRET');
    expect(given).toContain('Visible.');
    expect(given).toContain('Shown');
    expect(mammoth.calls[0]!['word/vbaProject.bin']).toBeUndefined();
  });
});

describe('removeHiddenRuns', () => {
  it('cuts runs hidden by their own properties, not paragraph marks, nested runs once', () => {
    const xml =
      '<w:p><w:pPr><w:rPr><w:vanish/></w:rPr></w:pPr><w:r><w:t>keep</w:t></w:r>' +
      '<w:r><w:rPr><w:b/><w:vanish w:val="true"/></w:rPr><w:t>drop</w:t><w:pict><w:r><w:rPr><w:vanish/></w:rPr></w:r></w:pict></w:r></w:p>';
    expect(removeHiddenRuns(xml)).toEqual({
      xml: '<w:p><w:pPr><w:rPr><w:vanish/></w:rPr></w:pPr><w:r><w:t>keep</w:t></w:r></w:p>',
      removed: 1,
    });
  });
});
