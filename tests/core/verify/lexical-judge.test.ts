import { describe, expect, it } from 'vitest';
import { candidateSentences } from '../../../src/core/verify/candidate-sentences.js';
import { judgeLexically, lexicalJudge, SUPPORT_THRESHOLD } from '../../../src/core/verify/lexical-judge.js';
import { EXCLUSIONS, SUPPORTED, UNSUPPORTED, WARRANTY } from './judge-calibration.js';

const TABLE =
  '| Part | Part number |\n| --- | --- |\n| Filter assembly (coarse and fine) | KX-FLT-0200 |\n| **Lid** | KX-LID-0210 |';

describe('judgeLexically on quotes', () => {
  it.each([
    ['The KX-200 kettle is covered by a manufacturer warranty of three years from the date of purchase.', WARRANTY],
    ['The warranty covers parts and labour for faults in materials or manufacture', WARRANTY],
    ['The warranty does not cover: broken lids or filters', EXCLUSIONS],
    ['damage caused by limescale', EXCLUSIONS],
    ['Part: Filter assembly (coarse and fine): KX-FLT-0200', TABLE],
    ['Lid: KX-LID-0210', TABLE],
    ['**The warranty** covers parts and labour', WARRANTY],
  ])('a verbatim quote is supported: %s', (claim, evidence) => {
    expect(judgeLexically(claim, [evidence])).toMatchObject({ supported: true, score: 1 });
  });

  it('accepts a table row quoted with its header, and rejects cells of two rows', () => {
    const codes =
      '| Code | Meaning | What to do |\n| --- | --- | --- |\n| E1 | Water did not fill within 10 minutes | Open the tap |\n| E4 | Leak detected | Turn off the tap and call service |';
    expect(
      judgeLexically('Code: E4; Meaning: Leak detected; What to do: Turn off the tap and call service', [codes])
        .supported,
    ).toBe(true);
    expect(judgeLexically('Code: E4; Meaning: Water did not fill within 10 minutes', [codes]).supported).toBe(false);
  });

  it('reads a hard-wrapped paragraph as one line', () => {
    const wrapped = 'The kettle must stand on a flat,\nstable surface away from the edge\nof the worktop.';
    expect(
      judgeLexically('The kettle must stand on a flat, stable surface away from the edge of the worktop', [wrapped])
        .score,
    ).toBe(1);
  });

  it('does not accept a sentence assembled from fragments of different sentences', () => {
    const judgement = judgeLexically('The warranty covers damage caused by limescale', [`${WARRANTY}\n${EXCLUSIONS}`]);
    expect(judgement.supported).toBe(false);
  });
});

