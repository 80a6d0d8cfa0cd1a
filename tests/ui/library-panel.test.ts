// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/svelte';
import { tick } from 'svelte';
import { describe, expect, it } from 'vitest';
import DocumentRow from '../../src/ui/components/DocumentRow.svelte';
import LibraryPanel from '../../src/ui/components/LibraryPanel.svelte';

const base = {
  rows: [],
  busy: false,
  ready: true,
  onfiles: () => undefined,
  onsample: () => undefined,
  onstop: () => undefined,
  onremove: () => undefined,
  onupdate: async () => true,
};

describe('LibraryPanel', () => {
  it('marks the library busy while files are added, for assistive tech and for tests that wait on the page', async () => {
    const view = render(LibraryPanel, { ...base, busy: true });
    const region = screen.getByRole('region', { name: /Library/ });
    expect(region.getAttribute('aria-busy')).toBe('true');
    await view.rerender({ busy: false });
    expect(region.getAttribute('aria-busy')).toBe('false');
  });

  it('says how many documents the viewer does not see, and why', () => {
    render(LibraryPanel, { ...base, hiddenFromViewer: 1, viewer: 'public' });
    expect(screen.getByTestId('hidden-for-viewer').textContent?.replace(/\s+/g, ' ').trim()).toBe(
      '1 more document is in the library but not shown: viewing as “public”, which may not read it.',
    );
  });

  it('says nothing when the viewer sees everything, and names a file dropped twice in the summary', () => {
    const summary = {
      files: 2,
      indexed: 1,
      failed: 0,
      duplicates: 0,
      passages: 3,
      embedded: 3,
      reused: 0,
      skipped: 0,
      repeated: ['manual.pdf'],
      parseMs: 0,
      pages: 0,
      ms: 10,
    };
    render(LibraryPanel, { ...base, summary });
    expect(screen.queryByTestId('hidden-for-viewer')).toBeNull();
    expect(screen.getByRole('status').textContent?.replace(/\s+/g, ' ')).toMatch(
      /1 of 2 files indexed .*manual\.pdf was in the drop twice, indexed once/,
    );
  });
});

describe('DocumentRow keyboard', () => {
  const document = {
    id: 'dw480-manual-v3',
    title: 'DW-480 Owner Manual',
    revision: 'v3',
    date: '2026-01-01',
    access: 'public',
    supersedes: [],
    statedSupersedes: [],
    sourceName: 'dw480-manual-v3.md',
    passages: 4,
    format: 'markdown' as const,
    warnings: [],
    partial: false,
  };

  it('Esc closes the inline Edit form unsaved, and focus goes back to Edit', async () => {
    const saved: unknown[] = [];
    render(DocumentRow, {
      row: { key: document.id, status: 'indexed', document },
      onremove: () => undefined,
      onupdate: async (...args: unknown[]) => (saved.push(args), true),
    });
    const edit = screen.getByRole('button', { name: /Edit access, supersedes, revision and date/ });
    await fireEvent.click(edit);
    const label = screen.getByLabelText('Access label') as HTMLInputElement;
    await fireEvent.input(label, { target: { value: 'staff' } });
    await fireEvent.keyDown(label, { key: 'Escape' });
    await tick();
    expect(screen.queryByLabelText('Access label')).toBeNull();
    expect(saved).toEqual([]);
    expect(globalThis.document.activeElement?.textContent).toBe('Edit');
  });

  it('shows where the revision and date came from, and Edit saves a new revision and date with the rest', async () => {
    const saved: unknown[] = [];
    render(DocumentRow, {
      row: {
        key: document.id,
        status: 'indexed',
        document: { ...document, origin: { revision: 'stated in the document', date: "the PDF's own date" } },
      },
      onremove: () => undefined,
      onupdate: async (...args: unknown[]) => (saved.push(args), true),
    });
    expect(screen.queryByTestId('metadata-origin')).toBeNull();
    expect(screen.getByTestId('revision-origin').textContent).toMatch(/\(stated in the document\)/);
    expect(screen.getByTestId('date-origin').textContent).toMatch(/\(the PDF's own date\)/);
    await fireEvent.click(screen.getByRole('button', { name: /Edit access, supersedes, revision and date/ }));
    await fireEvent.input(screen.getByLabelText('Revision'), { target: { value: 'Rev. D' } });
    await fireEvent.input(screen.getByLabelText('Date'), { target: { value: '2026-02-03' } });
    await fireEvent.submit(screen.getByRole('button', { name: 'Save' }).closest('form')!);
    await tick();
    expect(saved).toEqual([
      [document.id, { access: 'public', supersedes: [], revision: 'Rev. D', date: '2026-02-03' }],
    ]);
  });

  it('says a shared origin once', () => {
    render(DocumentRow, {
      row: {
        key: document.id,
        status: 'indexed',
        document: { ...document, origin: { revision: 'front matter', date: 'front matter' } },
      },
      onremove: () => undefined,
      onupdate: async () => true,
    });
    expect(screen.getByTestId('metadata-origin').textContent).toBe('(both front matter)');
    expect(screen.queryByTestId('revision-origin')).toBeNull();
  });
});

describe('DocumentRow failures', () => {
  it('OUT-16: a failure message with markup from a file is shown as text, and nothing in it loads or runs', () => {
    const message =
      'notes.html: could not be read (<img src=x onerror="window.__pwn=1"><script>window.__pwn=1</script>)';
    const { container } = render(DocumentRow, {
      row: {
        key: 'notes.html',
        status: 'failed',
        file: { name: 'notes.html', status: 'failed', passagesDone: 0, passagesTotal: 0, message },
      },
      onremove: () => undefined,
      onupdate: async () => true,
    });
    expect(container.querySelector('.failure')?.textContent).toBe(message);
    expect(container.querySelector('img, script')).toBeNull();
    expect((window as unknown as { __pwn?: number }).__pwn).toBeUndefined();
  });
});

describe('after embedding', () => {
  it('a file says it is being added to the index, then saved, with a busy bar', async () => {
    const progress = { name: 'big.md', passagesDone: 3200, passagesTotal: 3200 };
    const view = render(DocumentRow, {
      row: { key: 'file:big.md', status: 'indexing', file: { ...progress, status: 'indexing' } },
      onremove: () => undefined,
      onupdate: async () => true,
    });
    expect(screen.getByTestId('after-embedding').textContent).toMatch(
      /3200 passages embedded · adding them to the search index/,
    );
    expect(screen.getByLabelText('Indexing big.md')).toBeTruthy();
    await view.rerender({ row: { key: 'file:big.md', status: 'saving', file: { ...progress, status: 'saving' } } });
    expect(screen.getByTestId('after-embedding').textContent).toMatch(/saving the document in this browser's storage/);
  });

  it('a drop whose files are all done says it is saving the search index', () => {
    const totals = {
      files: 2,
      done: 2,
      indexed: 2,
      failed: 0,
      skipped: 0,
      passages: 9,
      embedded: 9,
      reused: 0,
      parseMs: 1,
      pages: 0,
    };
    render(LibraryPanel, { ...base, busy: true, totals: { ...totals, saving: true } });
    expect(screen.getByTestId('batch-progress').textContent).toMatch(/2 of 2 files done · saving the search index/);
  });
});
