/**
 * Conflicts: given passages from different documents that disagree on what a question part asks
 * for: the same kind of value about the same subject with different numbers (1 year vs 2
 * years, DW-FLT-0480 vs DW-FLT-0481), or the same statement with opposite polarity. The
 * authoritative side is the superseding passage, else the newer one.
 */
import { extractQuantities, quantityStated, type Quantity } from '../text/quantities.js';
import type { QuestionPart, RetrievedPassage } from '../types.js';
import { authorityBetween } from './authority.js';
import { claimNames } from './facts.js';
import { asksForName } from '../question/names.js';
import { questionSentence } from '../question/analyse-question.js';
import { partStatements, passageModels, type PartStatement } from './statements.js';

/** Two values of one fact further apart than this factor are taken for different facts (30 minutes vs 5 years). */
export const SAME_FACT_RATIO = 20;
/**
 * Least share of the shorter sentence's terms that two sentences stating values must share to be
 * two versions of one fact (on the development sets: unrelated pairs 0.05–0.30, versions 0.38–1).
 */
export const SAME_FACT_OVERLAP = 0.35;
/** Least term overlap (Jaccard) of two rows naming identifiers, or of two sentences of opposite polarity, to be one fact. */
export const SAME_STATEMENT_OVERLAP = 0.5;
/**
 * Least share of terms a sentence that retires a value and one that states it must share: a
 * word beside the value and its unit ("charg", "kwh"), so that one "no longer 2 hours" does not
 * tie every sentence stating 2 hours.
 */
export const RETIRED_FACT_OVERLAP = 0.15;

/** A disagreement between two given passages on what a part asks for. */
export interface ConflictFinding {
  /** Index of the part in the parts list. */
  part: number;
  kind: 'value' | 'polarity';
  /** The two citation ids, the authoritative one first when there is one. */
  cites: [string, string];
  /** What each says, same order as `cites`. */
  values: [string, string];
  authoritative?: string;
  reason?: 'supersedes' | 'newer';
}

/** Every conflict among `passages` on any of `parts`, at most one per part and pair of documents. */
export function detectConflicts(
  parts: readonly QuestionPart[],
  passages: readonly RetrievedPassage[],
): ConflictFinding[] {
  const findings: ConflictFinding[] = [];
  parts.forEach((part, partIndex) => {
    const byDocument = new Map<string, PartStatement[]>();
    for (const item of passages) {
      const statements = partStatements(part, item);
      if (statements.length === 0) continue;
      byDocument.set(item.passage.docId, [...(byDocument.get(item.passage.docId) ?? []), ...statements]);
    }
    const documents = [...byDocument.values()];
    for (let a = 0; a < documents.length; a++) {
      for (let b = a + 1; b < documents.length; b++) {
        const finding = compare(partIndex, documents[a] ?? [], documents[b] ?? [], part);
        if (finding) findings.push(finding);
      }
    }
  });
  return findings;
}

function compare(
  part: number,
  left: PartStatement[],
  right: PartStatement[],
  question: QuestionPart,
): ConflictFinding | undefined {
  const [first, second] = [left[0]?.item, right[0]?.item];
  if (!first || !second || !sameSubject(first, second)) return undefined;
  // Where the part asks for a name ("Who acquired WhatsApp?"), names that differ are the answers in
  // dispute ("acquired by Facebook … US$19.3 billion" against "Apple's $22B purchase"), not two subjects.
  const namesAreValues = asksForName(questionSentence(question.text));
  const pair =
    valueConflict(left, right, namesAreValues) ??
    (question.expects === 'yes-no' ? polarityConflict(left, right) : undefined);
  if (!pair) return undefined;
  const [x, y, kind] = pair;
  const authority = authorityBetween(x.item, y.item);
  const [top, other] = authority?.authoritative === y.item ? [y, x] : [x, y];
  const sideValues = (statement: PartStatement) => (statement === x ? right : left).flatMap((item) => item.values);
  const describe = (statement: PartStatement) =>
    kind === 'value' ? valueText(statement, sideValues(statement)) : statement.text.slice(0, 160);
  return {
    part,
    kind,
    cites: [top.item.passage.cite, other.item.passage.cite],
    values: [describe(top), describe(other)],
    ...(authority ? { authoritative: authority.authoritative.passage.cite, reason: authority.reason } : {}),
  };
}

/** Two passages are about the same subject when they name the same models, or both name none. */
export function sameSubject(a: RetrievedPassage, b: RetrievedPassage): boolean {
  const left = passageModels(a);
  const right = passageModels(b);
  if (left.length === 0 || right.length === 0) return left.length === right.length;
  return left.some((model) => right.includes(model));
}

/**
 * True when each sentence names something the other does not (a capitalised word past its first,
 * an acronym): "Schedule Recording requires at least 100 MB" and "The Timeshift function requires
 * at least 1.5 GB" are about two functions, not two versions of one figure. Versions of one fact
 * name the same things, or one of them names nothing the other lacks ("Change the filter every 6
 * weeks (Revision B)" against "The filter is changed every 4 weeks").
 */
export function namesApart(a: string, b: string): boolean {
  // Not the values with their units ("100 MB"), which differ in any conflict, nor model names and
  // codes: they are the passages' subject, which `sameSubject` compares with their titles.
  const names = (text: string) =>
    claimNames(
      extractQuantities(text)
        .reduce((rest, quantity) => rest.replace(quantity.raw, '0'), text)
        .replace(/[\p{L}]{1,6}-?\d[\p{L}\d.-]*/gu, '0'),
    );
  const missingFrom = (own: string[], other: string) =>
    own.some((name) => !new RegExp(`(?<![\\p{L}\\p{N}])${name}(?![\\p{L}\\p{N}])`, 'iu').test(other));
  return missingFrom(names(a), b) && missingFrom(names(b), a);
}

