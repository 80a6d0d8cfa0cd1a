/**
 * What model answers do with a passage's sentences that the checker must still read as stated:
 * two sentences merged into one claim, a clause of a long sentence, a value under a heading or
 * in a sentence that points back, framing leads, and an abstention's account of the sources.
 * Written after the blind sets blind-stici-dev-2 and blind-tv-dev showed each; the passages here
 * are the project's own, not those sets'.
 */
import { describe, expect, it } from 'vitest';
import { analyseQuestion } from '../../../src/core/question/analyse-question.js';
import type { RetrievedPassage } from '../../../src/core/types.js';
import { candidateSentences } from '../../../src/core/verify/candidate-sentences.js';
import { claimPieces } from '../../../src/core/verify/check-claims.js';
import { claimCore } from '../../../src/core/verify/claim-core.js';
import { namePattern, partNames } from '../../../src/core/verify/coverage.js';
import { segmentAnswer } from '../../../src/core/verify/claims.js';
import { missingFacts } from '../../../src/core/verify/facts.js';
import { judgeLexically } from '../../../src/core/verify/lexical-judge.js';
import { polarityDiffers } from '../../../src/core/verify/negation.js';
import type { Meaning } from '../../../src/core/verify/meaning.js';
import { resolvedPart } from '../../../src/core/verify/meaning-coverage.js';
import { statementKind } from '../../../src/core/verify/statement-kinds.js';
import { verifyAnswer } from '../../../src/core/verify/verify-answer.js';
import { makePassage } from './make-passage.js';

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

/**
 * A fake `Meaning` (named as one): every claim is close to every sentence (0.9); a part's cosine
 * to a text is what `partScore` says.
 */
function fakeMeaning(partScore: (text: string, part: string) => number): Meaning {
  return {
    id: 'fake-meaning',
    thresholds: {
      support: 0.75,
      supportWithValues: 0.65,
      supportWithWords: { cosine: 0.6, share: 0.5 },
      address: 0.35,
    },
    async similarity(_text, others) {
      return others.map(() => 0.9);
    },
    async partSimilarity(part, texts) {
      return texts.map((text) => partScore(text, part));
    },
  };
}

describe('a claim that merges sentences is judged piece by piece', () => {
  it('cuts at clause joins, keeps a piece with a value only beside what it is about, and drops a short lead-in', () => {
    expect(
      claimPieces('He shortlisted the Aspen and Birch pumps and chose the Birch, mainly because its seals last longer'),
    ).toEqual(['He shortlisted the Aspen and Birch pumps and chose the Birch', 'its seals last longer']);
    expect(claimPieces('The lift is rated at 1,350 kg, which is 21 persons')).toHaveLength(1);
    expect(claimPieces('Two reasons: the seal leaks at low pressure; the pump is noisy at night')).toEqual([
      'the seal leaks at low pressure',
      'the pump is noisy at night',
    ]);
  });

  it('supports a merge of two sentences that the whole claim fails on words, and not one whose second half is unstated', async () => {
    const passage = makePassage(
      'We tested the Aspen and the Birch pumps in the cellar. The Birch was chosen because its seals last twice as long.',
      { cite: 'pumps#choice' },
    );
    const merged =
      'After trying the Aspen and Birch pumps in the cellar, the team chose the Birch, because its seals last twice as long [pumps#choice].';
    const good = await check('Which pump was chosen and why?', merged, [passage]);
    expect(good.claims.find((claim) => claim.cites.length > 0)?.state).toBe('supported');
    const wrong =
      'After trying the Aspen and Birch pumps in the cellar, the team chose the Birch, because it runs on solar power [pumps#choice].';
    const bad = await check('Which pump was chosen and why?', wrong, [passage]);
    expect(bad.warnings.map((warning) => warning.flag)).toContain('unsupported_claim');
  });
});

