import { describe, expect, it } from 'vitest';
import { HashingEmbedder } from '../../../src/core/embed/hashing-embedder.js';
import { analyseQuestion } from '../../../src/core/question/analyse-question.js';
import type { RetrievedPassage } from '../../../src/core/types.js';
import { meaningFromEmbedder, thresholdsFor, type Meaning } from '../../../src/core/verify/meaning.js';
import { verifyAnswer } from '../../../src/core/verify/verify-answer.js';
import { RecordingFakeEmbedder } from '../../fakes/recording-embedder.js';
import { makePassage } from './make-passage.js';

/**
 * A fake `Meaning` (named as one): the cosine of two texts is what the test says it is, by a
 * fragment of the claim or part; 0 otherwise. The real one is exercised below and in
 * tests/integration/real-models.test.ts with the real MiniLM.
 */
function fakeMeaning(scores: Record<string, number>): Meaning & { asked: string[] } {
  const asked: string[] = [];
  const score = (text: string) => Object.entries(scores).find(([fragment]) => text.includes(fragment))?.[1] ?? 0;
  return {
    id: 'fake-meaning',
    thresholds: {
      support: 0.75,
      supportWithValues: 0.65,
      supportWithWords: { cosine: 0.6, share: 0.5 },
      address: 0.45,
    },
    asked,
    async similarity(text, others) {
      asked.push(text);
      return others.map(() => score(text));
    },
    async partSimilarity(part, texts) {
      asked.push(part);
      return texts.map(() => score(part));
    },
  };
}

const TIMER = makePassage(
  'Timer. Set a countdown timer for up to 99 hours, 59 minutes, and 59 seconds. From Clock, tap Timer.',
  { cite: 'clock#timer', title: 'Clock', heading: 'Timer' },
);
const HOTSPOT = makePassage(
  'Timeout settings. Set a timeout so the Mobile hotspot turns off automatically when it has been idle for that long.',
  { cite: 'net#timeout', title: 'Mobile hotspot', heading: 'Timeout settings' },
);

async function check(question: string, answer: string, given: RetrievedPassage[], meaning?: Meaning) {
  return verifyAnswer({
    question,
    parts: analyseQuestion(question),
    answer,
    given,
    ...(meaning ? { meaning } : {}),
    writtenBy: 'code',
  });
}

