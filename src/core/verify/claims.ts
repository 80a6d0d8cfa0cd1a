/**
 * Splits an answer into statements (sentences and clauses) with the citations attached to each.
 * A citation belongs to the clause it closes; a citation at the end of a sentence (before or
 * after its full stop) belongs to that sentence's clauses that have none of their own.
 */
import { extractQuantities, quantityStated } from '../text/quantities.js';
import { plainUnitText, splitUnits, type TextUnit } from '../text/sentences.js';
import { parseCitations, type CitationRef } from './citations.js';
import { SOURCE_TALK, statementKind, type StatementKind } from './statement-kinds.js';

/** A sentence or clause of an answer. */
export interface AnswerStatement {
  /** The text without its citations, whitespace collapsed. */
  text: string;
  cites: string[];
  kind: StatementKind;
  /** Offsets in the answer. */
  start: number;
  end: number;
  /** For an item of a list cited only by the line that leads into it, that line ("The TV reads these file systems:"). */
  lead?: string;
}

/** A claim: a statement of fact that a cited passage must state. */
export type ClaimDraft = AnswerStatement & { kind: 'claim' };

/**
 * Where clauses split inside a sentence: contrastive joins, which often put a claim beside a
 * gap ("…do not say X, but the warranty lasts 2 years"). Semicolons do not split: quoted
 * passages use them inside one statement.
 */
const CLAUSE_BREAK = /,\s+(?=(?:but|however|although|whereas)\b)/gi;

/** Every statement of `answer`, in order. `isKnown` recognises bare document ids as citations. */
export function segmentAnswer(answer: string, isKnown?: (id: string) => boolean): AnswerStatement[] {
  const citations = parseCitations(answer, isKnown);
  const groups = groupCitations(citations);
  let masked = answer;
  for (const group of groups)
    masked = masked.slice(0, group.start) + ' '.repeat(group.end - group.start) + masked.slice(group.end);
  const units: AnswerStatement[][] = [];
  const listItems = new Set<AnswerStatement[]>();
  for (const unit of joinQuoted(
    splitUnits(masked).filter((unit) => unit.kind !== 'heading' && unit.kind !== 'table-rule'),
  )) {
    const clauses = splitClauses(answer, masked, unit, groups);
    if (clauses.length === 0) continue;
    units.push(clauses);
    if (unit.kind === 'list-item') listItems.add(clauses);
  }
  attachTrailing(units, groups);
  for (const clauses of units) inheritSentenceCites(clauses);
  inheritLeadCites(units, listItems);
  return describedSources(concludingSourceTalk(units.flat()));
}

/**
 * An uncited closing remark about the sources whose values the answer has already stated with a
 * citation ("…18 persons [errata]. The guide prints 21 [guide], but the errata sheet corrects
 * that figure, so 18 is the limit.") asserts nothing new: it is not a claim. One that brings a
 * value of its own stays a claim, and uncited.
 */
function concludingSourceTalk(statements: AnswerStatement[]): AnswerStatement[] {
  return statements.map((statement, index) => {
    if (statement.kind !== 'claim' || statement.cites.length > 0 || !SOURCE_TALK.test(statement.text)) return statement;
    const earlier = statements.slice(0, index).filter((other) => other.kind === 'claim' && other.cites.length > 0);
    if (earlier.length === 0) return statement;
    const stated = extractQuantities(earlier.map((other) => other.text).join('\n'));
    const values = extractQuantities(statement.text).filter((value) => value.dimension !== 'identifier');
    return values.every((value) => quantityStated(value, stated)) ? { ...statement, kind: 'meta' as const } : statement;
  });
}

/**
 * What an answer that says the documents do not answer something tells about the documents
 * themselves, uncited ("The travel post describes the itinerary, but it never gives a price";
 * "The version history stops at 1.6.8"): the reason it gives for abstaining, about the sources,
 * not a fact it asserts. Not a claim. In an answer that does not abstain such a sentence stays
 * a claim, and a cited one is checked as any claim is.
 */
function describedSources(statements: AnswerStatement[]): AnswerStatement[] {
  if (!statements.some((statement) => statement.kind === 'abstention')) return statements;
  return statements.map((statement) =>
    statement.kind === 'claim' && statement.cites.length === 0 && DESCRIBES_SOURCE.test(statement.text)
      ? { ...statement, kind: 'meta' as const }
      : statement,
  );
}

/**
 * A sentence whose subject is a source ("the article gives …", "but it never mentions …"). With a
 * pronoun for subject only a verb of telling, or one of giving said as a lack ("it never gives a
 * price"), makes it an account of the source: "It runs on 8 GB of memory" and "They include two
 * batteries" state facts, uncited, and stay claims.
 */
const DESCRIBES_SOURCE = new RegExp(
  String.raw`^(?:(?:but|and|while|though|although)\s+)?(?:` +
    String.raw`(?:the|this|that|these|those|its|their)\s+(?:[\p{L}-]+\s+){0,2}(?:posts?|articles?|pages?|documents?|manuals?|guides?|texts?|passages?|sources?|histor(?:y|ies)|notes|blogs?|wikis?|reviews?|story|stories|papers?|survey|chapters?|sections?|entr(?:y|ies)|list(?:ing)?s?|excerpts?|e-manual|schedules?|plans?|polic(?:y|ies)|catalogues?|catalogs?|sheets?|bulletins?|notices?|faqs?|reports?|tables?|handbooks?|procedures?|memos?)` +
    String.raw`\s+(?:(?:only|just|never|also|mostly|mainly)\s+)?(?:describes?|gives?|covers?|lists?|mentions?|talks?|discuss(?:es)?|stops?|ends?|focus(?:es)?|is about|are about|says?|includes?|contains?|goes|runs|explains?|deals?)` +
    String.raw`|(?:it|they)\s+(?:(?:only|just|never|also|mostly|mainly)\s+)?(?:describes?|lists?|mentions?|talks?|discuss(?:es)?|focus(?:es)?|says?|explains?|deals?)` +
    String.raw`|(?:it|they)\s+(?:never|does\s+not|doesn['’]t|do\s+not|don['’]t)\s+(?:gives?|includes?|contains?|states?|says?|mentions?|lists?)` +
    String.raw`)\b`,
  'iu',
);

