/**
 * The scripted generator (docs/formats.md §4): returns an answer written in advance for each
 * question id, so that retrieval and the checker can be tested against known good and bad answers.
 */
import { throwIfAborted } from '../errors.js';
import type { GenerateOptions, GenerateRequest, GenerateResult, Generator } from '../ports.js';

/** A `Generator` that plays back scripted answers by question id. */
export class ScriptedGenerator implements Generator {
  readonly id = 'scripted';
  readonly answersWithoutPassages = true;
  readonly writtenInAdvance = true;

  constructor(private readonly answers: ReadonlyMap<string, string>) {}

  async generate(request: GenerateRequest, options?: GenerateOptions): Promise<GenerateResult> {
    throwIfAborted(options?.signal);
    const text = request.questionId === undefined ? undefined : this.answers.get(request.questionId);
    const answer = text ?? '';
    options?.onDelta?.(answer);
    return { text: answer, usage: { prompt: 0, completion: 0 }, finishReason: 'stop', decidedBy: 'code' };
  }
}
