/**
 * A question to the library: the answer, with the instruction-like spans of each retrieved
 * passage so that the page can mark them.
 */
import { answerQuestion } from '../../core/pipeline/answer-question.js';
import type { Engine } from '../../core/pipeline/engine.js';
import type { AbortSignalLike } from '../../core/ports.js';
import { detectInjection, type InjectionSpan } from '../../core/verify/injection.js';
import type { AskOutcome, AskRetrieval } from './protocol.js';

/** Options of one question. */
export interface AskOptions {
  signal?: AbortSignalLike;
  onDelta?: (text: string) => void;
  onPromptProgress?: (processed: number, total: number) => void;
}

/** Answers `question` for the viewer and retrieval settings of `retrieval`. */
export async function askLibrary(
  engine: Engine,
  question: string,
  retrieval: AskRetrieval,
  options: AskOptions = {},
): Promise<AskOutcome> {
  const result = await answerQuestion(engine, question, {
    retrieval: { viewer: retrieval.viewer, mode: retrieval.mode, topK: retrieval.topK },
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onDelta ? { onDelta: options.onDelta } : {}),
    ...(options.onPromptProgress ? { onPromptProgress: options.onPromptProgress } : {}),
  });
  const injections: Record<string, InjectionSpan[]> = {};
  for (const item of result.retrieved) {
    const spans = detectInjection(item.passage.text);
    if (spans.length > 0) injections[item.passage.cite] = spans;
  }
  return { result, injections };
}
