// @vitest-environment jsdom
import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { answerQuestion } from '../../src/core/pipeline/answer-question.js';
import type { GenerateRequest, GenerateResult, Generator } from '../../src/core/ports.js';
import TraceDrawer from '../../src/ui/components/TraceDrawer.svelte';
import { engineWith } from '../helpers/engine.js';
import { markdown } from '../helpers/documents.js';
import { FILES, outcomeFor } from './outcomes.js';

const WARRANTY = 'How long is the KT-100 warranty?';

/** A fake model, named as one: it cites by number and repeats itself, as SmolLM2-135M did. */
class FakeLoopingModel implements Generator {
  readonly id = 'fake-looping-model';
  async generate(request: GenerateRequest): Promise<GenerateResult> {
    const text = `The warranty lasts 2 years [1]. The warranty lasts 2 years [1]. (${request.passages.length} passages)`;
    return { text, usage: { prompt: 100, completion: 20 }, finishReason: 'stop', decidedBy: 'model' };
  }
}

describe('TraceDrawer', () => {
  it('shows what a model wrote before the repairs, and names each repair', async () => {
    const result = await answerQuestion(await engineWith(FILES, { generator: new FakeLoopingModel() }), WARRANTY);
    render(TraceDrawer, { open: true, result, onclose: () => undefined });
    const repaired = screen.getByTestId('trace-repaired');
    expect(repaired.dataset.count).toBe('2');
    expect(repaired.textContent).toMatch(/citation\(s\) by passage number.*removed 1 repeated sentence/s);
    expect(screen.getByTestId('trace-raw-answer').textContent).toContain(
      '2 years [1]. The warranty lasts 2 years [1].',
    );
    expect(result.answer.text).not.toContain('[1]');
  });

  it('shows an answer written by code as it is, with no repairs', async () => {
    const { result } = await outcomeFor(WARRANTY);
    render(TraceDrawer, { open: true, result, onclose: () => undefined });
    expect(screen.queryByTestId('trace-repaired')).toBeNull();
    expect(screen.getByTestId('trace-raw-answer').textContent).toBe(result.answer.text);
  });

  it('shows both hops of a two-hop question: the part answered first, its sentence and passage, and the rewritten part', async () => {
    const engine = await engineWith({
      'pay.md': markdown(
        { id: 'pay', title: 'Use Wallet Pay' },
        '## Pay in a shop\n\nOpen Wallet Pay and hold your phone over the card reader at the register. Make sure the NFC feature is enabled on your device.\n',
      ),
      'nfc.md': markdown(
        { id: 'nfc', title: 'NFC and payment' },
        '## NFC and payment\n\nFrom Settings, tap Connections > NFC and payment, and then tap the switch.\n',
      ),
    });
    const result = await answerQuestion(
      engine,
      'To pay at the register with the wallet app, which wireless feature has to be on, and where in Settings do I switch it on?',
    );
    render(TraceDrawer, { open: true, result, onclose: () => undefined });
    const hop = screen.getByTestId('trace-hop');
    expect(hop.textContent).toContain('[pay#pay-in-a-shop]');
    expect(hop.textContent).toContain('Make sure the NFC feature is enabled');
    expect(hop.textContent).toContain('“where in Settings do I switch NFC on”');
  });

  it('shows no hop for a question that takes none', async () => {
    const { result } = await outcomeFor(WARRANTY);
    render(TraceDrawer, { open: true, result, onclose: () => undefined });
    expect(screen.queryByTestId('trace-hop')).toBeNull();
  });
});
