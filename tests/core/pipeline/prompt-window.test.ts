// The pipeline fits the prompt to a generator's context window once, and the generator is sent
// exactly the prompt the trace shows.
import { describe, expect, it } from 'vitest';
import { estimateTokens, messageTokens } from '../../../src/core/generate/count-tokens.js';
import { answerQuestion } from '../../../src/core/pipeline/answer-question.js';
import type { GenerateRequest, GenerateResult, Generator, PromptWindow } from '../../../src/core/ports.js';
import type { PromptMessage } from '../../../src/core/types.js';
import { markdown } from '../../helpers/documents.js';
import { engineWith } from '../../helpers/engine.js';

function manuals(count: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let index = 1; index <= count; index++) {
    const body = `# Pump ${index} manual\n\n## Filter\n\n${`Clean the pump filter of model P-${index} every month and rinse it in water. `.repeat(12)}`;
    files[`pump-${index}.md`] = markdown({ id: `pump-${index}`, title: `Pump ${index}`, date: '2026-01-01' }, body);
  }
  return files;
}

/**
 * A fake model (named as one) with a small context window: it counts a token per
 * `charsPerToken` characters, records every request, and answers from the first passage. With
 * `refuseFirst`, it refuses the first prompt as a model whose own count is denser would,
 * correcting its count first.
 */
class WindowedFakeModel implements Generator {
  readonly id = 'fake-windowed-model';
  readonly requests: GenerateRequest[] = [];
  readonly window: PromptWindow;
  private charsPerToken = 4;

  constructor(
    contextTokens: number,
    private refuseFirst = false,
  ) {
    this.window = {
      contextTokens,
      answerTokens: 256,
      countTokens: (messages: readonly PromptMessage[]) =>
        messageTokens(messages, (text) => estimateTokens(text, this.charsPerToken)),
    };
  }

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    this.requests.push(request);
    if (this.refuseFirst) {
      this.refuseFirst = false;
      this.charsPerToken = 3;
      throw Object.assign(new Error('ContextWindowSizeExceededError'), { code: 'context-window' });
    }
    const text = `Clean it every month [${request.passages[0]!.passage.cite}].`;
    return { text, usage: { prompt: 500, completion: 9 }, finishReason: 'stop', decidedBy: 'model' };
  }
}

const QUESTION = 'How often should the pump filter be cleaned?';

function promptStep(result: Awaited<ReturnType<typeof answerQuestion>>) {
  return result.trace.find((step) => step.stage === 'prompt')!.detail as {
    messages: PromptMessage[];
    omitted: string[];
    tokens?: { prompt: number; answer: number; window: number };
    refitted?: string;
  };
}

describe('answerQuestion with a generator that has a context window', () => {
  it('drops passages in rank order to fit, keeps the marker, and sends exactly the prompt the trace shows', async () => {
    const model = new WindowedFakeModel(1024);
    const engine = await engineWith(manuals(8), { generator: model });
    const result = await answerQuestion(engine, QUESTION, { retrieval: { topK: 8 } });
    expect(model.requests).toHaveLength(1);
    const sent = model.requests[0]!;
    const step = promptStep(result);
    // The strings the model received are the trace's, and the result's.
    expect(sent.prompt.messages.map((message) => message.content)).toEqual(
      step.messages.map((message) => message.content),
    );
    sent.prompt.messages.forEach((message, index) => {
      expect(message.content).toBe(step.messages[index]!.content);
      expect(message.content).toBe(result.prompt.messages[index]!.content);
    });
    // Lowest-ranked passages dropped, the rest kept in rank order, and only those given.
    const ranked = result.trace.find((step) => step.stage === 'select')!.detail.given as string[];
    const kept = result.prompt.cites.length;
    expect(kept).toBeGreaterThanOrEqual(1);
    expect(kept).toBeLessThan(ranked.length);
    expect(result.prompt.cites).toEqual(ranked.slice(0, kept));
    expect(step.omitted).toEqual(ranked.slice(kept));
    expect(sent.passages.map((item) => item.passage.cite)).toEqual(result.prompt.cites);
    // Within the window, with the answer's tokens kept, as the trace says.
    const tokens = model.window.countTokens(sent.prompt.messages);
    expect(tokens).toBeLessThanOrEqual(1024 - 256);
    expect(step.tokens).toEqual({ prompt: tokens, answer: 256, window: 1024 });
    // The request's marker fences every passage kept and is named in the rules.
    const marker = /(⟦\w+⟧) BEGIN/.exec(sent.prompt.messages[1]!.content)![1]!;
    expect(sent.prompt.messages[0]!.content).toContain(marker);
    expect(sent.prompt.messages[1]!.content.split(`${marker} BEGIN`).length - 1).toBe(kept);
    expect(sent.prompt.messages[1]!.content.split(`${marker} END`).length - 1).toBe(kept);
  });

  it('keeps every passage when the window holds them', async () => {
    const model = new WindowedFakeModel(32_768);
    const engine = await engineWith(manuals(8), { generator: model });
    const result = await answerQuestion(engine, QUESTION, { retrieval: { topK: 8 } });
    const ranked = result.trace.find((step) => step.stage === 'select')!.detail.given as string[];
    expect(result.prompt.cites).toEqual(ranked);
    expect(result.prompt.omitted).toEqual([]);
  });

  it('fits once more when the model counts the prompt longer, and the trace shows the prompt sent the second time', async () => {
    const model = new WindowedFakeModel(1024, true);
    const engine = await engineWith(manuals(8), { generator: model });
    const result = await answerQuestion(engine, QUESTION, { retrieval: { topK: 8 } });
    expect(model.requests).toHaveLength(2);
    const [first, second] = model.requests as [GenerateRequest, GenerateRequest];
    expect(second.prompt.cites.length).toBeLessThan(first.prompt.cites.length);
    expect(second.prompt.cites).toEqual(first.prompt.cites.slice(0, second.prompt.cites.length));
    const step = promptStep(result);
    expect(step.messages.map((message) => message.content)).toEqual(
      second.prompt.messages.map((message) => message.content),
    );
    expect(step.refitted).toMatch(/longer than estimated/);
    expect(step.tokens?.prompt).toBe(model.window.countTokens(second.prompt.messages));
    expect(step.tokens!.prompt).toBeLessThanOrEqual(1024 - 256);
    expect(result.answer.text).toContain(second.passages[0]!.passage.cite);
  });

  it('passes on a refusal that fitting again would not change', async () => {
    const model = new WindowedFakeModel(32_768, true);
    const engine = await engineWith(manuals(2), { generator: model });
    await expect(answerQuestion(engine, QUESTION)).rejects.toMatchObject({ code: 'context-window' });
    expect(model.requests).toHaveLength(1);
  });
});
