/**
 * The evaluation page's run, inside the engine worker: a question set (docs/formats.md §2; the
 * sample set by default) over a corpus (the sample manuals by default, or files the page parsed),
 * with the library's current embedder, reranker and answer model, on a separate in-memory index
 * (the person's library is not touched). `runEvaluation` of the core scores it; each question's
 * line of the results file (docs/formats.md §3) gains the model that wrote it, time to first token
 * and tokens in and out.
 */
import sampleQuestions from '../../../../evals/questions.jsonl?raw';
import { throwIfAborted } from '../../../core/errors.js';
import { parseQuestions } from '../../../core/evaluate/question-set.js';
import { runEvaluation, type QuestionResult, type ResultsFile } from '../../../core/evaluate/run-evaluation.js';
import { parseDocument } from '../../../core/ingest/parse-document.js';
import { createEngine, type Engine } from '../../../core/pipeline/engine.js';
import { ingestDocuments } from '../../../core/pipeline/ingest-documents.js';
import type { GenerateOptions, GenerateRequest, GenerateResult, Generator, PromptWindow } from '../../../core/ports.js';
import type { EvaluationRequest, ParsedFile } from '../protocol.js';
import { sampleFiles } from '../sample-corpus.js';
import type { ModelsState } from './model-settings.js';

/** What the results file says about the model that answered one question. */
export interface QuestionModelFacts {
  generator: string;
  decided_by: 'code' | 'model';
  finish_reason: GenerateResult['finishReason'];
  tokens_in: number;
  tokens_out: number;
  ttft_ms: number | null;
  tokens_per_s: number | null;
  /** Citation ids dropped to fit the model's context window. */
  omitted: string[];
  incomplete?: string;
}

/** A results file whose questions carry their model facts (no model call: none). */
export type BrowserResultsFile = Omit<ResultsFile, 'questions'> & {
  questions: (QuestionResult & { model?: QuestionModelFacts })[];
};

/** Options of `evaluate`. */
export interface EvaluateOptions {
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

/** Keeps what the generator returned for the question being answered; stops with the signal. */
class RecordingGenerator implements Generator {
  last: GenerateResult | undefined;
  /** The passages the last prompt left out to fit the model's window. */
  private omitted: string[] = [];

  constructor(
    private readonly inner: Generator,
    private readonly signal: AbortSignal | undefined,
  ) {}

  get id(): string {
    return this.inner.id;
  }

  get answersWithoutPassages(): boolean | undefined {
    return this.inner.answersWithoutPassages;
  }

  /** The model's window, so that the pipeline fits the prompt to it as in the library. */
  get window(): PromptWindow | undefined {
    return this.inner.window;
  }

  async generate(request: GenerateRequest, options: GenerateOptions = {}): Promise<GenerateResult> {
    this.omitted = this.inner.window ? request.prompt.omitted : [];
    this.last = await this.inner.generate(request, { ...options, ...(this.signal ? { signal: this.signal } : {}) });
    return this.last;
  }

  /** What the last question's generation did, then forgets it. */
  take(): QuestionModelFacts | undefined {
    const result = this.last;
    this.last = undefined;
    if (!result) return undefined;
    const metrics = result.metrics;
    return {
      generator: this.inner.id,
      decided_by: result.decidedBy,
      finish_reason: result.finishReason,
      tokens_in: result.usage.prompt,
      tokens_out: result.usage.completion,
      ttft_ms:
        metrics?.timeToFirstTokenMs === undefined || metrics.timeToFirstTokenMs === null
          ? null
          : Math.round(metrics.timeToFirstTokenMs),
      tokens_per_s: metrics?.tokensPerSecond ?? null,
      omitted: this.omitted,
      ...(metrics?.incomplete ? { incomplete: metrics.incomplete.message } : {}),
    };
  }
}

/** Runs the evaluation; see the module comment. */
export async function evaluate(
  live: Engine,
  request: EvaluationRequest,
  models: ModelsState,
  options: EvaluateOptions = {},
): Promise<{ results: BrowserResultsFile; ms: number }> {
  const started = performance.now();
  const generator = new RecordingGenerator(live.generator, options.signal);
  const engine = createEngine({
    embedder: live.embedder,
    generator,
    clock: () => performance.now(),
    ...(live.reranker ? { reranker: live.reranker } : {}),
  });
  const documents = request.corpus ? request.corpus.map((file) => file.document) : await sampleDocuments();
  await ingestDocuments(engine, documents, options.signal ? { signal: options.signal } : {});
  const questionsName = request.questions?.name ?? 'evals/questions.jsonl (sample set)';
  const questions = parseQuestions(request.questions?.text ?? sampleQuestions, questionsName);
  const facts: (QuestionModelFacts | undefined)[] = [];
  const results = (await runEvaluation(
    engine,
    questions,
    {
      corpus: request.corpus ? corpusName(request.corpus) : 'sample manuals (corpus/)',
      questions: questionsName,
      generator: generator.id,
      embedder: engine.embedder.modelId,
      retrieval: engine.retrieval.mode,
      top_k: engine.retrieval.topK,
      started: new Date().toISOString(),
      reranker: engine.reranker?.id ?? null,
      models: {
        embedder: { id: models.embedder.modelId, runtime: models.embedder.runtime },
        answer:
          models.answer.kind !== 'extractive'
            ? { id: models.answer.modelId, label: models.answer.label }
            : 'extractive',
        gpu: models.gpu?.adapter ? `${models.gpu.adapter.vendor} ${models.gpu.adapter.architecture}`.trim() : 'none',
      },
      runs_in: 'browser',
    },
    (_result, index) => {
      facts[index] = generator.take();
      options.onProgress?.(index + 1, questions.length);
      throwIfAborted(options.signal);
    },
  )) as BrowserResultsFile;
  results.questions.forEach((question, index) => {
    const model = facts[index];
    if (model) question.model = model;
  });
  return { results, ms: performance.now() - started };
}

async function sampleDocuments() {
  return Promise.all(
    sampleFiles().map((file) =>
      parseDocument({
        name: file.name,
        bytes: new Uint8Array(file.bytes),
        ...(file.modified ? { modified: file.modified } : {}),
      }),
    ),
  );
}

function corpusName(corpus: ParsedFile[]): string {
  const names = corpus.map((file) => file.name);
  return names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more files`;
}
