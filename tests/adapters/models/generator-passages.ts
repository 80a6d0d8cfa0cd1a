/**
 * Retrieved passages for the model generators' tests: `doc#<index>`, `chars` long, each saying
 * how often the pump filter is cleaned.
 */
import type { RetrievedPassage } from '../../../src/core/types.js';

export function passage(index: number, chars = 200): RetrievedPassage {
  const text = `Passage ${index}: ${'the pump filter is cleaned every month. '.repeat(Math.ceil(chars / 40))}`.slice(
    0,
    chars,
  );
  return {
    passage: {
      cite: `doc#${index}`,
      text,
      title: 'Doc',
      revision: 'v1',
      date: '2026-01-01',
      heading: '',
    } as RetrievedPassage['passage'],
    rank: index,
    score: 1 / index,
    termCoverage: 0.5,
    parts: [0],
    supersededBy: [],
  };
}
