/**
 * The extractive generator: no model. For each part of the question it quotes the passage
 * sentence that best answers it, with its citation; says plainly which parts the passages do not
 * answer; states disagreements between sources and which one is authoritative; and abstains
 * when nothing answers. This is also the browser's answer path when there is no GPU.
 */
import { throwIfAborted } from '../errors.js';
import type { GenerateOptions, GenerateRequest, GenerateResult, Generator } from '../ports.js';
import type { QuestionPart, RetrievedPassage } from '../types.js';
import type { Meaning } from '../verify/meaning.js';
import { answerDimensions } from '../verify/expected-values.js';
import { namedUnits } from '../text/quantities.js';
import { detectInjection } from '../verify/injection.js';
import { authorityBetween } from '../verify/authority.js';
import { addressesPart } from '../verify/missing-evidence.js';
import { partClause } from '../verify/part-clause.js';
import { absentFocusSentences, isNearMiss } from './absent-focus.js';
import { evidenceUnits, type EvidenceUnit } from './evidence-units.js';
import { findDisagreement, type Disagreement } from './disagreement.js';
import { completion, leadIn, rankUnits, sameParagraph, type ScoredUnit } from './rank-units.js';
import { contentTerms } from '../text/terms.js';
import { questionSentence } from '../question/analyse-question.js';
import { describesOption, givesSteps, statesPurpose, stepsAsked } from '../question/steps.js';
import { canonicalTerm } from '../verify/term-weights.js';
import { askedKindTerms, givesNewName } from '../question/names.js';

/** A part is answered when its best unit covers at least this share of its terms. */
export const ANSWER_COVERAGE = 0.4;

/** The no-model `Generator`. */
export class ExtractiveGenerator implements Generator {
  readonly id = 'extractive';
  readonly quotesClosest = true;

  async generate(request: GenerateRequest, options?: GenerateOptions): Promise<GenerateResult> {
    throwIfAborted(options?.signal);
    const nearby = request.nearby ?? [];
    const passages = [...request.passages, ...nearby];
    const units = evidenceUnits(passages, injectedSpans());
    const belowFloor = new Set(nearby.map((item) => item.passage.cite));
    const sentences: string[] = [];
    const missing: QuestionPart[] = [];
    const used = new Set<string>();
    for (const part of request.parts) {
      // A code the library never names, beside others of its kind it does name: said plainly,
      // not answered with a neighbouring row.
      sentences.push(...absentFocusSentences(part));
      if (isNearMiss(part)) continue;
      const ranked = await byMeaning(rankUnits(units, part, passages), part, units, request.meaning, options);
      // Only a relevant passage answers; one below the floor is at most the closest it comes.
      const best = ranked.find((scored) => !belowFloor.has(scored.unit.item.passage.cite));
      if (!best || !accepted(best, part, units) || !best.typeMatches) {
        // A sentence that would answer but for what it is about is the closest the documents come.
        const aboutElse =
          best &&
          best.typeMatches &&
          clearsBars(best, part) &&
          (!holdsKeyTerm(best, part, units) || !holdsAskedYears(best, part));
        const closest = aboutElse ? best : ranked.find(isClose);
        if (closest) sentences.push(...closestOnly(part, closest, ranked, units));
        else missing.push(part);
        continue;
      }
      // A sentence already given as the answer to another part answers this one too; one only
      // quoted there as the closest the documents come may still answer this one.
      const key = `${best.unit.item.passage.cite}:${best.unit.start}`;
      if (used.has(key)) continue;
      const disagreement = findDisagreement(ranked, part);
      if (disagreement) {
        used.add(key);
        sentences.push(...describeDisagreement(disagreement, units));
      } else {
        const run = stepRun(best, part, units, ranked);
        // The steps of one list share its lead-in ("To activate Emergency mode:"): said once, before
        // the first; an outcome that points back to the step before it ("This makes the light blink") is
        // not given that step again.
        const quoted = run.map((unit, index) => {
          const previous = run[index - 1];
          const leadSaid =
            previous !== undefined && (sameLeadIn(unit, previous, units) || leadIn(unit, units) === previous);
          return quote({ unit }, units, !leadSaid);
        });
        if (addressesPart(part, quoted.join(' '), [best.unit.item], request.passages, request.parts)) {
          sentences.push(...quoted);
          for (const unit of [best.unit, ...run]) used.add(`${unit.item.passage.cite}:${unit.start}`);
        } else sentences.push(...closestOnly(part, best, ranked, units));
      }
    }
    const text = compose(sentences, missing, request.parts.length);
    options?.onDelta?.(text);
    return { text, usage: { prompt: 0, completion: 0 }, finishReason: 'stop', decidedBy: 'code' };
  }
}

