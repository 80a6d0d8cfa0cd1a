/**
 * Ranking evidence units against one question part: idf-weighted term coverage (terms found
 * only in the passage's title or heading count for less), whether the unit holds the kind of
 * value the part asks for, the passage's own retrieval standing, and a small preference for
 * passages nothing supersedes.
 */
import { modelNames, questionSentence } from '../question/analyse-question.js';
import { asksForName, givesNewName } from '../question/names.js';
import { namesOnlySiblingsOf } from '../question/focus.js';
import { extractIdentifiers, extractQuantities, identifierKey } from '../text/quantities.js';
import { isRetired, replacingValues } from '../text/retired-values.js';
import { contentTerms } from '../text/terms.js';
import type { QuestionPart, RetrievedPassage } from '../types.js';
import { answerDimensions } from '../verify/expected-values.js';
import { canonicalTerm } from '../verify/term-weights.js';
import { POINTS_BACK } from '../retrieve/passage-lead.js';
import { ASIDE, HOW_FOR_THE_ABOVE } from '../text/sentences.js';
import { unitAnswersType, type EvidenceUnit } from './evidence-units.js';

/** A unit's standing for one part. */
export interface ScoredUnit {
  unit: EvidenceUnit;
  /** Share (0–1) of the part's terms the unit (or, at a discount, its passage's title and heading) states. */
  coverage: number;
  typeMatches: boolean;
  score: number;
}

/** Terms found only in a passage's title or heading count this much of a term in the unit. */
const CONTEXT_WEIGHT = 0.6;
/** Terms found only in another sentence of the same passage count this much. */
const NEIGHBOUR_WEIGHT = 0.4;
/** Score bonus or penalty for holding (or lacking) the kind of value asked for. */
const TYPE_WEIGHT = 0.3;
/** Score bonus for a sentence giving a name the question does not hold, where the part asks for one ("who…", "which app…"). */
const NAME_WEIGHT = 0.2;
/**
 * Penalty for a title line (`EvidenceUnit.isTitle`): it says what the sentences after it are about, so a
 * sentence that says something comes first; where nothing else does, a title may still answer
 * ("What versions of the Manicfesto are there?" ← "General Election 2019 Manicfesto").
 */
const TITLE_PENALTY = 0.3;
/** Penalty for a unit of a superseded passage. */
const SUPERSEDED_PENALTY = 0.1;

/** Units ranked for a part, best first. */
export function rankUnits(units: EvidenceUnit[], part: QuestionPart, passages: RetrievedPassage[]): ScoredUnit[] {
  const unitWeights = unitIdf(units);
  const idf = (term: string) => part.weights?.[term] ?? unitWeights(term);
  const models = modelNames(part.text).map(identifierKey);
  const context = new Map(
    passages.map((item) => [
      item.passage.cite,
      withClasses(contentTerms(`${item.passage.title} ${item.passage.heading}`)),
    ]),
  );
  const neighbours = new Map(passages.map((item) => [item.passage.cite, withClasses(contentTerms(item.passage.text))]));
  const typed = answerDimensions(part) !== undefined;
  const focus = (part.focus ?? []).map(identifierKey);
  const name = asksForName(questionSentence(part.text));
  return units
    .filter((unit) => !unit.isLeadIn && namesModel(unit, units, models) && !namesOnlySiblings(unit, units, focus))
    .map((unit) => {
      const lead = leadIn(unit, units);
      // A list item's lead-in is part of what it says; the sentence a "this…" points back to sets its scene.
      const introduces = lead !== undefined && lead.isLeadIn;
      const own = { terms: withClasses(introduces ? [...unit.terms, ...lead.terms] : unit.terms) };
      const cite = unit.item.passage.cite;
      const scene = context.get(cite) ?? new Set<string>();
      const coverage = partCoverage(
        part.terms,
        own,
        lead && !introduces ? new Set([...scene, ...withClasses(lead.terms)]) : scene,
        neighbours.get(cite) ?? new Set(),
        idf,
      );
      const typeMatches = unitAnswersType(unit, part);
      const typeScore = typed ? (typeMatches ? TYPE_WEIGHT : -TYPE_WEIGHT) : 0;
      const nameScore = name && givesNewName(unit.text, part.text) ? NAME_WEIGHT : 0;
      const standing = 0.05 * unit.item.termCoverage - 0.01 * unit.passageIndex;
      const superseded = unit.item.supersededBy.length > 0 ? SUPERSEDED_PENALTY : 0;
      const title = unit.isTitle ? TITLE_PENALTY : 0;
      return {
        unit,
        coverage,
        typeMatches,
        score: coverage + typeScore + nameScore + standing - superseded - title,
      };
    })
    .sort((a, b) => b.score - a.score);
}

function partCoverage(
  terms: string[],
  unit: Pick<EvidenceUnit, 'terms'>,
  context: Set<string>,
  neighbours: Set<string>,
  idf: (term: string) => number,
): number {
  let total = 0;
  let found = 0;
  for (const term of new Set(terms)) {
    const weight = idf(term);
    total += weight;
    const heldBy = (set: Set<string>) => set.has(term) || set.has(canonicalTerm(term));
    if (heldBy(unit.terms)) found += weight;
    else if (heldBy(context)) found += CONTEXT_WEIGHT * weight;
    else if (heldBy(neighbours)) found += NEIGHBOUR_WEIGHT * weight;
  }
  return total === 0 ? 0 : found / total;
}

/** Terms with the paraphrase class of each ("load" and "weight" meet), as the checker reads them. */
function withClasses(terms: Iterable<string>): Set<string> {
  const all = new Set<string>();
  for (const term of terms) all.add(term).add(canonicalTerm(term));
  return all;
}

