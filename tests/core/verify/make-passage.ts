import type { RetrievedPassage } from '../../../src/core/types.js';

/** Options of `makePassage`; everything but the text has a default. */
export interface PassageOptions {
  cite?: string;
  title?: string;
  heading?: string;
  date?: string;
  supersededBy?: string[];
}

/** A given passage built from text, for tests that must not depend on the corpus. */
export function makePassage(text: string, options: PassageOptions = {}): RetrievedPassage {
  const cite = options.cite ?? 'doc#1';
  const [docId = cite, sectionId = '1'] = cite.split('#');
  return {
    passage: {
      cite,
      docId,
      sectionId,
      part: 1,
      heading: options.heading ?? '',
      title: options.title ?? 'Test Manual',
      revision: 'v1',
      date: options.date ?? '2026-01-01',
      access: 'public',
      text,
      start: 0,
      end: text.length,
      hash: 'test',
    },
    rank: 1,
    score: 1,
    termCoverage: 1,
    parts: [0],
    supersededBy: options.supersededBy ?? [],
  };
}
