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
    // A name the question already holds is not given by the sentence.
    expect(namesGiven('Wallet Pay needs the NFC feature.', 'Does Wallet Pay need NFC?')).toEqual([]);
  });
});