/**
 * The sentence the answerer would quote for one part from these passages, or undefined where none
 * answers it: how a two-hop question's first part is answered before its second is searched.
 */
export async function answeringUnit(
  part: QuestionPart,
  passages: RetrievedPassage[],
  meaning: Meaning | undefined,
  options?: GenerateOptions,
): Promise<EvidenceUnit | undefined> {
  if (isNearMiss(part) || passages.length === 0) return undefined;
  const units = evidenceUnits(passages, injectedSpans());
  const [best] = await byMeaning(rankUnits(units, part, passages), part, units, meaning, options);
  return best && best.typeMatches && accepted(best, part, units) ? best.unit : undefined;
}

/**
 * How meaning enters the choice of sentence, where the embedder is calibrated: `weight` times the
 * part–sentence cosine is added to the lexical score, and a sentence with at least `accept`
 * cosine and `minCoverage` of the part's terms answers it even below `ANSWER_COVERAGE` (readers'
 * words: "how much room do I need" for "50 MB of free disk space").
 */
export const MEANING_CHOICE = { weight: 0.5, accept: 0.55, minCoverage: 0.2 } as const;

interface MeantUnit extends ScoredUnit {
  /** Cosine of the part and the sentence (with its lead-in), when meaning is at hand. */
  meaning?: number;
}

async function byMeaning(
  ranked: ScoredUnit[],
  part: QuestionPart,
  units: EvidenceUnit[],
  meaning: Meaning | undefined,
  options: GenerateOptions | undefined,
): Promise<MeantUnit[]> {
  if (!meaning || ranked.length === 0) return ranked;
  const texts = ranked.map((scored) => {
    const lead = leadIn(scored.unit, units);
    return lead ? `${lead.text} ${scored.unit.text}` : scored.unit.text;
  });
  const cosines = await meaning.partSimilarity(part.text, texts, options?.signal ? { signal: options.signal } : {});
  return ranked
    .map((scored, index) => {
      const cosine = cosines[index] ?? 0;
      return { ...scored, meaning: cosine, score: scored.score + MEANING_CHOICE.weight * cosine };
    })
    .sort((a, b) => b.score - a.score);
}

function accepted(best: MeantUnit, part: QuestionPart, units: EvidenceUnit[]): boolean {
  return holdsKeyTerm(best, part, units) && holdsAskedYears(best, part) && clearsBars(best, part);
}

/** A year a question names ("who won … in 2019", "Tesla's revenue in Q1 2021"). */
const YEAR = /(?<![\p{L}\p{N}.,-])(?:19|20)\d{2}(?![\p{L}\p{N}]|[.,]\d)/gu;

/**
 * True when the sentence's passage (its text, title or heading) states every year the part
 * names: a year asked about is a constraint, and a passage that gives only other years ("won the
 * final … since 2018" for "who won in 2019") is about another year, at most the closest the
 * documents come.
 */
function holdsAskedYears(scored: Pick<ScoredUnit, 'unit'>, part: QuestionPart): boolean {
  const years = questionSentence(part.text).match(YEAR) ?? [];
  if (years.length === 0) return true;
  const { passage } = scored.unit.item;
  const stated = new Set(`${passage.title}\n${passage.heading}\n${passage.text}`.match(YEAR) ?? []);
  return years.every((year) => stated.has(year));
}

