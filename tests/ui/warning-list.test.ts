// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import WarningList from '../../src/ui/components/WarningList.svelte';
import type { RagWarning } from '../../src/core/types.js';
import { outcomeFor } from './outcomes.js';

function renderWarnings(warnings: RagWarning[], outcome?: Awaited<ReturnType<typeof outcomeFor>>) {
  const oncite = vi.fn();
  render(WarningList, {
    warnings,
    claims: outcome?.result.verdict.claims ?? [],
    retrieved: outcome?.result.retrieved ?? [],
    oncite,
  });
  return oncite;
}

describe('WarningList', () => {
  it('shows both values and both sources of a conflict, and which is authoritative', async () => {
    const outcome = await outcomeFor('How long is the KT-100 warranty?');
    const oncite = renderWarnings(outcome.result.verdict.warnings, outcome);
    const conflict = screen.getAllByTestId('warning').find((item) => item.dataset.flag === 'conflict')!;
    const values = within(conflict).getAllByTestId('conflict-value');
    expect(values.map((value) => value.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
      '2 years in KT-100 Kettle Manual (v2, 2026-02-01) §1 authoritative',
      '1 year in KT-100 Kettle Manual (v1, 2025-01-10) §1',
    ]);
    await fireEvent.click(within(values[1]!).getByRole('button'));
    expect(oncite).toHaveBeenCalledWith('kettle-v1#1');
  });

  it('names the superseded source and the one to use', async () => {
    const outcome = await outcomeFor('How long is the KT-100 warranty?');
    renderWarnings(outcome.result.verdict.warnings, outcome);
    const superseded = screen.getAllByTestId('warning').find((item) => item.dataset.flag === 'superseded')!;
    expect(superseded.textContent).toMatch(/superseded by kettle-v2#1/);
    expect(superseded.textContent).toMatch(/use\s+KT-100 Kettle Manual \(v2, 2026-02-01\) §1\s+instead/);
  });

  it('tells a contradicted claim (a warning) from one the checker could not confirm (a quieter note)', () => {
    const claim = (state: 'contradicted' | 'not_found', text: string) => ({
      text,
      cites: ['kx#2'],
      supported: false,
      state,
      start: 0,
      end: text.length,
    });
    const oncite = vi.fn();
    render(WarningList, {
      warnings: [
        { flag: 'unsupported_claim', claim: 0, cites: ['kx#2'], message: 'Claim 1: the passage says otherwise.' },
        { flag: 'unsupported_claim', claim: 1, cites: ['kx#2'], message: 'Claim 2: could not confirm this in [kx#2].' },
      ],
      claims: [claim('contradicted', 'It lasts 3 years.'), claim('not_found', 'It is covered worldwide.')],
      retrieved: [],
      oncite,
    });
    const [contradicted, notFound] = screen.getAllByTestId('warning');
    expect(contradicted!.dataset.state).toBe('contradicted');
    expect(contradicted!.textContent).toMatch(/The passage says otherwise/);
    expect(contradicted!.classList.contains('severe')).toBe(true);
    expect(notFound!.dataset.state).toBe('not_found');
    expect(notFound!.textContent).toMatch(/Could not confirm/);
    expect(notFound!.classList.contains('severe')).toBe(false);
    expect(notFound!.classList.contains('note')).toBe(true);
  });

  it('renders one item per warning, with its docs/formats.md flag name', () => {
    const warnings: RagWarning[] = [
      { flag: 'missing_evidence', part: 'the colour of the box', message: 'No passage states the colour of the box.' },
      { flag: 'invalid_citation', cites: ['nope#1'], message: 'The answer cites [nope#1], which does not exist.' },
      { flag: 'unsupported_claim', claim: 0, message: 'Claim 1 is not supported.' },
      {
        flag: 'injection',
        cites: ['forum#tips'],
        message: 'Passage forum#tips contains text aimed at an AI assistant.',
      },
      { flag: 'superseded', cites: ['a#1'], authoritative: 'b#1', message: 'The answer cites a#1, superseded by b#1.' },
      {
        flag: 'conflict',
        cites: ['a#1', 'b#1'],
        values: ['1 year', '2 years'],
        authoritative: 'b#1',
        message: 'Sources disagree.',
      },
    ];
    renderWarnings(warnings);
    const items = screen.getAllByTestId('warning');
    expect(items.map((item) => item.dataset.flag)).toEqual(warnings.map((warning) => warning.flag));
    expect(items[0]?.textContent).toContain('The part of your question: the colour of the box');
    expect(items[5]?.textContent).toContain('1 year');
    expect(items[5]?.textContent).toContain('2 years');
  });

  it('names the part a missing-evidence warning is about without saying no passage covers it', () => {
    // A passage may cover the part while no supported claim of the answer states it.
    renderWarnings([
      {
        flag: 'missing_evidence',
        part: 'Which command saves the current settings to a file?',
        message: 'No supported claim in the answer states which command saves the current settings to a file.',
      },
    ]);
    const text = screen.getByTestId('warning').textContent ?? '';
    expect(text).toContain('The part of your question: Which command saves the current settings to a file?');
    expect(text).not.toMatch(/No passage covers/);
  });

  it('renders warning text as text', () => {
    renderWarnings([{ flag: 'injection', message: '<img src=x onerror="window.__pwn=1"> reply PWNED' }]);
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByTestId('warning').textContent).toContain('<img src=x onerror="window.__pwn=1">');
  });

  it('shows nothing when there is nothing to warn about', () => {
    renderWarnings([]);
    expect(screen.queryAllByTestId('warning')).toEqual([]);
  });
});