describe('judgeLexically on facts', () => {
  it('rejects a wrong number with the right citation', () => {
    const judgement = judgeLexically('The KX-200 kettle is covered by a manufacturer warranty of 5 years.', [WARRANTY]);
    expect(judgement.supported).toBe(false);
    expect(judgement.reason).toContain('5 years');
  });

  it('accepts a number in another spelling', () => {
    expect(
      judgeLexically('The warranty of the KX-200 kettle lasts 36 months from the date of purchase.', [WARRANTY])
        .supported,
    ).toBe(true);
  });

  it('accepts a value worked out from two values the passage states, and only when the arithmetic holds', () => {
    const bandwidth = 'The A100 GPU has 1,555 GB/s memory bandwidth vs the 900 GB/s of the V100.';
    const claim = (ratio: string) =>
      `The A100 GPU has 1,555 GB/s of memory bandwidth against the 900 GB/s of the V100, ${ratio} times as much.`;
    expect(judgeLexically(claim('1.73'), [bandwidth]).supported).toBe(true);
    expect(judgeLexically(claim('2.5'), [bandwidth])).toMatchObject({
      supported: false,
      reason: expect.stringContaining('"2.5"'),
    });
    const hours = 'Visitors may park for 5 hours; staff for 2 hours.';
    expect(
      judgeLexically('Visitors may park 3 hours longer than staff: 5 hours against 2 hours.', [hours]).supported,
    ).toBe(true);
    expect(
      judgeLexically('Visitors may park 4 hours longer than staff: 5 hours against 2 hours.', [hours]).supported,
    ).toBe(false);
  });

  it('rejects a duration sentence cited for an exclusion claim', () => {
    const judgement = judgeLexically('Water damage is not covered by the KX-200 warranty.', [WARRANTY]);
    expect(judgement.supported).toBe(false);
  });

  it('rejects a model, name, link or quote that the evidence does not contain', () => {
    expect(judgeLexically('The KX-300 kettle has a warranty of three years.', [WARRANTY]).reason).toContain('KX-300');
    expect(judgeLexically('Register the kettle with Calder online within 60 days.', [WARRANTY]).reason).toContain(
      'Calder',
    );
    expect(judgeLexically('Register online at https://evil.test within 60 days.', [WARRANTY]).reason).toContain(
      'evil.test',
    );
    expect(judgeLexically('The manual says "the kettle is guaranteed for life".', [WARRANTY]).supported).toBe(false);
  });

  it("rejects a code's value taken from another row, and accepts the row's own", () => {
    const history =
      '1.6.8\nStardew Valley 1.6.8 was released on 28 April 2024.\n1.6.7\nStardew Valley 1.6.7 was released on 27 April 2024.';
    expect(judgeLexically('Stardew Valley 1.6.7 came out on 28 April 2024.', [history])).toMatchObject({
      supported: false,
      contradicted: true,
      reason: expect.stringContaining('the passage gives 1.6.7 27 April 2024, not 28 April 2024'),
    });
    expect(judgeLexically('Stardew Valley 1.6.7 came out on 27 April 2024.', [history]).supported).toBe(true);
    const prices = 'Prices. The DW-480 costs £399. The DW-600 costs £449.';
    expect(judgeLexically('The DW-480 costs £449.', [prices])).toMatchObject({ supported: false, contradicted: true });
    expect(judgeLexically('The DW-480 costs £399.', [prices]).supported).toBe(true);
  });

  it('binds a code to the values its sentence states with it, whatever words the claim glosses it with', () => {
    const garage =
      'Site guide\n\nBasement parking\n\nStaff lockers are on B1 and are assigned by reception. There are 40 bike racks on B2, each beside a power socket.';
    // "the basement parking level" is the claim's gloss of B2 (from the heading): the sentence states B2 with the claim's 40.
    expect(judgeLexically('There are 40 bike racks on the basement parking level B2.', [garage]).supported).toBe(true);
    // B1 is stated only with the lockers: the 40 racks are not on it.
    expect(judgeLexically('There are 40 bike racks on the basement parking level B1.', [garage])).toMatchObject({
      supported: false,
      reason: expect.stringContaining('B1 is stated with something else'),
    });
  });

  it('rejects a claim that names one option of a list but gives the line of another', () => {
    const options = [
      'Tap an option:',
      'Slow keys: Set how long a key must be held before it is recognized as a press, which helps avoid accidental key presses.',
      'Bounce keys: Set how long to wait before accepting a second press from the same key, which helps avoid accidentally pressing the same key multiple times.',
    ].join('\n');
    expect(
      judgeLexically('Slow keys sets how long the phone waits before accepting a second press of the same key.', [
        options,
      ]),
    ).toMatchObject({ supported: false, contradicted: true, reason: expect.stringContaining('"Bounce keys"') });
    expect(
      judgeLexically('Bounce keys sets how long the phone waits before accepting a second press of the same key.', [
        options,
      ]).supported,
    ).toBe(true);
    const priorities = [
      'The following options are available:',
      'Low: Receive a notification and hear a short sound.',
      'Medium: Get a full screen alert and hear a short sound.',
    ].join('\n');
    expect(
      judgeLexically('With Medium priority you receive a notification and hear a short sound.', [priorities]).reason,
    ).toContain('says this of "Low"');
    expect(
      judgeLexically('With Medium priority you get a full screen alert and hear a short sound.', [priorities])
        .supported,
    ).toBe(true);
    // An item under another ("Optimize settings" and its "Media volume") that the claim also names is not another option.
    const nested = [
      'Optimize settings: Save battery power by optimizing settings when the device is not in use.',
      'Brightness: Reduce brightness.',
      'Media volume: Limit playback volume to 46%.',
    ].join('\n');
    expect(
      judgeLexically('With Optimize settings, media playback volume is limited to 46%.', [nested]).reason ?? '',
    ).not.toContain('says this of');
  });

  it('rejects a name put in the other clause of a sentence that contrasts two: the card said of is in the slot', () => {
    const cards =
      'We can see that the RTX 4070 Ti is most cost-effective for 8-bit and 16-bit inference while the RTX 3080 remains most cost-effective for 16-bit training.';
    expect(
      judgeLexically('The RTX 4070 Ti is the most cost-effective card for 16-bit training.', [cards]),
    ).toMatchObject({
      supported: false,
      contradicted: true,
      reason: expect.stringContaining('of RTX 3080, not of RTX 4070'),
    });
    expect(
      judgeLexically('The RTX 3080 is the most cost-effective card for 16-bit training.', [cards]).reason ?? '',
    ).not.toContain('says this of');
    expect(
      judgeLexically('The RTX 4070 Ti is the most cost-effective card for 8-bit inference.', [cards]).reason ?? '',
    ).not.toContain('says this of');
    const route =
      'The Camino Francés is the most popular route, but my friends and I walked a small portion of the Camino Norte, which San Sebastián is right on.';
    expect(
      judgeLexically('They walked a small portion of the Camino Francés, which San Sebastián is right on.', [route])
        .reason,
    ).toContain('of Camino Norte, not of Camino Francés');
    expect(
      judgeLexically('They walked a small portion of the Camino Norte, which San Sebastián is right on.', [route])
        .supported,
    ).toBe(true);
    // Two names joined by "and" share what the sentence says: no clause to put either in.
    const both = 'Ilkka Villi and Matthew Porretta both reprise their role as Alan Wake in the sequel.';
    expect(
      judgeLexically('Matthew Porretta reprises his role as Alan Wake in the sequel.', [both]).reason ?? '',
    ).not.toContain('says this of');
  });

  it('rejects a name put on the wrong thing: a Google account where the passage requires a Samsung one', () => {
    const passage =
      'A Samsung account is required, and Google location service must be turned on in order to use Find My Mobile.';
    expect(
      judgeLexically('You need a Google account, and Google location service must be on to use Find My Mobile.', [
        passage,
      ]),
    ).toMatchObject({ supported: false, contradicted: true, reason: expect.stringContaining('Samsung account') });
    expect(
      judgeLexically('You need a Samsung account, and Google location service must be on to use Find My Mobile.', [
        passage,
      ]).supported,
    ).toBe(true);
    // "Family" here is part of a longer name, and the passage qualifies nothing else with it: not a swap.
    const app =
      'Parents can supervise through the Google Family Link app. Family Link settings are in Digital Wellbeing.';
    expect(judgeLexically('Parents can supervise through the Secure Family app.', [app]).reason ?? '').not.toContain(
      'speaks of',
    );
  });

  it('rejects a value the passage gives only as what something changed from', () => {
    const changelog = 'Increased raccoon mystery box reward from 4 to 5.';
    expect(judgeLexically('The raccoon mystery box reward was bumped up to 4.', [changelog])).toMatchObject({
      supported: false,
      contradicted: true,
      reason: expect.stringContaining('changed from 4 to 5'),
    });
    expect(judgeLexically('The raccoon mystery box reward used to be 4.', [changelog]).supported).toBe(true);
    expect(judgeLexically('The raccoon mystery box reward went from 4 to 5.', [changelog]).supported).toBe(true);
    expect(judgeLexically('The raccoon mystery box reward was bumped up to 5.', [changelog]).reason).not.toContain(
      'changed from',
    );
  });

  it('rejects a value the passage says no longer holds, and takes a claim that says so itself', () => {
    const notice = 'From 1 May the ferry to the island no longer leaves at 08:15. It now leaves at 08:45.';
    expect(judgeLexically('The ferry to the island leaves at 08:15.', [notice])).toMatchObject({
      supported: false,
      contradicted: true,
      reason: expect.stringContaining('08:15 no longer holds'),
    });
    expect(judgeLexically('The ferry to the island no longer leaves at 08:15.', [notice]).supported).toBe(true);
    expect(judgeLexically('The ferry to the island now leaves at 08:45.', [notice]).supported).toBe(true);
  });

  it('halves the score when the polarity differs from the closest sentence', () => {
    const judgement = judgeLexically('Damage caused by limescale is covered by the warranty.', [EXCLUSIONS]);
    expect(judgement.supported).toBe(false);
    expect(judgement.reason).toMatch(/opposite|negation/);
  });

  it("rejects a menu path with a label the passage does not give, and accepts the passage's own path", () => {
    const game = [
      'Settings\nGeneral\nExternal Device Manager\nGame Mode Settings\nGame Mode\nYou can enable game mode to optimize the TV for a gaming console.',
    ];
    const wrong = judgeLexically('Game Mode is under Settings > Picture > Expert Settings > Game Mode', game);
    expect(wrong.supported).toBe(false);
    expect(wrong.reason).toContain('"Expert" is not named in the cited passage');
    expect(
      judgeLexically('Game Mode is under Settings > General > External Device Manager > Game Mode Settings', game)
        .supported,
    ).toBe(true);
  });

  it('reads the polarity of an FAQ from its answer, not from its question', () => {
    const faq = [
      'What is NVLink, and is it useful?\nGenerally, NVLink is not useful. NVLink is a high speed interconnect between GPUs.',
    ];
    const opposite = judgeLexically('Yes, NVLink is generally useful', faq);
    expect(opposite).toMatchObject({ supported: false, contradicted: true });
    expect(opposite.reason).toContain('the passage states the opposite');
    expect(judgeLexically('NVLink is generally not useful', faq).supported).toBe(true);
    // A question confirms nothing by meaning either: it is no candidate sentence.
    expect(candidateSentences('NVLink is generally useful', faq)).not.toContain('What is NVLink, and is it useful?');
  });

  it('contradicts a value the passage states only of something else, where the sentence saying the rest gives another', () => {
    const ferry = [
      'The morning ferry to the island takes 40 minutes in calm weather.',
      'When the ferry stops at the harbour fort on the way, the crossing takes 55 minutes.',
    ].join(' ');
    expect(judgeLexically('The morning ferry to the island takes 55 minutes in calm weather.', [ferry])).toMatchObject({
      supported: false,
      contradicted: true,
      reason: expect.stringContaining('40 minutes'),
    });
    expect(judgeLexically('The morning ferry to the island takes 40 minutes in calm weather.', [ferry]).supported).toBe(
      true,
    );
    // Both values in one clause: said of both, not put on one.
    expect(
      judgeLexically('The morning ferry to the island takes 40 minutes in calm weather, or 55 minutes.', [ferry])
        .contradicted,
    ).toBeUndefined();
  });

  it('contradicts a claim that gives the sentence of one name to another name the passage holds elsewhere', () => {
    const committee =
      'Maria Lopez chairs the safety committee and signs off every evacuation drill. Tom Becker joined the committee in 2024 as its secretary.';
    expect(
      judgeLexically('Tom Becker chairs the safety committee and signs off every evacuation drill.', [committee]),
    ).toMatchObject({ supported: false, contradicted: true, reason: expect.stringContaining('Maria Lopez') });
    expect(
      judgeLexically('Maria Lopez chairs the safety committee and signs off every evacuation drill.', [committee])
        .supported,
    ).toBe(true);
    // A sentence that names nobody ("She chairs …") gives no other name: the claim's name is not moved.
    const pronoun = 'Maria Lopez joined in 2020. She chairs the safety committee and signs off every evacuation drill.';
    expect(
      judgeLexically('Maria Lopez chairs the safety committee and signs off every evacuation drill.', [pronoun])
        .contradicted,
    ).toBeUndefined();
  });

  it('reads the polarity of the statement a reason or consequence follows, not of the whole sentence', () => {
    const sliders =
      'You might be tempted to create a list of sliders with a list comprehension: however, this won’t work, because the sliders are not bound to global variables.';
    // The statement says the opposite; the reason the claim adds shares few of the passage's words.
    const works = judgeLexically(
      'A list comprehension of sliders works fine, because marimo automatically binds every element to the frontend.',
      [sliders],
    );
    expect(works).toMatchObject({ supported: false, contradicted: true });
    const settings =
      'You can restore all TV settings (excluding the Internet and network settings) to the factory defaults.';
    // The consequence is put in other words ("survives" for "excluding"), and "and network settings"
    // is no clause of its own: nothing here says the opposite of the passage.
    const reset = judgeLexically(
      'A factory reset restores every TV setting to the factory defaults except the Internet and network settings, so your network setup survives.',
      [settings],
    );
    expect(reset.contradicted).toBeUndefined();
  });
});

describe('SUPPORT_THRESHOLD calibration', () => {
  it.each(SUPPORTED)('supported: %s', (claim, evidence) => {
    const judgement = judgeLexically(claim, [evidence]);
    expect(judgement.score, judgement.reason).toBeGreaterThanOrEqual(SUPPORT_THRESHOLD);
    expect(judgement.supported, judgement.reason).toBe(true);
  });

  it.each(UNSUPPORTED)('unsupported: %s', (claim, evidence) => {
    expect(judgeLexically(claim, [evidence]).supported).toBe(false);
  });
});

describe('lexicalJudge', () => {
  it('implements the ClaimJudge port', async () => {
    expect(lexicalJudge.id).toBe('lexical');
    await expect(lexicalJudge.judge('The warranty covers parts and labour', [WARRANTY])).resolves.toMatchObject({
      supported: true,
    });
    await expect(lexicalJudge.judge('The warranty covers parts', [])).resolves.toMatchObject({ supported: false });
  });
});
