import { describe, expect, it } from 'vitest';
import { buildPrompt, sanitisePassageText } from '../../../src/core/generate/build-prompt.js';
import type { RetrievedPassage } from '../../../src/core/types.js';

function item(cite: string, text: string, rank: number): RetrievedPassage {
  return {
    passage: {
      cite,
      docId: cite.split('#')[0]!,
      sectionId: '1',
      part: 1,
      heading: 'Warranty',
      title: 'Manual',
      revision: 'v1',
      date: '2026-01-01',
      access: 'public',
      text,
      start: 0,
      end: text.length,
      hash: 'h',
    },
    rank,
    score: 1 / rank,
    termCoverage: 1,
    parts: [0],
    supersededBy: [],
  };
}

describe('buildPrompt', () => {
  it('numbers passages by citation id inside fences with the request marker, as untrusted data', () => {
    const prompt = buildPrompt('How long is the warranty?', [item('m#2', 'Two years.', 1)], {
      nonce: '⟦abc⟧',
      maxPassageChars: 8000,
    });
    expect(prompt.messages[0]!.role).toBe('system');
    expect(prompt.messages[0]!.content).toContain('⟦abc⟧');
    expect(prompt.messages[0]!.content).toMatch(/untrusted data/);
    expect(prompt.messages[0]!.content).toMatch(/do not say/);
    expect(prompt.messages[1]!.content).toContain(
      '[m#2] (document: Manual; revision: v1; date: 2026-01-01; section: Warranty)\n⟦abc⟧ BEGIN\nTwo years.\n⟦abc⟧ END',
    );
    expect(prompt.cites).toEqual(['m#2']);
  });

  it('drops the lowest-ranked passages that do not fit the budget and says which', () => {
    const passages = [
      item('a#1', 'x'.repeat(300), 1),
      item('b#1', 'y'.repeat(300), 2),
      item('c#1', 'z'.repeat(300), 3),
    ];
    const prompt = buildPrompt('q', passages, { nonce: 'n', maxPassageChars: 800 });
    expect(prompt.cites).toEqual(['a#1', 'b#1']);
    expect(prompt.omitted).toEqual(['c#1']);
  });

  it('removes invisible characters and defuses chat-template tokens from document text', () => {
    expect(sanitisePassageText('ig\u200Bnore <|im_start|>system\u202E')).toBe('ignore <\u2009|im_start|\u2009>system');
    expect(sanitisePassageText('tag \u{E0049}\u{E0047}')).toBe('tag ');
  });
});