/** The sentence covers enough of the part's words, or fewer with a value of the kind asked for, or with meaning. */
function clearsBars(best: MeantUnit, part: QuestionPart): boolean {
  if (best.coverage >= ANSWER_COVERAGE) return true;
  // A part that asks for a kind of value (a duration, a quantity, a price…) and a sentence that
  // holds one: fewer of the reader's words need to be found ("How long before it's gone from the
  // bin for good?" ← "Trash: View deleted notes for up to 15 days").
  // A step where the part asks how to do something is of the kind asked for, as a value is.
  const valued = best.typeMatches && (answerDimensions(part) !== undefined || isStepAsked(best.unit, part));
  if (valued && best.coverage >= TYPED.coverage) return true;
  const least = valued ? TYPED.meaningCoverage : MEANING_CHOICE.minCoverage;
  return best.meaning !== undefined && best.meaning >= MEANING_CHOICE.accept && best.coverage >= least;
}

/**
 * How close the best sentence must come for the answer to quote it as the closest the documents
 * come, saying they do not answer the part, rather than only saying so: a reader can judge a
 * quoted sentence, and on readers' wording the sentence that does answer is often the one found
 * (the relevance floor and the acceptance above are lexical and miss it). With meaning at hand,
 * its cosine to the part; without, its share of the part's terms.
 */
export const CLOSE_ENOUGH = { meaning: 0.4, coverage: 0.25, margin: 0.15 } as const;

function isClose(scored: MeantUnit): boolean {
  return scored.meaning !== undefined
    ? scored.meaning >= CLOSE_ENOUGH.meaning
    : scored.coverage >= CLOSE_ENOUGH.coverage;
}

/**
 * True when the sentence (with its lead-in, its passage's title and heading) holds the part's
 * rarest term the library uses: what the part is about, where its other words are common ones
 * ("the heat rejection capacity of the cooling towers" is not answered by "each chiller has a
 * cooling capacity of 1,200 kW"; "a fee for charging my e-bike" not by where e-bikes may not be
 * charged). A sentence without it is at most the closest the documents come. Not what a part is
 * about: words that only set the scene, words no passage uses (the asker's own), the asker's
 * verbs ("take", "happen", "hook up"), which the documents say in their own words, and the amount
 * a "how much / how many" part asks for ("how much free space does a USB drive need before I can
 * install apps": a sentence giving the free space that recordings need holds "free space" too). Either side of
 * a choice ("the hot or the cold supply") will do; where the term is the kind a name is asked for as
 * ("by which writer", "what's it called"), a name the question does not hold will do.
 */
function holdsKeyTerm(scored: Pick<ScoredUnit, 'unit'>, part: QuestionPart, units: EvidenceUnit[]): boolean {
  const scene = new Set([...(part.contextTerms ?? []), ...(part.unknownTerms ?? []), ...ASKERS_WORDS]);
  const weights = part.weights ?? {};
  // The amount asked for ("how much free space") is what every candidate states some of: not what it is about.
  const measured = new Set(measuredTerms(questionSentence(part.text)));
  const candidates = part.terms.filter((term) => !scene.has(term) && !measured.has(term) && (weights[term] ?? 0) > 0);
  if (candidates.length < 2) return true;
  const key = candidates.reduce((best, term) => ((weights[term] ?? 0) > (weights[best] ?? 0) ? term : best));
  const { passage } = scored.unit.item;
  const lead = leadIn(scored.unit, units);
  const held = new Set(
    [...scored.unit.terms, ...(lead?.terms ?? []), ...contentTerms(`${passage.title} ${passage.heading}`)].flatMap(
      (term) => [term, canonicalTerm(term)],
    ),
  );
  if ([key, ...choiceSides(part.text, key)].some((term) => held.has(term) || held.has(canonicalTerm(term))))
    return true;
  if (compoundHeld(key, held) || inTitleWord(key, part.text, passage.title)) return true;
  // "A book by which writer?" is answered by a name ("Martin Amis"), seldom by the word "writer".
  return askedKindTerms(part.text).includes(key) && givesNewName(scored.unit.text, part.text);
}

