/**
 * The checker's paraphrase handling: the lexicon (classes, phrases, broader words), choices,
 * restating leads, clause-level polarity, "un-" words, values bound to their subject, and the
 * asking sentence of a part. Each case has a twin the checker must still reject.
 */
import { describe, expect, it } from 'vitest';
import { analyseQuestion, questionSentence } from '../../../src/core/question/analyse-question.js';
import { broaderTerms, paraphraseClass, rewritePhrases } from '../../../src/core/text/paraphrases.js';
import { extractQuantities, quantityStated } from '../../../src/core/text/quantities.js';
import { claimAddresses, partTerms, requiredNames } from '../../../src/core/verify/coverage.js';
import { passageEvidence } from '../../../src/core/verify/evidence-text.js';
import { judgeLexically } from '../../../src/core/verify/lexical-judge.js';
import { polarityDiffers } from '../../../src/core/verify/negation.js';
import { checkTerms, hasTerm } from '../../../src/core/verify/term-weights.js';
import { verifyAnswer } from '../../../src/core/verify/verify-answer.js';
import { makePassage } from './make-passage.js';

describe('the paraphrase lexicon', () => {
  it('maps words of one class to one term, and leaves others alone', () => {
    expect(checkTerms('the warranty passes to the buyer')).toEqual(checkTerms('the warranty transfers to the buyer'));
    expect(paraphraseClass('hous')).toBe(paraphraseClass('properti'));
    expect(paraphraseClass('insid')).toBe(paraphraseClass('caviti'));
    expect(paraphraseClass('drain')).not.toBe(paraphraseClass('pump'));
    // Irregular plurals meet their singular: "people" is "persons".
    expect(checkTerms('rated for 18 people')).toEqual(checkTerms('rated for 18 persons'));
    expect(checkTerms('the children')).toEqual(checkTerms('the child'));
    expect(paraphraseClass('warranti')).not.toBe(paraphraseClass('cover'));
  });

  it('reads phrases as one word: "washing machine", "new owner", "hooked up", "how big"', () => {
    expect(rewritePhrases('my washing machine')).toContain('washer');
    expect(checkTerms('the new owner')).toEqual(checkTerms('the buyer'));
    expect(checkTerms('hooked up to the tap')).toEqual(checkTerms('connected to the tap'));
    expect(checkTerms('how big is it')).toContain(paraphraseClass('capac'));
    expect(checkTerms('top it up')).not.toContain('maximum');
  });

  it('lets a broader word cover a narrower one and back ("appliance" / "washer")', () => {
    const washer = paraphraseClass(checkTerms('washer')[0] ?? '');
    expect(broaderTerms(washer)).toContain(paraphraseClass('applianc'));
    expect(hasTerm(new Set(checkTerms('the appliance is sold')), washer)).toBe(true);
    expect(hasTerm(new Set(checkTerms('the filter is sold')), washer)).toBe(false);
  });
});

