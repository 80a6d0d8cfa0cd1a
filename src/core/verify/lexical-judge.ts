/**
 * The default claim judge: no model, only code. A claim is supported when it quotes the
 * evidence, or when every hard fact of it is stated there (see `missingFacts`) and enough of its
 * content is: the √length-weighted share of its content terms found in the evidence reaches
 * `SUPPORT_THRESHOLD`, halved when the claim's polarity ("is not covered") differs from the
 * evidence sentence it is closest to.
 */

import {
  extractIdentifiers,
  extractQuantities,
  quantityStated,
  rawNumbers,
  sameQuantity,
  type Quantity,
} from '../text/quantities.js';
import { isRetired } from '../text/retired-values.js';
import type { ClaimJudge, ClaimJudgement } from '../ports.js';
import { claimCore } from './claim-core.js';
import { evidenceSentences, isQuestion } from './evidence-text.js';
import { isDerived, misquotes, missingFacts } from './facts.js';
import { isQuoteOf } from './match-text.js';
import { isNegated, polarityDiffers } from './negation.js';
import { oppositeWord } from './opposite-words.js';
import { checkTerms, hasTerm, keyTerms, termWeight, weightedShare } from './term-weights.js';

/**
 * Least weighted share of a claim's content terms that the evidence must contain. Calibrated on
 * the paraphrase set in tests/core/verify/lexical-judge.test.ts: faithful paraphrases score
 * 0.75–1, claims that add a topic the passage does not mention ("… covers water damage") score
 * 0.3–0.6. 0.7 sits between them, leaning to reject: an unsupported flag costs a reader a look,
 * a false "supported" costs trust.
 */
export const SUPPORT_THRESHOLD = 0.7;

/** Factor applied to the score when the claim and its closest evidence sentence differ in polarity. */
export const NEGATION_PENALTY = 0.5;

/** The lexical judgement of `claim` against `evidence`. */
export function judgeLexically(claim: string, evidence: readonly string[]): ClaimJudgement {
  const core = claimCore(claim);
  if (evidence.length === 0) return { supported: false, score: 0, reason: 'no evidence' };
  const quotes = misquotes(claim, evidence);
  if (quotes.length > 0) return { supported: false, score: 0, reason: quotes.join('; ') };
  if (isQuoteOf(core, evidence)) return { supported: true, score: 1 };
  const facts = missingFacts(core, evidence);
  const terms = claimTerms(core);
  const present = new Set(evidence.flatMap((text) => checkTerms(text)));
  let score = weightedShare(terms, present, termWeight, 'narrower');
  const reasons = [...facts];
  // Each clause with the sentences it rests on, read once for its polarity and its words.
  const clauses = clauseSentences(core, evidence);
  const polarity = polarityMismatch(clauses);
  if (polarity !== undefined) {
    score *= NEGATION_PENALTY;
    reasons.push(polarity);
  }
  if (score < SUPPORT_THRESHOLD)
    reasons.push(`the cited passage does not state it (term coverage ${score.toFixed(2)})`);
  const strayIds = strayIdentifiers(core, terms, evidence);
  const units = evidenceUnits(evidence);
  const strayVals = strayValues(core, units, evidence);
  const otherRow = [
    ...valuesOfAnotherRow(core, units),
    ...oldValues(core, units),
    ...valueOfAnotherSentence(core, units),
    ...anotherLabelsLine(core, evidence),
    ...swappedNames(core, evidence),
    ...anotherNamed(core, evidence),
    ...anotherClauseNamed(core, evidence),
    ...oppositeWords(clauses),
  ];
  const stray = [...strayIds, ...strayVals, ...otherRow];
  reasons.push(...stray);
  const supported = facts.length === 0 && stray.length === 0 && score >= SUPPORT_THRESHOLD;
  if (supported) return { supported, score };
  // A value the passage states in a sentence whose words differ from the claim's ("count down
  // from 99 hours" / "a countdown timer for up to 99 hours") is a question of wording too.
  const onlyWording = facts.length === 0 && strayIds.length === 0 && otherRow.length === 0 && polarity === undefined;
  const contradicted = polarity !== undefined || otherRow.length > 0 || otherValueStated(core, evidence);
  const onlyPolarity = facts.length === 0 && stray.length === 0 && polarity !== undefined;
  return {
    supported,
    score,
    reason: reasons.join('; '),
    ...(onlyWording ? { onlyWording } : {}),
    ...(contradicted ? { contradicted } : {}),
    ...(onlyPolarity ? { onlyPolarity } : {}),
  };
}

/**
 * True when a value of the claim is not in the evidence but the evidence sentence closest to the
 * claim states another value of the same kind ("48 litres" where the passage says "9.5 litres").
 */
function otherValueStated(core: string, evidence: readonly string[]): boolean {
  const quantities = extractQuantities(core);
  const values = quantities.filter((quantity) => quantity.dimension !== 'identifier');
  const joined = extractQuantities(evidence.join('\n'));
  const unstated = values.filter((value) => !quantityStated(value, joined) && !isDerived(value, quantities, joined));
  if (unstated.length === 0) return false;
  const sentence = closestSentence(claimTerms(core), evidence);
  if (sentence === undefined) return false;
  const near = extractQuantities(sentence);
  return unstated.some((value) => near.some((other) => other.dimension === value.dimension));
}

/** The evidence sentences sharing most of the claim's content terms, best first (none shared: in passage order). */
export function closestSentences(claim: string, evidence: readonly string[], limit: number): string[] {
  const terms = claimTerms(claimCore(claim));
  return evidence
    .flatMap(evidenceSentences)
    .map((sentence) => ({
      sentence,
      share: weightedShare(terms, new Set(checkTerms(sentence)), termWeight, 'narrower'),
    }))
    .sort((a, b) => b.share - a.share)
    .slice(0, limit)
    .map((entry) => entry.sentence);
}

/**
 * A hedge on a value's range ("somewhere between 0.1 and 1.0 MPa", "anywhere from 2 to 5
 * hours"): it states the range, not a place.
 */