/**
 * True when the key is a hyphenated compound whose words the sentence holds apart: "burn-in" by
 * "screen burn protection" (its particle is no content word), "floating-point" by "floating" and
 * "point". A compound with a one-letter piece ("e-bike", "x-ray") is a word of its own: only held
 * whole.
 */
function compoundHeld(key: string, held: ReadonlySet<string>): boolean {
  const pieces = key.split('-');
  if (pieces.length < 2 || pieces.some((piece) => piece.length < 2)) return false;
  const words = contentTerms(pieces.join(' '));
  return words.length > 0 && words.every((word) => held.has(word) || held.has(canonicalTerm(word)));
}

/**
 * True when a word of the document's title holds the key, as the part writes it, inside it: a
 * title that is an address runs its words together ("timdettmers.com" names Dettmers, whose
 * worked example the part asks about). Only a word of five letters or more, inside a longer one.
 */
function inTitleWord(key: string, text: string, title: string): boolean {
  const written = (text.match(/\p{L}+/gu) ?? [])
    .map((word) => word.toLowerCase())
    .filter((word) => word.length >= 5 && contentTerms(word)[0] === key);
  const words = title.toLowerCase().match(/\p{L}+/gu) ?? [];
  return written.some((form) => words.some((word) => word.length > form.length && word.includes(form)));
}

/** Verbs a reader asks with, and the qualifiers they add, stemmed as terms are: never what a part is about. */
const ASKERS_WORDS = new Set(
  contentTerms(
    'take takes happen happens make makes get gets put puts go goes use uses need needs keep keeps leave leaves work works ' +
      'want like mean means hook hooked turn turns come comes give gives let lets stop stops start starts find try set ' +
      // …and the words with which a reader qualifies what they ask about.
      'new old current actual exact right correct proper best main other own',
  ),
);

/** The other side of a choice the term is on ("hot or cold" → "cold" for "hot"). */
function choiceSides(text: string, term: string): string[] {
  const sides: string[] = [];
  for (const match of text.matchAll(/([\p{L}\d-]+)\s+or\s+(?:the\s+|a\s+|an\s+)?([\p{L}\d-]+)/giu)) {
    const [left, right] = [contentTerms(match[1] ?? '')[0], contentTerms(match[2] ?? '')[0]];
    if (left === term && right) sides.push(right);
    if (right === term && left) sides.push(left);
  }
  return sides;
}

/** True when the part asks how to do something (or where a setting is) and the unit says it. */
function isStepAsked(unit: EvidenceUnit, part: QuestionPart): boolean {
  const asked = stepsAsked(questionSentence(part.text));
  return asked !== undefined && givesSteps(unit.text, asked);
}

/** Steps quoted together at most: a procedure is answered by its steps in order, not by one of them. */
const MAX_STEPS = 6;

/**
 * What answers a part that asks how to do something: the run of consecutive steps in the best
 * unit's passage that it belongs to ("Press and hold the Power key." then "Tap Emergency
 * mode."), in order; where the best unit says what the procedure is about instead ("Restoring
 * the factory settings erases your Wi-Fi name"), that unit and then the first run of steps in
 * its passage. A manual's section is named by its task and holds its steps; the reader's words
 * meet the section's description, not its imperatives. Any other part: the unit alone.
 */