/** True when the unit, its lead-in, its heading or its document title names one of the models (or none is asked about). */
function namesModel(unit: EvidenceUnit, units: EvidenceUnit[], models: string[]): boolean {
  if (models.length === 0) return true;
  const { title, heading } = unit.item.passage;
  const named = extractQuantities(`${title} ${heading} ${leadIn(unit, units)?.text ?? ''} ${unit.text}`).filter(
    (quantity) => quantity.dimension === 'identifier',
  );
  return named.some((quantity) => models.includes(quantity.key ?? ''));
}

/**
 * True when the unit (with its lead-in, heading and title) names another member of a focus
 * identifier's family but not the identifier itself: the `E30` row for a question about `E21`.
 */
export function namesOnlySiblings(unit: EvidenceUnit, units: EvidenceUnit[], focus: readonly string[]): boolean {
  if (focus.length === 0) return false;
  const { title, heading } = unit.item.passage;
  const named = extractIdentifiers(`${title}\n${heading}\n${leadIn(unit, units)?.text ?? ''}\n${unit.text}`).map(
    (found) => found.key ?? '',
  );
  return namesOnlySiblingsOf(focus, named);
}

/** idf over the units at hand: a term in every unit says little about which one answers. */
function unitIdf(units: EvidenceUnit[]): (term: string) => number {
  const counts = new Map<string, number>();
  for (const unit of units) for (const term of unit.terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return (term) => Math.log(1 + (units.length + 1) / (1 + (counts.get(term) ?? 0)));
}

/**
 * What a unit is read with: the sentence ending in ":" that introduces a list item, when there is
 * one in the same passage; or, for a sentence that opens by pointing back ("This is a 28 GB corpus
 * of text documents" after "…is the TREC 2024 RAG Corpus."), the sentence just before it in its
 * passage, which says what "this" is.
 */
export function leadIn(unit: EvidenceUnit, units: EvidenceUnit[]): EvidenceUnit | undefined {
  if (!isListItem(unit)) return pointedBackTo(unit, units);
  const before = units.filter((other) => other.item === unit.item && other.end <= unit.start);
  for (let index = before.length - 1; index >= 0; index--) {
    const candidate = before[index]!;
    if (/:\s*$/.test(candidate.text)) return candidate;
    if (!isListItem(candidate)) return undefined;
  }
  return undefined;
}

/** The sentence a prose sentence opening with "this", "it", "they", "to do this,"… follows in its passage, when it is prose too. */
function pointedBackTo(unit: EvidenceUnit, units: EvidenceUnit[]): EvidenceUnit | undefined {
  if (unit.isTableRow || unit.isTitle || !(POINTS_BACK.test(unit.text) || HOW_FOR_THE_ABOVE.test(unit.text)))
    return undefined;
  const at = units.indexOf(unit);
  const previous = at > 0 ? units[at - 1] : undefined;
  if (!previous || previous.item !== unit.item || previous.isTableRow || previous.isTitle || previous.isListItem)
    return undefined;
  return previous;
}

/**
 * What completes a prose unit: the sentence right after it, in its paragraph, that says how to do
 * what it describes ("… to all be the same." then "To request this, use the -i or --ignore-case
 * option."), or the new value of what it says no longer holds, with an aside in brackets between
 * them; none where there is no such sentence. A fact is not quoted without the way to it that its
 * next sentence gives.
 */
export function completion(unit: EvidenceUnit, units: EvidenceUnit[]): EvidenceUnit[] {
  if (unit.isTableRow || unit.isTitle || unit.isListItem || unit.isLeadIn) return [];
  const at = units.indexOf(unit);
  // An aside in brackets between them ("(It is output as either an insertion or a deletion…)") is said with them.
  const aside = units[at + 1];
  const between = aside && ASIDE.test(aside.text) ? [aside] : [];
  const next = units[at + 1 + between.length];
  const prose = (other: EvidenceUnit | undefined): other is EvidenceUnit =>
    other !== undefined && other.item === unit.item && !other.isTableRow && !other.isTitle && !other.isListItem;
  // Not a lead-in ("To avoid this, you'll:"): quoted without its list it would say nothing.
  if (!prose(next) || next.isLeadIn || !between.every(prose)) return [];
  if (!HOW_FOR_THE_ABOVE.test(next.text) && !givesNewValue(unit, next)) return [];
  return sameParagraph(unit, next) ? [...between, next] : [];
}

/**
 * True when `unit` says values no longer hold and states no current one, and `next` states a
 * current value of the same kind: "… is no longer $0.35 per kWh." then "The new rate is $0.42 per
 * kWh." A value said to be retired is not quoted without the one that replaces it.
 */
function givesNewValue(unit: EvidenceUnit, next: EvidenceUnit): boolean {
  const retired = unit.quantities.filter((quantity) => isRetired(unit.text, quantity));
  const current = unit.quantities.filter((quantity) => !retired.includes(quantity));
  if (retired.length === 0 || replacingValues(retired, unit.text, current).length > 0) return false;
  return replacingValues(retired, next.text, next.quantities).length > 0;
}

/** True when nothing but a line break or a space lies between the two units of one passage. */
export function sameParagraph(unit: EvidenceUnit, next: EvidenceUnit): boolean {
  const { passage } = unit.item;
  return !/\n\s*\n/.test(passage.text.slice(unit.end - passage.start, next.start - passage.start));
}

function isListItem(unit: EvidenceUnit): boolean {
  return unit.isListItem;
}