const RANGE_HEDGE = /\b(?:somewhere|anywhere)\s+(?=(?:between|from|around|near)\b)/gi;

/** Content terms of a claim, without the words of its quantities (checked as facts instead). */
export function claimTerms(core: string): string[] {
  let text = core.replace(RANGE_HEDGE, ' ');
  for (const quantity of extractQuantities(core)) {
    if (quantity.dimension !== 'identifier') text = text.replace(quantity.raw, ' ');
  }
  return keyTerms(text);
}

/**
 * Codes and part numbers of the claim that no evidence unit states together with the rest of
 * the claim: "E4: water did not fill" when E4 and that meaning sit in two rows of a table. A
 * unit that states the code with every value the claim gives binds them, whatever words the
 * claim puts around the code: "40 bike racks on the basement parking level B2" is stated by
 * "There are 40 bike racks on B2" under a heading "Basement parking", where the claim's gloss
 * of what B2 is comes from.
 */
function strayIdentifiers(core: string, terms: string[], evidence: readonly string[]): string[] {
  const quantities = extractQuantities(core);
  const identifiers = quantities.filter((quantity) => quantity.dimension === 'identifier' && quantity.unit !== 'model');
  if (identifiers.length === 0 || terms.length <= 1) return [];
  const values = quantities.filter((quantity) => quantity.dimension !== 'identifier');
  const units = evidence.flatMap(evidenceSentences).map((text) => ({ text, quantities: extractQuantities(text) }));
  return identifiers
    .filter((identifier) => {
      const key = identifier.key ?? '';
      const holding = units.filter((unit) => unit.quantities.some((quantity) => quantity.key === key));
      if (holding.length === 0) return false;
      if (values.length > 0 && holding.some((unit) => values.every((value) => quantityStated(value, unit.quantities))))
        return false;
      // The words around the code in the claim, not the whole claim: "…cabinet on P1 is free of
      // charge" binds P1 to the cabinet, whatever else the sentence joins to it.
      const near = claimTerms(wordsAround(core, identifier.start, identifier.end, IDENTIFIER_WINDOW));
      const local = near.length >= 2 ? near : terms;
      const bar = near.length >= 2 ? VALUE_BINDING_THRESHOLD : SUPPORT_THRESHOLD;
      return !holding.some(
        (unit) => weightedShare(local, new Set(checkTerms(unit.text)), termWeight, 'narrower') >= bar,
      );
    })
    .map((identifier) => `${identifier.raw} is stated with something else in the cited passage`);
}

/** An evidence sentence and the quantities it states, read once per judgement. */
interface EvidenceUnit {
  text: string;
  quantities: Quantity[];
  /** Terms of the heading its passage sits under: what its sentences are about. */
  context: readonly string[];
  /**
   * For a sentence that points back ("We spent three nights there"), the terms of its paragraph's
   * earlier sentences; for one another announces ("the following loss:"), that one's terms.
   */
  earlier: readonly string[];
}

function evidenceUnits(evidence: readonly string[]): EvidenceUnit[] {
  return evidence.flatMap((text) => {
    const context = headingLines(text).flatMap(checkTerms);
    // What each sentence's paragraph says before it (a list item's lead-in is joined to it already).
    const before = new Map<string, string[]>();
    for (const paragraph of text.split(/\n\s*\n/)) {
      const sentences = evidenceSentences(paragraph);
      sentences.forEach((sentence, index) => before.set(sentence, sentences.slice(0, index).flatMap(checkTerms)));
    }
    const sentences = evidenceSentences(text);
    return sentences.map((sentence, index) => {
      const previous = sentences[index - 1];
      // What a sentence announces ("I achieved the following training loss last epoch." before
      // "Epoch 19 | train = 1.6961 | val = 1.8143") is about what that sentence names, over a
      // paragraph break too.
      const announced = previous !== undefined && ANNOUNCES.test(previous) ? checkTerms(previous) : [];
      const back = ANAPHOR.test(sentence) ? (before.get(sentence) ?? []) : [];
      return {
        text: sentence,
        quantities: extractQuantities(sentence),
        context,
        earlier: [...back, ...announced],
      };
    });
  });
}

/** A sentence that announces the next one: "the following …", "… as follows", or ending in a colon. */
const ANNOUNCES = /\b(?:the following|as follows)\b|:\s*$/i;

/**
 * The short lines after the title of an evidence text (passageEvidence), without a sentence's
 * end: its heading. The title names the whole document, not the subject of one of its values.
 */