describe('values read with what they are about', () => {
  const history = makePassage(
    'Fixed a crash when saving.\n2.4\nVersion 2.4.0 was released on 3 May 2024.\nNew features\nAdded a dark theme for the editor.\nAdded export to PDF.\n2.3\nAdded a spell checker.',
    { cite: 'notes#history' },
  );

  it('a value in a heading line is about what the heading heads, up to the next heading of its kind', () => {
    expect(judgeLexically('Release 2.4 added a dark theme for the editor', [history.passage.text]).supported).toBe(
      true,
    );
    const other = judgeLexically('Release 2.4 added a spell checker', [history.passage.text]);
    expect(other.supported).toBe(false);
    expect(other.reason).toMatch(/2\.4 is stated about something else/);
  });

  it('a row of values heads nothing: its values stay bound to their columns', () => {
    const spawn =
      'The chances that one will spawn on the six main floors are as follows:\n\n1\t2\t3\t4\t5\t6\n8%\t8%\t12%\t16%\t20%\t25%\nA floor can only contain one caped bullet.\nThere is a 49.95% chance of one or more Red-Caped Bullet Kin appearing in a full run.';
    expect(
      judgeLexically('On the fourth floor there is a 20% chance that a Red-Caped Bullet Kin will spawn', [spawn])
        .supported,
    ).toBe(false);
  });

  it('a line that a sentence announces ("the following loss") is about what that sentence names', () => {
    const log = (lead: string) =>
      `Training took around 10 minutes. ${lead}\n\nEpoch 19 | train = 1.6961 | val = 1.8143`;
    const claim = 'The last epoch ended with a training loss of 1.6961';
    expect(judgeLexically(claim, [log('I achieved the following training loss last epoch.')]).reason ?? '').not.toMatch(
      /stated about something else/,
    );
    expect(judgeLexically(claim, [log('I was happy with the run.')]).reason).toMatch(
      /1\.6961 is stated about something else/,
    );
  });

  it('a sentence that points back is about what its paragraph named before it', () => {
    const trip = 'Lisbon is the loveliest city on the coast. We spent four nights there and loved every minute.';
    expect(judgeLexically('They stayed four nights in Lisbon and loved every minute', [trip]).supported).toBe(true);
    const elsewhere =
      'Lisbon is the loveliest city on the coast.\n\nWe spent four nights there and loved every minute.';
    expect(judgeLexically('They stayed four nights in Porto and loved every minute', [elsewhere]).supported).toBe(
      false,
    );
  });
});

describe('what frames or signposts an answer is not a claim', () => {
  it('strips a framing lead and tells a signpost sentence from a claim', () => {
    expect(claimCore("Here's the quick version: open Settings > Network and choose Wired")).toBe(
      'open Settings > Network and choose Wired',
    );
    expect(claimCore('For reference, F5 shows the Home Screen')).toBe('F5 shows the Home Screen');
    expect(statementKind('Two limits apply here.')).toBe('meta');
    expect(statementKind('A couple of things to note.')).toBe('meta');
    expect(statementKind('Two cables are required.')).toBe('claim');
  });

  it('a short yes/no reply before a dash is not part of the claim; a dash after "no" in a statement is', () => {
    expect(claimCore('Not a digital one, no — the Rename Channel option only works for analog channels.')).toBe(
      'the Rename Channel option only works for analog channels',
    );
    expect(claimCore('Yes, it can - the timer runs for 180 minutes.')).toBe('the timer runs for 180 minutes');
    expect(claimCore('It needs no tools — just push it in.')).toBe('It needs no tools — just push it in');
    expect(claimCore('It holds no more than six kilos — less than the big model.')).toBe(
      'It holds no more than six kilos — less than the big model',
    );
  });

  it("an abstaining answer's uncited account of the sources is not a claim; the same sentence in an answer that does not abstain is", () => {
    const abstaining = segmentAnswer(
      "The documents don't say what the tour cost. The travel post describes the route, but it never gives a price.",
    );
    expect(abstaining.map((statement) => statement.kind)).toEqual(['abstention', 'meta', 'meta']);
    const answering = segmentAnswer('The travel post describes the route through the old town.');
    expect(answering.map((statement) => statement.kind)).toEqual(['claim']);
  });

  it('with a pronoun for subject only telling, or a lack of giving, is an account of the source; a fact stays a claim', () => {
    const kinds = (text: string) => segmentAnswer(text).map((statement) => statement.kind);
    const cases: [string, string[]][] = [
      ["The documents don't say what the tour cost. It only mentions the route.", ['abstention', 'meta']],
      ["The documents don't say what the tour cost. They never give a price.", ['abstention', 'meta']],
      [
        "The documents don't say which model he chose. It runs on a laptop with 8 GB of memory.",
        ['abstention', 'claim'],
      ],
      ["The documents don't say what it costs. They include two batteries.", ['abstention', 'claim']],
    ];
    for (const [text, expected] of cases) expect(kinds(text)).toEqual(expected);
  });
});

