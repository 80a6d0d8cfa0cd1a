/**
 * Missing-evidence warnings: each question part that no given passage covers, or that no
 * supported claim addresses, named in a sentence ("No passage says whether water damage is
 * covered.").
 */
import { questionSentence } from '../question/analyse-question.js';
import type { QuestionPart, RagWarning, RetrievedPassage } from '../types.js';
import type { CheckedClaim } from './check-claims.js';
import {
  bestCoverage,
  claimAddresses,
  claimAnswersByKeyTerms,
  claimBackedAddresses,
  claimOnTopPassage,
  givenTerms,
  partTerms,
  PART_COVERAGE_FLOOR,
  type AddressingClaim,
} from './coverage.js';
import { claimCore } from './claim-core.js';
import { aboutAnotherMember, absentFocusMessage } from './focus-check.js';
import { aboutPart, listGroups, type MeaningCoverage } from './meaning-coverage.js';
import { partClause } from './part-clause.js';
import { checkTerms, weightedShare } from './term-weights.js';
import { partsAddressedByWords } from './word-coverage.js';

/** The warnings, and whether any part is covered by a given passage. */
export function missingEvidenceWarnings(
  parts: readonly QuestionPart[],
  given: readonly RetrievedPassage[],
  checked: readonly CheckedClaim[],
  /** Parts a supported claim addresses, or only reaches, by meaning (meaning-coverage.ts), by index; by words when absent (word-coverage.ts). */
  byMeaning?: MeaningCoverage,
  /** The answer's own statements that the documents do not answer something. */
  abstentions: readonly string[] = [],
): { warnings: RagWarning[]; anyPartCovered: boolean } {
  const warnings: RagWarning[] = [];
  const admitted = admittedParts(parts, abstentions);
  // Without a calibrated embedder, the claim's words stand in for its meaning.
  const byClaims = byMeaning ?? partsAddressedByWords(parts, checked, admitted);
  const terms = givenTerms(given);
  const supported = supportedSentences(checked);
  let anyPartCovered = false;
  const backedClaims = checked.filter((item) => item.claim.supported && item.passages.length > 0);
  for (const [index, part] of parts.entries()) {
    const absent = absentFocusMessage(part);
    if (absent) {
      warnings.push({ flag: 'missing_evidence', part: part.text, message: absent });
      continue;
    }
    const onFocus = backedClaims.filter((item) => !aboutAnotherMember(part, item));
    // What the answer itself admits the documents do not say stays missing, whatever it quotes beside it.
    const addressed =
      !admitted.has(index) &&
      (backedClaims.length === 0 || onFocus.length > 0) &&
      (byClaims.addressed.has(index) ||
        supported.some((claim) => claimAddresses(part, claim, terms.weight)) ||
        backedClaims.some((item) => claimBackedAddresses(part, item, terms.weight, parts)) ||
        backedClaims.some((item) => claimAnswersByKeyTerms(part, item)) ||
        backedClaims.some((item) => claimOnTopPassage(part, index, item, given, parts)) ||
        givesAskedKind(part, backedClaims, parts, given));
    // (`addressesPart` below asks the same of one claim, for generators that check before they write.)
    const covered = addressed || byClaims.reached.has(index) || bestCoverage(part, terms).score >= PART_COVERAGE_FLOOR;
    anyPartCovered ||= covered;
    if (addressed) continue;
    const clause = partClause(part.text);
    const verb = clause.startsWith('whether') ? 'says' : clause.startsWith('"') ? 'answers' : 'states';
    const message = covered ? `No supported claim in the answer ${verb} ${clause}.` : `No passage ${verb} ${clause}.`;
    warnings.push({ flag: 'missing_evidence', part: part.text, message: capitalise(message) });
  }
  return { warnings, anyPartCovered };
}

/**
 * Supported claims as coverage reads them: each alone, and each run of consecutive supported
 * claims of one sentence joined (a value and the attribute it belongs to may sit in two clauses).
 */