function stepRun(best: MeantUnit, part: QuestionPart, units: EvidenceUnit[], ranked: MeantUnit[]): EvidenceUnit[] {
  const asked = stepsAsked(questionSentence(part.text));
  // A step that names its own purpose ("To enter WM-720 service mode, turn the dial…") is a procedure
  // in itself, as is a sentence quoted with the one that says how to do it ("To do this, use…").
  if (asked !== 'procedure' || statesPurpose(best.unit.text) || completion(best.unit, units).length > 0)
    return [best.unit];
  // Only units the part may be answered with (not another model's, not a sibling code's row).
  const eligible = new Set(ranked.map((scored) => scored.unit));
  const own = units.filter((unit) => unit.item === best.unit.item && !unit.isLeadIn);
  const isStep = (unit: EvidenceUnit) =>
    eligible.has(unit) && givesSteps(unit.text, asked) && !statesPurpose(unit.text);
  const at = own.indexOf(best.unit);
  if (at < 0) return [best.unit];
  // A run goes on over steps, and over the items of one list under one lead-in ("To pair the remote:").
  const joins = (unit: EvidenceUnit, beside: EvidenceUnit) =>
    eligible.has(unit) && (isStep(unit) || (sameLeadIn(unit, beside, units) && !describesOption(unit.text)));
  const around = (index: number): [number, number] => {
    let first = index;
    while (first > 0 && index - first < MAX_STEPS - 1 && joins(own[first - 1]!, own[first]!)) first--;
    let last = index;
    while (last < own.length - 1 && last - first < MAX_STEPS - 1 && joins(own[last + 1]!, own[last]!)) last++;
    return [first, last];
  };
  // …and ends with what the last step brings about, said in the same paragraph ("A beep sounds once
  // the oven has reached the set temperature").
  const withOutcome = (first: number, last: number) => {
    const next = own[last + 1];
    // Not the next option of a list ("Sort by: …") nor a list's next item: those are not outcomes.
    const outcome =
      next &&
      eligible.has(next) &&
      !next.isListItem &&
      !describesOption(next.text) &&
      !statesPurpose(next.text) &&
      sameParagraph(own[last]!, next);
    return own.slice(first, outcome ? last + 2 : last + 1);
  };
  if (isStep(best.unit)) {
    const [first, last] = around(at);
    return withOutcome(first, last);
  }
  const step = own.findIndex(isStep);
  if (step < 0) return [best.unit];
  const [first, last] = around(step);
  const steps = withOutcome(first, last);
  if (steps.includes(best.unit)) return steps;
  return first > at ? [best.unit, ...steps] : [...steps, best.unit];
}

function sameLeadIn(unit: EvidenceUnit, previous: EvidenceUnit, units: EvidenceUnit[]): boolean {
  const lead = leadIn(unit, units);
  return lead !== undefined && lead === leadIn(previous, units);
}

/** Lower bars for a sentence holding the kind of value the part asks for. */
export const TYPED = { coverage: 0.25, meaningCoverage: 0.1 };

/** A test for "this span of a passage lies in text aimed at an assistant"; each passage is scanned once. */
function injectedSpans(): (item: RetrievedPassage, start: number, end: number) => boolean {
  const spans = new Map<string, { start: number; end: number }[]>();
  return (item, start, end) => {
    let found = spans.get(item.passage.cite);
    if (!found) spans.set(item.passage.cite, (found = detectInjection(item.passage.text)));
    return found.some((span) => span.start < end && span.end > start);
  };
}

/**
 * The unit as a cited sentence; a list item keeps its lead-in ("… does not cover: broken
 * glassware"), a sentence opening with "this" the sentence it points back to, and a sentence
 * the next one says how to do ("To request this, use…") that next one.
 */
function quote(scored: Pick<ScoredUnit, 'unit'>, units: EvidenceUnit[], withLeadIn = true): string {
  const lead = withLeadIn ? leadIn(scored.unit, units) : undefined;
  const own = [scored.unit, ...completion(scored.unit, units)].map((unit) => unit.text).join(' ');
  const body = !lead ? own : lead.isLeadIn ? `${lead.text.replace(/:\s*$/, '')}: ${own}` : `${lead.text} ${own}`;
  return `${body.replace(/[.;,:\s]+$/, '')} [${scored.unit.item.passage.cite}].`;
}

/**
 * A near miss, said as one: the checker would not take the best sentence as answering the part
 * ("Intensive 70" asked, "Eco 50" stated), so the answer names the gap and offers the sentence
 * only as the closest the documents come, with the runner-up when it scores nearly as well (on
 * readers' wording the sentence that answers is often the second: "…may become hot and stop
 * charging." then "Disconnect the charger and wait for the device to cool down.").
 */
