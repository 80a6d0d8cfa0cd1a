/**
 * The evaluation run: every question through the full pipeline, scored, summarised in the
 * results file shape of docs/formats.md §3.
 */
import type { Engine } from '../pipeline/engine.js';
import { answerQuestion, type AnswerResult } from '../pipeline/answer-question.js';
import { round } from '../pipeline/trace.js';
import type { RetrievalOptions } from '../retrieve/retrieve.js';
import type { ClaimEvidence, ClaimState, Verdict } from '../types.js';
import { resolveCitation } from '../verify/citations.js';
import type { EvalQuestion } from './question-set.js';
import { allSourcesCovered, isCorrect } from './score.js';

/** Settings recorded in the results file's `run`. */
export interface RunInfo {
  corpus: string;
  questions: string;
  generator: string;
  embedder: string;
  retrieval: RetrievalOptions['mode'];
  top_k: number;
  started: string;
  [extra: string]: unknown;
}

/** One question's line in the results file. */
export interface QuestionResult {
  id: string;
  kind: string;
  correct: boolean;
  retrieved: { cite: string; score: number; lexical?: number; vector?: number; coverage: number }[];
  answer: string;
  /** What the model wrote, when the pipeline repaired it into checkable form (core/generate/model-output.ts). */
  raw_answer?: string;
  citations: string[];
  verdict: Pick<Verdict, 'status' | 'flags' | 'warnings'> & {
    claims: { text: string; cites: string[]; supported: boolean; state: ClaimState; evidence?: ClaimEvidence }[];
  };
  ms: { retrieve: number; generate: number; verify: number };
  retrieval_hit?: boolean;
  citation_hit?: boolean;
  abstain_expected: boolean;
}

/** The results file (docs/formats.md §3). */
export interface ResultsFile {
  run: RunInfo;
  summary: {
    questions: number;
    correct: number;
    retrieval_coverage: number | null;
    citation_coverage: number | null;
    by_kind: Record<string, { questions: number; correct: number }>;
    abstentions: { right: number; wrong: number; missed: number };
    ms: { retrieve_p50: number; generate_p50: number; verify_p50: number };
  };
  questions: QuestionResult[];
}

/** Runs every question and builds the results file. */
export async function runEvaluation(
  engine: Engine,
  questions: EvalQuestion[],
  run: RunInfo,
  onQuestion?: (result: QuestionResult, index: number) => void,
): Promise<ResultsFile> {
  const results: QuestionResult[] = [];
  for (const [index, question] of questions.entries()) {
    const answered = await answerQuestion(engine, question.question, {
      questionId: question.id,
      retrieval: { topK: run.top_k, mode: run.retrieval, viewer: question.viewer ?? 'public' },
    });
    const result = scoreResult(question, answered);
    results.push(result);
    onQuestion?.(result, index);
  }
  return { run, summary: summarise(results), questions: results };
}

function scoreResult(question: EvalQuestion, answered: AnswerResult): QuestionResult {
  // What the answer cites for its claims (a sentence saying what the documents do not cover is none).
  const cited = new Set(
    answered.verdict.claims.filter((claim) => claim.state !== 'not_a_claim').flatMap((claim) => claim.cites),
  );
  // A citation counts for the passages the checker resolves it to (a bare document id, a section's parts).
  const citedPassages = [...cited].flatMap((id) =>
    resolveCitation(id, answered.given).passages.map((item) => item.passage),
  );
  const result: QuestionResult = {
    id: question.id,
    kind: question.kind,
    correct: isCorrect(question, answered.answer.text, answered.verdict),
    retrieved: answered.retrieved.map((item) => ({
      cite: item.passage.cite,
      score: round(item.score),
      ...(item.lexicalScore === undefined ? {} : { lexical: round(item.lexicalScore) }),
      ...(item.vectorScore === undefined ? {} : { vector: round(item.vectorScore) }),
      coverage: round(item.termCoverage),
    })),
    answer: answered.answer.text,
    citations: [...cited],
    verdict: {
      status: answered.verdict.status,
      flags: answered.verdict.flags,
      claims: answered.verdict.claims.map(({ text, cites, supported, state, evidence }) => ({
        text,
        cites,
        supported,
        state,
        ...(evidence ? { evidence } : {}),
      })),
      warnings: answered.verdict.warnings,
    },
    ms: {
      retrieve: round(answered.ms.retrieve, 2),
      generate: round(answered.ms.generate, 2),
      verify: round(answered.ms.verify, 2),
    },
    abstain_expected: question.abstain,
  };
  const raw = answered.trace.find((step) => step.stage === 'generate')?.detail.rawText;
  if (typeof raw === 'string') result.raw_answer = raw;
  if (question.sources.length > 0) {
    result.retrieval_hit = allSourcesCovered(
      question.sources,
      answered.retrieved.map((item) => item.passage),
    );
    result.citation_hit = allSourcesCovered(question.sources, citedPassages);
  }
  return result;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return round(value, 2);
}

/** The summary block of a results file. */
export function summarise(results: QuestionResult[]): ResultsFile['summary'] {
  const withSources = results.filter((result) => result.retrieval_hit !== undefined);
  const share = (count: number) => (withSources.length === 0 ? null : round(count / withSources.length));
  const byKind: Record<string, { questions: number; correct: number }> = {};
  for (const result of results) {
    const kind = (byKind[result.kind] ??= { questions: 0, correct: 0 });
    kind.questions++;
    if (result.correct) kind.correct++;
  }
  const abstained = (result: QuestionResult) => result.verdict.status === 'abstained';
  return {
    questions: results.length,
    correct: results.filter((result) => result.correct).length,
    retrieval_coverage: share(withSources.filter((result) => result.retrieval_hit).length),
    citation_coverage: share(withSources.filter((result) => result.citation_hit).length),
    by_kind: byKind,
    abstentions: {
      right: results.filter((result) => result.abstain_expected && abstained(result)).length,
      wrong: results.filter((result) => !result.abstain_expected && abstained(result)).length,
      missed: results.filter((result) => result.abstain_expected && !result.correct).length,
    },
    ms: {
      retrieve_p50: median(results.map((result) => result.ms.retrieve)),
      generate_p50: median(results.map((result) => result.ms.generate)),
      verify_p50: median(results.map((result) => result.ms.verify)),
    },
  };
}