function headingLines(text: string): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/).slice(1)) {
    const line = paragraph.trim();
    if (line === '' || /[.!?:;]$/.test(line) || line.split(/\s+/).length > 10 || line.includes('\n')) break;
    lines.push(line.replace(/^#+\s*/, ''));
  }
  return lines;
}

/**
 * Values the claim gives an identifier that the evidence gives it only in another row: no
 * sentence states the code with the value, and a sentence stating the code states another value
 * of the same kind ("1.6.7 came out on 28 April 2024" where the history says "1.6.7 was released
 * on 27 April 2024" and 28 April is 1.6.8's date; "the DW-480 costs £449" where £449 is the
 * DW-600's price). Only a clause naming one identifier is read so: "1.6.8 came out a day after
 * 1.6.7" binds no value to either alone.
 */
function valuesOfAnotherRow(core: string, units: readonly EvidenceUnit[]): string[] {
  const found: string[] = [];
  for (const clause of splitClauses(core)) {
    const quantities = extractQuantities(clause);
    const identifiers = quantities.filter((quantity) => quantity.dimension === 'identifier');
    if (identifiers.length !== 1) continue;
    const key = identifiers[0]!.key;
    const naming = units
      .map((unit) => unit.quantities)
      .filter((stated) => stated.some((quantity) => quantity.key === key));
    for (const value of quantities.filter((quantity) => quantity.dimension !== 'identifier')) {
      if (naming.some((stated) => quantityStated(value, stated))) continue;
      const other = naming
        .flat()
        .find((quantity) => quantity.dimension === value.dimension && quantity.unit === value.unit);
      if (other) found.push(`the passage gives ${identifiers[0]!.raw} ${other.raw}, not ${value.raw}`);
    }
  }
  return found;
}

/** A line of a list of options: a short label, a colon, what it does ("Slow keys: Set how long …"). */
const LABELLED_LINE = /^([^:.;]{1,40}?):\s+(\S.*)$/s;

/**
 * How much more of the claim another option's line must hold than the line of the option the
 * claim names, for the claim to be read as that other option's description.
 */
export const OTHER_LABEL_MARGIN = 0.2;

/**
 * A claim that names one option of a list ("Slow keys: …", "Medium: …") but describes another
 * one: the description the claim gives is in another option's line ("Slow keys sets how long
 * the phone waits before accepting a second press" where that is the Bounce keys line). Read only
 * when the evidence has two or more such lines and the claim names exactly one of their labels,
 * as written.
 */
function anotherLabelsLine(core: string, evidence: readonly string[]): string[] {
  const lines = evidence
    .flatMap((text) => text.split('\n'))
    .map((line) => LABELLED_LINE.exec(line.trim()))
    .filter((match): match is RegExpExecArray => match !== null && match[1]!.trim().split(/\s+/).length <= 5)
    .map((match) => ({ label: match[1]!.trim(), text: match[2]!, terms: new Set(checkTerms(match[2]!)) }));
  if (lines.length < 2) return [];
  const named = lines.filter((line) => namesLabel(core, line.label));
  if (named.length !== 1) return [];
  const own = named[0]!;
  const labelTerms = new Set(checkTerms(own.label));
  const terms = claimTerms(core).filter((term) => !labelTerms.has(term));
  if (terms.length < 3) return [];
  const share = (line: { terms: Set<string> }) => weightedShare(terms, line.terms, termWeight, 'narrower');
  const ownShare = share(own);
  const claimed = new Set(words(core));
  const other = lines
    // Not an option the claim also names ("media playback volume" for "Media volume", an item
    // under "Optimize settings"), nor one whose line names the claim's ("Mix-and-Match: … Mongo,
    // Postgres, SQLite" for a claim about Postgres).
    .filter((line) => line !== own && !words(line.label).every((word) => claimed.has(word)))
    .filter((line) => !namesLabel(line.text, own.label))
    .map((line) => ({ line, share: share(line) }))
    .sort((a, b) => b.share - a.share)[0];
  if (!other || other.share < VALUE_BINDING_THRESHOLD || other.share - ownShare < OTHER_LABEL_MARGIN) return [];
  return [`the passage says this of "${other.line.label}", not of "${own.label}"`];
}

/** The words of `text` of three letters or more, in lower case. */
function words(text: string): string[] {
  return text.toLowerCase().match(/\p{L}{3,}/gu) ?? [];
}

/** A name (a capitalised word, not a code) and the common noun it qualifies: "Google account", "Calendar app". */
const NAMED_NOUN = /(?<![\p{L}\p{N}])(\p{Lu}\p{Ll}+)\s+(\p{Ll}{3,})(?![\p{L}\p{N}])/gu;

/** Lower-case words that follow a name without being the thing it names ("Google has", "Chroma because"). */
const NOT_QUALIFIED =
  /^(?:and|are|because|but|can|could|does|for|from|had|has|have|into|its|may|must|not|now|off|onto|or|over|says|should|than|that|the|then|this|too|under|was|were|when|where|which|while|who|will|with|would|also|only|just|first|again)$/;

/**
 * A name put on the wrong thing: the claim's "Google account" where the passage speaks only of
 * "a Samsung account" (and of Google elsewhere). The claim's name and noun are each in the
 * passage, never together, and the passage puts another name on that noun.
 */
function swappedNames(core: string, evidence: readonly string[]): string[] {
  const text = evidence.join('\n');
  const found: string[] = [];
  for (const match of core.matchAll(NAMED_NOUN)) {
    const [, name, noun] = match as unknown as [string, string, string];
    if (NOT_QUALIFIED.test(noun) || !startsName(core, match.index)) continue;
    const before = String.raw`(?<![\p{L}\p{N}])`;
    if (new RegExp(`${before}${escapeRegExp(name)}\\s+${noun}`, 'iu').test(text)) continue;
    // The passage puts the claim's name on something else ("Google location service").
    const elsewhere = [...text.matchAll(new RegExp(`${before}${escapeRegExp(name)}\\s+(\\p{Ll}{3,})`, 'gu'))];
    if (!elsewhere.some((other) => other[1] !== noun && !NOT_QUALIFIED.test(other[1]!))) continue;
    const other = [...text.matchAll(new RegExp(`${before}(\\p{Lu}\\p{Ll}+)\\s+${noun}(?![\\p{L}\\p{N}])`, 'gu'))].find(
      (candidate) => candidate[1] !== name && startsName(text, candidate.index) && !DETERMINER.test(candidate[1]!),
    );
    if (other) found.push(`the passage speaks of ${other[1]} ${noun}, not ${name} ${noun}`);
  }
  return found;
}

/**
 * A name: capitalised words in a row ("Maria Lopez", "Tom Becker"), or one word written in
 * capitals, three letters or more ("DRAGON", "BLING"). A leading determiner is no part of it ("The
 * Emperor" is one capitalised word).
 */
const PROPER_NAME = /(?<![\p{L}\p{N}])(?:\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)+|\p{Lu}{3,})(?![\p{L}\p{N}])/gu;

function namesIn(text: string): string[] {
  return [...text.matchAll(PROPER_NAME)]
    .map((match) => match[0].split(/\s+/).filter((word, index) => index > 0 || !DETERMINER.test(word)))
    .filter((name) => name.length > 1 || /^\p{Lu}{3,}$/u.test(name[0] ?? ''))
    .map((name) => name.join(' '));
}

