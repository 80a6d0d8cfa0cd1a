/**
 * Answering one question: analyse → retrieve → select → prompt → generate → verify, with every
 * step traced (what ran, decided by code or model, passages and scores, the exact prompt,
 * milliseconds, tokens).
 */
import { promptNonce } from '../generate/build-prompt.js';
import { fitPrompt, type FittedPrompt } from '../generate/fit-prompt.js';
import { absentFocusSentences, isNearMiss } from '../generate/absent-focus.js';
import { cleanModelAnswer } from '../generate/model-output.js';
import { analyseQuestion } from '../question/analyse-question.js';
import { readablePassages } from '../retrieve/access.js';
import { resolveBridge } from '../retrieve/bridge.js';
import { withLeads } from '../retrieve/passage-lead.js';
import { rerankPassages } from '../retrieve/rerank.js';
import { supersessionMap } from '../retrieve/supersession.js';
import { isRelevant, retrieve, type RetrievalOptions, type RetrievalResult } from '../retrieve/retrieve.js';
import type { CallOptions, GenerateResult } from '../ports.js';
import type { Prompt, QuestionPart, RetrievedPassage, TraceStep, Verdict } from '../types.js';
import { citationNames, parseCitations } from '../verify/citations.js';
import { meaningFromEmbedder, type Meaning } from '../verify/meaning.js';
import { verifyAnswer } from '../verify/verify-answer.js';
import type { Engine } from './engine.js';
import { contentTerms } from '../text/terms.js';
import { passageTrace } from './trace.js';
import { resolveHops } from './hop.js';

/** Options of one question. */
export interface AnswerOptions extends CallOptions {
  /** Id of the question in a questions file (the scripted generator answers by id). */
  questionId?: string;
  retrieval?: Partial<RetrievalOptions>;
  /** Streams the answer text as it is generated. */
  onDelta?: (delta: string) => void;
  /** How far the model has read its prompt (`GenerateOptions.onPromptProgress`). */
  onPromptProgress?: (processed: number, total: number) => void;
}

/** Everything about one answered question. */
export interface AnswerResult {
  question: string;
  parts: QuestionPart[];
  /** The ranked passages retrieval returned (for coverage and display). */
  retrieved: RetrievedPassage[];
  /** The passages given to the generator, in prompt order. */
  given: RetrievedPassage[];
  prompt: Prompt;
  answer: GenerateResult;
  verdict: Verdict;
  trace: TraceStep[];
  ms: { retrieve: number; generate: number; verify: number };
}

/** The answer used when no passage clears the relevance floor: decided by code, no model call. */
export function noEvidenceAnswer(parts: QuestionPart[]): string {
  const asked = parts.map((part) => `"${part.text}"`).join(' or ');
  return `The documents do not answer this: no passage is relevant to ${asked}.`;
}

