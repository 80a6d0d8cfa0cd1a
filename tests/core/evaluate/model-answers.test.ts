import { describe, expect, it } from 'vitest';
import { scoreModelAnswers } from '../../../src/core/evaluate/model-answers.js';
import type { EvalQuestion } from '../../../src/core/evaluate/question-set.js';
import type { QuestionResult } from '../../../src/core/evaluate/run-evaluation.js';

const question = (id: string, answer: string[], abstain = false): EvalQuestion =>
  ({ id, kind: 'lookup', question: `${id}?`, sources: [], answer, abstain }) as EvalQuestion;

const result = (
  id: string,
  answer: string,
  status: 'answered' | 'qualified' | 'abstained',
  citations: string[] = [],
  extra: Partial<QuestionResult> = {},
) =>
  ({
    id,
    kind: 'lookup',
    correct: false,
    retrieved: [],
    answer,
    citations,
    verdict: { status, flags: [], warnings: [], claims: [] },
    ms: { retrieve: 0, generate: 0, verify: 0 },
    abstain_expected: false,
    ...extra,
  }) as QuestionResult;

describe('scoreModelAnswers', () => {
  it('scores answers by their patterns alone and counts what the checker said about right and wrong ones', () => {
    const questions = [
      question('A', ['2 years']),
      question('B', ['7 °dH|7 degrees']),
      question('C', ['R-48']),
      question('D', ['E4']),
      question('U', [], true),
      question('P', []),
      { ...question('K', ['6 weeks']), conflict: true },
    ];
    const stats = scoreModelAnswers(questions, [
      result('A', 'It lasts 2 years [dw#2].', 'answered', ['dw#2'], { citation_hit: true }),
      result('B', 'Above 7 degrees.', 'qualified'),
      result('C', 'The code is R-99 [dw#1].', 'qualified', ['dw#1']),
      result('D', 'No idea [dw#3].', 'answered', ['dw#3']),
      result('P', 'Anything at all.', 'answered'),
      {
        ...result('K', 'Every 6 weeks [sb#2].', 'qualified', ['sb#2']),
        verdict: { status: 'qualified', flags: ['conflict', 'superseded'], warnings: [], claims: [] },
      },
      result('U', 'The documents do not say.', 'abstained', [], { correct: true, abstain_expected: true }),
    ]);
    expect(stats).toEqual({
      answerable: 5,
      unpatterned: 1,
      right: 3,
      rightCited: 1,
      rightFlagged: 1,
      rightFlaggedUncited: 1,
      wrong: 2,
      wrongCaught: 1,
      unanswerable: 1,
      unanswerableHeld: 1,
    });
  });
});
