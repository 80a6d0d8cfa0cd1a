import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cleanModelAnswer } from '../../../src/core/generate/model-output.js';
import { parseCitations } from '../../../src/core/verify/citations.js';

const cites = ['wm720-manual#3', 'support-faq#salt', 'dw480-manual-v3#9'];
const clean = (raw: string, finishReason: 'stop' | 'length' | 'abort' = 'stop') =>
  cleanModelAnswer(raw, { cites, finishReason });

/** Answers SmolLM2-135M-Instruct (Q4_1, node-llama-cpp, temperature 0) really wrote to Footnote's prompt. */
interface RealOutput {
  id: string;
  form: string;
  finishReason: 'stop' | 'length' | 'abort';
  cites: string[];
  raw: string;
}
const real = JSON.parse(
  readFileSync(new URL('../../fixtures/model-output/smollm2-135m-instruct.json', import.meta.url), 'utf8'),
) as { model: string; outputs: RealOutput[] };

describe('cleanModelAnswer', () => {
  it('leaves an answer in the asked form as written', () => {
    const answer = 'The warranty does not cover coins left in pockets [wm720-manual#3].';
    expect(clean(answer)).toEqual({ text: answer, notes: [] });
  });

  it('reads citations by passage number as the ids of those passages', () => {
    const { text, notes } = clean('Coins are excluded [1]. Salt is needed above 7 °dH [2, 3]. See (source 3).');
    expect(text).toBe(
      'Coins are excluded [wm720-manual#3]. Salt is needed above 7 °dH [support-faq#salt, dw480-manual-v3#9]. See [dw480-manual-v3#9].',
    );
    expect(notes).toEqual(["read 4 citation(s) by passage number as the passages' ids"]);
    expect(clean('It is [doc#2] and [passage 1] and [source 2].').text).toBe(
      'It is [support-faq#salt] and [wm720-manual#3] and [support-faq#salt].',
    );
  });

  it('leaves a number that names no passage of the prompt alone (the checker then calls it what it is)', () => {
    expect(clean('See [7] and [0].').text).toBe('See [7] and [0].');
    expect(clean('Error E4 [doc#7].').text).toBe('Error E4 [doc#7].');
  });

  it('attaches a closing sources line to each sentence above it that cites nothing', () => {
    const { text, notes } = clean('Coins are excluded. Salt is needed [support-faq#salt].\n\nSources: wm720-manual#3');
    expect(text).toBe('Coins are excluded [wm720-manual#3]. Salt is needed [support-faq#salt].');
    expect(notes[0]).toMatch(/closing sources line \(wm720-manual#3\)/);
    expect(clean('Coins are excluded.\nSources: [1], [3]').text).toBe(
      'Coins are excluded [wm720-manual#3, dw480-manual-v3#9].',
    );
    // A line naming nothing of the prompt is left as the model wrote it.
    expect(clean('Coins are excluded.\nSources: the manual').text).toBe('Coins are excluded.\nSources: the manual');
  });

  it('keeps a step a procedure repeats once: that is not a loop', () => {
    const steps = '1. Open Settings.\n2. Tap OK.\n3. Choose Wi-Fi.\n4. Tap OK.';
    expect(clean(steps)).toEqual({ text: steps, notes: [] });
    expect(clean('Tap OK. Choose Wi-Fi. Tap OK. Choose Bluetooth. Tap OK.').text).toBe(
      'Tap OK. Choose Wi-Fi. Choose Bluetooth.',
    );
  });

  it('keeps the first of repeated sentences and list items, numbering and case ignored', () => {
    const { text, notes } = clean(
      'The top speed is 1400 rpm. The top speed is 1400 rpm. THE TOP SPEED IS 1400 RPM.\n1. Safety\n2. Safety',
    );
    expect(text).toBe('The top speed is 1400 rpm.\n1. Safety');
    expect(notes).toEqual(['removed 3 repeated sentence(s)']);
  });

  it('removes the unfinished last sentence only when the answer hit the token limit', () => {
    expect(clean('Coins are excluded [1]. The maximum spin speed', 'length').text).toBe(
      'Coins are excluded [wm720-manual#3].',
    );
    expect(clean('Coins are excluded [1]. The maximum spin speed', 'stop').text).toBe(
      'Coins are excluded [wm720-manual#3]. The maximum spin speed',
    );
  });

  it('removes a passage header the token limit cut off, and a lead-in left ending in a colon', () => {
    const raw = 'Hold the Power key [s10#23].\n[s10#23] (document: Turn emergency mode; revision: v1; date:';
    expect(clean(raw, 'length').text).toBe('Hold the Power key [s10#23].\n[s10#23]');
    expect(clean('Tap Settings. The steps are:', 'length').text).toBe('Tap Settings.');
  });

  it('removes copied passage fences, what they enclose, and echoed passage headers', () => {
    const raw =
      'Salt is needed [dw480-manual-v3#9] (document: DW-480 Manual; revision: v3; date: 2026-02-16; section: 9. Salt).\n⟦0abc123⟧ BEGIN\n## 9. Salt\nCopied text.\n⟦0abc123⟧ END\nDone.';
    const { text, notes } = clean(raw);
    expect(text).toBe('Salt is needed [dw480-manual-v3#9].\nDone.');
    expect(notes).toEqual(['removed prompt text the model copied (passage fences and headers)']);
  });

  describe(`on what ${real.model} really wrote`, () => {
    it('holds every form the evaluation met', () => {
      expect(new Set(real.outputs.map((output) => output.form))).toEqual(
        new Set([
          'repeated sentences',
          'repeated list items',
          'copied passage fences',
          'fence marker in a sentence',
          'echoed passage headers',
          'cut off at the token limit',
        ]),
      );
    });

    for (const output of real.outputs) {
      it(`${output.id}: ${output.form}`, () => {
        const { text, notes } = cleanModelAnswer(output.raw, {
          cites: output.cites,
          finishReason: output.finishReason,
        });
        expect(notes.length).toBeGreaterThan(0);
        expect(text).not.toMatch(/⟦[0-9a-z]+⟧|\((?:document|revision): /);
        const sentences = text
          .split(/(?<=[.!?])\s+|\n/)
          .map((s) =>
            s
              .replace(/^\d+\.\s*/, '')
              .trim()
              .toLowerCase(),
          )
          .filter(Boolean);
        expect(new Set(sentences).size).toBe(sentences.length);
        if (output.finishReason === 'length') expect(text).toMatch(/[.!?:)\]]$/);
        // What it cites is what the model cited: ids it invented stay, for the checker to call invalid.
        for (const ref of parseCitations(text)) expect(output.raw).toContain(ref.id);
        expect(text.length).toBeLessThan(output.raw.length);
      });
    }
  });
});