describe('question parts', () => {
  it('treats the two sides of "A or B" as one choice', () => {
    const [part] = analyseQuestion('Should the WM-720 be connected to the hot or the cold water supply?');
    expect(partTerms(part!).attributes.some((term) => term.includes('|'))).toBe(true);
    const present = new Set(checkTerms('connect it to the cold water supply'));
    expect(partTerms(part!).attributes.every((term) => hasTerm(present, term))).toBe(true);
  });

  it('counts a hyphenated word through its parts, once', () => {
    const [part] = analyseQuestion('What should I do with the ash after the OV-350 self-clean cycle?');
    expect(partTerms(part!).attributes.filter((term) => term.includes('self'))).toHaveLength(0);
  });

  it('asks with the sentence that asks, not a statement after it', () => {
    expect(questionSentence("Is it OK to sit on the door? It's a DW-480")).toBe('Is it OK to sit on the door?');
    expect(questionSentence('My manual says 1 year. Is that right')).toBe('Is that right');
    // A name in the statement after the question is not one the answer must repeat.
    const [part] = analyseQuestion("My son climbs. Is it OK if he sits on the open door? It's a Calder DW-480.");
    expect(requiredNames(part!)).toEqual([]);
  });

  it('needs no name of who the question says the answer comes from, and reads a code as no name', () => {
    const names = (question: string) => requiredNames(analyseQuestion(question)[0]!).map((name) => name.source);
    expect(names('How often does Calder say the filter needs cleaning?')).toEqual([]);
    expect(names('According to the Ministry, when does the Levy start?').join()).toMatch(/Levy/);
    expect(names('According to the Ministry, when does the Levy start?').join()).not.toMatch(/Ministry/);
    // A name that is the subject stays: "Does Calder Pay work abroad?" asks about Calder Pay.
    expect(names('Does Calder Pay work abroad?').join()).toMatch(/Calder/);
    // Said without "does", or as whose text it is: the source still.
    expect(names("What's the minimum GPU memory Dettmers recommends for transformers?")).toEqual([]);
    expect(names("In Tim Dettmers' worked example, how long until the desktop is cheaper?")).toEqual([]);
    expect(names("What does Calder's guide say about the Levy?").join()).toMatch(/Levy/);
    expect(names("What does Calder's guide say about the Levy?").join()).not.toMatch(/Calder/);
    // …nor is the sayer, or the verb they say it by, an attribute the answer must share.
    const [said] = analyseQuestion("What's the minimum GPU memory Dettmers recommends for transformers?");
    expect(partTerms(said!).attributes).not.toContain(checkTerms('Dettmers')[0]);
    expect(partTerms(said!).attributes).not.toContain(checkTerms('recommends')[0]);
    expect(partTerms(said!).attributes).toContain(checkTerms('memory')[0]);
    // A name before a verb of its own is what is asked about: "Which Calder Pay card says E2?".
    expect(names('Which Calder Pay card says E2?').join()).toMatch(/Calder/);
    // "S10e" is a code, not the name "Se".
    expect(names('Can I change the resolution on my Galaxy S10e?').join()).not.toMatch(/Se\b/);
  });

  it('keeps the words of a statement before the question, as context', () => {
    const [part] = analyseQuestion("The mesh on my DW-480's filter has torn. What part number do I need?");
    expect(part?.terms).toContain('filter');
    expect(part?.contextTerms).toContain('filter');
  });

  it('answers a paraphrased question, but not one about another thing', () => {
    const [part] = analyseQuestion(
      'If I sell my house with the washing machine installed, does the warranty pass to the buyer?',
    );
    const context = ['Calder warranty policy', '4. Transfer'];
    expect(
      claimAddresses(part!, {
        text: 'The warranty transfers to the new owner when the appliance is sold with the property it is installed in.',
        context,
      }),
    ).toBe(true);
    expect(claimAddresses(part!, { text: 'The warranty lasts 2 years from the date of purchase.', context })).toBe(
      false,
    );
  });
});

describe('what the lexicon must not merge', () => {
  it('a rule about the appliance does not state something of the kettle', () => {
    expect(
      judgeLexically('Descale the kettle after every use', ['Wipe the appliance after every use.']).supported,
    ).toBe(false);
    expect(
      judgeLexically('The machine must be wiped weekly', ['The washing machine must be wiped weekly.']).supported,
    ).toBe(true);
  });

  it('keeps e-mail apart from the phone, and measurement adjectives apart from their measures', () => {
    expect(checkTerms('email')).not.toEqual(checkTerms('phone'));
    expect(checkTerms('hot')).not.toEqual(checkTerms('temperature'));
    expect(checkTerms('in all cases')).not.toContain('total');
  });

  it('reads "uninstall" against "install" as the opposite', () => {
    expect(polarityDiffers('Uninstall the appliance before moving it', 'Install the appliance before moving it.')).toBe(
      true,
    );
    expect(
      judgeLexically('Uninstall the appliance before moving it', ['Install the appliance before moving it.']).supported,
    ).toBe(false);
  });
});

