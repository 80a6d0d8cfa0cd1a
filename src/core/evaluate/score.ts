/**
 * Scoring one answered question against docs/formats.md §2: correctness, retrieval and citation
 * coverage.
 */
import type { Passage, Verdict } from '../types.js';
import type { EvalQuestion } from './question-set.js';

/**
 * True when a passage satisfies a gold source id: a bare document id matches any passage of the
 * document; `doc#section` matches the passages of that section (a split section's `#4.2` too).
 */
export function passageMatchesSource(passage: Pick<Passage, 'cite' | 'docId' | 'sectionId'>, source: string): boolean {
  const hash = source.indexOf('#');
  if (hash < 0) return passage.docId === source;
  return (
    passage.cite === source || (passage.docId === source.slice(0, hash) && passage.sectionId === source.slice(hash + 1))
  );
}

/** True when every source is matched by some passage. */
export function allSourcesCovered(
  sources: string[],
  passages: Pick<Passage, 'cite' | 'docId' | 'sectionId'>[],
): boolean {
  return sources.every((source) => passages.some((passage) => passageMatchesSource(passage, source)));
}

/** Whether the answer is correct for the question (docs/formats.md §2). */
export function isCorrect(question: EvalQuestion, answer: string, verdict: Verdict): boolean {
  const matches = (pattern: string) => new RegExp(pattern, 'i').test(answer);
  if ((question.must_not ?? []).some(matches)) return false;
  if (question.abstain) {
    return (
      verdict.status === 'abstained' || (verdict.status === 'qualified' && verdict.flags.includes('missing_evidence'))
    );
  }
  if (verdict.status === 'abstained') return false;
  if (!question.answer.every(matches)) return false;
  return !question.conflict || verdict.flags.includes('conflict');
}