/** Answers a question from the engine's index. */
export async function answerQuestion(
  engine: Engine,
  question: string,
  options: AnswerOptions = {},
): Promise<AnswerResult> {
  const trace: TraceStep[] = [];
  const time = async <T>(stage: TraceStep['stage'], decidedBy: TraceStep['decidedBy'], run: () => Promise<T>) => {
    const started = engine.clock();
    const value = await run();
    trace.push({ stage, decidedBy, ms: engine.clock() - started, detail: {} });
    return value;
  };
  const retrievalOptions = { ...engine.retrieval, ...options.retrieval };
  // One similarity cache for answering a first hop, choosing sentences and checking them.
  const meaning = engine.checkByMeaning ? meaningFromEmbedder(engine.embedder) : undefined;
  const analysis = await time('analyse', 'code', () => analyse(engine, question, retrievalOptions, meaning, options));
  last(trace).detail = {
    parts: analysis.parts,
    ...(analysis.bridge ? { bridge: analysis.bridge } : {}),
    ...(analysis.hops.length > 0 ? { hops: analysis.hops } : {}),
  };
  const { parts } = analysis;
  const firstCut = engine.reranker ? { ...retrievalOptions, topK: engine.rerankDepth } : retrievalOptions;
  const retrieval = await time('retrieve', 'code', () =>
    retrieve(engine.index, engine.embedder, parts, firstCut, options),
  );
  last(trace).detail = retrievalDetail(retrieval, firstCut);
  const { reranker } = engine;
  if (reranker) {
    const reranked = await time('rerank', 'model', () =>
      rerankPassages(reranker, question, retrieval.passages, retrievalOptions.topK, options),
    );
    last(trace).detail = { reranker: reranker.id, depth: engine.rerankDepth, moves: reranked.moves };
    retrieval.passages = reranked.passages;
  }
  const weightedParts = retrieval.parts.map((stat) => stat.part);
  // A passage that opens by pointing back ("This is …") is given with the sentence it points to.
  const selected = await time('select', 'code', async () =>
    withLeads(engine.index, selectPassages(retrieval, retrievalOptions)),
  );
  const nearby = engine.generator.quotesClosest ? nearbyPassages(retrieval, selected) : [];
  last(trace).detail = {
    given: selected.map((item) => item.passage.cite),
    floor: retrievalOptions.floor,
    ...(nearby.length > 0 ? { nearby: nearby.map((item) => item.passage.cite) } : {}),
  };
  const promptStep: TraceStep = { stage: 'prompt', decidedBy: 'code', ms: 0, detail: {} };
  trace.push(promptStep);
  const asked = await time('generate', 'model', () =>
    fitAndGenerate(engine, question, selected, promptStep, (prompt, shown) =>
      generate(engine, question, weightedParts, { given: shown, nearby }, prompt, options, meaning),
    ),
  );
  const { prompt, shown, generated } = asked;
  // What a model wrote is repaired into checkable form (copied prompt text, loops, numbered
  // citations); the raw text stays in the trace.
  const cleaned =
    generated.decidedBy === 'model'
      ? cleanModelAnswer(generated.text, {
          cites: shown.map((item) => item.passage.cite),
          finishReason: generated.finishReason,
        })
      : undefined;
  const answer = cleaned?.notes.length ? { ...generated, text: cleaned.text } : generated;
  last(trace).decidedBy = answer.decidedBy;
  last(trace).detail = {
    generator: engine.generator.id,
    finishReason: answer.finishReason,
    tokens: answer.usage,
    ...(answer.metrics ? { metrics: answer.metrics } : {}),
    ...(cleaned?.notes.length ? { repaired: cleaned.notes, rawText: generated.text } : {}),
  };
  // The checker reads a passage that opens by pointing back ("This is …") with the sentence it points to.
  const given = withLeads(
    engine.index,
    engine.generator.writtenInAdvance
      ? [...shown, ...citedPassages(engine, answer.text, shown, retrieval.access)]
      : [...shown, ...quotedNearby(answer.text, nearby)],
  );
  const verdict = await time('verify', 'code', () =>
    verifyAnswer({
      question,
      parts: weightedParts,
      answer: answer.text,
      given,
      // Existence is answered only for what the viewer may read: a restricted id reads as unknown.
      exists: (cite) => {
        const record = engine.index.passages.get(cite) ?? engine.index.documents.get(cite);
        return record !== undefined && retrieval.access.includes(record.access);
      },
      ...(engine.judge ? { judge: engine.judge } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(meaning ? { meaning } : {}),
      writtenBy: answer.decidedBy,
      librarySubject: (name) => librarySubject(engine.index, name),
    }),
  );
  last(trace).detail = {
    status: verdict.status,
    flags: verdict.flags,
    judgedBy: [
      'words',
      ...(meaning ? [`meaning (${meaning.id})`] : []),
      ...(engine.judge && engine.judge.id !== 'lexical' ? [`entailment (${engine.judge.id})`] : []),
    ].join(' and '),
    claims: verdict.claims.map(({ text, state, cites, evidence }) => ({
      text,
      state,
      cites,
      ...(evidence ? { evidence } : {}),
    })),
    warnings: verdict.warnings,
  };
  const ms = (stage: TraceStep['stage']) => trace.find((step) => step.stage === stage)?.ms ?? 0;
  return {
    question,
    parts: weightedParts,
    retrieved: retrieval.passages,
    given,
    prompt,
    answer,
    verdict,
    trace,
    ms: { retrieve: ms('retrieve'), generate: ms('generate'), verify: ms('verify') },
  };
}

/**
 * Fits the prompt to the generator's window (generate/fit-prompt.ts) and asks the generator with
 * it; the prompt step of the trace shows the prompt sent. Should the model count that prompt
 * longer than its window's estimate did, it corrects the estimate and the prompt is fitted once
 * more, never twice.
 */
async function fitAndGenerate(
  engine: Engine,
  question: string,
  selected: RetrievedPassage[],
  step: TraceStep,
  ask: (prompt: Prompt, shown: RetrievedPassage[]) => Promise<GenerateResult>,
): Promise<{ prompt: Prompt; shown: RetrievedPassage[]; generated: GenerateResult }> {
  const nonce = promptNonce(
    engine.random,
    selected.map((item) => `${item.passage.title}\n${item.passage.heading}\n${item.passage.text}`),
  );
  const { window } = engine.generator;
  const fit = () => fitPrompt(question, selected, { nonce, ...(window ? { window } : {}) });
  const send = async (fitted: FittedPrompt, refitted: boolean) => {
    const { prompt, tokens } = fitted;
    step.detail = {
      messages: prompt.messages,
      omitted: prompt.omitted,
      ...(tokens && window ? { tokens: { ...tokens, window: window.contextTokens } } : {}),
      ...(refitted ? { refitted: 'the model counted the first prompt longer than estimated' } : {}),
    };
    const shown = selected.filter((item) => prompt.cites.includes(item.passage.cite));
    return { prompt, shown, generated: await ask(prompt, shown) };
  };
  const first = fit();
  try {
    return await send(first, false);
  } catch (error) {
    if (!window || !isContextWindowError(error)) throw error;
    const second = fit();
    if (second.prompt.cites.length === first.prompt.cites.length) throw error;
    return send(second, true);
  }
}

/** The rejection a generator gives when its model counted the prompt longer than its window did (`Generator.window`). */
function isContextWindowError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'context-window';
}

