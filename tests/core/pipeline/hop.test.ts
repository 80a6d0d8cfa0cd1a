import { describe, expect, it } from 'vitest';
import { answerQuestion } from '../../../src/core/pipeline/answer-question.js';
import { namesGiven } from '../../../src/core/question/names.js';
import { markdown } from '../../helpers/documents.js';
import { engineWith } from '../../helpers/engine.js';

const files = {
  'pay.md': markdown(
    { id: 'pay', title: 'Use Wallet Pay' },
    '## Pay in a shop\n\nOpen Wallet Pay and hold your phone over the card reader at the register. Make sure the NFC feature is enabled on your device.\n',
  ),
  'nfc.md': markdown(
    { id: 'nfc', title: 'NFC and payment' },
    '## NFC and payment\n\nNear Field Communication exchanges data with a reader a few centimetres away. From Settings, tap Connections > NFC and payment, and then tap the switch.\n',
  ),
  'wifi.md': markdown(
    { id: 'wifi', title: 'Wi-Fi' },
    '## Wi-Fi\n\nWi-Fi connects your phone to a wireless network. From Settings, tap Connections > Wi-Fi, and then tap to switch Wi-Fi on.\n',
  ),
  'warranty.md': markdown(
    { id: 'warranty', title: 'Warranty' },
    '## Warranty\n\nThe phone warranty lasts 2 years. Water damage is not covered by the warranty.\n',
  ),
};

interface AnalyseDetail {
  hops?: { part: string; name: string; rewritten: string; cite: string }[];
}

describe('a part that points back to what the part before it asks for', () => {
  it('is answered with the name that answers the first part', async () => {
    const engine = await engineWith(files);
    const result = await answerQuestion(
      engine,
      'To pay at the register with the wallet app, which wireless feature has to be on, and where in Settings do I switch it on?',
    );
    expect(result.answer.text).toContain('Make sure the NFC feature is enabled');
    expect(result.answer.text).toContain('Connections > NFC and payment');
    expect(result.answer.text).not.toContain('Connections > Wi-Fi');
    expect(result.answer.text).not.toContain('do not say');
    const detail = result.trace.find((step) => step.stage === 'analyse')!.detail as AnalyseDetail;
    expect(detail.hops).toEqual([
      expect.objectContaining({
        part: 'where in Settings do I switch it on',
        name: 'NFC',
        rewritten: 'where in Settings do I switch NFC on',
        cite: 'pay#pay-in-a-shop',
      }),
    ]);
    expect(result.parts[1]?.text).toBe('where in Settings do I switch NFC on');
  });

  it('is left as asked where the part before asks for no name', async () => {
    const engine = await engineWith(files);
    const result = await answerQuestion(engine, 'How long is the phone warranty, and does it cover water damage?');
    const detail = result.trace.find((step) => step.stage === 'analyse')!.detail as AnalyseDetail;
    expect(detail.hops).toBeUndefined();
  });
});

describe('a part whose "it" is what the part before asks which one of', () => {
  const appliances = {
    'dw.md': markdown(
      { id: 'dw', title: 'DW-480 Dishwasher Manual', date: '2026-02-16' },
      '## 6. Programmes\n\nThe Eco 50 programme washes at 50 °C and is the most efficient choice.\n\nThe Quick 30 programme washes at 45 °C and finishes in 30 minutes.\n',
    ),
    'wm.md': markdown(
      { id: 'wm', title: 'WM-720 Washing Machine Manual', date: '2025-05-20' },
      '## 6. Programmes\n\nThe Quick 15 programme washes a small load at 20 °C in 15 minutes.\n',
    ),
    'forum.md': markdown(
      { id: 'forum', title: 'DW-480 owners forum', date: '2026-05-03' },
      '## Original post\n\nMy DW-480 glasses are a bit cloudy after the Eco 50 programme, and some plates stay dirty.\n',
    ),
    'oven.md': markdown(
      { id: 'oven', title: 'OV-350 hinge recall', date: '2025-11-01' },
      '## Repair\n\nThe hinge repair takes about 30 minutes.\n',
    ),
  };

  it('is answered by the programme that answers it, of the model asked about, with no disagreement of values', async () => {
    const engine = await engineWith(appliances);
    const result = await answerQuestion(engine, 'Which DW-480 programme is the quickest, and how long does it take?');
    expect(result.answer.text).toBe('The Quick 30 programme washes at 45 °C and finishes in 30 minutes [dw#6].');
    const detail = result.trace.find((step) => step.stage === 'analyse')!.detail as AnalyseDetail;
    expect(detail.hops).toEqual([
      expect.objectContaining({ name: 'Quick 30', rewritten: 'how long does Quick 30 take' }),
    ]);
  });
});

describe('namesGiven', () => {
  it('gives runs of names the question lacks, with the word after each', () => {
    expect(
      namesGiven('If it is lost, use the Find My Mobile function to wipe it.', 'What is that feature called'),
    ).toEqual([{ name: 'Find My Mobile', next: 'function' }]);
    expect(namesGiven('NOTE Make sure the NFC feature is enabled.', 'which wireless feature')).toEqual([
      { name: 'NFC', next: 'feature' },
    ]);
    expect(namesGiven('From Settings, tap Link to Windows.', 'where in Settings')).toEqual([
      { name: 'Link to Windows', next: '' },
    ]);
    // A number after a name is part of it; a lone letter ("°C") names nothing.
    expect(namesGiven('The Quick 30 programme washes at 45 °C.', 'Which programme is the quickest')).toEqual([
      { name: 'Quick 30', next: 'programme' },
    ]);
    // A name the question already holds is not given by the sentence.
    expect(namesGiven('Wallet Pay needs the NFC feature.', 'Does Wallet Pay need NFC?')).toEqual([]);
  });
});
