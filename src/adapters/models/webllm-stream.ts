/**
 * One streamed chat completion: text deltas to `onDelta` as they arrive, `interruptGenerate`
 * when the signal fires (the engine then ends the stream with `finish_reason: 'abort'`), usage
 * from the last chunk. Never throws: a failure is returned with the text produced before it.
 */
import type { GenerateOptions, GenerateResult } from '../../core/ports.js';
import type { ChatCompletionRequest, ChatCompletionUsage, ChatEngine } from './webllm-types.js';

/** What one stream produced. */
export interface StreamOutcome {
  text: string;
  finishReason: GenerateResult['finishReason'];
  usage?: ChatCompletionUsage;
  /** Chunks that carried text (about one token each; used when usage is missing). */
  chunks: number;
  /** Clock time of the first text, if any. */
  firstTokenAt?: number;
  endedAt: number;
  /** What the engine threw, if it failed. */
  error?: unknown;
}

/** Runs one streaming completion; see the module comment. */
export async function streamCompletion(
  engine: ChatEngine,
  request: ChatCompletionRequest,
  options: GenerateOptions,
  clock: () => number,
): Promise<StreamOutcome> {
  const outcome: StreamOutcome = { text: '', finishReason: 'stop', chunks: 0, endedAt: 0 };
  let stopped = false;
  const onAbort = () => {
    stopped = true;
    engine.interruptGenerate();
  };
  options.signal?.addEventListener('abort', onAbort);
  try {
    const stream = await engine.chat.completions.create(request);
    if (options.signal?.aborted && !stopped) onAbort();
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      const delta = choice?.delta?.content ?? '';
      if (delta) {
        outcome.firstTokenAt ??= clock();
        outcome.text += delta;
        outcome.chunks += 1;
        options.onDelta?.(delta);
      }
      if (choice?.finish_reason) outcome.finishReason = finishReason(choice.finish_reason);
      if (chunk.usage) outcome.usage = chunk.usage;
    }
  } catch (error) {
    outcome.error = error;
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    outcome.endedAt = clock();
  }
  if (stopped) outcome.finishReason = 'abort';
  return outcome;
}

function finishReason(reason: string): GenerateResult['finishReason'] {
  if (reason === 'length') return 'length';
  if (reason === 'abort') return 'abort';
  return 'stop';
}