/**
 * The passages an answer written in advance cites that retrieval did not give: those that exist
 * and that the viewer may read (a restricted or unknown id stays invalid).
 */
function citedPassages(
  engine: Engine,
  answer: string,
  shown: readonly RetrievedPassage[],
  access: readonly string[],
): RetrievedPassage[] {
  const have = new Set(shown.map((item) => item.passage.cite));
  const added: RetrievedPassage[] = [];
  let successors: ReturnType<typeof supersessionMap> | undefined;
  for (const { id } of parseCitations(answer, (cite) => engine.index.documents.has(cite))) {
    for (const passage of engine.index.passages.values()) {
      if (!citationNames(id, passage) || have.has(passage.cite) || !access.includes(passage.access)) continue;
      have.add(passage.cite);
      const rank = shown.length + added.length + 1;
      // What supersedes it is marked as for a retrieved passage, so that citing it is flagged alike.
      successors ??= supersessionMap(engine.index, access);
      const supersededBy = [...new Set(successors.get(passage.cite)?.ids ?? [])];
      added.push({ passage, rank, score: 0, termCoverage: 0, parts: [], supersededBy, addedByCitation: true });
    }
  }
  return added;
}

/**
 * The question's parts: a subject named only by a description is first resolved (see
 * `resolveBridge`); a part pointing back to what the part before it asks for is rewritten with the
 * name that answers that part (see `resolveHops`).
 */
async function analyse(
  engine: Engine,
  question: string,
  retrieval: RetrievalOptions,
  meaning: Meaning | undefined,
  options: AnswerOptions,
) {
  const bridge = await resolveBridge(engine.index, engine.embedder, question, retrieval, options);
  const asked = bridge ? bridge.parts : analyseQuestion(question);
  const { parts, hops } = await resolveHops(engine, question, asked, retrieval, meaning, options);
  return {
    parts,
    hops,
    ...(bridge ? { bridge: { description: bridge.description, model: bridge.model, question: bridge.question } } : {}),
  };
}