describe('polarity', () => {
  it('compares clause by clause', () => {
    const passage = 'The Rinse programme only rinses the load with cold water and does not use detergent.';
    expect(
      judgeLexically("The Rinse programme rinses the load with cold water and doesn't use any detergent", [passage])
        .supported,
    ).toBe(true);
    expect(
      judgeLexically('The Rinse programme rinses the load with cold water and uses detergent', [passage]).supported,
    ).toBe(false);
  });

  it('takes an "un-" word as a negation only against the same word', () => {
    expect(polarityDiffers('UE means an unbalanced load', 'UE: Unbalanced load')).toBe(false);
    expect(polarityDiffers('redistribute the laundry', 'UE: Unbalanced load: Redistribute the laundry')).toBe(false);
    expect(polarityDiffers('an unregistered oven is covered', 'an oven that has not been registered is covered')).toBe(
      false,
    );
    expect(
      polarityDiffers('unregistered ovens are covered for 5 years', 'registered ovens are covered for 5 years'),
    ).toBe(true);
  });

  it('reads no negation in code ("is None" in a call, backticks), and still reads it in the prose around', () => {
    const claim = 'Call mo.stop(form.value is None, mo.md("Submit the form")) to stop the cell';
    expect(polarityDiffers(claim, 'Use mo.stop to stop the cell when the form is unsubmitted.')).toBe(false);
    expect(polarityDiffers('Stop the cell with `if x is None: return`', 'Stop the cell with an early return.')).toBe(
      false,
    );
    expect(polarityDiffers('mo.stop(form.value) does not stop the cell', 'mo.stop(form.value) stops the cell.')).toBe(
      true,
    );
    // Parentheses after a space are prose, not a call.
    expect(polarityDiffers('It runs first (not on Sundays)', 'It runs first on Sundays.')).toBe(true);
  });

  it('takes a negation as bearing on a claim only when its scope shares a word with it', () => {
    const sentence =
      'Limiting it to my M1 MacBook with 8 GB of memory would limit the tool as I would not be able to access large models.';
    expect(polarityDiffers('The tool runs on an M1 MacBook with 8 GB of memory', sentence)).toBe(false);
    expect(polarityDiffers('I could access large models', sentence)).toBe(true);
    expect(polarityDiffers('Accidental damage is covered', 'Accidental damage is not covered.')).toBe(true);
    expect(
      polarityDiffers('The warranty excludes damage from coins', 'The warranty does not cover: damage from coins'),
    ).toBe(false);
    expect(polarityDiffers('It works', 'It does not.')).toBe(true);
    // The scope is read with the lexicon's classes: "not permitted" bears on "allowed".
    expect(polarityDiffers('Pets are allowed', 'Pets are not permitted.')).toBe(true);
  });

  it('reads two negations of the same word as agreeing, a common word included, and single letters as no content', () => {
    // "used much" holds no content term: the word each negation negates first ties the two.
    expect(
      polarityDiffers("Dryer sheets aren't used much", 'Dryer sheets are generally not used much in Europe.'),
    ).toBe(false);
    expect(polarityDiffers('Dryer sheets are used much', 'Dryer sheets are not used much.')).toBe(true);
    // Two negations of other words stay as they were read: each bears on the other's content words.
    expect(
      polarityDiffers(
        "The oven can't get hot at all if the mains voltage is below 200 V",
        'The oven will not be able to heat if the mains voltage is below 200 V.',
      ),
    ).toBe(false);
    expect(
      polarityDiffers(
        "Usually the staff don't trust what the scheduler outputs",
        "When schedules don't get used, it's often because of a lack of trust in the scheduler output.",
      ),
    ).toBe(false);
    // "not everyone is welcoming to a newcomer" says nothing of "a new flat": "a" is no shared content.
    expect(
      polarityDiffers(
        'She moves to Leeds to start a new life',
        'She moves to Leeds to start anew, though not everyone is welcoming to a newcomer.',
      ),
    ).toBe(false);
  });

  it('reads "if not" as a condition, like "unless", not as a negation of the statement', () => {
    expect(
      polarityDiffers(
        'The first player in (unless it is the dwarf) trips the wire',
        'The first player in (if not the dwarf) trips the wire.',
      ),
    ).toBe(false);
    expect(polarityDiffers('The first player trips the wire', 'The first player does not trip the wire.')).toBe(true);
  });

  it('reads an "un-" word against the same word with another ending as the same polarity', () => {
    expect(polarityDiffers('Ten wins unlock the bonus level', 'Winning ten rounds unlocks the bonus level.')).toBe(
      false,
    );
    expect(polarityDiffers('You can unlock the door', 'You can lock the door.')).toBe(true);
    // A negating "un-" adjective meets a negation word on the other side.
    expect(polarityDiffers('The timer is unavailable during a rinse', 'The timer cannot be set during a rinse.')).toBe(
      false,
    );
    expect(polarityDiffers('The timer is available during a rinse', 'The timer cannot be set during a rinse.')).toBe(
      true,
    );
  });

  it('keeps a phrase joined by a bare "and" under the negation of its clause, and a clause after ", and" apart', () => {
    const passage =
      'You can restore all oven settings (excluding the clock and timer settings) to the defaults. All settings are then reset.';
    const judge = (claim: string) => judgeLexically(claim, [passage]);
    expect(
      judge('The reset restores all oven settings to the defaults except the clock and timer settings').supported,
    ).toBe(true);
    const exemption =
      'Open ovens are exempted from most duties under the scheme. The exemption does not cover the largest ovens.';
    expect(
      judgeLexically('Open ovens are exempted from these duties, and that exemption also covers the largest ovens', [
        exemption,
      ]).contradicted,
    ).toBe(true);
  });

  it('reads the polarity of the statement a consequence follows, though its verb is a plain one', () => {
    const passage =
      'The following trays are recommended: the enamel tray and the steam tray with a drain. Use a tray of 3 cm or less. This oven does not support the steam programme.';
    expect(
      judgeLexically('This oven supports the steam programme, so you can use the steam tray with a drain', [passage])
        .contradicted,
    ).toBe(true);
  });

  it('tells sentences as close as each other apart by the line before each', () => {
    const passage =
      'Eco mode: Lowers the water temperature. This is not available on the DW-480. Turbo dry: Dries with hot air. This is only available on the DW-480.';
    const judge = (claim: string) => judgeLexically(claim, [passage]);
    expect(judge("That is the Turbo dry setting, and it's only available on the DW-480").supported).toBe(true);
    expect(judge("That is the Eco mode setting, and it's not available on the DW-480").supported).toBe(true);
    expect(judge("That is the Turbo dry setting, and it's not available on the DW-480").reason).toMatch(
      /without the negation/,
    );
    expect(judge("That is the Eco mode setting, and it's only available on the DW-480").reason).toMatch(/opposite/);
  });

  it('reads "nobody" as a negation and "no hotter than" as a bound', () => {
    expect(polarityDiffers('Nobody should sit on the door', 'Do not sit on the door')).toBe(false);
    expect(polarityDiffers('hot water no hotter than 60 °C', 'hot water of no more than 60 °C')).toBe(false);
  });
});

