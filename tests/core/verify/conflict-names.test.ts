import { describe, expect, it } from 'vitest';
import { answerQuestion } from '../../../src/core/pipeline/answer-question.js';
import { markdown } from '../../helpers/documents.js';
import { engineWith } from '../../helpers/engine.js';

/** Three web snippets about one sale: two name different buyers in the same sentence, one a different price. */
const SNIPPETS = {
  'a.md': markdown(
    { id: 'snip-a', title: 'Web snippet a', revision: 'v1', date: '2024-01-01' },
    '# Web snippet a\n\nThe service was created by Quillo Inc. of Lyon, France, which was acquired by Facebook in February 2014 for approximately US$19.3 billion.\n',
  ),
  'b.md': markdown(
    { id: 'snip-b', title: 'Web snippet b', revision: 'v1', date: '2024-01-01' },
    "# Web snippet b\n\nWe kick off Season 6 with a long-awaited Acquired Classic: Apple's $22B purchase of Quillo in 2014, which still ranks as the largest.\n",
  ),
  'c.md': markdown(
    { id: 'snip-c', title: 'Web snippet c', revision: 'v1', date: '2024-01-01' },
    "# Web snippet c\n\nWe kick off Season 6 with a long-awaited Acquired Classic: Facebook's $22B purchase of Quillo in 2014, which still ranks as the largest.\n",
  ),
};

describe('conflicts over a name', () => {
  it('are flagged where the question asks for the name, though the sentences name different things', async () => {
    const engine = await engineWith(SNIPPETS);
    const result = await answerQuestion(engine, 'Who acquired Quillo?');
    expect(result.verdict.flags).toContain('conflict');
  });
});
