// The core pipeline answering through the WebLLM generator (on a fake engine), the prompt
// fitted once to the model's context window by the pipeline.
import { describe, expect, it } from 'vitest';
import { WebLlmGenerator } from '../../../src/adapters/models/webllm-generator.js';
import { answerQuestion } from '../../../src/core/pipeline/answer-question.js';
import { markdown } from '../../helpers/documents.js';
import { engineWith } from '../../helpers/engine.js';
import { FakeMLCEngine } from './fake-mlc-engine.js';

function manuals(count: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let index = 1; index <= count; index++) {
    const body = `# Pump ${index} manual\n\n## Filter\n\n${`Clean the pump filter of model P-${index} every month and rinse it in water. `.repeat(12)}`;
    files[`pump-${index}.md`] = markdown({ id: `pump-${index}`, title: `Pump ${index}`, date: '2026-01-01' }, body);
  }
  return files;
}

describe('answerQuestion with the WebLLM generator', () => {
  it('ST-22: streams the answer and, with a 1k model, the trace says which passages were omitted and shows what was sent', async () => {
    const fake = new FakeMLCEngine({ reply: 'Clean it every month [pump-1#1].', contextWindowSize: 1024 });
    const generator = new WebLlmGenerator({
      engine: fake,
      modelId: 'Fake-q4f32_1-MLC-1k',
      contextWindowSize: 1024,
      maxTokens: 256,
    });
    const engine = await engineWith(manuals(8), { generator });
    const question = 'How often should the pump filter be cleaned?';
    const deltas: string[] = [];
    const result = await answerQuestion(engine, question, { onDelta: (delta) => deltas.push(delta) });
    expect(deltas.join('')).toBe('Clean it every month [pump-1#1].');
    expect(result.answer.decidedBy).toBe('model');
    const promptStep = result.trace.find((step) => step.stage === 'prompt')!;
    expect((promptStep.detail.omitted as string[]).length).toBeGreaterThan(0);
    expect(fake.requests).toHaveLength(1);
    const traced = promptStep.detail.messages as { content: string }[];
    expect(fake.requests[0]!.messages.map((message) => message.content)).toEqual(
      traced.map((message) => message.content),
    );
    expect(result.given.length).toBeGreaterThanOrEqual(1);
    expect(fake.promptTokens(fake.requests[0]!) + 256).toBeLessThanOrEqual(1024);
    const generateStep = result.trace.find((step) => step.stage === 'generate')!;
    expect(generateStep.detail.generator).toBe('webllm:Fake-q4f32_1-MLC-1k');
  });
});
