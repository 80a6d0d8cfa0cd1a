// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import AnswerPanel from '../../src/ui/components/AnswerPanel.svelte';
import { outcomeFor } from './outcomes.js';

const WARRANTY = 'How long is the KT-100 warranty?';

function renderAnswer(outcome: Awaited<ReturnType<typeof outcomeFor>>, oncite = vi.fn()) {
  render(AnswerPanel, { question: WARRANTY, status: 'done', streaming: '', outcome, elapsedMs: 42, oncite });
  return oncite;
}

describe('AnswerPanel', () => {
  it('shows the verdict, the answer text and one chip per valid citation', async () => {
    const outcome = await outcomeFor(WARRANTY);
    renderAnswer(outcome);
    expect(screen.getByTestId('verdict').dataset.status).toBe('qualified');
    const answer = screen.getByTestId('answer');
    expect(answer.textContent).toContain('2 years from the date of purchase');
    const chips = within(answer).getAllByTestId('citation');
    expect(chips.map((chip) => chip.dataset.cite)).toEqual(['kettle-v2#1', 'kettle-v1#1', 'kettle-v2#1']);
    expect(chips[0]?.textContent).toBe('2');
    expect(chips[0]?.getAttribute('aria-label')).toMatch(/^Source 2: KT-100 Kettle Manual, §1 \(kettle-v2#1\)$/);
    expect(answer.textContent).not.toContain('[kettle-v2#1]');
    expect(screen.getByTestId('answer-timing').dataset.ms).toBe('42');
  });

  it('calls back with the passage and the claim when a chip is clicked', async () => {
    const outcome = await outcomeFor(WARRANTY);
    const oncite = renderAnswer(outcome);
    const chips = within(screen.getByTestId('answer')).getAllByTestId('citation');
    await fireEvent.click(chips[1]!);
    expect(oncite).toHaveBeenCalledWith('kettle-v1#1', 1);
  });

  it('strikes through citations not among the passages given and marks unsupported claims', async () => {
    const answer =
      'The KT-100 warranty lasts 2 years [kettle-v2#1]. It also covers the lid for 10 years [kettle-v2#1]. See [kettle-v9#4].';
    const outcome = await outcomeFor(WARRANTY, { answer });
    renderAnswer(outcome);
    const text = screen.getByTestId('answer');
    const invalid = within(text).getByTestId('invalid-citation');
    expect(invalid.tagName).toBe('S');
    expect(invalid.textContent).toBe('[kettle-v9#4]');
    expect(
      within(text)
        .queryAllByTestId('citation')
        .map((chip) => chip.dataset.cite),
    ).toEqual(['kettle-v2#1', 'kettle-v2#1']);
    const unsupported = within(text).getAllByTestId('unsupported-claim');
    expect(unsupported.map((mark) => mark.textContent?.trim())).toContain('It also covers the lid for 10 years');
    const flags = screen.getAllByTestId('warning').map((warning) => warning.dataset.flag);
    expect(flags).toEqual(expect.arrayContaining(['invalid_citation', 'unsupported_claim']));
  });

  it('counts how the checker took each sentence, by state', async () => {
    const answer =
      'Here is what I found. The KT-100 warranty lasts 2 years [kettle-v2#1]. The KT-100 kettle is covered by a warranty of 3 years [kettle-v2#1]. It also covers the lid [kettle-v2#1].';
    const outcome = await outcomeFor(WARRANTY, { answer });
    renderAnswer(outcome);
    const states = screen.getByTestId('claim-states');
    const counted = Object.fromEntries(
      [...states.querySelectorAll('[data-state]')].map((item) => [item.getAttribute('data-state'), item.textContent]),
    );
    expect(counted).toEqual({
      supported: '1 supported',
      contradicted: '1 contradicted',
      not_found: '1 not found',
      not_a_claim: '1 not a claim',
    });
  });

  it('renders markup in an answer as inert text', async () => {
    const answer =
      'Boils fast <script>window.__pwn=1</script><img src=x onerror="window.__pwn=1"> [kettle-forum#tips].';
    const outcome = await outcomeFor('How long does the KT-100 take to boil a litre?', { answer });
    const { container } = render(AnswerPanel, {
      question: 'q',
      status: 'done',
      streaming: '',
      outcome,
      oncite: vi.fn(),
    });
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('answer').textContent).toContain('<img src=x onerror="window.__pwn=1">');
    expect((window as unknown as { __pwn?: number }).__pwn).toBeUndefined();
    expect(screen.getByRole('note').textContent).toMatch(/influenced by instructions/);
  });

  it('streams text while the answer is being written', () => {
    render(AnswerPanel, {
      question: 'q',
      status: 'asking',
      streaming: 'The KT-100 ',
      outcome: undefined,
      oncite: vi.fn(),
    });
    expect(screen.getByTestId('answer').textContent).toContain('The KT-100 ');
    expect(screen.getByTestId('answer').getAttribute('aria-busy')).toBe('true');
  });

  it('says when the documents do not answer', async () => {
    const outcome = await outcomeFor('What colour is the KT-100 box?');
    renderAnswer(outcome);
    expect(screen.getByTestId('verdict').dataset.status).toBe('abstained');
    const warning = screen.getByTestId('warning');
    expect(warning.dataset.flag).toBe('missing_evidence');
    expect(warning.textContent).toContain('What colour is the KT-100 box');
  });
});
