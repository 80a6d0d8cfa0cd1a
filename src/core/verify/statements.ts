/**
 * The statements of given passages that bear on a question part: units (sentences, list items,
 * table rows with their header) with the values of the kind the part asks for, scored by how
 * many of the part's attribute terms they (with their heading) mention. Injected spans are left
 * out: an instruction planted in a document is not a source that can disagree.
 */
import { modelNames } from '../question/model-names.js';
import { extractQuantities, type Quantity, type QuantityDimension } from '../text/quantities.js';
import { isRetired, replacingValues } from '../text/retired-values.js';
import { plainUnitText, splitUnits } from '../text/sentences.js';

import type { QuestionPart, RetrievedPassage } from '../types.js';
import { partTerms, partWeighting, requiredNames } from './coverage.js';
import { passageEvidence } from './evidence-text.js';
import { answerDimensions, MEASURES } from './expected-values.js';
import { detectInjection } from './injection.js';
import { isNegated } from './negation.js';
import { checkTerms, weightedShare } from './term-weights.js';

/**
 * Least share of a part's attribute terms a unit (with its heading) must mention to bear on the
 * part, when the part asks for a kind of value (a duration, a price…), which already narrows it.
 */
export const STATEMENT_RELEVANCE = 0.3;
/** The same for parts that take any answer (text, yes-no), where only the terms narrow it. */
export const OPEN_STATEMENT_RELEVANCE = 0.5;
/** A unit must also reach this share of the best unit's relevance in its passage: the sentence about the spray arms, not the one beside it about the filter. */
export const RELATIVE_RELEVANCE = 0.5;

/** A unit of a passage that bears on a part. */
export interface PartStatement {
  item: RetrievedPassage;
  text: string;
  terms: Set<string>;
  values: Quantity[];
  negated: boolean;
  relevance: number;
  /** Values of `values` that are amounts of change ("reduce … by 20 °C"), not levels. */
  changes: ReadonlySet<Quantity>;
  /**
   * Values the unit says no longer hold ("is no longer $0.35 per kWh", "changed from 90 days"):
   * not among `values`, which then holds the new ones, from the unit itself or the sentence
   * right after it ("The new rate is $0.42 per kWh").
   */
  retired: readonly Quantity[];
}

/** A verb of change, then "by", right before a value: "reduce recipe temperatures by 20 °C". */
const CHANGED_BY =
  /\b(?:reduc|lower|rais|increas|decreas|drop|cut|extend|shorten|turn(?:ed|ing)? (?:it |them )?(?:down|up))\w*\b[^.;:]{0,40}?\bby\s*$/i;
/** A comparative right after a value: "20 °C lower than", "two hours longer". */
const COMPARED = /^\s*(?:lower|less|more|higher|cooler|warmer|hotter|colder|fewer|longer|shorter|faster|slower)\b/i;

/**
 * True when `quantity` is an amount of change or a difference, not a level: "reduce recipe
 * temperatures by 20 °C" says nothing against "from 50 °C to 275 °C".
 */
export function isChangeAmount(text: string, quantity: Quantity): boolean {
  return CHANGED_BY.test(text.slice(0, quantity.start)) || COMPARED.test(text.slice(quantity.end));
}

/** Numbers and unit words of a part ("is it still 1 year?") are values to compare, not what a statement must be about. */
const VALUE_TERM =
  /^(?:\d[\d.,]*|year|month|week|dai|day|hour|minut|second|mm|cm|millimetr|centimetr|metr|kg|gram|litr|liter|watt|volt|amp|rpm|degre|celsiu|eur|euro)$/;

/** Any value a statement may state (counts only where the part asks for a quantity). */
const ANY_VALUE: ReadonlySet<QuantityDimension> = new Set([
  ...MEASURES.filter((dimension) => dimension !== 'count'),
  'frequency',
  'date',
  'time',
  'identifier',
]);

/** Statements of `item` relevant to `part`; none when the part names a model the passage does not. */
export function partStatements(part: QuestionPart, item: RetrievedPassage): PartStatement[] {
  const { entities } = partTerms(part);
  const attributes = partTerms(part).attributes.filter((term) => !VALUE_TERM.test(term));
  const evidenceTerms = new Set(checkTerms(passageEvidence(item.passage, item.lead)));
  if (entities.length > 0 && !entities.some((entity) => evidenceTerms.has(entity))) return [];
  const typed = answerDimensions(part);
  const dimensions = typed ?? ANY_VALUE;
  const floor = typed ? STATEMENT_RELEVANCE : OPEN_STATEMENT_RELEVANCE;
  const injected = detectInjection(item.passage.text);
  const headingTerms = checkTerms(item.passage.heading);
  const header = /^\|([^|\n]*)\|[^\n]*\n\|?\s*:?-{2,}/m.exec(item.passage.text)?.[1]?.trim();
  const names = requiredNames(part);
  // Words of a statement around the question ("The mesh on my filter has torn.") count, discounted.
  const weighting = partWeighting(part);
  const statements: PartStatement[] = [];
  const valuesOf = (plain: string) =>
    extractQuantities(plain).filter(
      (quantity) =>
        dimensions.has(quantity.dimension) &&
        quantity.unit !== 'model' &&
        !(quantity.dimension === 'count' && part.expects !== 'quantity'),
    );
  const units = splitUnits(item.passage.text);
  units.forEach((unit, index) => {
    if (unit.kind === 'heading' || unit.kind === 'table-rule') return;
    if (injected.some((span) => span.start < unit.end && span.end > unit.start)) return;
    const plain = plainUnitText(unit);
    let text = unit.kind === 'table-row' && header ? `${header}: ${plain}` : plain;
    // A statement about another named thing ("the drain pump filter" for "the Drum Clean programme") does not bear on the part.
    if (names.some((name) => !name.test(`${item.passage.heading} ${text}`))) return;
    const terms = new Set([...checkTerms(text), ...headingTerms]);
    const relevance = weightedShare(attributes, terms, weighting);
    if (relevance < floor) return;
    const stated = valuesOf(plain);
    const retired = stated.filter((value) => isRetired(plain, value));
    let values = stated.filter((value) => !retired.includes(value));
    let changes = new Set(values.filter((value) => isChangeAmount(plain, value)));
    // "… is no longer $0.35 per kWh. The new rate is $0.42 per kWh.": the new value is the next sentence's.
    const next = units[index + 1];
    const sameParagraph = next !== undefined && !/\n\s*\n/.test(item.passage.text.slice(unit.end, next.start));
    if (values.length === 0 && retired.length > 0 && next?.kind === 'sentence' && sameParagraph) {
      const nextPlain = plainUnitText(next);
      const nextValues = replacingValues(retired, nextPlain, valuesOf(nextPlain));
      if (nextValues.length > 0) {
        text = `${text} ${nextPlain}`;
        for (const term of checkTerms(nextPlain)) terms.add(term);
        values = nextValues;
        changes = new Set(values.filter((value) => isChangeAmount(nextPlain, value)));
      }
    }
    statements.push({ item, text, terms, values, negated: isNegated(text), relevance, changes, retired });
  });
  // Where the part asks for a kind of value, the bar is set by the units that state one.
  const bar = typed ? statements.filter((statement) => statement.values.length > 0) : statements;
  const best = Math.max(0, ...bar.map((statement) => statement.relevance));
  return statements.filter((statement) => statement.relevance >= RELATIVE_RELEVANCE * best);
}

/** The model names a passage is about (title, heading and text). */
export function passageModels(item: RetrievedPassage): string[] {
  return modelNames(passageEvidence(item.passage, item.lead));
}
