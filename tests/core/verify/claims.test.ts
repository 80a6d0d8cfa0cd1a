import { describe, expect, it } from 'vitest';
import { segmentAnswer, splitClaims } from '../../../src/core/verify/claims.js';
import { isAbstention, statementKind } from '../../../src/core/verify/statement-kinds.js';

describe('splitClaims', () => {
  it('attaches a citation at the end of a sentence to that sentence, before or after the full stop', () => {
    const claims = splitClaims('The warranty lasts 2 years [a#2]. Clean the filter every 4 weeks. [a#7]');
    expect(claims.map((claim) => [claim.text, claim.cites])).toEqual([
      ['The warranty lasts 2 years.', ['a#2']],
      ['Clean the filter every 4 weeks.', ['a#7']],
    ]);
  });

  it('splits a sentence at a citation followed by more text', () => {
    const claims = splitClaims('The warranty lasts 2 years [a#2], and the filter is cleaned every 4 weeks [a#7].');
    expect(claims.map((claim) => claim.cites)).toEqual([['a#2'], ['a#7']]);
  });

  it('leaves a factual sentence without a citation uncited', () => {
    const claims = splitClaims('The warranty lasts 2 years [a#2]. The filter is cleaned weekly.');
    expect(claims[1]?.cites).toEqual([]);
  });

  it('gives clauses of one sentence the citation that closes it', () => {
    const claims = splitClaims(
      'The documents do not say whether water damage is covered, but the warranty lasts 2 years [a#2].',
    );
    expect(claims).toHaveLength(1);
    expect(claims[0]?.text).toMatch(/^but the warranty lasts 2 years/);
    expect(claims[0]?.cites).toEqual(['a#2']);
  });

  it('reads list items and keeps claim offsets inside the answer', () => {
    const answer = 'Excluded:\n- broken glassware [a#3]\n- the door seal [a#3]';
    const claims = splitClaims(answer);
    expect(claims.map((claim) => claim.text)).toEqual(['broken glassware', 'the door seal']);
    for (const claim of claims) expect(answer.slice(claim.start, claim.end)).toContain(claim.text);
  });

  it('reads a leading "No." as a reply of its own, and "No. 5" as a number', () => {
    const statements = segmentAnswer('No. The reset restores every setting except the network ones [a#4].');
    expect(statements.map((statement) => [statement.text, statement.kind])).toEqual([
      ['No.', 'meta'],
      ['The reset restores every setting except the network ones.', 'claim'],
    ]);
    expect(splitClaims('No. 5 is the eco programme [a#1].').map((claim) => claim.text)).toEqual([
      'No. 5 is the eco programme.',
    ]);
  });

  it('gives list items without citations of their own the citations of the line that leads into the list', () => {
    const claims = splitClaims(
      'The oven takes these trays [a#2]:\n- the enamel tray\n- the wire rack [a#5]\n\nUse oven gloves.',
    );
    expect(claims.map((claim) => [claim.text, claim.cites])).toEqual([
      ['the enamel tray', ['a#2']],
      ['the wire rack', ['a#5']],
      ['Use oven gloves.', []],
    ]);
  });

  it('does not split inside a quotation', () => {
    const statements = segmentAnswer(
      'The documents do not answer this: no passage says "It shows E21. How often is it cleaned".',
    );
    expect(statements).toHaveLength(1);
    expect(statements[0]?.kind).toBe('abstention');
  });
});

describe('statement kinds', () => {
  it.each([
    'The documents do not say whether water damage is covered.',
    'No passage mentions the noise level.',
    'I could not find the spin speed of the Wool programme.',
    'The spin speed is not stated in the documents.',
    'The documents do not answer this: no passage is relevant to "noise".',
    "they don't state how much it costs.",
    "but it doesn't say what wattage the charger is.",
    "The version history in the documents stops at the 1.6 updates and doesn't mention a 1.7 release.",
    'The provided context does not mention a warranty.',
    'The context does not specify the spin speed.',
    'None of the warranty documents name a price for the extension.',
    'It describes the drain filter, but no cleaning interval is stated.',
    "However, it doesn't list which spin speeds the Wool programme offers.",
    "but it doesn't give any vote totals or results for that election.",
    "but there's no verdict on the 4080.",
    'There are no sales figures for the second year.',
  ])('an abstention is not a claim: %s', (sentence) => {
    expect(isAbstention(sentence)).toBe(true);
    expect(statementKind(sentence)).toBe('abstention');
  });

  it.each([
    'Sources disagree:',
    'but the DW-480 Owner Manual (v3, 2026-02-16) supersedes it and is authoritative',
    'Here is what I found:',
    'Yes.',
    'Good question.',
    "You're right, they differ.",
    'Yes, both disagree.',
    'Hope that helps!',
    'Enjoy your new oven!',
    'Good luck with the install.',
    'Not everywhere.',
    'No, not always.',
    "I'm sorry",
    'Unfortunately,',
    'Unfortunately not.',
  ])('a connective or meta sentence is not a claim: %s', (sentence) => {
    expect(statementKind(sentence)).toBe('meta');
  });

  it.each([
    'The warranty lasts 2 years.',
    'The v3 manual, which supersedes v2, says the warranty is 10 years.',
    'Sources disagree: the v2 manual says 1 year.',
    'The door seal is not covered.',
    "It doesn't cover water damage.",
    "They don't include a drain hose.",
    'No drain hose is needed.',
    "It doesn't list the Eco programme among the quick ones.",
    'None of the buttons is labelled.',
    "It doesn't give any warning before the drum locks.",
    "There's no drain hose in the box.",
    "I'm sorry to say the warranty ended in 2024.",
    "Unfortunately, the warranty doesn't cover water damage.",
    'Sadly, it is not waterproof.',
    'Not waterproof.',
    'They differ in drum size.',
    // GNU diffutils' manual: "context" there is the subject, not the sources.
    '-U lines, --unified[=lines]: Use the unified output format, showing lines (an integer) lines of context, or three if lines is not given.',
  ])('a statement of fact is a claim, even beside talk about sources: %s', (sentence) => {
    expect(statementKind(sentence)).toBe('claim');
  });
});
