import { describe, expect, it } from 'vitest';
import { answerQuestion } from '../../../src/core/pipeline/answer-question.js';
import { ScriptedGenerator } from '../../../src/core/generate/scripted-generator.js';
import type { GenerateResult, Generator } from '../../../src/core/ports.js';
import { evidenceUnits } from '../../../src/core/generate/evidence-units.js';
import { namesOnlySiblings } from '../../../src/core/generate/rank-units.js';
import { markdown } from '../../helpers/documents.js';
import { engineWith } from '../../helpers/engine.js';

const files = {
  'wm.md': markdown(
    { id: 'wm', title: 'WM-720 Owner Manual' },
    '## 8. Error codes\n\n- Code E21: water does not drain. Clean the drain pump filter.\n- Code E30: door lock fault. Close the door firmly.\n',
  ),
  'dw.md': markdown(
    { id: 'dw', title: 'DW-480 Owner Manual' },
    '## 2. Warranty\n\nThe DW-480 warranty lasts 2 years.\n',
  ),
};

/** A fake model (named as one) that must not be called. */
class UncalledFakeModel implements Generator {
  readonly id = 'fake-model';
  calls = 0;
  async generate(): Promise<GenerateResult> {
    this.calls++;
    return {
      text: 'E30 means a door lock fault [wm#8].',
      usage: { prompt: 1, completion: 1 },
      finishReason: 'stop',
      decidedBy: 'model',
    };
  }
}

describe('answers about a focus code', () => {
  it('says a code the library never names is not there, names the codes it does list, and abstains', async () => {
    const engine = await engineWith(files);
    const result = await answerQuestion(engine, 'What does error code E99 mean on the WM-720?');
    expect(result.answer.text).toBe('No document mentions E99, only E21 and E30 for WM-720 [wm#8].');
    expect(result.verdict.status).toBe('abstained');
    expect(result.verdict.warnings).toContainEqual(
      expect.objectContaining({ flag: 'missing_evidence', message: 'No document mentions E99.' }),
    );
    const retrieveStep = result.trace.find((step) => step.stage === 'retrieve')!.detail as {
      parts: { absentFocus?: unknown[] }[];
    };
    expect(retrieveStep.parts[0]?.absentFocus).toHaveLength(1);
  });

  it('does not call a model for a question about a code the library lacks', async () => {
    const model = new UncalledFakeModel();
    const engine = await engineWith(files, { generator: model });
    const result = await answerQuestion(engine, 'What does error code E99 mean on the WM-720?');
    expect(model.calls).toBe(0);
    expect(result.answer.decidedBy).toBe('code');
    expect(result.verdict.status).toBe('abstained');
  });

  it('answers a present code from its own row, not a neighbouring one', async () => {
    const engine = await engineWith(files);
    // The question's other words ("drain") favour the E21 row; the code decides.
    const result = await answerQuestion(engine, 'My washer shows E30 and the water does not drain. What is wrong?');
    expect(result.answer.text).toContain('E30');
    expect(result.answer.text).not.toContain('E21');
  });

  it('keeps the rows of other codes of the family out of the answerer’s choice', async () => {
    const engine = await engineWith(files);
    const passages = [...engine.index.passages.values()].map((passage, index) => ({
      passage,
      rank: index + 1,
      score: 1,
      termCoverage: 1,
      parts: [0],
      supersededBy: [],
    }));
    const units = evidenceUnits(passages, () => false);
    const rowOf = (code: string) => units.find((unit) => unit.text.includes(code))!;
    expect(namesOnlySiblings(rowOf('E30'), units, ['E21'])).toBe(true);
    expect(namesOnlySiblings(rowOf('E21'), units, ['E21'])).toBe(false);
    expect(namesOnlySiblings(rowOf('2 years'), units, ['E21'])).toBe(false);
    expect(namesOnlySiblings(rowOf('E30'), units, [])).toBe(false);
  });

  it('does not pass an answer that quotes another code’s row as answering the asked one', async () => {
    const wrongRow = 'Code E30: door lock fault [wm#8].';
    const engine = await engineWith(files, {
      generator: new ScriptedGenerator(new Map([['q', wrongRow]])),
    });
    const result = await answerQuestion(engine, 'What does code E21 mean?', { questionId: 'q' });
    expect(result.verdict.status).not.toBe('answered');
    expect(result.verdict.flags).toContain('missing_evidence');
    const right = await engineWith(files, {
      generator: new ScriptedGenerator(new Map([['q', 'Code E21: water does not drain [wm#8].']])),
    });
    expect((await answerQuestion(right, 'What does code E21 mean?', { questionId: 'q' })).verdict.status).toBe(
      'answered',
    );
  });

  it('flags an answer written in advance about an absent code, whatever it says', async () => {
    const engine = await engineWith(files, {
      generator: new ScriptedGenerator(new Map([['q', 'E99 means a door lock fault [wm#8].']])),
    });
    const result = await answerQuestion(engine, 'What does E99 mean?', { questionId: 'q' });
    expect(result.answer.text).toBe('E99 means a door lock fault [wm#8].');
    expect(result.verdict.flags).toContain('missing_evidence');
  });
});
