/**
 * The checker measured on a model's answers: which answers are right by the question's answer
 * patterns alone (docs/formats.md §2, without looking at the verdict), and what the checker said
 * about the right ones (false alarms) and the wrong ones (catches). Only answerable questions
 * count: an unanswerable one is scored by `correct` as before.
 */
import type { EvalQuestion } from './question-set.js';
import type { QuestionResult } from './run-evaluation.js';

/** Counts over the answerable questions a generator answered. */
export interface ModelAnswerStats {
  /** Answerable questions with answer patterns (the others cannot say whether an answer is right). */
  answerable: number;
  /** Answerable questions without answer patterns, left out of every count below. */
  unpatterned: number;
  /** Every answer pattern matches and no `must_not` pattern does. */
  right: number;
  /** Right, and citing all of the question's sources. */
  rightCited: number;
  /** Right answers the checker abstained on or flagged with something the question does not expect: false alarms. */
  rightFlagged: number;
  /** Of those, answers that cite nothing at all: flagged for want of any citation, not for what a cited passage says. */
  rightFlaggedUncited: number;
  wrong: number;
  /** Wrong answers the checker did not pass: catches. */
  wrongCaught: number;
  /** Unanswerable questions, and those abstained or flagged as missing evidence. */
  unanswerable: number;
  unanswerableHeld: number;
}

/** True when the answer text alone satisfies the question's patterns. */
export function rightByPatterns(question: EvalQuestion, answer: string): boolean {
  const matches = (pattern: string) => new RegExp(pattern, 'i').test(answer);
  return question.answer.every(matches) && !(question.must_not ?? []).some(matches);
}

/** Scores a results file's answers against the questions they answer. */
export function scoreModelAnswers(
  questions: readonly EvalQuestion[],
  results: readonly QuestionResult[],
): ModelAnswerStats {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const stats: ModelAnswerStats = {
    answerable: 0,
    unpatterned: 0,
    right: 0,
    rightCited: 0,
    rightFlagged: 0,
    rightFlaggedUncited: 0,
    wrong: 0,
    wrongCaught: 0,
    unanswerable: 0,
    unanswerableHeld: 0,
  };
  for (const result of results) {
    const question = byId.get(result.id);
    if (!question) continue;
    if (question.abstain) {
      stats.unanswerable++;
      if (result.correct) stats.unanswerableHeld++;
      continue;
    }
    if (question.answer.length === 0) {
      stats.unpatterned++;
      continue;
    }
    stats.answerable++;
    const passed = result.verdict.status === 'answered';
    // A conflict question expects its answer qualified by `conflict` (and `superseded`): only another flag is an alarm.
    const expected = new Set(question.conflict ? ['conflict', 'superseded'] : []);
    const onlyExpected =
      result.verdict.status === 'qualified' &&
      result.verdict.flags.length > 0 &&
      result.verdict.flags.every((flag) => expected.has(flag));
    const alarmed = !passed && !onlyExpected;
    if (rightByPatterns(question, result.answer)) {
      stats.right++;
      if (result.citation_hit) stats.rightCited++;
      if (alarmed) stats.rightFlagged++;
      if (alarmed && result.citations.length === 0) stats.rightFlaggedUncited++;
    } else {
      stats.wrong++;
      if (!passed) stats.wrongCaught++;
    }
  }
  return stats;
}

/** The counts as terminal lines. */
export function formatModelAnswers(stats: ModelAnswerStats): string {
  return [
    `model answers (answer patterns alone, over ${stats.answerable} answerable questions with patterns${stats.unpatterned ? `; ${stats.unpatterned} without patterns left out` : ''})`,
    `  right ${stats.right} · citing their sources ${stats.rightCited} · flagged by the checker ${stats.rightFlagged} (${stats.rightFlaggedUncited} citing nothing)`,
    `  wrong ${stats.wrong} · caught by the checker ${stats.wrongCaught}`,
    `  unanswerable ${stats.unanswerable} · abstained or flagged ${stats.unanswerableHeld}`,
  ].join('\n');
}
