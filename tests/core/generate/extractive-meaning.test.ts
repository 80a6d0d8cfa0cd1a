import { describe, expect, it } from 'vitest';
import { ExtractiveGenerator } from '../../../src/core/generate/extractive-generator.js';
import { analyseQuestion } from '../../../src/core/question/analyse-question.js';
import type { Passage, RetrievedPassage } from '../../../src/core/types.js';
import type { Meaning } from '../../../src/core/verify/meaning.js';

const passage = (cite: string, text: string): RetrievedPassage => ({
  passage: {
    cite,
    docId: cite.split('#')[0]!,
    title: 'Build guide',
    heading: 'Requirements',
    text,
    access: 'public',
    revision: 'v1',
    date: '2026-01-01',
    start: 0,
    end: text.length,
  } as Passage,
  rank: 1,
  score: 1,
  termCoverage: 0.5,
  parts: [0],
  supersededBy: [],
});

/** A fake similarity (named as one): high for sentences naming disk space, low for the rest. */
const fakeMeaning: Meaning = {
  id: 'fake-meaning',
  thresholds: { support: 0.75, supportWithValues: 0.65, supportWithWords: { cosine: 0.6, share: 0.5 }, address: 0.35 },
  async similarity(_text, others) {
    return others.map(() => 0);
  },
  async partSimilarity(_part, texts) {
    return texts.map((text) => (/disk space/.test(text) ? 0.8 : 0.1));
  },
};

describe('the extractive generator with meaning', () => {
  // The reader's words ("room", "hard disk", "compiling") share little with the text.
  const question = 'How much room does compiling the program want on my hard disk?';
  const request = (meaning?: Meaning) => ({
    question,
    parts: analyseQuestion(question),
    passages: [passage('guide#1', 'Keep 50 MB of free disk space. It runs on 2 GB of memory.')],
    prompt: { messages: [], cites: ['guide#1'], omitted: [] },
    ...(meaning ? { meaning } : {}),
  });

  it('answers from a sentence that means the question though it shares few of its words', async () => {
    const result = await new ExtractiveGenerator().generate(request(fakeMeaning));
    expect(result.text).toContain('50 MB of free disk space');
  });

  it('without meaning, keeps to words and says the documents do not answer it', async () => {
    const result = await new ExtractiveGenerator().generate(request());
    expect(result.text).not.toContain('50 MB');
  });

  it('answers a later part with a sentence an earlier part could only quote as the closest', async () => {
    /** A fake similarity (named as one): every part means the sentence about the locating method. */
    const locating: Meaning = {
      ...fakeMeaning,
      async partSimilarity(_part, texts) {
        return texts.map((text) => (/locating method/.test(text) ? 0.8 : 0.1));
      },
    };
    const asked =
      "What does the battery-stretching setting do to my phone's whereabouts tracking, and what is the locating method set to in Emergency mode?";
    const parts = analyseQuestion(asked);
    expect(parts).toHaveLength(2);
    const result = await new ExtractiveGenerator().generate({
      question: asked,
      parts,
      passages: [
        passage(
          'guide#1',
          'When Emergency mode is on, the locating method is set to Battery saving. The screen turns grey.',
        ),
      ],
      prompt: { messages: [], cites: ['guide#1'], omitted: [] },
      meaning: locating,
    });
    // The first part's words are the reader's: the sentence is only the closest the documents come to it…
    expect(result.text).toMatch(/^The documents do not say/);
    // …and the second part, which it answers, is answered with it, not passed over.
    expect(result.text).toMatch(
      /\. When Emergency mode is on, the locating method is set to Battery saving \[guide#1\]\.$/,
    );
  });
});
