import { describe, expect, it } from 'vitest';
import { analyseQuestion } from '../../../src/core/question/analyse-question.js';
import { extractQuantities } from '../../../src/core/text/quantities.js';
import { answerDimensions, valueAnswers } from '../../../src/core/verify/expected-values.js';

const part = (question: string) => analyseQuestion(question)[0]!;

describe('valueAnswers', () => {
  it('takes a factor for how far something zooms, and a length for how long a thing may be', () => {
    const zoom = part('How far can I zoom into a photo on the camera?');
    expect(valueAnswers(zoom, extractQuantities('The Zoom function enlarges it by up to a factor of four'))).toBe(true);
    expect(valueAnswers(zoom, extractQuantities('zoom up to 10x'))).toBe(true);
    // "How long can it be" asks for a length where no verb makes it a time.
    const cable = analyseQuestion('Which hose should I buy, and how long can it be?')[1]!;
    expect(valueAnswers(cable, extractQuantities('keep it shorter than 3 m'))).toBe(true);
    expect(part('How long can it be left on?').expects).toBe('duration');
    expect(part('How long can they be stored in the freezer?').expects).toBe('duration');
  });
  it('takes a length, not a count, for how close or how thick', () => {
    const close = part('How close together do the two devices have to be?');
    expect(valueAnswers(close, extractQuantities('within four centimeters of your device'))).toBe(true);
    expect(valueAnswers(close, extractQuantities('up to 3 devices at once'))).toBe(false);
    expect(valueAnswers(part('How thick can the worktop be?'), extractQuantities('at most 40 mm'))).toBe(true);
  });
  it('takes a count, never a price, for "how many"', () => {
    const bays = part('How many loading bays does the warehouse have?');
    expect(valueAnswers(bays, extractQuantities('the warehouse has 14 loading bays'))).toBe(true);
    expect(valueAnswers(bays, extractQuantities('hiring a loading bay costs €20'))).toBe(false);
    expect(answerDimensions(part('How much does a loading bay cost?'))?.has('money')).toBe(true);
  });
  it('takes a size of data for memory, storage and disk space, and a rate for bandwidth', () => {
    const memory = part('How much memory does the laptop have?');
    expect(answerDimensions(memory)?.has('data')).toBe(true);
    expect(valueAnswers(memory, extractQuantities('an M1 MacBook with 8 GB of memory'))).toBe(true);
    expect(valueAnswers(part('How much room do I need on the disk to build it?'), extractQuantities('50 MB'))).toBe(
      true,
    );
    expect(valueAnswers(part('What is the memory bandwidth of the A100?'), extractQuantities('1,555 GB/s'))).toBe(true);
    // Room may be a length: "how much room around the fridge" ← "5 cm".
    expect(valueAnswers(part('How much room do I need around the fridge?'), extractQuantities('at least 5 cm'))).toBe(
      true,
    );
    // A weight does not answer a question about memory.
    expect(valueAnswers(memory, extractQuantities('it weighs 1.3 kg'))).toBe(false);
  });

  it('takes years or a bare number for an age', () => {
    const age = part('From what age may a child use the phone?');
    expect(valueAnswers(age, extractQuantities('children 3 or older'))).toBe(true);
    expect(valueAnswers(age, extractQuantities('children aged 13 years and over'))).toBe(true);
    expect(valueAnswers(age, extractQuantities('up to 30 cm away'))).toBe(false);
  });

  it('takes hertz or frames for a refresh rate, pixels for a resolution', () => {
    const rate = part('What resolution and refresh rate should I set my graphics card to?');
    expect(valueAnswers(rate, extractQuantities('The native resolution is 3840 x 2160 at 60Hz'))).toBe(true);
    expect(valueAnswers(rate, extractQuantities('up to 4K at 120 fps'))).toBe(true);
    expect(valueAnswers(rate, extractQuantities('a cable no longer than 3 m'))).toBe(false);
  });

  it('never takes a value the part itself states', () => {
    const when = part('When did Alan Wake 2 come out?');
    expect(valueAnswers(when, extractQuantities('Patch notes for Alan Wake 2 updates can be found here'))).toBe(false);
    expect(valueAnswers(when, extractQuantities('Alan Wake 2 was released on 27 October 2023'))).toBe(true);
    const from = part('At 15% utilisation, how many days until owning works out cheaper?');
    expect(valueAnswers(from, extractQuantities('at 15% utilisation'))).toBe(false);
    expect(valueAnswers(from, extractQuantities('about 300 days at 15% utilisation'))).toBe(true);
  });

  it('takes a letter grade for a rating or class, only after the word that gives it', () => {
    const rating = part('What spin-drying efficiency rating does the WM-720 get?');
    expect(valueAnswers(rating, [], 'The WM-720 is rated B for spin-drying efficiency')).toBe(true);
    expect(valueAnswers(rating, [], 'It is in energy class A+')).toBe(true);
    expect(valueAnswers(rating, [], 'Plan B is to call the service line')).toBe(false);
    expect(valueAnswers(part('How much does it weigh?'), [], 'It is rated B')).toBe(false);
  });

  it('takes a time from something for "when", not for "what date"', () => {
    const time = extractQuantities('six months after it enters into force');
    expect(valueAnswers(part('When do the banned systems have to go?'), time)).toBe(true);
    expect(valueAnswers(part('What date did version 1.6.7 come out?'), time)).toBe(false);
  });

  it('takes a condition for "when", also after a statement, but not for "what date"', () => {
    const condition = 'It is only available when the input signal is set to RGB444.';
    const asked = part(
      "The HDMI Black Level option doesn't seem to do anything for my box — when is it actually available?",
    );
    expect(valueAnswers(asked, extractQuantities(condition), condition)).toBe(true);
    expect(valueAnswers(asked, extractQuantities('It adjusts the black level.'), 'It adjusts the black level.')).toBe(
      false,
    );
    expect(valueAnswers(part('What date is it available?'), extractQuantities(condition), condition)).toBe(false);
  });

  it('takes a code or any measure for a rating, and a share for a battery charge', () => {
    const rating = part("What's its rating?");
    expect(valueAnswers(rating, extractQuantities('an IP68 rating for dust and water resistance'))).toBe(true);
    expect(valueAnswers(rating, extractQuantities('rated at 1800 W'))).toBe(true);
    expect(valueAnswers(part('What is the power rating?'), extractQuantities('it weighs 2 kg'))).toBe(false);
    expect(
      valueAnswers(part('How many evacuation drills do we have each year?'), extractQuantities('two drills a year')),
    ).toBe(true);
    expect(valueAnswers(part('How many drills are there?'), extractQuantities('two drills a year'))).toBe(false);
    const charge = part('How much charge does the phone need to have?');
    expect(valueAnswers(charge, extractQuantities('Requires minimum 30% battery to share'))).toBe(true);
  });
});