describe('what meaning compares', () => {
  it('a parenthesis is offered as what it says of the word before it', () => {
    const sentence =
      'After the tour we sat on the terrace drinking sidra (a dry, lightly sparkling cider poured from a height) and watched the boats.';
    const offered = candidateSentences('Sidra is a dry cider with a little sparkle', [sentence]);
    expect(offered).toContain('sidra: a dry, lightly sparkling cider poured from a height');
    // An abbreviation in brackets glosses nothing.
    expect(
      candidateSentences('The NFC antenna is on the back', ['The NFC (near field) antenna is on the back.']),
    ).toEqual(['The NFC (near field) antenna is on the back.']);
  });

  it('"unable to", "failed to", "ruled out" and "off the table" say a thing does not happen, as "not" does', () => {
    const memory = 'With 4 GB of memory I would not be able to run larger models.';
    expect(polarityDiffers('The 4 GB of memory ruled out the larger models', memory)).toBe(false);
    expect(polarityDiffers('He was unable to run the larger models on 4 GB of memory', memory)).toBe(false);
    expect(polarityDiffers('The larger models ran on 4 GB of memory', memory)).toBe(true);
    expect(polarityDiffers('The update failed to install', 'The update did not install.')).toBe(false);
    expect(polarityDiffers('With 4 GB, the larger models were off the table', memory)).toBe(false);
    expect(polarityDiffers('Running the larger models on 4 GB was out of the question', memory)).toBe(false);
  });

  it('a long sentence is offered with its clauses; a claim with values only with those that state them', () => {
    const sentence =
      'I knew that running it on my old laptop with 8 GB of memory would limit the models I could use, but I decided to do it anyway for privacy and to avoid depending on outside services.';
    const plain = candidateSentences('He went ahead for privacy and to avoid outside services', [sentence]);
    expect(plain).toContain(sentence);
    expect(plain).toContain('but I decided to do it anyway for privacy and to avoid depending on outside services.');
    const valued = candidateSentences('It ran on a laptop with 8 GB of memory', [sentence]);
    expect(valued.every((text) => text.includes('8 GB'))).toBe(true);
    expect(valued.length).toBeGreaterThan(1);
  });

  it('a claim addresses a part by the sentence it was judged on when its own words are far from the part', async () => {
    const film = makePassage('The Quiet Shore is a 2021 film directed by Ana Duarte.', { cite: 'films#shore' });
    const answer = 'The film comes from the filmmaker Ana Duarte [films#shore].';
    // The part is close only to the passage's own sentence, not to the claim's words.
    const meaning = fakeMeaning((text) => (text.includes('directed by') ? 0.8 : 0.1));
    const verdict = await check('Who directed The Quiet Shore?', answer, [film], meaning);
    expect(verdict.claims[0]?.state).toBe('supported');
    expect(verdict.warnings.filter((warning) => warning.flag === 'missing_evidence')).toEqual([]);
  });
});

