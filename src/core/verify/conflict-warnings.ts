/**
 * Conflict and supersession warnings: what the sources say, which is authoritative, and how the
 * answer stands: it gives the authoritative value and says the sources disagree (still flagged,
 * as docs/formats.md §2 asks, but the answer stands), it picks a side silently, or it gives the
 * superseded value.
 */
import { extractQuantities, quantityStated, type Quantity } from '../text/quantities.js';
import type { QuestionPart, RagWarning, RetrievedPassage } from '../types.js';
import type { ConflictFinding } from './conflicts.js';
import { partClause } from './part-clause.js';
import { citationNames, parseCitations } from './citations.js';

/** Words by which an answer says that its sources disagree or that one replaces another. */
const DISAGREEMENT =
  /\b(?:disagree|conflict|differ|contradict|supersed|outdated|out of date|no longer|newer|older|correct(?:s|ed|ion)|errat(?:a|um)|updat(?:es|ed)|replac(?:es|ed)|revis(?:es|ed)|previous(?:ly)?|earlier)\w*/i;

/** One warning per conflict, worded after how `answer` handles it. */
export function conflictWarnings(
  findings: readonly ConflictFinding[],
  parts: readonly QuestionPart[],
  answer: string,
  /** The answer's statements that the documents do not answer something. */
  abstentions: readonly string[] = [],
): RagWarning[] {
  const stated = extractQuantities(answer);
  const saysDisagree = DISAGREEMENT.test(answer);
  // An answer that says the documents do not answer something and gives neither value does not
  // depend on the disagreement (docs/formats.md §3: "something the answer depends on").
  const relied = findings.filter(
    (finding) => abstentions.length === 0 || finding.values.some((value) => mentions(stated, value, answer)),
  );
  return relied.map((finding) => {
    const part = parts[finding.part];
    const about = part ? partClause(part.text) : 'this';
    const [firstCite, secondCite] = finding.cites;
    const [firstValue, secondValue] = finding.values;
    const givesFirst = mentions(stated, firstValue, answer);
    const givesSecond = mentions(stated, secondValue, answer);
    const base = {
      flag: 'conflict' as const,
      cites: [...finding.cites],
      values: [...finding.values],
      ...(part ? { part: part.text } : {}),
    };
    const withAuthority = finding.authoritative ? { ...base, authoritative: finding.authoritative } : base;
    const sources = `${firstCite} says ${firstValue}; ${secondCite} says ${secondValue}`;
    if (!finding.authoritative) {
      return {
        ...withAuthority,
        message: `Sources disagree on ${about}: ${sources}. Neither supersedes the other and both have the same date.`,
      };
    }
    const why = finding.reason === 'supersedes' ? `supersedes ${secondCite}` : `is newer than ${secondCite}`;
    if (givesSecond && !givesFirst) {
      return {
        ...withAuthority,
        message: `The answer gives ${secondValue} from ${secondCite}, but ${firstCite}, which ${why}, says ${firstValue}.`,
      };
    }
    if (!saysDisagree) {
      return {
        ...withAuthority,
        message: `Sources disagree on ${about} and the answer does not say so: ${sources}; ${firstCite} ${why}.`,
      };
    }
    return {
      ...withAuthority,
      message: `Sources disagree on ${about}: ${sources}; ${firstCite} is authoritative because it ${why}.`,
    };
  });
}

/**
 * One warning per cited passage that a newer one supersedes (docs/formats.md §3: the flag is the
 * citation's). Where every sentence of the answer that cites it says so itself ("Revision 3,
 * which Revision 4 replaces, allowed two years [rev3]", "The guide lists 1800 285 438 [guide#5],
 * but the errata sheet says two digits were transposed"), the message says the answer names it
 * as the older source rather than warning that it relies on it.
 */
export function supersededWarnings(cited: readonly RetrievedPassage[], answer = ''): RagWarning[] {
  const sentences = answer.split(/(?<=[.!?])\s+(?=[^a-z])/);
  const acknowledged = ({ cite, docId }: RetrievedPassage['passage']) => {
    const citing = sentences.filter((sentence) =>
      parseCitations(sentence, () => true).some(({ id }) => citationNames(id, { cite, docId })),
    );
    return citing.length > 0 && citing.every((sentence) => DISAGREEMENT.test(sentence.replace(CITATIONS, ' ')));
  };
  return cited
    .filter((item) => item.supersededBy.length > 0)
    .map((item) => ({
      flag: 'superseded' as const,
      cites: [item.passage.cite],
      authoritative: item.supersededBy[0] ?? '',
      message: acknowledged(item.passage)
        ? `The answer cites ${item.passage.cite} as the older source, as it says itself: it is superseded by ${listed(item.supersededBy)}.`
        : `The answer cites ${item.passage.cite}, which is superseded by ${listed(item.supersededBy)}.`,
    }));
}

const CITATIONS = /\[[^[\]\n]{1,400}\]/g;

function listed(cites: readonly string[]): string {
  return cites.length <= 3 ? cites.join(', ') : `${cites.slice(0, 3).join(', ')} and ${cites.length - 3} more`;
}

/** True when the answer states `value` (as a quantity, else as text). */
function mentions(stated: readonly Quantity[], value: string, answer: string): boolean {
  const wanted = extractQuantities(value);
  if (wanted.length === 0) return answer.toLowerCase().includes(value.toLowerCase().slice(0, 60));
  return wanted.some((quantity) => quantityStated(quantity, stated));
}