function closestOnly(part: QuestionPart, best: MeantUnit, ranked: MeantUnit[], units: EvidenceUnit[]): string[] {
  const said = (scored: MeantUnit) => quote(scored, units).replace(/ \[[^\]]+\]\.$/, '');
  const bestSaid = said(best);
  const runnerUp = ranked.find(
    (scored) =>
      scored !== best &&
      scored.score >= best.score - CLOSE_ENOUGH.margin &&
      isClose(scored) &&
      !bestSaid.includes(said(scored)),
  );
  // A runner-up quoted with the best sentence as its lead-in says all the best one does, and more.
  const quotes = runnerUp && said(runnerUp).includes(bestSaid) ? [runnerUp] : [best, ...(runnerUp ? [runnerUp] : [])];
  const quoted = quotes.map((scored) => `"${said(scored)}" [${scored.unit.item.passage.cite}]`);
  return [
    `The documents do not say ${partClause(part.text)}.`,
    `The closest passage${quoted.length > 1 ? 's say' : ' says'}: ${quoted.join(' and ')}.`,
  ];
}

function describeDisagreement(disagreement: Disagreement, units: EvidenceUnit[]): string[] {
  const { authoritative } = disagreement;
  const authority = authoritative.unit.item.passage;
  const sentences = [quote(authoritative, units)];
  for (const other of disagreement.others) {
    const passage = other.unit.item.passage;
    const said = quote(other, units).replace(/ \[[^\]]+\]\.$/, '');
    const opening = `Sources disagree: ${passage.title} (${passage.revision}, ${passage.date}) says "${said}" [${passage.cite}]`;
    const settled = authorityBetween(authoritative.unit.item, other.unit.item);
    sentences.push(
      settled
        ? `${opening}, but ${authority.title} (${authority.revision}, ${authority.date}) ` +
            `${settled.reason === 'supersedes' ? 'supersedes it' : 'is newer'} and is authoritative [${authority.cite}].`
        : `${opening}; neither supersedes the other and both are dated ${passage.date}, so the documents do not settle it.`,
    );
  }
  return sentences;
}

function compose(sentences: string[], missing: QuestionPart[], partCount: number): string {
  const gaps = missing.map((part) => `The documents do not say ${partClause(part.text)}.`);
  if (sentences.length === 0) {
    const asked = missing.map((part) => `"${part.text.replace(/\?+$/, '')}"`).join(' or ');
    return `The documents do not answer this: no passage says ${partCount > 1 ? 'any of ' : ''}${asked}.`;
  }
  return [...sentences, ...gaps].join(' ');
}

/** "how much free space does…", "how many attention heads were…": the words of the amount asked for. */
const MEASURED =
  /\bhow (?:much|many)\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s+(?:is|are|was|were|do|does|did|can|could|will|would|should|must|may|might|has|have|had)\b/iu;

/** "how far", "how big", "how often": the word after "how" names the kind of amount asked for. */
const MEASURE_WORD =
  /\bhow (far|long|big|large|small|high|tall|low|wide|narrow|deep|thick|heavy|light|old|fast|quick|slow|loud|hot|cold|warm|often|soon|late|early|close|strong|bright)\b/giu;

/**
 * The terms of the amount a part asks for: what a "how much / how many" part counts ("how much
 * free space"), the measure a "how far / how big" part names, and the unit the value is asked in
 * ("the heat rejection capacity of the cooling towers in kW"). Every candidate giving an amount
 * of that kind holds them; they say what is measured, not what it is about.
 */
function measuredTerms(asked: string): string[] {
  const words = [MEASURED.exec(asked)?.[1] ?? '', ...[...asked.matchAll(MEASURE_WORD)].map((match) => match[1] ?? '')];
  return contentTerms([...words, ...namedUnits(asked)].join(' '));
}