describe('names and polarity as model answers write them', () => {
  it('a short form is stated by its long form; another number or other initials are not', () => {
    const passage = [
      'Alan Wake 2 is a survival-horror video game that released on 27 October 2023 for the PlayStation 5, ' +
        'Xbox Series X|S and PC through the Epic Games Store. You can pay at a card reader with Near Field Communication.',
    ];
    expect(
      judgeLexically('Alan Wake 2 came out on 27 October 2023 on PS5, Xbox Series X|S and PC.', passage).supported,
    ).toBe(true);
    expect(
      judgeLexically('Alan Wake 2 came out on 27 October 2023 on PS4, Xbox Series X|S and PC.', passage).supported,
    ).toBe(false);
    expect(judgeLexically('You can pay at a card reader with NFC.', passage).supported).toBe(true);
    expect(judgeLexically('You can pay at a card reader with RFID.', passage).supported).toBe(false);
    // An acronym is a word of its own, not the start of another: "UN" is not in "under", "EU" not in "European".
    expect(missingFacts('The rules come from the UN.', ['Each authority works under these rules.'])).toEqual([
      '"UN" is not named in the cited passage',
    ]);
    expect(missingFacts('The EU rules apply.', ['The European rules apply.'])).toHaveLength(1);
    expect(
      missingFacts('Enter the PIN, then insert the USB stick.', ['Enter PINs, then insert a USB-C stick.']),
    ).toEqual([]);
    // A name people write in either case: "M2" is "my m2 MacBook", not "m3".
    expect(
      missingFacts('Training took ten minutes on an M2 MacBook.', ['training took 10 minutes on my m2 MacBook']),
    ).toEqual([]);
    expect(
      missingFacts('Training took ten minutes on an M2 MacBook.', ['training took 10 minutes on my m3 MacBook']),
    ).toHaveLength(1);
  });

  it('a name the library is about need not be in the passage cited', async () => {
    const burn = makePassage(
      'Still images can leave after-images. If a still image continues for two hours, screen burn protection can be activated automatically.',
      { cite: 'manual#burn', title: 'Preventing screen burn' },
    );
    const answer =
      'If a still image stays for two hours, the TV can switch on its screen burn protection automatically [manual#burn].';
    const question = 'When does the screen burn protection start?';
    const verify = (librarySubject?: (name: string) => boolean) =>
      verifyAnswer({
        question,
        parts: analyseQuestion(question),
        answer,
        given: [burn],
        writtenBy: 'code',
        ...(librarySubject ? { librarySubject } : {}),
      });
    expect((await verify())?.claims[0]?.state).toBe('not_found');
    expect((await verify((name) => name === 'TV'))?.claims[0]?.state).toBe('supported');
    // Another name stays a fact the passage must hold.
    expect((await verify((name) => name === 'Samsung'))?.claims[0]?.state).toBe('not_found');
  });

  it('a hyphenated name is one name, found written with or without its hyphen', () => {
    expect(partNames('Will it also stop films from the Blu-ray player?')).toEqual(['Blu-ray']);
    expect(namePattern('Blu-ray').test('a bluray or DVD player')).toBe(true);
    expect(namePattern('Blu-ray').test('a Blu-ray disc')).toBe(true);
    expect(namePattern('Blu-ray').test('a blue ray')).toBe(false);
  });

  it('a negation over two coordinated things bears on both: "can\'t use A and the B feature together"', () => {
    const passage =
      "You can't use Bluetooth devices and the\nWi-Fi Speaker Surround Setup\nfeature simultaneously.\nLip-sync errors may occur.";
    const opposite = judgeLexically(
      'Bluetooth devices can be used at the same time as the Wi-Fi Speaker Surround Setup feature',
      [passage],
    );
    expect(opposite.supported).toBe(false);
    expect(opposite.contradicted).toBe(true);
    expect(
      judgeLexically("You can't use Bluetooth devices together with the Wi-Fi Speaker Surround Setup feature", [
        passage,
      ]).supported,
    ).toBe(true);
  });

  it("a claim is about the part's names when another given passage of the document it cites names them", async () => {
    const scope = makePassage(
      'The regulation does not apply to systems used only for military purposes, whoever runs them.',
      { cite: 'act-faq#5', title: 'Questions and answers' },
    );
    const intro = makePassage('The Harbour Act sets rules for every pilot boat in the port.', {
      cite: 'act-faq#1',
      title: 'Questions and answers',
    });
    // Every claim close to every part.
    const meaning = fakeMeaning(() => 0.7);
    const question = 'Would a boat built only for the navy fall under the Harbour Act?';
    const answer = 'No, the regulation does not apply to systems used only for military purposes [act-faq#5].';
    const alone = await check(question, answer, [scope], meaning);
    expect(alone.warnings.map((warning) => warning.flag)).toContain('missing_evidence');
    const withIntro = await check(question, answer, [scope, intro], meaning);
    expect(withIntro.warnings.map((warning) => warning.flag)).not.toContain('missing_evidence');
  });
});

