import { describe, expect, it } from 'vitest';
import { parseQuestions, parseScriptedAnswers } from '../../../src/core/evaluate/question-set.js';
import { allSourcesCovered, isCorrect, passageMatchesSource } from '../../../src/core/evaluate/score.js';
import { summarise, type QuestionResult } from '../../../src/core/evaluate/run-evaluation.js';
import type { Verdict } from '../../../src/core/types.js';

const verdict = (status: Verdict['status'], flags: Verdict['flags'] = []): Verdict => ({
  status,
  flags,
  claims: [],
  warnings: [],
});
const question = {
  id: 'Q',
  kind: 'lookup',
  question: 'q?',
  sources: [],
  answer: ['two[- ]years?|24 months'],
  abstain: false,
};

describe('isCorrect (docs/formats.md §2)', () => {
  it('needs every answer pattern, case-insensitively, and a verdict that is not abstained', () => {
    expect(isCorrect(question, 'The warranty lasts Two Years.', verdict('answered'))).toBe(true);
    expect(isCorrect(question, 'The warranty lasts 24 months.', verdict('qualified', ['superseded']))).toBe(true);
    expect(isCorrect(question, 'The warranty lasts 1 year.', verdict('answered'))).toBe(false);
    expect(isCorrect(question, 'two years', verdict('abstained'))).toBe(false);
    expect(isCorrect({ ...question, answer: ['two', 'filter'] }, 'two years', verdict('answered'))).toBe(false);
  });

  it('counts an abstention, or a qualified answer with missing evidence, for an unanswerable question', () => {
    const unanswerable = { ...question, answer: [], abstain: true };
    expect(isCorrect(unanswerable, 'The documents do not say.', verdict('abstained'))).toBe(true);
    expect(isCorrect(unanswerable, 'Closest: …', verdict('qualified', ['missing_evidence']))).toBe(true);
    expect(isCorrect(unanswerable, 'It is 3 years.', verdict('qualified', ['conflict']))).toBe(false);
    expect(isCorrect(unanswerable, 'It is 3 years.', verdict('answered'))).toBe(false);
  });

  it('requires the conflict flag where the sources disagree, and fails on any must_not match', () => {
    expect(isCorrect({ ...question, conflict: true }, 'two years', verdict('qualified', ['superseded']))).toBe(false);
    expect(isCorrect({ ...question, conflict: true }, 'two years', verdict('qualified', ['conflict']))).toBe(true);
    expect(isCorrect({ ...question, must_not: ['10 years'] }, 'two years, not 10 years', verdict('answered'))).toBe(
      false,
    );
    expect(
      isCorrect({ ...question, abstain: true, answer: [], must_not: ['R-4817'] }, 'code R-4817', verdict('abstained')),
    ).toBe(false);
  });
});

describe('source matching', () => {
  const passage = { cite: 'manual#4.2', docId: 'manual', sectionId: '4' };
  it('matches a whole document, a section (any of its parts) or the exact passage', () => {
    expect(passageMatchesSource(passage, 'manual')).toBe(true);
    expect(passageMatchesSource(passage, 'manual#4')).toBe(true);
    expect(passageMatchesSource(passage, 'manual#4.2')).toBe(true);
    expect(passageMatchesSource(passage, 'manual#5')).toBe(false);
    expect(passageMatchesSource(passage, 'manual-v2')).toBe(false);
    expect(allSourcesCovered(['manual#4', 'manual'], [passage])).toBe(true);
    expect(allSourcesCovered(['manual#4', 'other'], [passage])).toBe(false);
  });
});

describe('question and answer files', () => {
  it('reads docs/formats.md §2 lines with defaults', () => {
    const [parsed] = parseQuestions(
      '{"id":"L1","question":"How long?","sources":["m#2"],"answer":["2"],"viewer":"staff"}\n\n',
      'q.jsonl',
    );
    expect(parsed).toEqual({
      id: 'L1',
      kind: 'unlabelled',
      question: 'How long?',
      sources: ['m#2'],
      answer: ['2'],
      abstain: false,
      viewer: 'staff',
    });
  });

  it('names the file and line of every problem', () => {
    expect(() => parseQuestions('{"id":"a","question":"q"}\n{nope', 'q.jsonl')).toThrow(
      /q\.jsonl, line 2: not valid JSON/,
    );
    expect(() => parseQuestions('{"question":"q"}', 'q.jsonl')).toThrow(/line 1: "id" is required/);
    expect(() => parseQuestions('{"id":"a","question":"q"}\n{"id":"a","question":"r"}', 'q.jsonl')).toThrow(
      /line 2: duplicate id "a"/,
    );
    expect(() => parseQuestions('{"id":"a","question":"q","answer":["("]}', 'q.jsonl')).toThrow(
      /invalid regular expression/,
    );
    expect(() => parseScriptedAnswers('{"question_id":"a"}', 'a.jsonl')).toThrow(/a\.jsonl, line 1: each line needs/);
  });
});

describe('summarise', () => {
  const result = (
    id: string,
    kind: string,
    correct: boolean,
    hits?: [boolean, boolean],
    status: Verdict['status'] = 'answered',
    abstainExpected = false,
  ): QuestionResult => ({
    id,
    kind,
    correct,
    retrieved: [],
    answer: '',
    citations: [],
    verdict: { status, flags: [], claims: [], warnings: [] },
    ms: { retrieve: 2, generate: 1, verify: 1 },
    abstain_expected: abstainExpected,
    ...(hits ? { retrieval_hit: hits[0], citation_hit: hits[1] } : {}),
  });

  it('counts per kind, coverage over questions with sources, and abstentions right and wrong', () => {
    const summary = summarise([
      result('a', 'lookup', true, [true, true]),
      result('b', 'lookup', false, [true, false]),
      result('c', 'unanswerable', true, undefined, 'abstained', true),
      result('d', 'numeric', false, [false, false], 'abstained'),
    ]);
    expect(summary.by_kind).toEqual({
      lookup: { questions: 2, correct: 1 },
      unanswerable: { questions: 1, correct: 1 },
      numeric: { questions: 1, correct: 0 },
    });
    expect(summary.retrieval_coverage).toBeCloseTo(2 / 3, 4);
    expect(summary.citation_coverage).toBeCloseTo(1 / 3, 4);
    expect(summary.abstentions).toEqual({ right: 1, wrong: 1, missed: 0 });
    expect(summary.ms.retrieve_p50).toBe(2);
  });

  it('reports coverage as null when no question has sources', () => {
    expect(summarise([result('c', 'unanswerable', true, undefined, 'abstained', true)]).retrieval_coverage).toBeNull();
  });
});
