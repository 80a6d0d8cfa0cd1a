import { describe, expect, it } from 'vitest';
import { analyseQuestion, modelNames } from '../../../src/core/question/analyse-question.js';

const texts = (question: string) => analyseQuestion(question).map((part) => part.text);

describe('analyseQuestion', () => {
  it('splits two questions joined by "and", carrying the model name into the second', () => {
    const parts = analyseQuestion('How long is the DW-480 warranty and how often should its filter be cleaned?');
    expect(parts.map((part) => part.text)).toEqual([
      'How long is the DW-480 warranty',
      'how often should its filter be cleaned',
    ]);
    expect(parts.map((part) => part.expects)).toEqual(['duration', 'frequency']);
    expect(parts[1]?.terms).toEqual(expect.arrayContaining(['dw-480', 'filter', 'clean']));
  });

  it('keeps a bare question word with the question before it: "…, and how?" asks nothing of its own', () => {
    expect(texts('How long do I have to opt out, and how?')).toEqual(['How long do I have to opt out, and how']);
    expect(texts('What does E4 mean and why?')).toEqual(['What does E4 mean, and why']);
    expect(texts('What does E4 mean and how do I fix it?')).toEqual(['What does E4 mean', 'how do I fix it']);
  });

  it('keeps a bridging question whole, with the terms of both hops', () => {
    const parts = analyseQuestion('What is the part number of the filter for the machine whose drum holds 9 kg?');
    expect(parts).toHaveLength(1);
    expect(parts[0]?.expects).toBe('part-number');
    expect(parts[0]?.terms).toEqual(expect.arrayContaining(['filter', 'drum', '9', 'kg']));
  });

  it('does not split coordinated nouns', () => {
    expect(texts('Where is the care and cleaning section?')).toHaveLength(1);
    expect(texts('What is the time and date setting?')).toHaveLength(1);
    expect(texts('Does the WM-720 need hot and cold water?')).toHaveLength(1);
  });

  it('keeps a condition with the part it conditions', () => {
    expect(texts('What should I do if the door is open and the light blinks?')).toEqual([
      'What should I do if the door is open and the light blinks',
    ]);
  });

  it('splits several question sentences and "as well as"', () => {
    expect(texts('What does E24 mean? How do I clear it?')).toHaveLength(2);
    expect(texts('How many litres does the DW-480 use, as well as how loud is it?')).toHaveLength(2);
  });

  it('joins a leading statement to the question after it', () => {
    const parts = analyseQuestion('My DW-480 shows E24. What does it mean?');
    expect(parts).toHaveLength(1);
    expect(parts[0]?.terms).toEqual(expect.arrayContaining(['dw-480', 'e24']));
  });

  it('splits a follow-up "and if so, for how long" and lends it the first part\'s terms', () => {
    const parts = analyseQuestion('Is water damage covered, and if so, for how long?');
    expect(parts.map((part) => part.expects)).toEqual(['yes-no', 'duration']);
    expect(parts[1]?.terms).toEqual(expect.arrayContaining(['water', 'damag']));
  });

  it('splits a second question behind its own condition, one asked by inversion, and one after "separately,"', () => {
    expect(texts('Where do I change the PIN, and if I forget it, which buttons reset it?')).toEqual([
      'Where do I change the PIN',
      'if I forget it, which buttons reset it',
    ]);
    // "that plays…" is a relative clause, not a condition: "and can I…" still asks on its own.
    expect(texts('Is there an option that plays sound on both speakers, and can I use headphones with it?')).toEqual([
      'Is there an option that plays sound on both speakers',
      'can I use headphones with it',
    ]);
    expect(texts('Can I cap the volume, and separately, how do I mute the ringer?')).toEqual([
      'Can I cap the volume',
      'how do I mute the ringer',
    ]);
    // A condition's own "and" still stays with it.
    expect(texts('What should I do if the door is open and the light blinks?')).toHaveLength(1);
  });

  it('a part that points back gets the part before it as its antecedent, whose terms it holds as context', () => {
    const [first, second] = analyseQuestion(
      'Which wireless feature must be on to pay by card, and where in Settings do I switch it on?',
    );
    expect(second?.antecedent).toBe(first?.text);
    expect(second?.contextTerms).toEqual(expect.arrayContaining(['wireless', 'featur', 'pai']));
    expect(second?.terms).toEqual(expect.arrayContaining(['set', 'switch', 'wireless']));
    // Where a model is named or carried, "it" is that model: nothing is lent.
    const [, loud] = analyseQuestion("What's the DW-480's rated power, and how loud is it?");
    expect(loud?.antecedent).toBeUndefined();
    expect(loud?.terms).not.toContain('power');
    // A part that does not point back stands alone.
    const [, plain] = analyseQuestion('How long is the warranty, and how often should the filter be cleaned?');
    expect(plain?.antecedent).toBeUndefined();
  });

  it('asks the same question of each model in "the DW-480 and the WM-720"', () => {
    expect(texts('What is the warranty period of the DW-480 and the WM-720?')).toEqual([
      'What is the warranty period of the DW-480',
      'What is the warranty period of the WM-720',
    ]);
    expect(texts('What is the difference between the DW-480 and the WM-720?')).toHaveLength(1);
  });

  it('splits coordinated attributes and carries the model back to the first', () => {
    const parts = analyseQuestion('What is the capacity and the spin speed of the WM-720?');
    expect(parts.map((part) => part.text)).toEqual(['What is the capacity', 'What is the spin speed of the WM-720']);
    expect(parts[0]?.terms).toContain('wm-720');
  });

  it('does not end a question at the full stop of "e.g." or "i.e."', () => {
    const parts = analyseQuestion('What time choices does the off timer offer, e.g. 30 minutes or 4 hours?');
    expect(parts.map((part) => part.text)).toEqual([
      'What time choices does the off timer offer, e.g. 30 minutes or 4 hours',
    ]);
    expect(analyseQuestion('Which filter, i.e. the coarse one, should I clean first?')).toHaveLength(1);
    expect(analyseQuestion('My manual says 3 months. Is that right?')).toHaveLength(1);
    // The same list the passages are cut by: "part no." is no sentence end either.
    expect(analyseQuestion("What's the part no. of the DW-480 coarse filter?").map((part) => part.text)).toEqual([
      "What's the part no. of the DW-480 coarse filter",
    ]);
  });

  it('always returns at least one part', () => {
    expect(analyseQuestion('')).toHaveLength(1);
    expect(analyseQuestion('   ?')).toHaveLength(1);
    expect(analyseQuestion('warranty')[0]?.terms).toEqual(['warranti']);
  });

  it.each([
    ['How long is the warranty?', 'duration'],
    ['Roughly how many minutes does an update take?', 'duration'],
    ['How long is the drain hose?', 'quantity'],
    ['How often should the filter be cleaned?', 'frequency'],
    ['How many place settings does it hold?', 'quantity'],
    // How near, thick, high…: a measure, not text ("within four centimeters", "12 mm").
    ['How close together do the two devices have to be?', 'quantity'],
    ['How thick can the worktop be?', 'quantity'],
    ['How high does the fan go?', 'quantity'],
    ['From what age may a child use the phone?', 'quantity'],
    ['How old must the user be?', 'quantity'],
    ['What refresh rate should I set the graphics card to?', 'quantity'],
    ['Which screen resolution does the TV support?', 'quantity'],
    ['What resolution did the board adopt?', 'text'],
    ['What is the minimum clearance above the oven?', 'quantity'],
    ['What capacity does the drum have?', 'quantity'],
    ['What temperature does pyrolytic cleaning reach?', 'temperature'],
    ['What is the part number of the filter?', 'part-number'],
    ['Which error code means a blocked drain?', 'code'],
    ['What does error E24 mean?', 'text'],
    ['Is water damage covered?', 'yes-no'],
    ['Can the racks go in the dishwasher?', 'yes-no'],
    ['When was the bulletin issued?', 'date'],
    ['What date does the recall start?', 'date'],
    ['How much does a replacement filter cost?', 'price'],
    ['What is the price of the filter?', 'price'],
    ['What was the company’s revenue in Q1 2021?', 'price'],
    ['How much profit did it make last year?', 'price'],
    ['How much charge does the phone itself need to have?', 'quantity'],
    ['How much do they charge for a replacement card?', 'price'],
    ['Why does the door lock?', 'text'],
    // A measure after a preposition is what the thing asked for is about, not the thing.
    ['Which oven settings matter most for baking speed?', 'text'],
    ['What resolution should I set my PC to when I use the TV as a monitor?', 'quantity'],
  ])('%s expects %s', (question, expected) => {
    expect(analyseQuestion(question)[0]?.expects).toBe(expected);
  });
});