/** A sentence stating values, as two versions of one fact are compared: its text, its terms (with its heading's), its values. */
export interface FactSentence {
  text: string;
  terms: ReadonlySet<string>;
  values: readonly Quantity[];
  /** Values the sentence says no longer hold ("is no longer $0.35 per kWh"). */
  retired?: readonly Quantity[];
}

/** True when `x` states one of `y`'s values (number, unit and kind). */
function statesValueOf(x: FactSentence, y: FactSentence): boolean {
  return y.values.some((value) => quantityStated(value, x.values));
}

/**
 * True when two sentences stating values can be two versions of one fact: they say much the same
 * and name the same things. The checker's conflicts and the answerer's "sources disagree" both ask it.
 */
export function versionsOfOneFact(x: FactSentence, y: FactSentence, namesAreValues: boolean): boolean {
  // A sentence that says a value no longer holds ("the charging rate … is no longer $0.35 per kWh")
  // and one that states that value ("Electricity is charged at $0.35 per kWh") are two versions
  // of one fact, worded as they may be: the retired value with its unit ties them.
  if (retires(x, y) || retires(y, x)) return sharedShare(x.terms, y.terms) >= RETIRED_FACT_OVERLAP;
  // The kitchenette tap's filter (every 6 months) and the air handlers' (every 60 days) both
  // bear on "how often is the kitchenette tap's filter replaced", yet share hardly a word:
  // two values are versions of one fact only when their sentences say much the same.
  if (sharedShare(x.terms, y.terms) < SAME_FACT_OVERLAP) return false;
  // Sentences that name different things are versions of one fact still when one also states
  // a value of the other ("Printed: 1,600 kg (21 persons) Corrected: 1,350 kg" against "1,600 kg").
  return namesAreValues || !namesApart(x.text, y.text) || statesValueOf(x, y) || statesValueOf(y, x);
}

/** True when `x` retires a value, with a unit, that `y` states. */
function retires(x: FactSentence, y: FactSentence): boolean {
  return (x.retired ?? []).some((value) => value.dimension !== 'count' && quantityStated(value, y.values));
}

type Pair = [PartStatement, PartStatement, 'value' | 'polarity'];

/** The best pair of statements, one per side, whose values the other side does not state. */
function valueConflict(left: PartStatement[], right: PartStatement[], namesAreValues: boolean): Pair | undefined {
  const leftValues = left.flatMap((statement) => statement.values);
  const rightValues = right.flatMap((statement) => statement.values);
  const leftOnly = left.filter((statement) => statement.values.some((value) => !quantityStated(value, rightValues)));
  const rightOnly = right.filter((statement) => statement.values.some((value) => !quantityStated(value, leftValues)));
  let best: { pair: Pair; score: number } | undefined;
  for (const x of leftOnly) {
    for (const y of rightOnly) {
      if (!comparable(x, y, leftValues, rightValues)) continue;
      if (!versionsOfOneFact(x, y, namesAreValues)) continue;
      const score = x.relevance + y.relevance + overlap(x.terms, y.terms);
      if (!best || score > best.score) best = { pair: [x, y, 'value'], score };
    }
  }
  return best?.pair;
}

/** Whether an unstated value of `x` and one of `y` can be two versions of one fact. */
function comparable(x: PartStatement, y: PartStatement, leftValues: Quantity[], rightValues: Quantity[]): boolean {
  const xs = x.values.filter((value) => !quantityStated(value, rightValues));
  const ys = y.values.filter((value) => !quantityStated(value, leftValues));
  return xs.some((a) =>
    ys.some((b) => {
      // An amount of change and a level are not two versions of one fact.
      if (x.changes.has(a) !== y.changes.has(b)) return false;
      if (a.dimension !== b.dimension)
        return a.dimension === 'frequency' || b.dimension === 'frequency' ? sameScale(a, b) : false;
      if (a.dimension === 'identifier') return a.unit === b.unit && overlap(x.terms, y.terms) >= SAME_STATEMENT_OVERLAP;
      return a.unit === b.unit && sameScale(a, b);
    }),
  );
}

/** True when two values are of one scale (within `SAME_FACT_RATIO` of each other): versions of one fact can be. */
export function sameScale(a: Quantity, b: Quantity): boolean {
  const low = Math.min(Math.abs(a.value), Math.abs(b.value));
  const high = Math.max(Math.abs(a.max ?? a.value), Math.abs(b.max ?? b.value));
  return low === 0 ? high === 0 : high / low <= SAME_FACT_RATIO;
}

/**
 * A statement on each side with much the same terms and opposite polarity, neither naming what the
 * other does not: "Network > Reset Network: restore the network settings to the factory default"
 * and "Support > Self Diagnosis > Reset: restore all TV settings (excluding the network settings)"
 * are two functions, not two versions of one.
 */
function polarityConflict(left: PartStatement[], right: PartStatement[]): Pair | undefined {
  for (const x of left) {
    for (const y of right) {
      if (x.negated !== y.negated && overlap(x.terms, y.terms) >= SAME_STATEMENT_OVERLAP && !namesApart(x.text, y.text))
        return [x, y, 'polarity'];
    }
  }
  return undefined;
}

/** Shared terms as a share of the smaller set (the overlap coefficient). */
function sharedShare(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const term of a) if (b.has(term)) shared++;
  return shared / Math.max(1, Math.min(a.size, b.size));
}

function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const term of a) if (b.has(term)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

/** The raw values of a statement that the other side does not state, joined. */
function valueText(statement: PartStatement, otherSide: readonly Quantity[]): string {
  const own = statement.values.filter((value) => !quantityStated(value, otherSide));
  return (own.length > 0 ? own : statement.values).map((value) => value.raw).join(', ');
}