describe('an answer that names the old value as the old one', () => {
  const current = makePassage('Floor wardens attend a refresher course every 12 months.', {
    cite: 'fire-plan-rev4#2',
    date: '2026-03-01',
  });
  const old = makePassage('Floor wardens attend a refresher course every two years.', {
    cite: 'fire-plan-rev3#2',
    date: '2024-03-01',
    supersededBy: ['fire-plan-rev4'],
  });
  const question = 'How often do floor wardens redo their training?';

  it("keeps the superseded flag (the citation's, docs/formats.md §3) and says the answer names the source as the older one", async () => {
    const acknowledged = await check(
      question,
      'Every 12 months [fire-plan-rev4#2]. Revision 3, which Revision 4 replaces, said every two years [fire-plan-rev3#2].',
      [current, old],
    );
    expect(acknowledged.warnings.find((warning) => warning.flag === 'superseded')?.message).toMatch(
      /cites fire-plan-rev3#2 as the older source, as it says itself: it is superseded by fire-plan-rev4/,
    );
    const stale = await check(question, 'Floor wardens attend a refresher every two years [fire-plan-rev3#2].', [
      current,
      old,
    ]);
    expect(stale.warnings.find((warning) => warning.flag === 'superseded')?.message).toMatch(
      /cites fire-plan-rev3#2, which is superseded by fire-plan-rev4/,
    );
  });
});

describe('a disagreement the answer does not depend on', () => {
  it('raises no conflict when the answer says the documents do not answer the part and gives neither value', async () => {
    const rev1 = makePassage('The pump runs for 10 minutes after each cycle.', {
      cite: 'pump-a#1',
      title: 'Pump A notes',
    });
    const rev2 = makePassage('The pump runs for 25 minutes after each cycle.', {
      cite: 'pump-b#1',
      title: 'Pump B notes',
    });
    const question = 'How long does the pump run after each cycle?';
    const answering = await check(question, 'The pump runs for 10 minutes after each cycle [pump-a#1].', [rev1, rev2]);
    expect(answering.warnings.map((warning) => warning.flag)).toContain('conflict');
    const abstaining = await check(question, "The documents don't say how long the pump runs after a cycle.", [
      rev1,
      rev2,
    ]);
    expect(abstaining.warnings.map((warning) => warning.flag)).not.toContain('conflict');
  });
});

describe('words a paraphrase adds for tone', () => {
  it('do not count against a claim: "instead", "just", "simply"', () => {
    const passage =
      'For each category of infringement, the threshold would be the lower of the two amounts for SMEs and the higher for other companies.';
    expect(judgeLexically('SMEs get the lower of the two amounts instead', [passage]).supported).toBe(true);
  });
});

describe('a part that points back with a pronoun', () => {
  it('is read with its antecedent’s names, and a spare claim may answer it though its sentence is closer to another part', async () => {
    const film = makePassage(
      'The Quiet Shore is a 2021 drama directed by Ana Duarte, loosely adapted from the 2014 novel by Mara Lind.',
      { cite: 'films#shore' },
    );
    const answer =
      'The film comes from the filmmaker Ana Duarte [films#shore]. It is a loose adaptation of a Mara Lind novel [films#shore].';
    const question = 'Who directed The Quiet Shore, and what source material is it based on?';
    expect(resolvedPart(analyseQuestion(question)[1]!)).toBe('what source material is The Quiet Shore based on');
    // The second part is close to the novel only once "it" is read as the film.
    const meaning = fakeMeaning((text, part) =>
      part.startsWith('Who directed') && text.includes('directed by')
        ? 0.8
        : part.includes('is The Quiet Shore based on') && text.includes('novel')
          ? 0.55
          : 0.1,
    );
    const verdict = await check(question, answer, [film], meaning);
    expect(verdict.claims.map((claim) => claim.state)).toEqual(['supported', 'supported']);
    expect(verdict.warnings.filter((warning) => warning.flag === 'missing_evidence')).toEqual([]);
    // Without a pronoun to resolve, the part stays as asked.
    expect(
      resolvedPart(analyseQuestion('Who directed The Quiet Shore, and what book inspired the film?')[1]!),
    ).toBeUndefined();
  });
});
