import { describe, expect, it } from 'vitest';
import { buildPrompt } from '../../../src/core/generate/build-prompt.js';
import { ScriptedGenerator } from '../../../src/core/generate/scripted-generator.js';
import { answerQuestion } from '../../../src/core/pipeline/answer-question.js';
import { passageLead } from '../../../src/core/retrieve/passage-lead.js';
import { markdown } from '../../helpers/documents.js';
import { engineWith } from '../../helpers/engine.js';

// A section longer than the chunk budget (1,000 characters): its second part opens with "This is …",
// whose subject is the last sentence of the first part.
const filler = Array.from(
  { length: 15 },
  (_, i) => `Step ${i + 1} of the preparation loads the libraries it needs.`,
).join(' ');
const section = `## Preparing the data\n\n${filler} Our training corpus for this model will be the works of Shakespeare concatenated into one file.\n\nThis is roughly 1 million characters and looks like a play script.\n`;
const files = { 'gpt.md': markdown({ id: 'gpt', title: 'GPT from scratch' }, section) };
const CLAIM = 'The concatenated Shakespeare corpus is roughly one million characters long';

describe('a passage that opens by pointing back', () => {
  it('is read by the checker with the sentence it points to, so a claim naming that subject is supported', async () => {
    const engine = await engineWith(files, {
      generator: new ScriptedGenerator(new Map([['Q1', `${CLAIM} [gpt#preparing-the-data.2].`]])),
    });
    const second = engine.index.passages.get('gpt#preparing-the-data.2');
    expect(second?.text).toMatch(/^This is roughly/);
    const result = await answerQuestion(engine, 'How large is the Shakespeare training text?', { questionId: 'Q1' });
    expect(result.verdict.claims.map((claim) => claim.state)).toEqual(['supported']);
    // The passage itself is unchanged: the lead is read, never stored.
    expect(engine.index.passages.get('gpt#preparing-the-data.2')?.text).toBe(second?.text);
  });

  it('gets no lead when it opens otherwise, or is the first part of its section', async () => {
    const engine = await engineWith(files);
    const item = (cite: string) => ({
      passage: engine.index.passages.get(cite)!,
      rank: 1,
      score: 1,
      termCoverage: 1,
      parts: [0],
      supersededBy: [],
    });
    expect(passageLead(engine.index, item('gpt#preparing-the-data.2'))).toBe(
      'Our training corpus for this model will be the works of Shakespeare concatenated into one file.',
    );
    expect(passageLead(engine.index, item('gpt#preparing-the-data'))).toBeUndefined();
  });

  it('is given to a model with that sentence inside the passage fence', async () => {
    const engine = await engineWith(files);
    const passage = engine.index.passages.get('gpt#preparing-the-data.2')!;
    const item = { passage, rank: 1, score: 1, termCoverage: 1, parts: [0], supersededBy: [] };
    const lead = passageLead(engine.index, item)!;
    const prompt = buildPrompt('How large is it?', [{ ...item, lead }], { nonce: '⟦7⟧', maxPassageChars: 10_000 });
    const user = prompt.messages[1]!.content;
    const fenced = user.slice(user.indexOf('⟦7⟧ BEGIN'), user.indexOf('⟦7⟧ END'));
    expect(fenced).toContain(`(before this passage: ${lead})\nThis is roughly`);
  });
});
