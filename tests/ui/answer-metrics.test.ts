// @vitest-environment jsdom
import { render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import type { AskOutcome } from '../../src/adapters/browser/protocol.js';
import AnswerPanel from '../../src/ui/components/AnswerPanel.svelte';
import { outcomeFor } from './outcomes.js';

const QUESTION = 'How long is the KT-100 warranty?';

/** The outcome of `QUESTION` as if a model had written it, with `metrics`. */
async function modelOutcome(
  metrics: NonNullable<AskOutcome['result']['answer']['metrics']>,
  finishReason: 'stop' | 'abort' = 'stop',
  omitted: string[] = [],
) {
  const outcome = await outcomeFor(QUESTION);
  const answer = {
    ...outcome.result.answer,
    decidedBy: 'model' as const,
    usage: { prompt: 812, completion: 40 },
    finishReason,
    metrics,
  };
  const prompt = { ...outcome.result.prompt, omitted };
  return { ...outcome, result: { ...outcome.result, answer, prompt } };
}

describe('AnswerPanel with a model', () => {
  it('shows tokens in and out, time to first token, tokens per second and passages left out', async () => {
    const outcome = await modelOutcome({ timeToFirstTokenMs: 320, tokensPerSecond: 41.5 }, 'stop', ['kettle-v1#2']);
    render(AnswerPanel, { question: QUESTION, status: 'done', streaming: '', outcome, oncite: vi.fn() });
    const line = screen.getByTestId('generation-metrics');
    expect(line.dataset.ttft).toBe('320');
    expect(line.dataset.tps).toBe('41.5');
    expect(line.textContent).toMatch(
      /812 tokens in, 40 out · first token after 320 ms · 41\.5 tokens\/s · 1 passage left out/,
    );
    expect(screen.queryByTestId('answer-incomplete')).toBeNull();
  });

  it('ST-20: marks an answer cut by a lost GPU incomplete and suggests a smaller model; the warnings stay', async () => {
    const outcome = await modelOutcome(
      {
        timeToFirstTokenMs: 100,
        tokensPerSecond: null,
        incomplete: { code: 'device-lost', message: 'The GPU stopped (device lost).', suggestSmallerModel: true },
      },
      'abort',
    );
    render(AnswerPanel, { question: QUESTION, status: 'done', streaming: '', outcome, oncite: vi.fn() });
    const note = screen.getByTestId('answer-incomplete');
    expect(note.dataset.code).toBe('device-lost');
    expect(note.textContent).toMatch(/incomplete: The GPU stopped \(device lost\)\. Choose a smaller model/);
    expect(screen.queryByTestId('answer-stopped')).toBeNull();
    expect(screen.getAllByTestId('warning').length).toBeGreaterThan(0);
  });

  it('says an answer stopped with Stop is partial', async () => {
    const outcome = await modelOutcome({ timeToFirstTokenMs: 100, tokensPerSecond: 20 }, 'abort');
    render(AnswerPanel, { question: QUESTION, status: 'stopped', streaming: '', outcome, oncite: vi.fn() });
    expect(screen.getByTestId('answer-stopped').textContent).toMatch(/Stopped before the end/);
  });
});
