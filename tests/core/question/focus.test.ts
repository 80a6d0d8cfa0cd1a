import { describe, expect, it } from 'vitest';
import { analyseQuestion } from '../../../src/core/question/analyse-question.js';
import { focusIdentifiers, identifierFamily, isSibling } from '../../../src/core/question/focus.js';

describe('question focus', () => {
  it('reads the codes, model, part and release numbers a question is about, once each', () => {
    expect(focusIdentifiers('What does E21 mean on the WM-720, and is e21 the drain?')).toEqual(['E21', 'WM-720']);
    expect(focusIdentifiers('Which filter, DW-FLT-0480 or DW-FLT-0481, fits?')).toEqual(['DW-FLT-0480', 'DW-FLT-0481']);
    expect(focusIdentifiers('What changed in 1.6.7?')).toEqual(['1.6.7']);
    expect(focusIdentifiers('How long is the warranty, dated 2026-03-01?')).toEqual([]);
  });

  it('puts the focus on the part that names it and on parts that inherit its model', () => {
    const [first, second] = analyseQuestion('What is the capacity and what does E21 mean on the WM-720?');
    expect(first?.focus).toEqual(['WM-720']);
    expect(second?.focus).toEqual(['E21', 'WM-720']);
  });

  it('groups keys into families by their leading letters; release numbers form one family', () => {
    expect(identifierFamily('E21')).toBe('E');
    expect(identifierFamily('DWFLT0480')).toBe('DWFLT');
    expect(identifierFamily('V2.10.1')).toBe('release');
    expect(isSibling('E21', 'E30')).toBe(true);
    expect(isSibling('E21', 'E21')).toBe(false);
    expect(isSibling('E21', 'WM720')).toBe(false);
    expect(isSibling('1.6.7', '1.6.8')).toBe(true);
  });
});