/** The claims of `answer`: statements that assert something (see `statementKind`). */
export function splitClaims(answer: string, isKnown?: (id: string) => boolean): ClaimDraft[] {
  return segmentAnswer(answer, isKnown).filter((statement): statement is ClaimDraft => statement.kind === 'claim');
}

/** Joins units that a sentence break split inside a quotation ("no passage says "A. B""). */
function joinQuoted(units: TextUnit[]): TextUnit[] {
  const joined: TextUnit[] = [];
  for (const unit of units) {
    const last = joined[joined.length - 1];
    if (last && last.kind === 'sentence' && unit.kind === 'sentence' && insideQuotes(last.text)) {
      joined[joined.length - 1] = { ...last, end: unit.end, text: `${last.text} ${unit.text}` };
    } else {
      joined.push(unit);
    }
  }
  return joined;
}

type Group = { start: number; end: number; ids: string[]; used: boolean };

function groupCitations(citations: CitationRef[]): Group[] {
  const groups: Group[] = [];
  for (const citation of citations) {
    const last = groups[groups.length - 1];
    if (last && last.start === citation.start) last.ids.push(citation.id);
    else groups.push({ start: citation.start, end: citation.end, ids: [citation.id], used: false });
  }
  return groups;
}

/** Splits one unit at clause breaks and at citations followed by more text. */
function splitClauses(answer: string, masked: string, unit: TextUnit, groups: Group[]): AnswerStatement[] {
  const { start, end } = unit;
  const cuts = new Set<number>();
  const inside = groups.filter((group) => group.start >= start && group.start < end);
  for (const group of inside) {
    if (/[\p{L}\p{N}]/u.test(masked.slice(group.end, end))) cuts.add(group.end);
  }
  for (const match of masked.slice(start, end).matchAll(CLAUSE_BREAK)) {
    if (!insideQuotes(masked.slice(start, start + match.index))) cuts.add(start + match.index + match[0].length);
  }
  const bounds = [start, ...[...cuts].sort((a, b) => a - b), end];
  const statements: AnswerStatement[] = [];
  for (let index = 0; index + 1 < bounds.length; index++) {
    const from = bounds[index] ?? start;
    const to = bounds[index + 1] ?? end;
    const own = inside.filter((group) => group.start >= from && group.start < to);
    own.forEach((group) => (group.used = true));
    const text = clean(plainUnitText({ kind: unit.kind, text: masked.slice(from, to).trim() }));
    if (text === '') continue;
    const [first, last] = trimmedBounds(answer, from, to);
    statements.push({
      text,
      cites: own.flatMap((group) => group.ids),
      kind: statementKind(text),
      start: first,
      end: last,
    });
  }
  return statements;
}

/** A citation group outside every unit (after a full stop) belongs to the unit before it. */
function attachTrailing(units: AnswerStatement[][], groups: Group[]): void {
  for (const group of groups.filter((candidate) => !candidate.used)) {
    const before = [...units].reverse().find((clauses) => (clauses[0]?.start ?? 0) <= group.start);
    const last = before?.[before.length - 1];
    last?.cites.push(...group.ids);
  }
}

/**
 * Items of a list without citations of their own ("The TV reads these file systems [a#2]:" then
 * "- FAT", "- exFAT") take the citations of the line that leads into the list, and keep that
 * line: the lead cites them and says what they are. An item with its own citation stands alone.
 */
function inheritLeadCites(units: AnswerStatement[][], listItems: ReadonlySet<AnswerStatement[]>): void {
  let lead: AnswerStatement | undefined;
  for (const clauses of units) {
    if (!listItems.has(clauses)) {
      const last = clauses[clauses.length - 1];
      lead = last && /:$/.test(last.text) ? last : undefined;
      continue;
    }
    if (!lead) continue;
    for (const clause of clauses.filter((item) => item.cites.length === 0)) {
      clause.lead = lead.text;
      clause.cites = [...lead.cites];
    }
  }
}

/** Clauses without citations of their own take those that close their sentence. */
function inheritSentenceCites(clauses: AnswerStatement[]): void {
  const closing = clauses[clauses.length - 1]?.cites ?? [];
  for (const clause of clauses) if (clause.cites.length === 0) clause.cites = [...closing];
}

function insideQuotes(prefix: string): boolean {
  const straight = (prefix.match(/"/g) ?? []).length;
  const open = (prefix.match(/“/g) ?? []).length;
  const close = (prefix.match(/”/g) ?? []).length;
  return straight % 2 === 1 || open > close;
}

function clean(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\s+([.,;:!?])/g, '$1')
    .replace(/^[\s,;:]+|[\s,;]+$/g, '')
    .trim();
}

function trimmedBounds(text: string, from: number, to: number): [number, number] {
  while (from < to && /[\s,;]/.test(text[from] ?? '')) from++;
  while (to > from && /\s/.test(text[to - 1] ?? '')) to--;
  return [from, to];
}