/**
 * The answer put on another name: the sentence of the passage that states everything else the
 * claim says gives it of another name, and the claim's name is in the passage only elsewhere
 * ("Tom Becker chairs the safety committee and signs off every evacuation drill" where the
 * passage says so of Maria Lopez and names Tom Becker as the committee's secretary; a model
 * family's line given another family's name). The other name is of the same form as the claim's:
 * words in capitals for words in capitals ("NOTE" is a label, not a name).
 */
function anotherNamed(core: string, evidence: readonly string[]): string[] {
  const named = namesIn(core);
  if (named.length === 0) return [];
  const terms = termsBesides(core, named);
  if (terms.length < 3) return [];
  const sentence = closestSentence(terms, evidence);
  if (sentence === undefined) return [];
  if (weightedShare(terms, new Set(checkTerms(sentence)), termWeight, 'narrower') < SUPPORT_THRESHOLD) return [];
  const moved = nameMoved(core, sentence, evidence);
  return moved ? [moved] : [];
}

/**
 * Where `sentence` is the one that states what the claim says, and the claim names a name the
 * passage gives only elsewhere while `sentence` names another of the same form: why the claim
 * has the wrong name in the slot ("the passage says this of BLING, not of DRAGON"). Undefined
 * otherwise. The sentence may be the closest by words (`anotherNamed`) or by meaning (the
 * check stage's confirmation of a paraphrase, which must not confirm a name the sentence does
 * not give).
 */
export function nameMoved(core: string, sentence: string, evidence: readonly string[]): string | undefined {
  const named = namesIn(core);
  const passage = evidence.join('\n');
  const moved = named.find((name) => !namesLabel(sentence, name) && namesLabel(passage, name));
  if (moved === undefined) return undefined;
  const claimed = new Set(words(core));
  const capitals = (name: string) => /^\p{Lu}+$/u.test(name);
  const sameForm = (name: string) => capitals(name) === capitals(moved);
  // A label is a name of its own, whatever common words it shares with the claim ("Ambient Light
  // Detection" against "adjusts … to the ambient light level"): only the claim's names rule it out.
  const claimedNames = new Set(named.flatMap(words));
  const labelName = (text: string) =>
    text
      .split(/\n/)
      .flatMap(namesIn)
      .find((name) => sameForm(name) && !words(name).some((word) => claimedNames.has(word)));
  const other =
    namesIn(sentence).find((name) => sameForm(name) && !words(name).some((word) => claimed.has(word))) ??
    labelName(labelOf(sentence, passage)) ??
    labelName(sentence);
  return other ? `the passage says this of ${other}, not of ${moved}` : undefined;
}

/** Longest label a sentence may follow: a setting or term a manual describes on the line before. */
const LABEL_LENGTH = 60;

/**
 * The label a sentence describes when it follows one without a full stop between them, as a
 * manual lays out its settings ("Ambient Light Detection / Try Now / Automatically adjusts the
 * brightness…"): the text just before the sentence since the previous sentence ended, when short.
 */
function labelOf(sentence: string, passage: string): string {
  const at = passage.indexOf(sentence.slice(0, 40));
  if (at <= 0) return '';
  const before = passage.slice(Math.max(0, at - LABEL_LENGTH), at);
  const start = Math.max(
    before.lastIndexOf('.'),
    before.lastIndexOf('!'),
    before.lastIndexOf('?'),
    before.lastIndexOf(':'),
  );
  return start < 0 && at > LABEL_LENGTH ? '' : before.slice(start + 1);
}

/** Where a sentence turns from one thing to another: "…for inference while the RTX 3080…", "…route, but we walked…". */
const CONTRAST = /\s*(?:[,;]\s*(?:while|whereas|but|and yet)\b|;|\s(?:while|whereas)\b)\s*/giu;
/**
 * How much more of the claim's other words (weighted) the other name's clause must hold than its
 * own name's, as a share of what the two clauses hold of them together.
 */
const CLAUSE_MARGIN = 0.2;

/**
 * The names and codes of a text, as written: "Camino Norte", "DRAGON", "RTX 3080", "RTX 4070 Ti"
 * (a code with the capitalised words after it).
 */
function entitiesIn(text: string): string[] {
  const codes = extractIdentifiers(text).map(
    (found) => `${found.raw}${/^(?:\s+\p{Lu}[\p{L}\d]*)*/u.exec(text.slice(found.end))?.[0] ?? ''}`,
  );
  return [...namesIn(text), ...codes];
}

/**
 * The claim's name put in the wrong clause of a sentence that contrasts two ("the RTX 4070 Ti is
 * most cost-effective for inference while the RTX 3080 remains most cost-effective for training";
 * "the Camino Francés is the most popular route, but we walked a small portion of the Camino
 * Norte"): in the sentence naming the claim's name that holds most of the claim's other words,
 * the clause holding most of them names another name or code of the same form and not the
 * claim's, which the sentence gives to a clause that says clearly less of it (`CLAUSE_MARGIN`). A
 * claim that says of the 4070 Ti what the sentence says of the 3080 has the wrong card in the slot.
 * Names joined by "and" share what the sentence says; only a contrast (`CONTRAST`) parts them.
 */
function anotherClauseNamed(core: string, evidence: readonly string[]): string[] {
  const named = entitiesIn(core);
  if (named.length === 0) return [];
  const terms = termsBesides(core, named);
  if (terms.length < 2) return [];
  const claimed = new Set(named.map((name) => name.toLowerCase()));
  const weight = (held: ReadonlySet<string>) =>
    terms.reduce((sum, term) => sum + (hasTerm(held, term, 'narrower') ? termWeight(term) : 0), 0);
  // The sentence that speaks of the claim's names and holds most of its other words.
  const naming = evidence.flatMap(evidenceSentences).filter((text) => named.some((name) => namesLabel(text, name)));
  const sentence = closestSentence(terms, naming);
  const clauses = sentence?.split(CONTRAST).filter((clause) => /\p{L}/u.test(clause)) ?? [];
  if (clauses.length < 2) return [];
  const scored = clauses.map((clause) => ({ clause, held: new Set(checkTerms(clause)), names: entitiesIn(clause) }));
  const best = scored.reduce((top, item) => (weight(item.held) > weight(top.held) ? item : top));
  const form = (text: string) => (/^\p{Lu}+$/u.test(text) ? 'capitals' : /\d/.test(text) ? 'code' : 'words');
  for (const name of named) {
    const home = scored.find((item) => item !== best && namesLabel(item.clause, name));
    if (!home || namesLabel(best.clause, name)) continue;
    // What the two clauses say of the claim between them, and how much more of it the other name's says.
    const either = weight(new Set([...best.held, ...home.held]));
    if (either === 0 || (weight(best.held) - weight(home.held)) / either < CLAUSE_MARGIN) continue;
    const other = best.names.find(
      (candidate) => !claimed.has(candidate.toLowerCase()) && form(candidate) === form(name),
    );
    if (other) return [`the passage says this of ${other}, not of ${name}`];
  }
  return [];
}