describe('values bound to their subject', () => {
  const passage =
    'The Cotton programme washes at temperatures from 20 °C to 90 °C. The Drum Clean programme cleans the empty drum without detergent.';

  it('rejects a value the passage states about something else', () => {
    const judgement = judgeLexically('Drum Clean heats the empty drum to 90 °C', [passage]);
    expect(judgement.supported).toBe(false);
    expect(judgement.reason).toMatch(/stated about something else/);
  });

  it('accepts it where the passage states it about the subject', () => {
    expect(judgeLexically('The Cotton programme washes at up to 90 °C', [passage]).supported).toBe(true);
  });

  it('reads "and" between two names as one clause, binding the value to both', () => {
    const reset =
      'To reset the hub, hold the Power and Mode buttons for 10 seconds with the dial at zero. To pair it, hold the Mode button for 3 seconds.';
    expect(
      judgeLexically('With the dial at zero, hold Power and Mode together for ten seconds.', [reset]).supported,
    ).toBe(true);
  });

  it('reads "somewhere between" as the range, not a place', () => {
    const inlet =
      'The inlet pressure for the KX-9 must be between 0.2 bar and 6 bar. The outlet hose must be between 40 cm and 90 cm long.';
    expect(judgeLexically('The pressure has to be somewhere between 0.2 and 6 bar.', [inlet]).supported).toBe(true);
  });

  it('binds a bare value before a colon to the question, not to the explanation after it', () => {
    const speed =
      'The X200 card has 960 GB/s of memory bandwidth vs the 480 GB/s of the X100. So a basic estimate of the speedup of an X200 over an X100 is 960/480 = 2x.';
    const claim = "About 2x: the X200 has 960 GB/s of memory bandwidth against the X100's 480 GB/s.";
    expect(judgeLexically(claim, [speed]).supported).toBe(true);
    expect(
      judgeLexically("About 3x: the X200 has 960 GB/s of memory bandwidth against the X100's 480 GB/s.", [speed])
        .supported,
    ).toBe(false);
  });

  it('reads a sentence under a heading as about the heading', () => {
    const reverse = passageEvidence({
      title: 'Tab A9 Guide',
      heading: 'Reverse Charging',
      text: 'Place the other device on the back of the tablet to charge it. Requires minimum 25% battery to share. Charging speed varies by device.',
    });
    const claim =
      'Your tablet needs at least twenty-five percent battery left before Reverse Charging will share power.';
    expect(judgeLexically(claim, [reverse]).supported).toBe(true);
    // The heading says what the section is about, not which of its values is which.
    expect(judgeLexically('Drum Clean heats the empty drum to 90 °C', [`Programmes\n\n${passage}`]).supported).toBe(
      false,
    );
  });

  it('reads "six weeks" as stated by "every 6 weeks"', () => {
    const [claim] = extractQuantities('replaced with six weeks');
    expect(quantityStated(claim!, extractQuantities('clean it every 6 weeks'))).toBe(true);
    expect(quantityStated(claim!, extractQuantities('clean it every 3 months'))).toBe(false);
  });
});

