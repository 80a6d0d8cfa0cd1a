import { describe, expect, it } from 'vitest';
import { citedPassages, segmentAnswer } from '../../../src/ui/lib/answer-segments.js';
import type { Claim, RetrievedPassage } from '../../../src/core/types.js';

function given(cite: string): RetrievedPassage {
  const docId = cite.slice(0, cite.indexOf('#'));
  return {
    passage: {
      cite,
      docId,
      sectionId: '1',
      part: 1,
      heading: '',
      title: 'T',
      revision: '1',
      date: '2026-01-01',
      access: 'public',
      text: 'x',
      start: 0,
      end: 1,
      hash: 'h',
    },
    rank: 1,
    score: 1,
    termCoverage: 1,
    parts: [0],
    supersededBy: [],
  };
}

const claim = (start: number, end: number, supported = true): Claim => ({
  text: '',
  cites: [],
  supported,
  state: supported ? 'supported' : 'not_found',
  start,
  end,
});

describe('segmentAnswer', () => {
  it('turns given ids into chips and anything else in brackets into invalid segments', () => {
    const text = 'Two years [a#1, b#2]. Not this [zz#9]. Nor [1] or [Source: manual].';
    const segments = segmentAnswer(text, [], [given('a#1'), given('b#2')]);
    expect(segments.filter((item) => item.kind !== 'text')).toEqual([
      { kind: 'cite', id: 'a#1', cite: 'a#1' },
      { kind: 'cite', id: 'b#2', cite: 'b#2' },
      { kind: 'invalid', id: 'zz#9' },
    ]);
    const rebuilt = segments.map((item) => (item.kind === 'text' ? item.text : '')).join('');
    expect(rebuilt).toBe('Two years . Not this . Nor [1] or [Source: manual].');
  });

  it('resolves a document id to its first given passage', () => {
    expect(segmentAnswer('See [a].', [], [given('a#1'), given('a#2')])).toContainEqual({
      kind: 'cite',
      id: 'a',
      cite: 'a#1',
    });
  });

  it('attaches text and chips to their claims', () => {
    const text = 'First claim [a#1]. Second claim [a#1].';
    const segments = segmentAnswer(text, [claim(0, 11), claim(19, 31, false)], [given('a#1')]);
    expect(segments).toEqual([
      { kind: 'text', text: 'First claim', claim: 0 },
      { kind: 'text', text: ' ' },
      { kind: 'cite', id: 'a#1', cite: 'a#1', claim: 0 },
      { kind: 'text', text: '. ' },
      { kind: 'text', text: 'Second claim', claim: 1 },
      { kind: 'text', text: ' ' },
      { kind: 'cite', id: 'a#1', cite: 'a#1', claim: 1 },
      { kind: 'text', text: '.' },
    ]);
  });

  it('never produces anything but text from markup', () => {
    const text = '<img src=x onerror=alert(1)> [a#1]';
    const segments = segmentAnswer(text, [], [given('a#1')]);
    expect(segments[0]).toEqual({ kind: 'text', text: '<img src=x onerror=alert(1)> ' });
  });
});

describe('citedPassages', () => {
  it('collects every given passage a valid citation names', () => {
    expect([...citedPassages('See [a] and [b#2] and [c#1].', [given('a#1'), given('a#2'), given('b#2')])]).toEqual([
      'a#1',
      'a#2',
      'b#2',
    ]);
  });
});