/** The claim's content terms besides the words of its names: what it says of them. */
function termsBesides(core: string, names: readonly string[]): string[] {
  const own = new Set(names.flatMap((name) => checkTerms(name)));
  return claimTerms(core).filter((term) => !own.has(term));
}

/** Words before a noun that are not names. */
const DETERMINER = /^(?:A|An|The|This|That|These|Those|Your|Its|Their|Our|My|Each|Every|Any|No|Some)$/;

/**
 * True when the capitalised word at `index` starts a name of its own: not the first word of a
 * sentence or line ("They fire …"), and not the tail of a longer name ("Bullet Kin", "Secure Family").
 */
function startsName(text: string, index: number): boolean {
  const before = text.slice(0, index);
  if (/(?:^|[.!?:;>\n]\s*)$/.test(before)) return false;
  const previous = /(\p{Lu}[\p{L}\p{N}]*)\s+$/u.exec(before)?.[1];
  return previous === undefined || DETERMINER.test(previous);
}

/** True when `text` names `label` as written, as whole words. */
function namesLabel(text: string, label: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(label)}(?![\\p{L}\\p{N}])`, 'u').test(text);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Words that place a claim's value before a change ("used to be 4", "was 4 before 1.6.4", "no longer $0.35"). */
const BEFORE_CHANGE =
  /\b(?:from|before|previously|used to|originally|formerly|earlier|prior|old|was once|no longer|instead of|replac\w*)\b/i;

/**
 * Values of the claim that the evidence states only as what something changed from: "increased
 * the reward from 4 to 5" does not say the reward is 4 (changelogs, errata, price changes), nor
 * does "is no longer $0.35 per kWh" or "changed from Tuesday at 10:00 to Wednesday at 07:30" say
 * it is $0.35 or 10:00 (`isRetired`). A claim that itself speaks of the earlier value ("it used to
 * be 4") is not read so.
 */
function oldValues(core: string, units: readonly EvidenceUnit[]): string[] {
  if (BEFORE_CHANGE.test(core)) return [];
  const changes: { from: number; to: number; quantity: Quantity }[] = [];
  const retired: Quantity[] = [];
  const others: Quantity[] = [];
  for (const unit of units) {
    for (const quantity of unit.quantities) {
      const [from, to] = rawNumbers(quantity);
      const isChange =
        quantity.max !== undefined &&
        /\sto\s/i.test(quantity.raw) &&
        /\bfrom\s+$/i.test(unit.text.slice(0, quantity.start));
      if (isChange && from !== undefined && to !== undefined) changes.push({ from, to, quantity });
      else if (quantity.dimension !== 'count' && isRetired(unit.text, quantity)) retired.push(quantity);
      else others.push(quantity);
    }
  }
  if (changes.length === 0 && retired.length === 0) return [];
  const found: string[] = [];
  for (const value of extractQuantities(core)) {
    if (value.dimension === 'identifier' || value.max !== undefined || quantityStated(value, others)) continue;
    const [number] = rawNumbers(value);
    const change = changes.find(
      (item) => item.quantity.dimension === value.dimension && item.from === number && item.to !== number,
    );
    if (change) found.push(`the passage says it changed from ${change.quantity.raw}, not that it is ${value.raw}`);
    else if (retired.some((old) => sameQuantity(old, value)))
      found.push(`the passage says ${value.raw} no longer holds (it gives it as the earlier value)`);
  }
  return found;
}

/** Words on each side of a code that tell what the code is about. */
const IDENTIFIER_WINDOW = 6;

/** The text of up to `count` words on each side of `start`–`end` in `text`, within its clause. */
function wordsAround(text: string, start: number, end: number, count: number): string {
  const before =
    text
      .slice(0, start)
      .split(/[;:]|,\s*(?=\w+\s+\w)/)
      .pop() ?? '';
  const after = text.slice(end).split(/[;:]/)[0] ?? '';
  const left = before.split(/\s+/).filter(Boolean).slice(-count);
  const right = after.split(/\s+/).filter(Boolean).slice(0, count);
  return [...left, ...right].join(' ');
}

/**
 * Least weighted share of a claim clause's terms that an evidence unit stating one of its values
 * must contain for the value to be about the same thing: "Drum Clean heats to 90 °C" is not
 * stated by a passage whose 90 °C belongs to the Cotton programme.
 */
export const VALUE_BINDING_THRESHOLD = 0.5;

/**
 * The claim without a bare value leading it before a colon ("Roughly 1.73x: the A100 has 1,555
 * GB/s against the V100's 900 GB/s"): that value answers the question, and what follows the colon
 * is its explanation, not the subject it is bound to. The passage must still state it (a fact).
 */
function withoutValueLead(core: string): string {
  const lead = /^([^:]{1,40}):\s+(?=\S)/.exec(core);
  if (!lead || claimTerms(lead[1] ?? '').length > 0 || extractQuantities(lead[1] ?? '').length === 0) return core;
  return core.slice(lead[0].length);
}

/** Values of the claim that the cited passage states only about something else. */
function strayValues(core: string, evidence: readonly EvidenceUnit[], texts: readonly string[] = []): string[] {
  // A sentence under a heading is about the heading's subject ("Wireless PowerShare" over
  // "Requires minimum 30% battery to share"); one that points back ("We spent three nights
  // there") is about what its paragraph named before it too.
  const units = evidence.map(withTerms);
  const scopes = headingScopes(texts);
  const stray: string[] = [];
  for (const clause of splitClauses(withoutValueLead(core))) {
    const terms = claimTerms(clause);
    if (terms.length < 2) continue;
    for (const value of extractQuantities(clause).filter((quantity) => quantity.dimension !== 'identifier')) {
      const holding = units.filter((unit) => quantityStated(value, unit.quantities));
      const binds = (unitTerms: ReadonlySet<string>) =>
        weightedShare(terms, unitTerms, termWeight, 'narrower') >= VALUE_BINDING_THRESHOLD;
      if (
        holding.length > 0 &&
        !holding.some((unit) => binds(unit.terms)) &&
        !scopes.some(
          (scope) =>
            quantityStated(value, scope.quantities) &&
            scope.sentences.some((sentence) => binds(new Set([...checkTerms(sentence), ...scope.terms]))),
        )
      )
        stray.push(`${value.raw} is stated about something else in the cited passage`);
    }
  }
  return stray;
}

/**
 * A value the passage states, but of something else, where the sentence that says what the claim
 * says gives another value of the same kind: "The morning ferry to the island takes 55 minutes in
 * calm weather" where the passage has "The morning ferry to the island takes 40 minutes in calm
 * weather" and 55 minutes only for a crossing that stops at the fort (a neighbouring row or
 * threshold of a manual: "at least 100 MB" for one function, 500 MB for two at once). The other
 * sentence must state the claim's words (`SUPPORT_THRESHOLD`) and hold clearly more of them than
 * any sentence stating the claim's value (`OTHER_LABEL_MARGIN`); a clause giving two values of one
 * kind ("100 MB, or 500 MB with Timeshift") is not read so.
 */
function valueOfAnotherSentence(core: string, evidence: readonly EvidenceUnit[]): string[] {
  const units = evidence.map(withTerms);
  const found: string[] = [];
  for (const clause of splitClauses(withoutValueLead(core))) {
    const terms = claimTerms(clause);
    if (terms.length < 3) continue;
    const values = extractQuantities(clause).filter((quantity) => quantity.dimension !== 'identifier');
    const share = (held: ReadonlySet<string>) => weightedShare(terms, held, termWeight, 'narrower');
    for (const value of values) {
      if (values.filter((other) => other.dimension === value.dimension).length > 1) continue;
      const holding = units.filter((unit) => quantityStated(value, unit.quantities));
      if (holding.length === 0) continue;
      // A sentence stating the claim's value may borrow what its paragraph named before it ("there
      // is an additional $0.12 per kWh"); the other sentence must say the claim's words itself.
      const held = Math.max(...holding.map((unit) => share(unit.terms)));
      const rival = units
        .filter((unit) => !holding.includes(unit))
        .filter((unit) => {
          const own = share(unit.own);
          return own >= SUPPORT_THRESHOLD && own - held >= OTHER_LABEL_MARGIN;
        })
        .flatMap((unit) => unit.quantities)
        .find(
          (other) => other.dimension === value.dimension && other.unit === value.unit && !quantityStated(other, values),
        );
      if (rival) found.push(`the passage gives ${rival.raw} for this; ${value.raw} is stated about something else`);
    }
  }
  return found;
}

/**
 * An evidence sentence's values with the terms it is about: its own, its heading's, and those its
 * paragraph named before it when it points back (`terms`), or without those (`own`).
 */
function withTerms(unit: EvidenceUnit): { quantities: Quantity[]; terms: Set<string>; own: Set<string> } {
  const own = new Set([...checkTerms(unit.text), ...unit.context]);
  return { quantities: unit.quantities, terms: new Set([...own, ...unit.earlier]), own };
}

/** A word that points back to what the sentence before named ("there", "it", "they", "this"). */
const ANAPHOR = /\b(?:there|it|its|they|them|their|this|these|those|he|she|his|her)\b/i;

/**
 * A line that heads what follows it: short, with no sentence end, not a list item, not a row of
 * cells (tabs or pipes: "8%\t8%\t12%\t16%" is a table's values, not a heading) and not a
 * "Label: value" line.
 */
function isHeadingLine(line: string): boolean {
  const trimmed = line.trim().replace(/^#{1,6}\s+/, '');
  return (
    trimmed !== '' &&
    trimmed.split(/\s+/).length <= 8 &&
    !/[.!?:;,]$/.test(trimmed) &&
    !/^(?:[-*+•|]|\d{1,2}[.)]\s)/.test(trimmed) &&
    !/\t|\|/.test(trimmed) &&
    !/:\s+\S/.test(trimmed)
  );
}

/** A heading line's values, words, and the sentences it heads. */
interface HeadingScope {
  quantities: Quantity[];
  terms: readonly string[];
  sentences: string[];
}

/**
 * Each heading line of the evidence with the sentences it heads. A title block at the top of a
 * passage (a paragraph of at most three heading lines: "General Election 2022 Manicfesto") heads
 * all of it. In the middle of a passage a heading line with a value ("1.6" before the notes of
 * version 1.6) is one followed by body text, not by another short line (a table laid out one
 * cell per line: "PNG / 4096 x 4096 / *.bmp / BMP / 4096 x 4096"); it heads the lines up to the
 * next heading with a value of the same kind ("1.5"), subheadings without one ("New content")
 * included.
 */
function headingScopes(texts: readonly string[]): HeadingScope[] {
  const scopes: HeadingScope[] = [];
  const scope = (line: string, headed: string[]) => {
    const quantities = extractQuantities(line);
    if (quantities.length > 0)
      scopes.push({ quantities, terms: checkTerms(line), sentences: evidenceSentences(headed.join('\n')) });
  };
  for (const text of texts) {
    const paragraphs = text.split(/\n\s*\n/).map((paragraph) => paragraph.split('\n').filter((line) => line.trim()));
    let first = 0;
    while (first < paragraphs.length && paragraphs[first]!.length <= 3 && paragraphs[first]!.every(isHeadingLine))
      first++;
    const body = paragraphs.slice(first).flat();
    for (const line of paragraphs.slice(0, first).flat()) scope(line, body);
    body.forEach((line, index) => {
      const next = body[index + 1];
      if (!isHeadingLine(line) || next === undefined || isHeadingLine(next)) return;
      const dimensions = new Set(extractQuantities(line).map((quantity) => quantity.dimension));
      const rest = body.slice(index + 1);
      const end = rest.findIndex(
        (other) => isHeadingLine(other) && extractQuantities(other).some((value) => dimensions.has(value.dimension)),
      );
      scope(line, end < 0 ? rest : rest.slice(0, end));
    });
  }
  return scopes;
}

/**
 * The evidence sentence sharing the largest weighted share of `terms`; a sentence that also
 * states the claim's values wins ties ("covered for 2 years" over "covered for 5 years").
 */
function closestSentence(
  terms: string[],
  evidence: readonly string[],
  values: readonly Quantity[] = [],
): string | undefined {
  return closestSentencesTied(terms, evidence, values)[0];
}

/** The share of `terms` a sentence holds, plus 0.5 when it states every one of `values`. */
function closeness(terms: string[], sentence: string, values: readonly Quantity[]): { share: number; score: number } {
  const share = weightedShare(terms, new Set(checkTerms(sentence)), termWeight, 'narrower');
  const stated = extractQuantities(sentence);
  const states = values.length > 0 && values.every((value) => quantityStated(value, stated));
  return { share, score: share + (states ? 0.5 : 0) };
}

/** The evidence sentences closest as `closestSentence` measures it, all of them where several tie, in order. */
function closestSentencesTied(
  terms: string[],
  evidence: readonly string[],
  values: readonly Quantity[] = [],
): string[] {
  const scored = evidence
    .flatMap(evidenceSentences)
    .map((sentence) => ({ sentence, ...closeness(terms, sentence, values) }));
  const best = Math.max(...scored.map((item) => item.score));
  return scored.filter((item) => item.share > 0 && Math.abs(item.score - best) < 1e-9).map((item) => item.sentence);
}

/**
 * Why the claim's polarity differs from the evidence, if it does: each clause of the claim is
 * compared with the evidence clause closest to it, so "rinses with cold water and does not use
 * detergent" matches a passage saying both, clause by clause.
 */
function polarityMismatch(clauses: readonly ClauseSentences[]): string | undefined {
  const [clause] = contradicted(clauses);
  if (clause === undefined) return undefined;
  return isNegated(clause) ? 'the passage states it without the negation' : 'the passage states the opposite';
}

/** The clauses of a claim (the whole claim where it has one) whose polarity differs from the evidence sentence closest to each. */
export function contradictedClauses(core: string, evidence: readonly string[]): string[] {
  return contradicted(clauseSentences(core, evidence));
}

/** The clauses of `clauses` whose polarity differs from every sentence they rest on. */
function contradicted(clauses: readonly ClauseSentences[]): string[] {
  return clauses
    .filter(({ clause, terms, sentences }) =>
      sentences.every((sentence) =>
        closestClauses(terms, sentence).every((candidate) => polarityDiffers(clause, candidate)),
      ),
    )
    .map(({ clause }) => clause);
}

/**
 * Why a clause of the claim says the opposite of its closest evidence sentence by a word of a
 * pair ("front" where the sentence says "rear": `oppositeWord`), if one does.
 */
function oppositeWords(clauses: readonly ClauseSentences[]): string[] {
  for (const { clause, sentences } of clauses) {
    const reasons = sentences.map((sentence) => oppositeWord(clause, sentence));
    if (reasons.every((reason) => reason !== undefined)) return [reasons[0]!];
  }
  return [];
}

/** A clause of a claim, its terms, and the evidence sentences it is compared with. */
interface ClauseSentences {
  clause: string;
  terms: string[];
  sentences: string[];
}

/**
 * Each clause of the claim (the whole claim where it has one) with the evidence sentences closest
 * to it, where they hold most of its words (`POLARITY_SHARE`): the sentences whose polarity and
 * wording it is compared with.
 */
function clauseSentences(core: string, evidence: readonly string[]): ClauseSentences[] {
  // A colon joins two statements too: "NVLink is useful: it gives a clear benefit over PCIe".
  // A reason or a consequence the claim adds (", so your network setup survives", "because the
  // sliders are bound") is the writer's inference, often put in the opposite words ("excluding
  // the network settings" → "survives"): the statement it follows is what holds the polarity.
  const pieces = verbClauses(core, true).flatMap((clause) => clause.split(/:\s+(?=\S)/));
  // A question in the passage ("What is NVLink, and is it useful?", an FAQ's heading) states
  // nothing either way: the polarity is the answer's below it.
  const statements = evidence.flatMap(evidenceSentences).filter((sentence) => !isQuestion(sentence));
  const found: ClauseSentences[] = [];
  for (const clause of (pieces.length > 1 ? pieces : [core]).map(statementBefore)) {
    const terms = claimTerms(clause);
    if (terms.length === 0) continue;
    const values = extractQuantities(clause).filter((quantity) => quantity.dimension !== 'identifier');
    const tied = closestSentencesTied(terms, statements, values);
    // A sentence that shares only part of the clause ("batteries must not be charged in the cage"
    // for "charging batteries in the cabinet is free") says nothing about its polarity.
    if (
      tied.length === 0 ||
      weightedShare(terms, new Set(checkTerms(tied[0]!)), termWeight, 'narrower') < POLARITY_SHARE
    )
      continue;
    // Sentences as close as each other ("This is not available on the S10e." and "This is only
    // available on the S10e.", each under its own setting) are told apart by the line before
    // each, read with the whole claim ("Fingerprint always on: …"); the claim rests on one of
    // those left, so it is compared with each.
    found.push({ clause, terms, sentences: withLineBefore(claimTerms(core), tied, evidence) });
  }
  return found;
}

/**
 * Of `sentences` (tied in closeness), those that, read with the sentence before them in their
 * evidence text, hold the largest share of `terms`.
 */
function withLineBefore(terms: string[], sentences: readonly string[], evidence: readonly string[]): string[] {
  if (sentences.length < 2) return [...sentences];
  const before = new Map<string, string>();
  for (const text of evidence) {
    const all = evidenceSentences(text);
    all.forEach((sentence, index) => {
      if (index > 0 && !before.has(sentence)) before.set(sentence, all[index - 1]!);
    });
  }
  const shares = sentences.map((sentence) =>
    weightedShare(terms, new Set(checkTerms(`${before.get(sentence) ?? ''} ${sentence}`)), termWeight, 'narrower'),
  );
  const best = Math.max(...shares);
  return sentences.filter((_, index) => Math.abs(shares[index]! - best) < 1e-9);
}

/** Where a claim goes on to a reason or a consequence: ", so", ", because", " because". */
const INFERENCE = /,\s*(?:so|because|since)\s+(?=[\w'’]+\s+\w)|\s+because\s+(?=[\w'’]+\s+\w)/i;

/**
 * The statement a reason or a consequence follows, where it is a clause of its own (it has a
 * verb: "A plain list of sliders works fine", or words enough for a subject and a verb
 * `VERB_LIKE` does not know: "this TV supports HDMI Ethernet Channel"); else the whole piece
 * ("network settings, so your setup survives" is the tail of a list, no statement by itself).
 */
function statementBefore(piece: string): string {
  const head = piece.split(INFERENCE)[0] ?? piece;
  const clause = VERB_LIKE.test(head) || head.trim().split(/\s+/).length >= STATEMENT_WORDS;
  return head !== piece && clause ? head : piece;
}

/** Words from which a piece before ", so" is taken for a statement even without a verb `VERB_LIKE` knows. */
const STATEMENT_WORDS = 4;

/** Least weighted share of a claim clause's terms its closest evidence sentence must hold for their polarities to be compared. */
export const POLARITY_SHARE = 0.7;

/** Where a sentence splits into clauses for polarity: semicolons, joins, and ", which". */
const CLAUSE_JOINS = /\s*(?:;|,\s*(?:and|but|or|while|which)\b|\s(?:and|but|while|whereas)\s(?=[\w'’]+\s+\w))\s*/i;

/**
 * "and" between two capitalised words joins two names, not two clauses: "hold Clock and Plus
 * together for twelve seconds" is one clause about both keys.
 */
const NAMES_JOINED = /(\p{Lu}[\p{L}\d'’+-]*)\s+and\s+(?=\p{Lu}(?!\s))/gu;

function splitClauses(sentence: string): string[] {
  return sentence
    .replace(NAMES_JOINED, '$1 & ')
    .split(CLAUSE_JOINS)
    .filter((clause) => clause.trim() !== '');
}

/**
 * `splitClauses`, a piece without a verb kept with the clause before it. With `onlyBare`, only a
 * piece joined by a bare "and" (no comma or semicolon before it) is kept so: a claim's ", and
 * that exemption also covers …" is a clause whose verb `VERB_LIKE` does not know.
 */
function verbClauses(sentence: string, onlyBare = false): string[] {
  const clauses: string[] = [];
  const pieces = sentence.replace(NAMES_JOINED, '$1 & ').split(CLAUSE_JOINS_KEPT);
  for (let index = 0; index < pieces.length; index += 2) {
    const clause = pieces[index] ?? '';
    if (clause.trim() === '') continue;
    const bare = !/[;,]/.test(pieces[index - 1] ?? '');
    // Without a verb it is not a clause but a phrase the join coordinated ("You can't use
    // Bluetooth devices and the Wi-Fi Speaker Surround Setup feature simultaneously"): it stays
    // with the clause before it, and under its negation.
    if (clauses.length > 0 && !VERB_LIKE.test(clause) && (bare || !onlyBare))
      clauses[clauses.length - 1] += ` and ${clause}`;
    else clauses.push(clause);
  }
  return clauses;
}

/** `CLAUSE_JOINS`, the joins kept in the split. */
const CLAUSE_JOINS_KEPT = new RegExp(`(${CLAUSE_JOINS.source})`, CLAUSE_JOINS.flags);

/** True when `text` has a word that makes a clause (`VERB_LIKE`). */
export function hasVerb(text: string): boolean {
  return VERB_LIKE.test(text);
}

/**
 * A word that makes a clause: an auxiliary or modal, a negated one, one contracted with a pronoun
 * ("it's", "they're"), or a past or -ing form.
 */
const VERB_LIKE =
  /\b(?:is|are|was|were|be|been|being|am|can|cannot|could|will|would|shall|should|may|might|must|do|does|did|has|have|had|need|needs|gets?|got|makes?|takes?|gives?|goes|keeps?|lets?|uses?|runs?|works?|turns?|stays?)\b|n['’]t\b|\b(?:i|it|he|she|that|there|they|we|you|what|who)['’](?:s|re|ll|ve|d|m)\b|\b\p{L}{3,}(?:ed|ing)\b/iu;

/**
 * The clauses of `sentence` that share most of `terms` (all of them when tied: "one drill is
 * announced in advance and one is unannounced" has two for "announced"): a negation elsewhere in
 * the sentence ("takes about 30 minutes and does not affect your warranty") does not flip the claim's part.
 */
function closestClauses(terms: string[], sentence: string): string[] {
  const clauses = verbClauses(sentence);
  if (clauses.length < 2) return [sentence];
  const shares = clauses.map((clause) => weightedShare(terms, new Set(checkTerms(clause)), termWeight, 'narrower'));
  const best = Math.max(...shares);
  return clauses.filter((_, index) => (shares[index] ?? 0) >= best - 1e-9);
}

/** The default `ClaimJudge`: `judgeLexically` behind the port. */
export const lexicalJudge: ClaimJudge = {
  id: 'lexical',
  async judge(claim: string, evidence: string[]): Promise<ClaimJudgement> {
    return judgeLexically(claim, evidence);
  },
};