describe('restating leads', () => {
  const passages = [
    makePassage('The Rinse programme only rinses the load with cold water and does not use detergent.', {
      cite: 'dw#6',
    }),
  ];
  const question = 'Does the Rinse programme use hot or cold water?';

  it('judges an uncited "Cold." with the cited claim beside it', async () => {
    const verdict = await verifyAnswer({
      question,
      parts: analyseQuestion(question),
      answer: 'Cold. The Rinse programme rinses the load with cold water [dw#6].',
      given: passages,
    });
    expect(verdict.flags).not.toContain('unsupported_claim');
  });

  it('never lets a lead inherit a citation from a sentence that says the opposite', async () => {
    const question = 'Is accidental damage covered?';
    const verdict = await verifyAnswer({
      question,
      parts: analyseQuestion(question),
      answer: 'Not covered. Accidental damage is covered [w#3].',
      given: [makePassage('Water damage is not covered. Accidental damage is covered.', { cite: 'w#3' })],
    });
    expect(verdict.warnings.filter((warning) => warning.flag === 'unsupported_claim').map((w) => w.claim)).toEqual([0]);
  });

  it('judges an uncited sentence against the citation closing its paragraph, and keeps it uncited when that does not state it', async () => {
    const given = [
      makePassage(
        'Dual audio. Play audio to up to two connected Bluetooth audio devices. From the Notification panel, tap Media and choose each device under Audio output.',
        { cite: 'bt#2' },
      ),
    ];
    const question = 'Can I play music through two Bluetooth speakers at once?';
    const check = (answer: string) =>
      verifyAnswer({ question, parts: analyseQuestion(question), answer, given, writtenBy: 'code' });
    const closed = await check(
      'Yes. You can play audio to up to two connected Bluetooth audio devices at once. Open the Notification panel, tap Media and choose each device under Audio output [bt#2].',
    );
    const borrowed = closed.claims.find((claim) => claim.text.startsWith('You can play audio'));
    expect(borrowed).toMatchObject({ state: 'supported', cites: ['bt#2'] });
    expect(closed.flags).not.toContain('unsupported_claim');
    const invented = await check(
      'Yes. The speakers must both be the same brand. Open the Notification panel, tap Media and choose each device under Audio output [bt#2].',
    );
    expect(invented.claims.find((claim) => claim.text.includes('same brand'))).toMatchObject({
      state: 'not_found',
      cites: [],
      reasons: ['it has no citation'],
    });
    const otherParagraph = await check(
      'You can play audio to up to two connected Bluetooth audio devices at once.\n\nOpen the Notification panel, tap Media and choose each device under Audio output [bt#2].',
    );
    expect(otherParagraph.claims[0]).toMatchObject({ state: 'not_found', cites: [] });
  });

  it('judges an uncited clause that ends its paragraph against the citations given before it there', async () => {
    const given = [
      makePassage('Lift contractor: Apex Lifts, 24-hour line 1800 285 438.', { cite: 'guide#5' }),
      makePassage(
        'Errata. Section 5: the 24-hour line of Apex Lifts is 1800 285 483; two digits were transposed in the guide.',
        { cite: 'errata#1' },
      ),
    ];
    const question = "What's the 24-hour phone number for the lift contractor?";
    const check = (answer: string) =>
      verifyAnswer({ question, parts: analyseQuestion(question), answer, given, writtenBy: 'code' });
    const trailing = await check(
      'The 24-hour line is 1800 285 483 [errata#1]. The guide lists 1800 285 438 [guide#5], but two digits were transposed in the guide.',
    );
    expect(trailing.claims.find((claim) => claim.text.includes('transposed'))).toMatchObject({
      state: 'supported',
      cites: ['errata#1', 'guide#5'],
    });
    expect(trailing.flags).not.toContain('unsupported_claim');
    const invented = await check(
      'The 24-hour line is 1800 285 483 [errata#1]. The guide lists 1800 285 438 [guide#5], but Apex Lifts answers only on weekdays.',
    );
    expect(invented.claims.find((claim) => claim.text.includes('weekdays'))).toMatchObject({
      state: 'not_found',
      cites: [],
      reasons: ['it has no citation'],
    });
    // Another paragraph's citations vouch for nothing.
    const apart = await check('The guide lists 1800 285 438 [guide#5].\n\nTwo digits were transposed in the guide.');
    expect(apart.claims[1]).toMatchObject({ state: 'not_found', cites: [] });
  });

  it('still flags an uncited lead that adds something', async () => {
    const verdict = await verifyAnswer({
      question,
      parts: analyseQuestion(question),
      answer: 'Hot at first. The Rinse programme rinses the load with cold water [dw#6].',
      given: passages,
    });
    expect(verdict.flags).toContain('unsupported_claim');
  });
});

describe('comparatives', () => {
  it('meet their base for the checker, except where the lexicon reads them otherwise', () => {
    expect(checkTerms('much faster than I can read')).toContain(checkTerms('fast')[0]);
    expect(checkTerms('deeper than three inches')).toEqual(expect.arrayContaining(checkTerms('deep')));
    expect(checkTerms('the bigger drum')).toEqual(checkTerms('the big drum'));
    // "highest" is the lexicon's word for the maximum, not "high".
    expect(checkTerms('the highest setting')).toEqual(checkTerms('the maximum setting'));
    expect(checkTerms('a water heater')).not.toContain(checkTerms('heat')[0]);
  });
});

describe('terms of words that name object properties', () => {
  it('are the words themselves ("constructor" is not read from a prototype)', async () => {
    const { contentTerms } = await import('../../../src/core/text/terms.js');
    expect(contentTerms('the constructor of the toString method')).toEqual(['constructor', 'tostr', 'method']);
    expect(checkTerms('the constructor')).toEqual(['constructor']);
  });
});
