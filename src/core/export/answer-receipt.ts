/**
 * Answer receipts: one question's full record, to keep, share or grade. It holds the question
 * and its parts, every passage retrieved (text, offsets, page, short hash and SHA-256, scores,
 * whether it was given to the writer and cited), the exact prompt, the answer, the verdict with
 * its flags, claims and warnings, the trace timings, the model and embedder ids and the
 * settings. It is plain JSON (`JSON.stringify(receipt)`); `parseReceipt` reads one back,
 * `receiptToMarkdown` renders it for people, `checkReceipt` finds passages changed since.
 */
import type { GenerationMetrics } from '../ports.js';
import type { AnswerResult } from '../pipeline/answer-question.js';
import type { Passage, Prompt, QuestionPart, RetrievedPassage, TokenUsage, TraceStep, Verdict } from '../types.js';
import { resolveCitation } from '../verify/citations.js';
import { textSha256 } from './hashes.js';
import type { JsonValue } from './json-shape.js';

/** The `format` of every receipt. */
export const RECEIPT_FORMAT = 'footnote-answer-receipt';
/** The receipt version this code writes and reads. */
export const RECEIPT_VERSION = 1;

/** A passage as the receipt records it. */
export interface ReceiptPassage extends Passage {
  /** SHA-256 (hex) of `text`, UTF-8 encoded. */
  sha256: string;
  rank: number;
  score: number;
  fusedScore?: number;
  lexicalScore?: number;
  vectorScore?: number;
  termCoverage: number;
  supersededBy: string[];
  addedBySupersession?: boolean;
  /** Given to the writer (in the prompt). */
  given: boolean;
  /** Cited by a claim of the answer. */
  cited: boolean;
}

/** The answer as the generator returned it. */
export interface ReceiptAnswer {
  text: string;
  finishReason: 'stop' | 'length' | 'abort';
  decidedBy: 'code' | 'model';
  usage: TokenUsage;
  metrics?: GenerationMetrics;
}

/** One question's full record. */
export interface AnswerReceipt {
  format: typeof RECEIPT_FORMAT;
  version: number;
  /** ISO time the receipt was made. */
  created: string;
  question: string;
  parts: QuestionPart[];
  /** Every passage retrieved, in rank order, plus any given that retrieval did not rank. */
  passages: ReceiptPassage[];
  /** The exact prompt. */
  prompt: Prompt;
  answer: ReceiptAnswer;
  verdict: Verdict;
  /** Each step with who decided it and its milliseconds. */
  trace: Pick<TraceStep, 'stage' | 'decidedBy' | 'ms'>[];
  ms: { retrieve: number; generate: number; verify: number };
  /** The models used; `judge` is the claim checker's id when a model (NLI) took part in it. */
  models: { generator: string; embedder: string; reranker?: string; judge?: string };
  settings: Record<string, JsonValue>;
  /** SHA-256 of the library answered from (`libraryHash`), when known. */
  libraryHash?: string;
}

/** What `makeReceipt` records besides the result. */
export interface ReceiptContext {
  embedderId: string;
  generatorId: string;
  rerankerId?: string;
  /** The check stage's judge, when it is not the built-in lexical one. */
  judgeId?: string;
  /** The settings in force (retrieval mode, top-k, viewer, answer mode…): plain JSON. */
  settings: Record<string, JsonValue>;
  libraryHash?: string;
  /** ISO time; default now. */
  created?: string;
}

/** The receipt of one answered question. */
export function makeReceipt(result: AnswerResult, context: ReceiptContext): AnswerReceipt {
  const given = new Set(result.given.map((item) => item.passage.cite));
  const cited = citedPassages(result);
  const listed = [...result.retrieved, ...result.given.filter((item) => !result.retrieved.includes(item))];
  const unique = [...new Map(listed.map((item) => [item.passage.cite, item])).values()];
  const receipt: AnswerReceipt = {
    format: RECEIPT_FORMAT,
    version: RECEIPT_VERSION,
    created: context.created ?? new Date().toISOString(),
    question: result.question,
    parts: copy(result.parts),
    passages: unique.map((item) => receiptPassage(item, given.has(item.passage.cite), cited.has(item.passage.cite))),
    prompt: copy(result.prompt),
    answer: copy(answerOf(result)),
    verdict: copy(result.verdict),
    trace: result.trace.map(({ stage, decidedBy, ms }) => ({ stage, decidedBy, ms })),
    ms: { ...result.ms },
    models: { generator: context.generatorId, embedder: context.embedderId },
    settings: copy(context.settings),
  };
  if (context.rerankerId) receipt.models.reranker = context.rerankerId;
  if (context.judgeId) receipt.models.judge = context.judgeId;
  if (context.libraryHash) receipt.libraryHash = context.libraryHash;
  return receipt;
}

function receiptPassage(item: RetrievedPassage, given: boolean, cited: boolean): ReceiptPassage {
  const { passage } = item;
  const entry: ReceiptPassage = {
    ...passage,
    sha256: textSha256(passage.text),
    rank: item.rank,
    score: item.score,
    termCoverage: item.termCoverage,
    supersededBy: [...item.supersededBy],
    given,
    cited,
  };
  if (item.fusedScore !== undefined) entry.fusedScore = item.fusedScore;
  if (item.lexicalScore !== undefined) entry.lexicalScore = item.lexicalScore;
  if (item.vectorScore !== undefined) entry.vectorScore = item.vectorScore;
  if (item.addedBySupersession) entry.addedBySupersession = true;
  return entry;
}

/** Citation ids of given passages that a claim cites (a document or section id names all its passages). */
function citedPassages(result: AnswerResult): Set<string> {
  const ids = new Set(result.verdict.claims.flatMap((claim) => claim.cites));
  return new Set([...ids].flatMap((id) => resolveCitation(id, result.given).passages.map((item) => item.passage.cite)));
}

function answerOf(result: AnswerResult): ReceiptAnswer {
  const { text, finishReason, decidedBy, usage, metrics } = result.answer;
  return metrics ? { text, finishReason, decidedBy, usage, metrics } : { text, finishReason, decidedBy, usage };
}

function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
