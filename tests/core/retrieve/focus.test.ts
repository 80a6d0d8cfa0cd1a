import { describe, expect, it } from 'vitest';
import { absentFocus } from '../../../src/core/retrieve/focus.js';
import { retrieve } from '../../../src/core/retrieve/retrieve.js';
import { analyseQuestion } from '../../../src/core/question/analyse-question.js';
import { DEFAULT_RETRIEVAL_OPTIONS } from '../../../src/core/retrieve/retrieve.js';
import { removeDocument } from '../../../src/core/index/update-index.js';
import { markdown } from '../../helpers/documents.js';
import { engineWith } from '../../helpers/engine.js';

const files = {
  'wm.md': markdown(
    { id: 'wm', title: 'WM-720 Owner Manual' },
    '## 8. Error codes\n\n- E21: water does not drain.\n- E30: door lock fault.\n',
  ),
  'dw.md': markdown(
    { id: 'dw', title: 'DW-480 Owner Manual' },
    '## 9. Error codes\n\n- E1: no water.\n- E4: overflow.\n',
  ),
  'staff.md': markdown(
    { id: 'staff', access: 'staff' },
    '## 1. Service codes\n\n- E77: pump jammed; reset with R-4817.\n',
  ),
};

describe('absent focus', () => {
  it('names a code no readable passage mentions, with the codes the library names beside it', async () => {
    const engine = await engineWith(files);
    const [absent] = absentFocus(engine.index, ['E99'], ['public'], []);
    expect(absent).toMatchObject({ name: 'E99', siblings: ['E1', 'E4', 'E21', 'E30'], more: 0, cites: [] });
    expect(absentFocus(engine.index, ['E21'], ['public'], [])).toEqual([]);
  });

  it('lists the siblings named with the question’s other focus, and cites only passages the answer is given', async () => {
    const engine = await engineWith(files);
    const given = [...engine.index.passages.values()]
      .filter((passage) => passage.docId === 'wm')
      .map((passage, index) => ({ passage, rank: index + 1, score: 1, termCoverage: 1, parts: [0], supersededBy: [] }));
    const [absent] = absentFocus(engine.index, ['E99', 'WM-720'], ['public'], given);
    expect(absent).toMatchObject({ siblings: ['E21', 'E30'], with: 'WM-720', cites: ['wm#8'] });
  });

  it('counts a code named only in a document the viewer may not read as named nowhere', async () => {
    const engine = await engineWith(files);
    expect(absentFocus(engine.index, ['E77'], ['public'], [])[0]?.name).toBe('E77');
    expect(absentFocus(engine.index, ['E77'], ['public', 'staff'], [])).toEqual([]);
  });

  it('follows the library as documents come and go', async () => {
    const engine = await engineWith(files);
    expect(absentFocus(engine.index, ['E1'], ['public'], [])).toEqual([]);
    await removeDocument(engine.index, 'dw');
    expect(absentFocus(engine.index, ['E1'], ['public'], [])[0]?.siblings).toEqual(['E21', 'E30']);
  });

  it('is set on the parts retrieval returns', async () => {
    const engine = await engineWith(files);
    const result = await retrieve(engine.index, engine.embedder, analyseQuestion('What does E99 mean?'), {
      ...DEFAULT_RETRIEVAL_OPTIONS,
    });
    expect(result.parts[0]?.part.absentFocus?.[0]?.name).toBe('E99');
  });
});
