/**
 * Flag detection on answers with known faults: the expected-flags side file of an adversarial
 * set, scored against a results file. A faulty answer is detected when it carries every flag it
 * is expected to; a correct answer raises a false alarm when it carries any flag that is neither
 * expected nor tolerated (`may_also`: flags the set's author accepts but does not require, such as
 * `superseded` beside `conflict` where authority rests on dates alone).
 */
import { RagError } from '../errors.js';
import type { FlagName } from '../types.js';
import type { ResultsFile } from './run-evaluation.js';

/** One line of an expected-flags file. */
export interface FlagExpectation {
  question_id: string;
  faulty: boolean;
  expect: FlagName[];
  /** Flags acceptable on this answer but not required: never a false alarm, never needed to detect. */
  may_also?: FlagName[];
  note?: string;
}

/** Detection and false alarms, overall and per flag. */
export interface DetectionReport {
  faulty: number;
  detected: number;
  correct: number;
  falseAlarms: number;
  /** Correct answers whose only flags beyond `expect` are ones the set tolerates (`may_also`): not false alarms. */
  tolerated: number;
  perFlag: Record<string, { expected: number; detected: number; falseAlarms: number }>;
  /** Answers that missed an expected flag, or raised an unexpected one, with the flags concerned. */
  misses: { id: string; flags: string[] }[];
  alarms: { id: string; flags: string[] }[];
}

/** Parses an expected-flags file (JSON Lines). */
export function parseFlagExpectations(text: string, file: string): FlagExpectation[] {
  return text
    .split(/\r?\n/)
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => line.trim() !== '')
    .map(({ line, number }) => {
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw new RagError('QUESTIONS_FILE', { file, line: number, detail: 'not valid JSON' });
      }
      const record = value as Partial<FlagExpectation>;
      if (
        typeof record.question_id !== 'string' ||
        typeof record.faulty !== 'boolean' ||
        !Array.isArray(record.expect) ||
        (record.may_also !== undefined && !Array.isArray(record.may_also))
      ) {
        throw new RagError('QUESTIONS_FILE', {
          file,
          line: number,
          detail: 'needs "question_id", "faulty" and "expect" ("may_also", when given, a list too)',
        });
      }
      return record as FlagExpectation;
    });
}

/** Scores the flags of `results` against `expectations`. */
export function scoreDetection(results: ResultsFile, expectations: FlagExpectation[]): DetectionReport {
  const byId = new Map(results.questions.map((question) => [question.id, question]));
  const report: DetectionReport = {
    faulty: 0,
    detected: 0,
    correct: 0,
    falseAlarms: 0,
    tolerated: 0,
    perFlag: {},
    misses: [],
    alarms: [],
  };
  const flagRow = (flag: string) => (report.perFlag[flag] ??= { expected: 0, detected: 0, falseAlarms: 0 });
  for (const expectation of expectations) {
    const flags: string[] = byId.get(expectation.question_id)?.verdict.flags ?? [];
    if (expectation.faulty) {
      report.faulty++;
      const missing = expectation.expect.filter((flag) => !flags.includes(flag));
      if (missing.length === 0) report.detected++;
      else report.misses.push({ id: expectation.question_id, flags: missing });
      for (const flag of expectation.expect) {
        flagRow(flag).expected++;
        if (flags.includes(flag)) flagRow(flag).detected++;
      }
    } else {
      report.correct++;
      const accepted = [...expectation.expect, ...(expectation.may_also ?? [])];
      const extra = flags.filter((flag) => !accepted.includes(flag as FlagName));
      if (extra.length === 0 && flags.some((flag) => !expectation.expect.includes(flag as FlagName)))
        report.tolerated++;
      if (extra.length > 0) {
        report.falseAlarms++;
        report.alarms.push({ id: expectation.question_id, flags: extra });
      }
      for (const flag of extra) flagRow(flag).falseAlarms++;
    }
  }
  return report;
}

/** The report as a plain-text table. */
export function formatDetection(report: DetectionReport): string {
  const percent = (part: number, whole: number) => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)}%`);
  const rows = Object.entries(report.perFlag).sort(([a], [b]) => a.localeCompare(b));
  return [
    `faulty answers detected   ${report.detected}/${report.faulty} (${percent(report.detected, report.faulty)})`,
    `correct answers flagged   ${report.falseAlarms}/${report.correct} (${percent(report.falseAlarms, report.correct)})${report.tolerated > 0 ? `; ${report.tolerated} more carry only a flag the set tolerates (may_also)` : ''}`,
    '',
    'flag                detected/expected   false alarms on correct answers',
    ...rows.map(
      ([flag, row]) =>
        `${flag.padEnd(20)}${`${row.detected}/${row.expected}`.padStart(8)} ${percent(row.detected, row.expected).padStart(7)}   ${row.falseAlarms}/${report.correct}`,
    ),
    ...(report.misses.length > 0
      ? ['', `missed: ${report.misses.map((miss) => `${miss.id} (${miss.flags.join(', ')})`).join('; ')}`]
      : []),
    ...(report.alarms.length > 0
      ? [`false alarms: ${report.alarms.map((alarm) => `${alarm.id} (${alarm.flags.join(', ')})`).join('; ')}`]
      : []),
  ].join('\n');
}