describe('modelNames', () => {
  it('finds model names in their usual spellings, canonically', () => {
    expect(modelNames('The DW-480, the wm720 and the OV 350.')).toEqual(['DW-480', 'WM-720', 'OV-350']);
  });

  it('ignores part numbers, error codes and measurements', () => {
    expect(modelNames('Filter DW-FLT-0480 shows E24 at 65 °C, 1200 rpm, 45 mm, runs 1200 times')).toEqual([]);
  });
});

describe('analyseQuestion on statements and codes', () => {
  it('takes the answer type from the question, not the statement before it', () => {
    const parts = analyseQuestion('My DW-480 manual from 2025 says the warranty is 1 year. Is that still right?');
    expect(parts).toHaveLength(1);
    expect(parts[0]?.expects).toBe('yes-no');
  });

  it('asks for a code even when another code is named', () => {
    expect(analyseQuestion('Which reset code clears the E4 lockout?')[0]?.expects).toBe('code');
    expect(analyseQuestion('What is the highest temperature the oven can be set to?')[0]?.expects).toBe('temperature');
  });
});

describe('analyseQuestion on looser phrasing', () => {
  it('splits "and above what …" and drops possessive endings from terms', () => {
    const parts = analyseQuestion(
      "Which DW-480's warranty exclusion is about salt, and above what water hardness do I need salt?",
    );
    expect(parts).toHaveLength(2);
    expect(parts[0]?.terms).toContain('dw-480');
    expect(parts[0]?.terms.some((term) => term.endsWith("'"))).toBe(false);
  });

  it('reads a dash before a question as a sentence end and looks past a leading condition', () => {
    expect(analyseQuestion('my manual says every 3 months - is that still the advice?')[0]?.expects).toBe('yes-no');
    expect(analyseQuestion('If I sell my house, does the warranty pass to the buyer?')[0]?.expects).toBe('yes-no');
    expect(analyseQuestion('After a claim, how soon is a technician visit arranged?')[0]?.expects).toBe('duration');
  });

  it('reads a topic set before a colon as context, and the question after it for the answer type', () => {
    const [first] = analyseQuestion(
      'For the OV-350 hinge recall: how long does the repair take and what number do I call?',
    );
    expect(first?.contextTerms).toEqual(['hing', 'recal']);
    expect(first?.terms).toEqual(expect.arrayContaining(['hing', 'recal', 'repair']));
    expect(analyseQuestion('About the DW-480 filter: is it dishwasher-safe?')[0]?.expects).toBe('yes-no');
  });

  it('reads a setting opened by a preposition before a comma as context, but not a condition', () => {
    const [set] = analyseQuestion('In the installer for the WM-720, which option keeps the old settings?');
    expect(set?.contextTerms).toEqual(expect.arrayContaining(['instal']));
    expect(set?.contextTerms).not.toContain('wm-720');
    expect(set?.contextTerms).not.toContain('option');
    // Its names are what the question is about: "In Gleam, can other modules call my functions?"
    const [named] = analyseQuestion('In the Gleam language, can other modules call my functions?');
    expect(named?.contextTerms).toEqual(['languag']);
    const [condition] = analyseQuestion('If I wipe the phone, will the photos on the card be erased?');
    expect(condition?.contextTerms ?? []).not.toContain('wipe');
  });
});