describe('claims judged with meaning', () => {
  const paraphrase = 'Yes: give it a timeout and the hotspot shuts itself down whenever it sits idle [net#timeout].';

  it('a paraphrase whose words differ is "not found" by words alone, and "supported" when meaning is close enough', async () => {
    const lexical = await check('Can the hotspot switch itself off when idle?', paraphrase, [HOTSPOT]);
    expect(lexical.claims[0]).toMatchObject({ state: 'not_found', supported: false });
    expect(lexical.warnings.find((warning) => warning.flag === 'unsupported_claim')?.message).toMatch(
      /could not confirm this in \[net#timeout\].*read the passage/,
    );
    const close = await check(
      'Can the hotspot switch itself off when idle?',
      paraphrase,
      [HOTSPOT],
      fakeMeaning({ 'shuts itself down': 0.9 }),
    );
    expect(close.claims[0]).toMatchObject({ state: 'supported', supported: true });
    const far = await check(
      'Can the hotspot switch itself off when idle?',
      paraphrase,
      [HOTSPOT],
      fakeMeaning({ 'shuts itself down': 0.55 }),
    );
    expect(far.claims[0]?.state).toBe('not_found');
  });

  it('a claim less close in meaning is supported by a sentence that also holds most of its words, and only then', async () => {
    const question = 'Can the hotspot switch itself off when idle?';
    // "timeout", "hotspot" and "idle" are the passage's words; "shuts itself down" and "sits" are not.
    const near = await check(question, paraphrase, [HOTSPOT], fakeMeaning({ 'shuts itself down': 0.65 }));
    expect(near.claims[0]).toMatchObject({ state: 'supported', supported: true });
    expect(near.claims[0]?.evidence?.cite).toBe('net#timeout');
    // As close in meaning, in words the passage does not use: meaning alone must reach `support`.
    const reworded = 'Yes: leave it alone for a while and it switches itself off [net#timeout].';
    expect((await check(question, reworded, [HOTSPOT], fakeMeaning({ 'leave it alone': 0.65 }))).claims[0]?.state).toBe(
      'not_found',
    );
    expect((await check(question, reworded, [HOTSPOT], fakeMeaning({ 'leave it alone': 0.8 }))).claims[0]?.state).toBe(
      'supported',
    );
    // Both bars count: the passage's words below the cosine bar do not do.
    expect(
      (await check(question, paraphrase, [HOTSPOT], fakeMeaning({ 'shuts itself down': 0.55 }))).claims[0]?.state,
    ).toBe('not_found');
    // And the sentence must say it the same way round.
    const opposite = 'No: the hotspot never shuts itself down when it sits idle, whatever the timeout [net#timeout].';
    const said = await check(question, opposite, [HOTSPOT], fakeMeaning({ 'shuts itself down': 0.65 }));
    expect(said.claims[0]?.supported).toBe(false);
  });

  it('a claim close in meaning to a sentence about another name is not confirmed: it is contradicted', async () => {
    const LINES = makePassage(
      'The BLING series are small instruction-following models for CPU-based RAG, from 1B to 3B parameters. ' +
        'The DRAGON series are larger production models of 6B to 7B parameters.',
      { cite: 'models#lines', title: 'Model families', heading: 'Model families' },
    );
    const question = 'Which model family is meant for small CPU-based RAG?';
    const right = 'That would be the BLING line: compact, CPU-friendly models tuned for RAG [models#lines].';
    const wrong = 'That would be the DRAGON line: compact, CPU-friendly models tuned for RAG [models#lines].';
    const meaning = fakeMeaning({ 'CPU-friendly': 0.85 });
    expect((await check(question, right, [LINES], meaning)).claims[0]?.state).toBe('supported');
    const moved = await check(question, wrong, [LINES], meaning);
    expect(moved.claims[0]?.state).toBe('contradicted');
    expect(moved.claims[0]?.reasons?.join(' ')).toContain('the passage says this of BLING, not of DRAGON');
  });

  it('a value confirmed by a sentence stating it is contradicted where a sentence much closer in meaning gives another', async () => {
    const PHASES = makePassage(
      'It will be fully applicable 24 months after entry into force, with a graduated approach as follows:\n' +
        '6 months after entry into force, Member States shall phase out prohibited systems;\n' +
        '12 months: obligations for general purpose AI governance become applicable;\n' +
        '24 months: all rules of the AI Act become applicable including obligations for high-risk systems;',
      { cite: 'act#phases', title: 'AI Act', heading: 'When will the AI Act be fully applicable?' },
    );
    // A fake meaning (named as one) that tells sentences apart: the governance line is the claim's.
    const pairwise = (governance: number): Meaning => ({
      ...fakeMeaning({}),
      async similarity(text, others) {
        return others.map((other) => (/12 months/.test(other) ? governance : /24 months/.test(other) ? 0.67 : 0.1));
      },
    });
    const question = 'When do the general-purpose AI rules start to apply?';
    const claim =
      'Obligations for general-purpose AI governance take effect 24 months after entry into force [act#phases].';
    const wrong = await check(question, claim, [PHASES], pairwise(0.92));
    expect(wrong.claims[0]?.state).toBe('contradicted');
    expect(wrong.claims[0]?.reasons?.join(' ')).toContain('the passage gives 12 months for this');
    // No sentence clearly closer: the sentence stating 24 months confirms it, as before.
    expect((await check(question, claim, [PHASES], pairwise(0.7))).claims[0]?.state).toBe('supported');
  });

  it("a manual's setting described on the line after its name is that setting's, not the claim's", async () => {
    const ECO = makePassage(
      'You can adjust the brightness level of the TV.\nAmbient Light Detection\nTry Now\n' +
        'Automatically adjusts the brightness level of the TV, according to the ambient light level, to reduce power consumption.\n' +
        'Motion Lighting\nTry Now\nAdjusts the brightness in response to on-screen movements to reduce power consumption.',
      { cite: 'tv#eco', title: 'Eco Solution', heading: 'Eco Solution' },
    );
    const question = 'Which setting adjusts brightness to the light in my room?';
    const wrong =
      "That's Motion Lighting, which adjusts the brightness to the ambient light level to reduce power consumption [tv#eco].";
    const right =
      "That's Ambient Light Detection, which adjusts the brightness to the ambient light level to reduce power consumption [tv#eco].";
    expect((await check(question, right, [ECO])).claims[0]?.state).toBe('supported');
    const moved = await check(question, wrong, [ECO]);
    expect(moved.claims[0]?.state).toBe('contradicted');
    expect(moved.claims[0]?.reasons?.join(' ')).toContain('not of Motion Lighting');
  });

  it('a claim with values is compared only with sentences stating them, and needs less else in common', async () => {
    const answer =
      "The Clock app's Timer can count down from as much as 99 hours, 59 minutes and 59 seconds [clock#timer].";
    const compared: string[][] = [];
    const recording = (score: number): Meaning => ({
      ...fakeMeaning({}),
      async similarity(_text, others) {
        compared.push([...others]);
        return others.map(() => score);
      },
    });
    expect((await check('What is the longest countdown?', answer, [TIMER])).claims[0]?.state).toBe('not_found');
    const close = await check('What is the longest countdown?', answer, [TIMER], recording(0.7));
    expect(close.claims[0]).toMatchObject({ state: 'supported' });
    expect(compared.flat().length).toBeGreaterThan(0);
    for (const sentence of compared.flat()) expect(sentence).toMatch(/99 hours, 59 minutes, and 59 seconds/);
    expect((await check('What is the longest countdown?', answer, [TIMER], recording(0.6))).claims[0]?.state).toBe(
      'not_found',
    );
    // Without values the bar stays at `support` (for a claim in other words than the passage's).
    const reworded = 'Yes: leave it alone for a while and it switches itself off [net#timeout].';
    const plain = await check('Can the hotspot switch itself off when idle?', reworded, [HOTSPOT], recording(0.7));
    expect(plain.claims[0]?.state).toBe('not_found');
  });

  it('a wrong number stays "contradicted" however close the meaning: hard facts are decided by code', async () => {
    const meaning = fakeMeaning({ countdown: 1 });
    const verdict = await check(
      'What is the longest countdown on the clock?',
      'The countdown goes up to 24 hours [clock#timer].',
      [TIMER],
      meaning,
    );
    expect(verdict.claims[0]).toMatchObject({ state: 'contradicted', supported: false });
    expect(verdict.warnings.find((warning) => warning.flag === 'unsupported_claim')?.message).toMatch(
      /the passage says otherwise/,
    );
    expect(meaning.asked).not.toContain('The countdown goes up to 24 hours');
  });

  it('a clause the words found the opposite stays contradicted when the sentence close in meaning speaks of another clause', async () => {
    const reset = makePassage(
      'Reset app preferences: Reset options that have been changed. Existing app data is not deleted.',
      { cite: 'apps#reset', title: 'Apps', heading: 'App settings' },
    );
    // The fake puts the whole claim close to every sentence; only the first speaks of the options.
    const verdict = await check(
      'Does resetting app preferences wipe app data?',
      'Reset app preferences resets the options that were changed, and it also deletes existing app data [apps#reset].',
      [reset],
      fakeMeaning({ 'Reset app preferences': 0.9 }),
    );
    expect(verdict.claims[0]).toMatchObject({ state: 'contradicted', supported: false });
    // The same claim with the clause the right way round is supported.
    const right = await check(
      'Does resetting app preferences wipe app data?',
      'Reset app preferences resets the options that were changed, and existing app data is not deleted [apps#reset].',
      [reset],
      fakeMeaning({ 'Reset app preferences': 0.9 }),
    );
    expect(right.claims[0]).toMatchObject({ state: 'supported', supported: true });
  });

  it('a supported claim addresses the part it is closest to by meaning, not every part of the question', async () => {
    const question = 'What is the longest countdown I can put on the clock, and can I name the timer?';
    const answer = 'You can count down from as much as 99 hours, 59 minutes and 59 seconds [clock#timer].';
    const lexical = await check(question, answer, [TIMER]);
    expect(lexical.warnings.filter((warning) => warning.flag === 'missing_evidence').length).toBeGreaterThanOrEqual(1);
    const parts = analyseQuestion(question);
    expect(parts).toHaveLength(2);
    // Part 1 is close to the claim (0.8), part 2 less so (0.5, above the threshold but not the closest).
    const meaning: Meaning = {
      ...fakeMeaning({ 'count down': 0.9 }),
      async partSimilarity(part) {
        return [part.includes('longest') ? 0.8 : 0.5];
      },
    };
    const verdict = await check(question, answer, [TIMER], meaning);
    const missing = verdict.warnings
      .filter((warning) => warning.flag === 'missing_evidence')
      .map((warning) => warning.part);
    expect(missing).toEqual([parts[1]!.text]);
  });
});

describe("the answer's own admission", () => {
  it("a part the answer says the documents do not answer stays missing, however close its closest passage's claim", async () => {
    const question = 'Can I name the timer?';
    const answer =
      'The documents do not say whether you can name the timer. The closest passage says: "Set a countdown timer for up to 99 hours, 59 minutes, and 59 seconds." [clock#timer]';
    const meaning: Meaning = {
      ...fakeMeaning({ countdown: 0.95 }),
      partSimilarity: async (_part, texts) => texts.map(() => 0.9),
    };
    const verdict = await check(question, answer, [TIMER], meaning);
    expect(verdict.claims.some((claim) => claim.state === 'supported')).toBe(true);
    expect(verdict.flags).toContain('missing_evidence');
    // The quoted sentence comes near the question in meaning: an answer with a caveat, not an abstention.
    expect(verdict.status).toBe('qualified');
    // Asked in words the passage does not use, only meaning can tell that it comes near.
    const reworded = 'Can I give my alarm a nickname?';
    expect((await check(reworded, answer, [TIMER], meaning)).status).toBe('qualified');
    const far: Meaning = { ...meaning, partSimilarity: async (_part, texts) => texts.map(() => 0.1) };
    expect((await check(reworded, answer, [TIMER], far)).status).toBe('abstained');
  });

  it('a part the answer says the documents do not answer stays missing even where its quote states every word of it', async () => {
    const answer =
      'The documents do not say how long the countdown timer can run. The closest passage says: "Set a countdown timer for up to 99 hours, 59 minutes, and 59 seconds." [clock#timer]';
    const verdict = await check('How long can the countdown timer run?', answer, [TIMER]);
    expect(verdict.flags).toContain('missing_evidence');
    const plain = await check(
      'How long can the countdown timer run?',
      'Set a countdown timer for up to 99 hours, 59 minutes, and 59 seconds [clock#timer].',
      [TIMER],
    );
    expect(plain.flags).not.toContain('missing_evidence');
  });
});

describe('what a part is compared with', () => {
  const LOCK = makePassage(
    'Door lock. After a programme ends the door stays locked for up to two minutes while the drum slows.',
    { cite: 'wm#lock', title: 'Washer Manual', heading: 'Door lock' },
  );
  // Support comes from the fake's 0.9 for both claims; the part is close only to a text holding both.
  const both: Meaning = {
    ...fakeMeaning({ 'two minutes': 0.9, 'that long': 0.9 }),
    async partSimilarity(_part, texts) {
      return texts.map((text) => (text.includes('two minutes') && text.includes('that long') ? 0.8 : 0.2));
    },
  };
  const missing = (verdict: Awaited<ReturnType<typeof check>>) =>
    verdict.warnings.filter((warning) => warning.flag === 'missing_evidence');

  it('two consecutive supported claims read together answer a part that neither answers alone', async () => {
    const question = 'How long before I can open it?';
    const answer =
      'Give it up to two minutes [wm#lock]. The door can stay shut that long after a programme ends [wm#lock].';
    expect(missing(await check(question, answer, [LOCK]))).toHaveLength(1);
    const verdict = await check(question, answer, [LOCK], both);
    expect(verdict.claims.map((claim) => claim.state)).toEqual(['supported', 'supported']);
    expect(missing(verdict)).toEqual([]);
    // With an unsupported claim between them, they are not consecutive: the part stays unanswered.
    const apart = await check(
      question,
      'Give it up to two minutes [wm#lock]. It then beeps three times [wm#lock]. The door can stay shut that long after a programme ends [wm#lock].',
      [LOCK],
      both,
    );
    expect(missing(apart)).toHaveLength(1);
  });

  it('the items of a list cited by its lead answer with the lead, and an item alone answers nothing', async () => {
    const TRAYS = makePassage('Accessories. The oven takes the enamel tray, the wire rack and the glass dish.', {
      cite: 'ov#acc',
      title: 'Oven Manual',
      heading: 'Accessories',
    });
    // The fake puts a text holding the lead close to the first part, and any item alone close to the second.
    const lead: Meaning = {
      ...fakeMeaning({}),
      async partSimilarity(part, texts) {
        return texts.map((text) =>
          part.includes('trays')
            ? text.includes('takes these trays')
              ? 0.8
              : 0.1
            : text.includes('takes')
              ? 0.1
              : 0.5,
        );
      },
    };
    const answer = 'The oven takes these trays [ov#acc]:\n- the enamel tray\n- the wire rack';
    const verdict = await check(
      'Which trays does the oven take, and which one is best for pizza?',
      answer,
      [TRAYS],
      lead,
    );
    expect(verdict.claims.map((claim) => [claim.text, claim.state])).toEqual([
      ['The oven takes these trays:', 'not_a_claim'],
      ['the enamel tray', 'supported'],
      ['the wire rack', 'supported'],
    ]);
    expect(missing(verdict).map((warning) => warning.part)).toEqual(['which one is best for pizza']);
  });

  it("a part's names may be in the cited passage's text or its web-address title, not only in the claim", async () => {
    const question = 'How long does Acme Vault keep the audit logs?';
    const answer = 'Audit logs are kept for 30 days [v#logs].';
    const close: Meaning = {
      ...fakeMeaning({ 'kept for 30 days': 0.9 }),
      partSimilarity: async (_p, texts) => texts.map(() => 0.8),
    };
    const inText = makePassage('Retention. Acme Vault keeps audit logs for 30 days, then deletes them.', {
      cite: 'v#logs',
      title: 'Admin guide',
      heading: 'Retention',
    });
    const inTitle = makePassage('Retention. Audit logs are kept for 30 days, then deleted.', {
      cite: 'v#logs',
      title: 'docs-acmevault-example-com-retention',
      heading: 'Retention',
    });
    const nowhere = makePassage('Retention. Audit logs are kept for 30 days, then deleted.', {
      cite: 'v#logs',
      title: 'Admin guide',
      heading: 'Retention',
    });
    expect(missing(await check(question, answer, [inText], close))).toEqual([]);
    expect(missing(await check(question, answer, [inTitle], close))).toEqual([]);
    expect(missing(await check(question, answer, [nowhere], close))).toHaveLength(1);
  });
});

describe('meaningFromEmbedder', () => {
  it('has thresholds only for embedders calibrated on the development sets', () => {
    expect(thresholdsFor('transformers:local/all-MiniLM-L6-v2:mean:q8')).toEqual({
      support: 0.75,
      supportWithValues: 0.65,
      supportWithWords: { cosine: 0.6, share: 0.5 },
      address: 0.2,
    });
    expect(thresholdsFor('transformers:Xenova/all-MiniLM-L6-v2:mean:fp32')).toBeDefined();
    expect(thresholdsFor('feature-hashing-v1-384')).toBeUndefined();
    expect(meaningFromEmbedder(new HashingEmbedder())).toBeUndefined();
  });

  it("gives the cosine of the embedder's unit vectors, embedding each text once", async () => {
    const embedder = new RecordingFakeEmbedder('fake-recording', 64);
    const meaning = meaningFromEmbedder(embedder, {
      support: 0.5,
      supportWithValues: 0.5,
      supportWithWords: { cosine: 0.5, share: 0.5 },
      address: 0.5,
    })!;
    const [same, other] = await meaning.similarity('descale the kettle', [
      'descale the kettle',
      'a warranty of two years',
    ]);
    expect(same).toBeCloseTo(1, 5);
    expect(other).toBeLessThan(0.5);
    await meaning.similarity('descale the kettle', ['a warranty of two years']);
    const documents = embedder.calls.filter((call) => call.kind === 'documents').flatMap((call) => call.texts);
    expect(documents.filter((text) => text === 'descale the kettle')).toHaveLength(1);
    const [part] = await meaning.partSimilarity('how often should I descale', ['descale the kettle']);
    expect(part).toBeGreaterThan(0);
    expect(embedder.calls.filter((call) => call.kind === 'query').map((call) => call.texts)).toEqual([
      ['how often should I descale'],
    ]);
  });
});
