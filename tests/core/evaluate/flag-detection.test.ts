/** Scoring an answer set's flags against its expected-flags file, `may_also` included. */
import { describe, expect, it } from 'vitest';
import { parseFlagExpectations, scoreDetection } from '../../../src/core/evaluate/flag-detection.js';
import type { ResultsFile } from '../../../src/core/evaluate/run-evaluation.js';

function results(flagsById: Record<string, string[]>): ResultsFile {
  return {
    questions: Object.entries(flagsById).map(([id, flags]) => ({ id, verdict: { flags } })),
  } as unknown as ResultsFile;
}

const EXPECTED = [
  '{"question_id": "C1", "faulty": false, "expect": ["conflict"], "may_also": ["superseded"]}',
  '{"question_id": "C2", "faulty": false, "expect": []}',
  '{"question_id": "F1", "faulty": true, "expect": ["unsupported_claim"], "may_also": ["conflict"]}',
].join('\n');

describe('scoreDetection', () => {
  it('tolerates a flag a correct answer may also carry, and counts any other as a false alarm', () => {
    const report = scoreDetection(
      results({ C1: ['conflict', 'superseded'], C2: ['superseded'], F1: ['unsupported_claim'] }),
      parseFlagExpectations(EXPECTED, 'expected.jsonl'),
    );
    expect(report.correct).toBe(2);
    expect(report.falseAlarms).toBe(1);
    expect(report.alarms).toEqual([{ id: 'C2', flags: ['superseded'] }]);
    expect(report.tolerated).toBe(1);
    expect(report.detected).toBe(1);
  });

  it('still counts a flag outside both lists on an answer that has may_also', () => {
    const report = scoreDetection(
      results({ C1: ['conflict', 'unsupported_claim'], C2: [], F1: ['conflict'] }),
      parseFlagExpectations(EXPECTED, 'expected.jsonl'),
    );
    expect(report.alarms).toEqual([{ id: 'C1', flags: ['unsupported_claim'] }]);
    // A tolerated flag does not detect a fault: F1 needs unsupported_claim.
    expect(report.detected).toBe(0);
    expect(report.misses).toEqual([{ id: 'F1', flags: ['unsupported_claim'] }]);
  });

  it('names the file and line of a may_also that is not a list', () => {
    expect(() =>
      parseFlagExpectations(
        '{"question_id": "C1", "faulty": false, "expect": [], "may_also": "superseded"}',
        'x.jsonl',
      ),
    ).toThrow(/x\.jsonl/);
  });
});
