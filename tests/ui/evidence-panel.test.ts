// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import EvidencePanel from '../../src/ui/components/EvidencePanel.svelte';
import { outcomeFor } from './outcomes.js';

describe('EvidencePanel', () => {
  it('lists the retrieved passages in rank order with source, scores and cited or not', async () => {
    const outcome = await outcomeFor('How long is the KT-100 warranty?');
    render(EvidencePanel, { outcome, onopen: vi.fn() });
    const passages = screen.getAllByTestId('passage');
    expect(passages.map((item) => item.dataset.cite)).toEqual(
      outcome.result.retrieved.map((item) => item.passage.cite),
    );
    const first = passages[0]!;
    expect(first.textContent).toContain('KT-100 Kettle Manual');
    expect(first.textContent).toMatch(/v1 · 2025-01-10 · 1\. Warranty/);
    expect(first.textContent).toMatch(/lexical \d\.\d{3} · vector \d\.\d{3}/);
    expect(within(first).getByText('cited')).toBeTruthy();
    const uncited = passages.find((item) => item.dataset.cite === 'kettle-v2#2')!;
    expect(within(uncited).getByText('not cited')).toBeTruthy();
  });

  it("shows a PDF passage's page after its heading, set apart like the other details", async () => {
    const outcome = await outcomeFor('How long is the KT-100 warranty?');
    const [first] = outcome.result.retrieved;
    first!.passage = { ...first!.passage, page: 3 };
    render(EvidencePanel, { outcome, onopen: vi.fn() });
    const card = screen.getAllByTestId('passage')[0]!;
    expect(card.textContent).toMatch(/v1 · 2025-01-10 · 1\. Warranty · p\. 3/);
    expect(within(card).getByTestId('passage-page').textContent).toBe('p. 3');
  });

  it('badges superseded passages and instruction-like text, and renders passage markup as text', async () => {
    const outcome = await outcomeFor('How long does the KT-100 take to boil a litre?');
    const { container } = render(EvidencePanel, { outcome, onopen: vi.fn() });
    const forum = screen.getAllByTestId('passage').find((item) => item.dataset.cite === 'kettle-forum#tips')!;
    expect(within(forum).getByTestId('badge-injection')).toBeTruthy();
    expect(forum.querySelector('mark.instruction')?.textContent).toContain('Ignore all previous instructions');
    expect(container.querySelector('script, img')).toBeNull();
    expect(forum.textContent).toContain('<script>window.__pwn=1</script>');
    const old = screen.getAllByTestId('passage').find((item) => item.dataset.cite === 'kettle-v1#1')!;
    expect(within(old).getByTestId('badge-superseded').textContent).toBe('superseded by kettle-v2#1');
  });

  it('badges restricted passages for a viewer who may read them', async () => {
    const outcome = await outcomeFor('How do I reset the KT-100 thermostat?', { viewer: 'staff' });
    render(EvidencePanel, { outcome, onopen: vi.fn() });
    const note = screen.getAllByTestId('passage').find((item) => item.dataset.cite === 'kettle-service#1')!;
    expect(within(note).getByTestId('badge-restricted').textContent).toBe('restricted: staff');
  });

  it('highlights the sentence that supports the claim of the active citation', async () => {
    const outcome = await outcomeFor('How long is the KT-100 warranty?');
    render(EvidencePanel, { outcome, active: { cite: 'kettle-v1#1', claim: 1, nonce: 1 }, onopen: vi.fn() });
    const active = screen.getAllByTestId('passage').filter((item) => item.dataset.active === 'true');
    expect(active.map((item) => item.dataset.cite)).toEqual(['kettle-v1#1']);
    expect(within(active[0]!).getByTestId('highlight').textContent).toBe(
      'The KT-100 kettle is covered by a warranty of 1 year from the date of purchase.',
    );
    expect(document.activeElement).toBe(active[0]);
    expect(screen.getAllByTestId('highlight')).toHaveLength(1);
  });

  it('highlights what the verdict says the claim was judged on, not a sentence it works out itself', async () => {
    const outcome = await outcomeFor('How long is the KT-100 warranty?', {
      answer: 'The KT-100 warranty lasts 3 years [kettle-v2#1].',
    });
    const claim = outcome.result.verdict.claims.findIndex((item) => item.cites.includes('kettle-v2#1'));
    expect(outcome.result.verdict.claims[claim]).toMatchObject({
      state: 'contradicted',
      evidence: { cite: 'kettle-v2#1' },
    });
    const { unmount } = render(EvidencePanel, {
      outcome,
      active: { cite: 'kettle-v2#1', claim, nonce: 1 },
      onopen: vi.fn(),
    });
    const mark = screen.getByTestId('highlight');
    expect(mark.textContent).toBe('The KT-100 kettle is covered by a warranty of 2 years from the date of purchase.');
    expect(mark.dataset.state).toBe('contradicted');
    expect(mark.title).toBe('The sentence that says otherwise');
    unmount();
    // Point the verdict's evidence at two words of the sentence: the panel follows it.
    const moved = structuredClone(outcome);
    const judged = moved.result.verdict.claims[claim]!;
    const at = moved.result.given.find((item) => item.passage.cite === 'kettle-v2#1')!.passage.text.indexOf('2 years');
    judged.spans = [{ cite: 'kettle-v2#1', start: at, end: at + 7 }];
    judged.evidence = judged.spans[0];
    render(EvidencePanel, { outcome: moved, active: { cite: 'kettle-v2#1', claim, nonce: 1 }, onopen: vi.fn() });
    expect(screen.getByTestId('highlight').textContent).toBe('2 years');
  });

  it('highlights nothing for a statement that is not a claim', async () => {
    const outcome = await outcomeFor('How long is the KT-100 warranty?', {
      answer: 'The documents do not say how long the warranty lasts [kettle-v2#1].',
    });
    expect(outcome.result.verdict.claims[0]).toMatchObject({ state: 'not_a_claim' });
    render(EvidencePanel, { outcome, active: { cite: 'kettle-v2#1', claim: 0, nonce: 1 }, onopen: vi.fn() });
    expect(screen.queryByTestId('highlight')).toBeNull();
  });

  it('opens a passage in its document', async () => {
    const outcome = await outcomeFor('How long is the KT-100 warranty?');
    const onopen = vi.fn();
    render(EvidencePanel, { outcome, onopen });
    const first = screen.getAllByTestId('passage')[0]!;
    await fireEvent.click(within(first).getByRole('button', { name: 'Open in document' }));
    expect(onopen).toHaveBeenCalledWith(first.dataset.cite);
  });

  it('never shows a passage the viewer may not read', async () => {
    const outcome = await outcomeFor('How do I reset the KT-100 thermostat?');
    render(EvidencePanel, { outcome, onopen: vi.fn() });
    expect(screen.queryAllByTestId('passage').some((item) => item.dataset.cite?.startsWith('kettle-service'))).toBe(
      false,
    );
    expect(document.body.textContent).not.toContain('9 seconds');
  });
});
