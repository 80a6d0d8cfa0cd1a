/**
 * Disagreement between sources, as the extractive generator sees it: strong answers to the same
 * part from different documents that state different values of the kind asked for. The
 * authoritative one is the one that supersedes the other, else the newer one.
 */
import { modelNames } from '../question/model-names.js';
import { questionSentence } from '../question/analyse-question.js';
import { asksForName } from '../question/names.js';
import { quantityStated, type Quantity } from '../text/quantities.js';
import type { QuestionPart } from '../types.js';
import { supersedes } from '../verify/authority.js';
import {
  sameScale,
  sameSubject as samePassageSubject,
  versionsOfOneFact,
  type FactSentence,
} from '../verify/conflicts.js';
import { checkTerms } from '../verify/term-weights.js';
import { answerDimensions } from '../verify/expected-values.js';
import type { ScoredUnit } from './rank-units.js';

/** A disagreement: the authoritative answer (the best one where nothing settles it) and the answers that contradict it. */
export interface Disagreement {
  authoritative: ScoredUnit;
  others: ScoredUnit[];
}

/** A rival answer must cover at least this share of what the best answer covers. */
const RIVAL_COVERAGE = 0.6;

/** Values of the asked kind in a unit; for a part that names no kind, the kinds the best answer states. */
function valuesAsked(unit: ScoredUnit, dimensions: readonly Quantity['dimension'][]): Quantity[] {
  return unit.unit.quantities.filter(
    (quantity) => dimensions.includes(quantity.dimension) && quantity.unit !== 'model' && quantity.dimension !== 'date',
  );
}

/** True when both state values of one dimension and each states one the other does not, of one scale. */
function disagrees(a: Quantity[], b: Quantity[]): boolean {
  const shared = new Set(
    a.map((quantity) => quantity.dimension).filter((dimension) => b.some((other) => other.dimension === dimension)),
  );
  return [...shared].some((dimension) => {
    const left = a.filter((quantity) => quantity.dimension === dimension);
    const right = b.filter((quantity) => quantity.dimension === dimension);
    const leftOnly = left.filter((quantity) => !quantityStated(quantity, right));
    const rightOnly = right.filter((quantity) => !quantityStated(quantity, left));
    // Versions of one fact are of one scale (the checker's rule): "3 seconds" to hold a button
    // is no version of "8 years" of a child's age.
    return leftOnly.some((a) => rightOnly.some((b) => a.unit === b.unit && sameScale(a, b)));
  });
}

/** Model names a unit is about: those in its text, else those of its heading and title. */
function modelsOf(scored: ScoredUnit): string[] {
  const { title, heading } = scored.unit.item.passage;
  const own = modelNames(scored.unit.text);
  return own.length > 0 ? own : modelNames(`${heading} ${title}`);
}

/**
 * False when the two units are about different models (the DW-480's power is not the OV-350's):
 * their passages must be about the same subject by the checker's rule, and the units themselves
 * must not name different models.
 */
function sameSubject(a: ScoredUnit, b: ScoredUnit): boolean {
  if (!samePassageSubject(a.unit.item, b.unit.item)) return false;
  const left = modelsOf(a);
  const right = modelsOf(b);
  return left.length === 0 || right.length === 0 || left.some((model) => right.includes(model));
}

/**
 * A unit as the checker compares versions of one fact: its terms with its heading's, its values.
 * Two pages of one manual stating "three lines" of context and "two formats" are not two versions.
 */
function factSentence(scored: ScoredUnit): FactSentence {
  const { text, quantities, item } = scored.unit;
  return { text, terms: new Set([...checkTerms(text), ...checkTerms(item.passage.heading)]), values: quantities };
}

/** The disagreement among `ranked` (best first) on `part`, if any. */
export function findDisagreement(ranked: ScoredUnit[], part: QuestionPart): Disagreement | undefined {
  const best = ranked[0];
  if (!best) return undefined;
  const asked = answerDimensions(part);
  // A part asking for a name ("which programme is the quickest") is answered by a name: values the
  // candidate sentences state beside their names ("Quick 30 … 30 minutes", "Eco 50 … 3 hours") are
  // no versions of its answer.
  const namesAreValues = asksForName(questionSentence(part.text));
  if (!asked && namesAreValues) return undefined;
  const dimensions = asked ? [...asked] : best.unit.quantities.map((quantity) => quantity.dimension);
  const bestValues = valuesAsked(best, dimensions);
  const rivals = ranked.filter(
    (other) =>
      other !== best &&
      other.typeMatches &&
      other.coverage >= best.coverage * RIVAL_COVERAGE &&
      other.unit.item.passage.docId !== best.unit.item.passage.docId &&
      sameSubject(best, other) &&
      disagrees(bestValues, valuesAsked(other, dimensions)) &&
      versionsOfOneFact(factSentence(best), factSentence(other), namesAreValues),
  );
  const seenDocuments = new Set<string>();
  const distinct = rivals.filter((rival) => {
    const docId = rival.unit.item.passage.docId;
    if (seenDocuments.has(docId)) return false;
    seenDocuments.add(docId);
    return true;
  });
  if (distinct.length === 0) return undefined;
  const group = [best, ...distinct];
  const authoritative = group.reduce((winner, candidate) => (outranks(candidate, winner) ? candidate : winner));
  return { authoritative, others: group.filter((unit) => unit !== authoritative) };
}

function outranks(candidate: ScoredUnit, current: ScoredUnit): boolean {
  const a = candidate.unit.item;
  const b = current.unit.item;
  if (supersedes(a, b)) return true;
  if (supersedes(b, a)) return false;
  return a.passage.date > b.passage.date;
}
