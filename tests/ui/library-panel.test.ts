// @vitest-environment jsdom
import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
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
