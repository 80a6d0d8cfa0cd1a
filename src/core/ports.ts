/**
 * The only contracts between the core and the outside world. Adapters (Node, browser, test
 * fakes) implement these; the core never reaches for a platform API itself.
 */
import type { ParseRequest } from './ingest/parse-messages.js';
import type { Meaning } from './verify/meaning.js';
import type {
  DocumentFormat,
  Prompt,
  PromptMessage,
  QuestionPart,
  RetrievedPassage,
  SourceDocument,
  TokenUsage,
} from './types.js';

/**
 * The part of `AbortSignal` the core uses. The core is built without DOM or Node types, so it
 * names the shape; a real `AbortSignal` satisfies it.
 */
export interface AbortSignalLike {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** Options every long call accepts. */
export interface CallOptions {
  signal?: AbortSignalLike;
}

/** Turns text into unit vectors. Documents and queries are separate because some models prefix them differently. */
export interface Embedder {
  /** Identifies the model and its settings; part of the index buster. */
  readonly modelId: string;
  /** Length of every vector returned. */
  readonly dimensions: number;
  /** Largest number of texts one `embedDocuments` call should carry. */
  readonly maxBatchSize: number;
  /** One L2-normalised vector per text, in order. */
  embedDocuments(texts: string[], options?: CallOptions): Promise<Float32Array[]>;
  /** One L2-normalised vector for a search query. */
  embedQuery(text: string, options?: CallOptions): Promise<Float32Array>;
}

/** What a generator is asked. */
export interface GenerateRequest {
  question: string;
  /** The question's id in a questions file, when there is one (the scripted generator needs it). */
  questionId?: string;
  /** The question split into the parts an answer must cover. */
  parts: QuestionPart[];
  /** The passages given, in prompt order. */
  passages: RetrievedPassage[];
  /**
   * Passages retrieval ranked that fell below the relevance floor, for a generator that quotes
   * (`Generator.quotesClosest`): it may offer their closest sentence as the closest the documents
   * come, saying that they do not answer, never as an answer. Not in the prompt.
   */
  nearby?: RetrievedPassage[];
  /**
   * The exact prompt built from them, already fitted to the generator's `window` when it has one:
   * a model sends these messages as they are, and the trace shows the same ones.
   */
  prompt: Prompt;
  /**
   * Similarity by meaning over the loaded embedder, where it is calibrated: a generator that
   * chooses sentences itself (the extractive one) ranks them by it beside their words.
   */
  meaning?: Meaning;
}

/** Options of one generation. */
export interface GenerateOptions extends CallOptions {
  /** Called with each new piece of text as it is produced. */
  onDelta?: (delta: string) => void;
  /** How far the model has read its prompt, in tokens (models that report it, on the CPU). */
  onPromptProgress?: (processed: number, total: number) => void;
}

/** What a generator returns. */
export interface GenerateResult {
  text: string;
  usage: TokenUsage;
  /** `abort` when stopped through the signal, `length` when cut by the token limit. */
  finishReason: 'stop' | 'length' | 'abort';
  /** Who wrote the answer: `code` for extractive and scripted answers. */
  decidedBy: 'code' | 'model';
  /** Measurements of a model generation (WebLLM: `GenerationMetrics` of adapters/models/webllm-generator.ts). */
  metrics?: GenerationMetrics;
}

/** What a model generator measured; the UI shows it and the trace keeps it. */
export interface GenerationMetrics {
  /** From the request to the first streamed text; null when nothing was produced. */
  timeToFirstTokenMs: number | null;
  tokensPerSecond: number | null;
  /** Set when the answer stopped early because the model failed (GPU lost, out of memory). */
  incomplete?: { code: string; message: string; suggestSmallerModel: boolean };
}

/**
 * A model's context window, which the pipeline fits the prompt into once (generate/fit-prompt.ts)
 * before the model is asked: the model sends that prompt unchanged.
 */
export interface PromptWindow {
  /** Tokens the model holds, prompt and answer together (WebLLM `context_window_size`, llama.cpp `n_ctx`). */
  readonly contextTokens: number;
  /** Tokens kept for the answer (`max_tokens`); the prompt may take the rest. */
  readonly answerTokens: number;
  /**
   * Tokens the messages take, chat template included: by the model's own tokenizer where the
   * generator has one, else an estimate from characters (generate/count-tokens.ts).
   */
  countTokens(messages: readonly PromptMessage[]): number;
}

/** Writes an answer from the prompt (a model) or from the passages directly (extractive). */
export interface Generator {
  /** Identifies the generator and its model, e.g. `extractive` or `webllm:Qwen2.5-0.5B…`. */
  readonly id: string;
  /**
   * True when the generator must be asked even when no passage is relevant. Scripted answers are
   * written in advance and must be checked whatever retrieval finds; a model is not called then
   * (the pipeline abstains by code instead of inviting an answer from the model's own knowledge).
   */
  readonly answersWithoutPassages?: boolean;
  /**
   * True when the answer was written before retrieval ran (scripted answers): what it cites was
   * not chosen from the passages given, so the check reads every cited passage that exists and
   * that the viewer may read, and calls a citation invalid only when it names nothing readable.
   * A model is only ever shown the given passages, so for a model a citation of anything else is
   * invalid.
   */
  readonly writtenInAdvance?: boolean;
  /**
   * True when the generator writes by code from the documents' own sentences (the extractive
   * one): it is also handed the passages below the relevance floor (`GenerateRequest.nearby`), so
   * that instead of a bare "the documents do not answer this" it can say so and quote the closest
   * sentence, which a reader can judge. A model is never shown them.
   */
  readonly quotesClosest?: boolean;
  /**
   * The context window of a model; none for a generator that writes by code (extractive,
   * scripted), whose prompt keeps the default character budget. Should the model count a fitted
   * prompt longer than `countTokens` did (an estimate), `generate` corrects `countTokens` and
   * rejects with an error whose `code` is `'context-window'`; the pipeline then fits once more.
   */
  readonly window?: PromptWindow;
  generate(request: GenerateRequest, options?: GenerateOptions): Promise<GenerateResult>;
}

/** What decides whether a saved index may be reused: any change means re-index. */
export interface IndexBuster {
  embedderId: string;
  dimensions: number;
  chunkerVersion: number;
  schemaVersion: number;
}

/** A saved index: the buster it was built under and an opaque payload. */
export interface StoredIndex {
  buster: IndexBuster;
  /** Whatever `serializeIndex` produced; the store only keeps it. */
  payload: unknown;
}

/** Keeps a saved index between sessions (a file in Node, IndexedDB in the browser, memory in tests). */
export interface IndexStore {
  /** The saved index, or undefined when none is saved. */
  load(options?: CallOptions): Promise<StoredIndex | undefined>;
  save(index: StoredIndex, options?: CallOptions): Promise<void>;
  clear(): Promise<void>;
}

/** Raw input to a parser: a file's name, bytes and modification time. */
export interface ParserInput {
  name: string;
  bytes: Uint8Array;
  /** ISO date used when the document states none. */
  modified?: string;
  /** Password for an encrypted PDF. Used for this one parse only: never stored, logged or copied into the document. */
  password?: string;
}

/** Turns a file into a `SourceDocument`. */
export interface DocumentParser {
  readonly format: DocumentFormat;
  /** File extensions (lower case, with the dot) this parser reads. */
  readonly extensions: readonly string[];
  parse(input: ParserInput, options?: CallOptions): Promise<SourceDocument>;
}

/**
 * A worker that parses files, as the parse supervisor sees it (`ingest/parse-worker-supervisor.ts`).
 * Each platform wraps its own: a module worker in browsers, a worker thread in Node.
 */
export interface ParseWorkerPort<Input> {
  /** Hands the worker one request; throws when it cannot. */
  post(request: ParseRequest<Input>): void;
  /** The worker answered and waits for the next request (Node lets an idle thread not hold the process open). */
  idle?(): void;
  /** Stops the worker at once, whatever it is doing. */
  terminate(): Promise<void>;
}

/** What a parse worker tells its supervisor; a platform wires its worker's events to these once, at start. */
export interface ParseWorkerEvents {
  /** Anything the worker posted: checked by the supervisor, never trusted. */
  message(data: unknown): void;
  /**
   * The worker failed (an uncaught error, a reply it could not read, an exit). `error` becomes
   * the file's failure: a `RagError` keeps its code and the supervisor names the file.
   */
  failure(error: unknown): void;
}

/** Starts a parse worker reporting to `events`; throws when no worker can start. */
export type SpawnParseWorker<Input> = (events: ParseWorkerEvents) => ParseWorkerPort<Input>;

/** A judge's opinion on whether evidence states a claim. */
export interface ClaimJudgement {
  supported: boolean;
  /** 0–1; how strongly the evidence states the claim. */
  score: number;
  /** Why not, in a few words, when not supported. */
  reason?: string;
  /** The evidence sentence the judgement rests on, when the judge knows it (a judge by meaning does). */
  sentence?: string;
  /**
   * True when it is not supported only because of the claim's words: every hard fact is stated,
   * nothing is quoted wrongly, the polarity agrees, but too few of its words are in the passage,
   * or a value of it sits in a sentence worded differently from the claim. Meaning may then
   * confirm it, against a sentence that states its values (verify/check-claims.ts).
   */
  onlyWording?: boolean;
  /**
   * True when the evidence states something incompatible with the claim: the opposite polarity,
   * or another value of the same kind where the claim's value is not stated.
   */
  contradicted?: boolean;
  /** True when the only objection is polarity against the sentence closest in words (meaning may pick a closer one). */
  onlyPolarity?: boolean;
}

/** How a premise bears on a hypothesis, as probabilities that sum to 1. */
export interface EntailmentScores {
  entailment: number;
  contradiction: number;
  neutral: number;
}

/**
 * A natural-language-inference model (an NLI cross-encoder): for each premise, how likely it
 * entails, contradicts or is neutral to the hypothesis. The check stage asks it whether a cited
 * sentence says what a claim says in other words (verify/nli-judge.ts).
 */
export interface EntailmentModel {
  /** Identifies the model and its data type. */
  readonly id: string;
  classify(premises: readonly string[], hypothesis: string, options?: CallOptions): Promise<EntailmentScores[]>;
}

/**
 * Decides whether the cited passages state a claim. The lexical judge is the default; a small
 * NLI or cross-encoder model can take its place where one is loaded.
 */
export interface ClaimJudge {
  readonly id: string;
  judge(claim: string, evidence: string[], options?: CallOptions): Promise<ClaimJudgement>;
}
