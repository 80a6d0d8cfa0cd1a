/**
 * The date and revision a document states in its head or foot, and the file property dates
 * (PDF, Word core properties, HTML meta) that stand in when it states none.
 */
import { describe, expect, it } from 'vitest';
import { isoTimestampDate, pdfDate, statedMetadata } from '../../../src/core/ingest/stated-metadata.js';
import { metaDate } from '../../../src/core/ingest/parse-html.js';
import { textTitle } from '../../../src/core/ingest/parse-text.js';
import { markdown, parseFile } from '../../helpers/documents.js';

describe('statedMetadata', () => {
  it.each([
    ['Parking Policy\nRevision 4, effective 2025-03-01 — replaces Revision 3\n\nBody.', '2025-03-01', 'Revision 4'],
    ['Freezer SOP\nVersion 3.0 (10 June 2025), replacing version 2.1\n\nBody.', '2025-06-10', 'Version 3.0'],
    ['# Visitor policy\n\nLast updated: 14 March 2025\n\nVisitors sign in.', '2025-03-14', undefined],
    ['SERVICE BULLETIN SB-07\nIssued March 2024\n\nText.', '2024-03-01', undefined],
    ['Waste procedure\nDate: 2023-11-02\n\nText.', '2023-11-02', undefined],
    ['Elevator guide\nRev. B — June 3, 2024\n\nText.', '2024-06-03', 'Rev. B'],
    ['Training policy\nEffective from 1st January 2024 · v2.1\n\nText.', '2024-01-01', 'Version 2.1'],
    ['Centrifuge guide\n\nText.\n\nMore text.\nLast revised 2 June 2025', '2025-06-02', undefined],
    // "edition dated" names the corrected guide's date; "Issued" is the sheet's own.
    ['ERRATA\nElevator Guide - edition dated 2023-11-02\n\nIssued January 2024\n\nText.', '2024-01-01', undefined],
  ])('reads %j', (text, date, revision) => {
    expect(statedMetadata(text)).toEqual({ ...(date ? { date } : {}), ...(revision ? { revision } : {}) });
  });

  it.each([
    ['Notice\nThis notice replaces the guide of 2023-05-01.\n\nText.'],
    ['Policy\nNext review due: 2026-01-01\n\nText.'],
    ['Policy\nSupersedes: Revision 3 (2023-05-01)\n\nText.'],
    [
      'Policy\n\n' +
        'The lift was installed on 2019-04-01 and serviced since then by the contractor named in the annex, '.repeat(3),
    ],
    ['Guide\n\nThe deadline is 03/04/2025.'],
    ['Guide\n\nThe first issue of the year is free. Use version a of the form.'],
  ])('reads nothing of its own from %j', (text) => {
    expect(statedMetadata(text)).toEqual({});
  });

  it('reads only the head and the foot: a date deep in the body is about something else', () => {
    const body = Array.from({ length: 30 }, (_, index) => `Line ${index}.`);
    body.splice(15, 0, 'Updated: 2020-02-02');
    expect(statedMetadata(body.join('\n'))).toEqual({});
  });
});

describe('textTitle', () => {
  it('takes the short lines a text file opens with, else nothing', () => {
    expect(textTitle('HARBOURVIEW TOWER\nVISITOR ACCESS POLICY\n\nThis policy explains…')).toBe(
      'HARBOURVIEW TOWER — VISITOR ACCESS POLICY',
    );
    expect(textTitle('\nPump room notes\n=========\n\nText.')).toBe('Pump room notes');
    expect(textTitle('This file starts with a sentence.\nAnd goes on.')).toBeUndefined();
    expect(textTitle('One\nTwo\nThree\n\nText.')).toBeUndefined();
  });
});

describe('file property dates', () => {
  it('reads PDF and ISO timestamps and refuses what is not a date', () => {
    expect(pdfDate("D:20250301120000+01'00'")).toBe('2025-03-01');
    expect(pdfDate('D:2024')).toBe('2024-01-01');
    expect(pdfDate('D:20241399')).toBeUndefined();
    expect(pdfDate(20250301)).toBeUndefined();
    expect(isoTimestampDate('2025-06-10T15:30:00Z')).toBe('2025-06-10');
    expect(isoTimestampDate('yesterday')).toBeUndefined();
  });

  it('reads an HTML page date from its meta tags, the modified one first', () => {
    expect(metaDate('<meta name="date" content="2024-01-05"><meta name="dcterms.modified" content="2025-02-03">')).toBe(
      '2025-02-03',
    );
    expect(metaDate('<meta property="article:published_time" content="2023-09-30T10:00:00Z">')).toBe('2023-09-30');
    expect(metaDate('<meta name="description" content="2024-01-05">')).toBeUndefined();
  });
});

describe('the date and revision of a parsed document', () => {
  it('front matter first, then the stated date and revision, then file properties, then the modification time', async () => {
    const stated = await parseFile('policy.md', '# Policy\n\nRevision 4 — effective 2025-03-01\n\nBody.\n');
    expect(stated).toMatchObject({
      date: '2025-03-01',
      revision: 'Revision 4',
      origin: { date: 'stated in the document', revision: 'stated in the document' },
    });
    const front = await parseFile(
      'policy.md',
      markdown({ date: '2024-01-01', revision: 'v9' }, '# P\n\nRevision 4 — 2025-03-01\n'),
    );
    expect(front).toMatchObject({
      date: '2024-01-01',
      revision: 'v9',
      origin: { date: 'front matter', revision: 'front matter' },
    });
    const html = await parseFile('page.html', '<meta name="date" content="2022-02-22"><h1>Page</h1><p>Text.</p>');
    expect(html.date).toBe('2022-02-22');
    expect(html.origin).toEqual({
      date: "the page's date (meta or time)",
      revision: 'none stated: a hash of the text',
    });
    const plain = await parseFile('notes.txt', 'Notes\n\nNothing dated here.\n');
    expect(plain.date).toBe('2026-01-01');
    expect(plain.revision).toMatch(/^[0-9a-f]{8}$/);
    expect(plain.origin).toEqual({
      date: "none stated: the file's modification time",
      revision: 'none stated: a hash of the text',
    });
  });
});