/**
 * The readable retrieved passages below the relevance floor, in rank order: where a generator
 * that quotes (`Generator.quotesClosest`) looks for the closest sentence when nothing relevant
 * answers a part.
 */
function nearbyPassages(retrieval: RetrievalResult, selected: readonly RetrievedPassage[]): RetrievedPassage[] {
  const given = new Set(selected.map((item) => item.passage.cite));
  return readablePassages(
    retrieval.passages.filter((item) => !given.has(item.passage.cite)),
    retrieval.access,
  );
}

/** The nearby passages the answer quotes: given to its writer, and checked like any other. */
function quotedNearby(answer: string, nearby: readonly RetrievedPassage[]): RetrievedPassage[] {
  if (nearby.length === 0) return [];
  const cited = new Set(parseCitations(answer).map((citation) => citation.id));
  return nearby.filter((item) => cited.has(item.passage.cite));
}

/** The passages worth giving the generator: relevant ones, re-checked against the viewer's access. */
export function selectPassages(retrieval: RetrievalResult, options: RetrievalOptions): RetrievedPassage[] {
  const relevant = retrieval.passages.filter((item) => isRelevant(item, options) || item.addedBySupersession);
  return readablePassages(relevant, retrieval.access);
}

async function generate(
  engine: Engine,
  question: string,
  parts: QuestionPart[],
  { given, nearby }: { given: RetrievedPassage[]; nearby: RetrievedPassage[] },
  prompt: Prompt,
  options: AnswerOptions,
  meaning: Meaning | undefined,
): Promise<GenerateResult> {
  // Every part asks about a code or model the library does not have, beside others it does:
  // said by code, so no model can answer with a neighbouring row (an answer written in advance
  // is still checked as written).
  const nearMiss = !engine.generator.writtenInAdvance && parts.length > 0 && parts.every(isNearMiss);
  if (nearMiss || (given.length === 0 && nearby.length === 0 && !engine.generator.answersWithoutPassages)) {
    const text = nearMiss ? [...new Set(parts.flatMap(absentFocusSentences))].join(' ') : noEvidenceAnswer(parts);
    options.onDelta?.(text);
    return { text, usage: { prompt: 0, completion: 0 }, finishReason: 'stop', decidedBy: 'code' };
  }
  const request = {
    question,
    parts,
    passages: given,
    ...(nearby.length > 0 ? { nearby } : {}),
    prompt,
    ...(options.questionId ? { questionId: options.questionId } : {}),
    ...(meaning ? { meaning } : {}),
  };
  return engine.generator.generate(request, {
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onDelta ? { onDelta: options.onDelta } : {}),
    ...(options.onPromptProgress ? { onPromptProgress: options.onPromptProgress } : {}),
  });
}

function retrievalDetail(retrieval: RetrievalResult, options: RetrievalOptions): Record<string, unknown> {
  return {
    mode: options.mode,
    fusion: options.fusion,
    topK: options.topK,
    access: retrieval.access,
    accessDropped: retrieval.accessDropped,
    parts: retrieval.parts.map((stat) => ({
      part: stat.part.text,
      relevant: stat.relevant,
      bestCoverage: stat.bestCoverage,
      ...(stat.part.absentFocus ? { absentFocus: stat.part.absentFocus } : {}),
    })),
    passages: retrieval.passages.map(passageTrace),
  };
}

function last(trace: TraceStep[]): TraceStep {
  const step = trace[trace.length - 1];
  if (!step) throw new Error('trace is empty');
  return step;
}

/** A name is what the library is about when more than half of its passages use it ("TV" in a TV manual). */
const SUBJECT_SHARE = 0.5;

function librarySubject(index: Engine['index'], name: string): boolean {
  const [term] = contentTerms(name);
  if (!term || index.passages.size === 0) return false;
  return (index.termPassages.get(term) ?? 0) > SUBJECT_SHARE * index.passages.size;
}