function supportedSentences(checked: readonly CheckedClaim[]): AddressingClaim[] {
  const claims: AddressingClaim[] = [];
  let run: CheckedClaim[] = [];
  const flush = () => {
    if (run.length > 1) claims.push(addressing(run));
    run = [];
  };
  for (const item of checked) {
    if (!item.claim.supported) {
      flush();
      continue;
    }
    claims.push(addressing([item]));
    const previous = run[run.length - 1];
    if (previous && /[.!?]$/.test(previous.claim.text)) flush();
    run.push(item);
  }
  flush();
  for (const items of listGroups(checked.filter((item) => item.claim.supported))) {
    const joined = addressing(items);
    claims.push({ ...joined, text: `${items[0]!.lead} ${joined.text}` });
  }
  return claims;
}

function addressing(items: readonly CheckedClaim[]): AddressingClaim {
  const passages = items.flatMap((item) => item.passages);
  return {
    text: items.map((item) => item.core).join(' '),
    context: passages.flatMap((item) => [item.passage.title, item.passage.heading]),
  };
}

/**
 * True when a supported claim citing `passages` would address `part` for this checker: the test
 * behind `missing_evidence`, for a generator to run before it presents a sentence as the answer.
 */
export function addressesPart(
  part: QuestionPart,
  claim: string,
  passages: readonly RetrievedPassage[],
  given: readonly RetrievedPassage[],
  /** The question's parts, `part` among them (one that shares only words of the others is not answered through them). */
  parts: readonly QuestionPart[] = [part],
): boolean {
  const terms = givenTerms(given);
  const core = claimCore(claim);
  const context = passages.flatMap((item) => [item.passage.title, item.passage.heading]);
  return (
    claimAddresses(part, { text: core, context }, terms.weight) ||
    claimBackedAddresses(part, { core, passages }, terms.weight, parts)
  );
}

/**
 * Parts that ask for a reason ("why did it slip", "…. Why?") or an order ("and in what order?"),
 * and the words by which a claim gives one: "because …", "due to …", "so that …", "to make way
 * for …" ("since" only before a word, not a year: "since 2019" is a time); "first …, then …",
 * "followed by", "before".
 */
const ASKED_KINDS: ReadonlyArray<{ asks: RegExp; gives: RegExp }> = [
  {
    asks: /^(?:\W*(?:and|but|so)\s+)?(?:why|how come|for what reason|what (?:is|was) the reason)\b/i,
    gives:
      /\b(?:because|due to|owing to|thanks to|so that|in order to|as a result|which is why|that['’]s why|the reason|caused by|to make (?:way|room) for|since (?=[a-z]))\b/i,
  },
  {
    asks: /^(?:\W*(?:and|but|so)\s+)?(?:in )?(?:what|which) order\b/i,
    gives: /\b(?:first|then|followed by|after that|next|before|finally|last(?:ly)?)\b/i,
  },
];

/**
 * True when the part asks for a reason or an order and a supported claim about the part's names
 * gives one: a reason shares few words with "why that one", and its cosine to so short a part is
 * low (0.14 to 0.21 for correct answers of the development sets). Where the question asks two
 * reasons, a claim's answers the one sharing most of its words.
 */
function givesAskedKind(
  part: QuestionPart,
  claims: readonly CheckedClaim[],
  parts: readonly QuestionPart[],
  given: readonly RetrievedPassage[],
): boolean {
  const kind = ASKED_KINDS.find(({ asks }) => asks.test(questionSentence(part.text)));
  if (!kind) return false;
  const alike = parts.filter((other) => other !== part && kind.asks.test(questionSentence(other.text)));
  return claims.some((item) => {
    if (!kind.gives.test(item.core) || !aboutPart(part, item, given)) return false;
    const present = new Set(checkTerms(item.core));
    const share = (other: QuestionPart) => weightedShare(partTerms(other).attributes, present);
    return alike.every((other) => share(other) <= share(part));
  });
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The parts the answer itself says the documents do not answer: for each such statement, the part
 * sharing most of its words (the only part, when there is one). A passage's rank does not vouch
 * for what the answer admits it could not find.
 */
function admittedParts(parts: readonly QuestionPart[], abstentions: readonly string[]): Set<number> {
  const admitted = new Set<number>();
  for (const statement of abstentions) {
    if (parts.length === 1) {
      admitted.add(0);
      continue;
    }
    const present = new Set(checkTerms(statement));
    const shares = parts.map((part) => weightedShare(partTerms(part).attributes, present));
    const best = Math.max(...shares);
    if (best > 0) admitted.add(shares.indexOf(best));
  }
  return admitted;
}
