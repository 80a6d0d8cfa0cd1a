import { describe, expect, it } from 'vitest';
import type { DocumentSummary, FileProgress } from '../../../src/adapters/browser/protocol.js';
import { accessLabels, hiddenFromViewer, libraryRows } from '../../../src/ui/lib/library-rows.js';

const doc = (id: string, access = 'public'): DocumentSummary => ({
  id,
  title: id,
  revision: '1',
  date: '2026-01-01',
  access,
  supersedes: [],
  statedSupersedes: [],
  sourceName: `${id}.md`,
  passages: 2,
  format: 'markdown',
  warnings: [],
  partial: false,
});
const file = (name: string, status: FileProgress['status'], documentId?: string): FileProgress => ({
  name,
  status,
  passagesDone: 0,
  passagesTotal: 2,
  ...(documentId ? { documentId } : {}),
});

describe('libraryRows', () => {
  it('shows only documents the viewer may read, and nothing of the others', () => {
    const rows = libraryRows([doc('a'), doc('s', 'staff')], [file('s.md', 'indexed', 's')], 'public');
    expect(rows.map((row) => row.key)).toEqual(['doc:a']);
    expect(libraryRows([doc('a'), doc('s', 'staff')], [], 'staff').map((row) => row.key)).toEqual(['doc:a', 'doc:s']);
  });

  it('lists files in progress and failures before the documents', () => {
    const rows = libraryRows(
      [doc('a')],
      [file('b.md', 'embedding', 'b'), file('c.txt', 'failed'), file('a.md', 'parsing')],
      'public',
    );
    expect(rows.map((row) => [row.key, row.status])).toEqual([
      ['file:b.md', 'embedding'],
      ['file:c.txt', 'failed'],
      ['file:a.md', 'parsing'],
      ['doc:a', 'indexed'],
    ]);
  });

  it('shows a document being replaced with the status of its new file', () => {
    const rows = libraryRows([doc('a')], [file('a.md', 'embedding', 'a')], 'public');
    expect(rows.map((row) => [row.key, row.status])).toEqual([['doc:a', 'embedding']]);
  });
});

describe('accessLabels', () => {
  it('offers public first, then the labels in the library', () => {
    expect(accessLabels([doc('a'), doc('b', 'staff'), doc('c', 'board'), doc('d', 'staff')])).toEqual([
      'public',
      'board',
      'staff',
    ]);
  });
});

describe('hiddenFromViewer', () => {
  it('counts the documents the viewer may not read', () => {
    const documents = [doc('a'), doc('s', 'staff'), doc('t', 'staff')];
    expect(hiddenFromViewer(documents, 'public')).toBe(2);
    expect(hiddenFromViewer(documents, 'staff')).toBe(0);
  });
});
