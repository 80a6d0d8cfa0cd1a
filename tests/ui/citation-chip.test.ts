// @vitest-environment jsdom
import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import CitationChip from '../../src/ui/components/CitationChip.svelte';

describe('CitationChip', () => {
  it('shows the page of a passage from a paged document ("p. 3"), and names it', () => {
    render(CitationChip, { id: 'manual#3', number: 1, label: 'KX-200 Kettle Manual, §3', page: 3 });
    const chip = screen.getByTestId('citation');
    expect(chip.textContent).toBe('1p. 3');
    expect(screen.getByTestId('citation-page').textContent).toBe('p. 3');
    expect(chip.getAttribute('aria-label')).toBe('Source 1: KX-200 Kettle Manual, §3, page 3 (manual#3)');
  });

  it('shows only the number where the document has no pages', () => {
    render(CitationChip, { id: 'notes#1', number: 2, label: 'Notes, §1' });
    expect(screen.getByTestId('citation').textContent).toBe('2');
    expect(screen.queryByTestId('citation-page')).toBeNull();
  });
});
