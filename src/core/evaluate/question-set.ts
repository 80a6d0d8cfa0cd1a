/**
 * Questions files (docs/formats.md §2) and scripted answers files (docs/formats.md §4), read with
 * errors that name the file and line.
 */
import { RagError } from '../errors.js';

/** One question of a questions file. */
export interface EvalQuestion {
  id: string;
  kind: string;
  question: string;
  sources: string[];
  answer: string[];
  abstain: boolean;
  conflict?: boolean;
  viewer?: string;
  must_not?: string[];
}

function jsonLines(text: string, file: string, code: 'QUESTIONS_FILE' | 'ANSWERS_FILE') {
  const rows: { line: number; value: Record<string, unknown> }[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    if (raw.trim() === '') return;
    const line = index + 1;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      throw new RagError(code, { file, line, detail: `not valid JSON (${(error as Error).message})` });
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new RagError(code, { file, line, detail: 'expected a JSON object' });
    }
    rows.push({ line, value: value as Record<string, unknown> });
  });
  return rows;
}

function stringList(value: unknown, field: string, file: string, line: number): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw new RagError('QUESTIONS_FILE', { file, line, detail: `"${field}" must be a list of strings` });
  }
  return value as string[];
}

function checkPatterns(patterns: string[], field: string, file: string, line: number): void {
  for (const pattern of patterns) {
    try {
      new RegExp(pattern, 'i');
    } catch {
      throw new RagError('QUESTIONS_FILE', {
        file,
        line,
        detail: `"${field}" has an invalid regular expression: ${pattern}`,
      });
    }
  }
}

/** Parses a questions file. */
export function parseQuestions(text: string, file: string): EvalQuestion[] {
  const seen = new Set<string>();
  return jsonLines(text, file, 'QUESTIONS_FILE').map(({ line, value }) => {
    const { id, question } = value;
    if (typeof id !== 'string' || id === '')
      throw new RagError('QUESTIONS_FILE', { file, line, detail: '"id" is required' });
    if (typeof question !== 'string' || question.trim() === '') {
      throw new RagError('QUESTIONS_FILE', { file, line, detail: '"question" is required' });
    }
    if (seen.has(id)) throw new RagError('QUESTIONS_FILE', { file, line, detail: `duplicate id "${id}"` });
    seen.add(id);
    const parsed: EvalQuestion = {
      id,
      question,
      kind: typeof value.kind === 'string' ? value.kind : 'unlabelled',
      sources: stringList(value.sources, 'sources', file, line),
      answer: stringList(value.answer, 'answer', file, line),
      abstain: value.abstain === true,
    };
    if (value.conflict === true) parsed.conflict = true;
    if (typeof value.viewer === 'string') parsed.viewer = value.viewer;
    const mustNot = stringList(value.must_not, 'must_not', file, line);
    if (mustNot.length > 0) parsed.must_not = mustNot;
    checkPatterns(parsed.answer, 'answer', file, line);
    checkPatterns(mustNot, 'must_not', file, line);
    return parsed;
  });
}

/** Parses a scripted answers file into question id → answer text. */
export function parseScriptedAnswers(text: string, file: string): Map<string, string> {
  const answers = new Map<string, string>();
  for (const { line, value } of jsonLines(text, file, 'ANSWERS_FILE')) {
    if (typeof value.question_id !== 'string' || typeof value.answer !== 'string') {
      throw new RagError('ANSWERS_FILE', { file, line, detail: 'each line needs "question_id" and "answer" strings' });
    }
    answers.set(value.question_id, value.answer);
  }
  return answers;
}
