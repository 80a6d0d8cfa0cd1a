/**
 * The check stage: "check or abstain". Splits the answer into claims with their citations,
 * checks every citation against the passages given, every claim against the passages it cites,
 * every question part against the passages and the supported claims, the given passages against
 * each other (conflicts, supersession) and for planted instructions; returns a verdict whose
 * warnings name each problem with its evidence.
 */
import type { AbortSignalLike, ClaimJudge } from '../ports.js';
import type { Claim, QuestionPart, RagWarning, RetrievedPassage, Verdict } from '../types.js';
import { checkClaims } from './check-claims.js';
import { knownIds, resolveCitation, type ResolvedCitation } from './citations.js';
import { segmentAnswer, type AnswerStatement, type ClaimDraft } from './claims.js';
import { conflictWarnings, supersededWarnings } from './conflict-warnings.js';
import { detectConflicts } from './conflicts.js';
import { missingEvidenceWarnings } from './missing-evidence.js';
import { answerLinkWarnings, injectionWarnings } from './injection-warnings.js';
import { detectInjection, type InjectionSpan } from './injection.js';
import { lexicalJudge } from './lexical-judge.js';
import type { Meaning } from './meaning.js';
import { partsAddressedByMeaning } from './meaning-coverage.js';
import { makeVerdict } from './verdict.js';

/** What the check stage reads. */
export interface VerifyInput {
  question: string;
  /** The question's parts, from `analyseQuestion`. */
  parts: QuestionPart[];
  /** The generator's text with inline `[citation ids]`. */
  answer: string;
  /** The passages given to the generator, in prompt order. */
  given: RetrievedPassage[];
  /** Whether a citation id exists anywhere in the library, to tell "does not exist" from "not given". */
  exists?: (cite: string) => boolean;
  /** Decides whether cited passages state a claim; default `lexicalJudge`. */
  judge?: ClaimJudge;
  /** Stops the check between claims (a model-backed judge can be slow). */
  signal?: AbortSignalLike;
  /** Similarity by meaning from the retrieval embedder, where calibrated (meaning.ts); lexical only without. */
  meaning?: Meaning;
  /**
   * Who wrote the answer (default `model`). A model read every given passage, so a passage with
   * text aimed at an assistant may have swayed it; code did not obey anything, so for an answer
   * written by code only what it repeats from such text is flagged (the passage keeps its badge).
   */
  writtenBy?: 'code' | 'model';
  /**
   * True for a name the library is about: one more than half of its passages use ("TV" in a TV
   * manual). A claim that names it rests on a passage that does not. Absent: every name must be in
   * the passage cited.
   */
  librarySubject?: (name: string) => boolean;
}

/** Checks `input.answer` and returns its verdict. */
export async function verifyAnswer(input: VerifyInput): Promise<Verdict> {
  const { answer, given, parts, exists } = input;
  const statements = segmentAnswer(answer, knownIds(given, exists));
  const citations = new Map<string, ResolvedCitation>();
  for (const id of new Set(statements.flatMap((statement) => statement.cites)))
    citations.set(id, resolveCitation(id, given, exists));
  const injections = new Map<string, InjectionSpan[]>(
    given.map((item) => [item.passage.cite, detectInjection(item.passage.text)]),
  );
  const drafts = statements.filter((statement): statement is ClaimDraft => statement.kind === 'claim');
  const { checked, warnings: claimWarnings } = await checkClaims(drafts, {
    judge: input.judge ?? lexicalJudge,
    citations,
    injections,
    given,
    ...(input.signal ? { signal: input.signal } : {}),
    ...(input.meaning ? { meaning: input.meaning } : {}),
    ...(input.librarySubject ? { librarySubject: input.librarySubject } : {}),
    answer,
  });
  const claims = checked.map((item) => item.claim);
  const abstentions = statements
    .filter((statement) => statement.kind === 'abstention')
    .map((statement) => statement.text);
  const byMeaning = input.meaning
    ? await partsAddressedByMeaning(parts, checked, input.meaning, input.signal, abstentions, given)
    : undefined;
  const coverage = missingEvidenceWarnings(parts, given, checked, byMeaning, abstentions);
  // A whole document cited ("[parking-policy]") cites the passages its claims were judged on, not
  // every passage of it: one superseded fee in a policy does not make its visitor rules superseded.
  const judgedOn = new Set(claims.flatMap((claim) => (claim.evidence ? [claim.evidence.cite] : [])));
  const cited = [...citations.values()].flatMap((citation) =>
    citation.passages.length > 1 && !citation.id.includes('#')
      ? citation.passages.filter((item) => judgedOn.has(item.passage.cite))
      : citation.passages,
  );
  const warnings: RagWarning[] = [
    ...coverage.warnings,
    ...invalidCitationWarnings(citations, drafts),
    ...claimWarnings,
    ...conflictWarnings(detectConflicts(parts, given), parts, answer, abstentions),
    ...supersededWarnings([...new Map(cited.map((item) => [item.passage.cite, item])).values()], answer),
    ...((input.writtenBy ?? 'model') === 'model' ? injectionWarnings(given, injections) : []),
    ...answerLinkWarnings(answer, given, injections),
  ];
  return makeVerdict({ ...inAnswerOrder(statements, claims, warnings), anyPartCovered: coverage.anyPartCovered });
}

/**
 * Every statement of the answer in order: the checked claims, and the statements that assert
 * nothing (`not_a_claim`: lead-ins, source talk, what the documents do not cover), so a reader
 * of the verdict sees how each sentence was taken. Warnings name claims by their new index.
 */
function inAnswerOrder(
  statements: readonly AnswerStatement[],
  claims: readonly Claim[],
  warnings: readonly RagWarning[],
): { claims: Claim[]; warnings: RagWarning[] } {
  const ordered: Claim[] = [];
  const moved = new Map<number, number>();
  let next = 0;
  for (const statement of statements) {
    if (statement.kind === 'claim') {
      const claim = claims[next];
      if (!claim) continue;
      moved.set(next++, ordered.length);
      ordered.push(claim);
      continue;
    }
    const { text, cites, start, end } = statement;
    ordered.push({ text, cites: [...cites], supported: false, state: 'not_a_claim', start, end });
  }
  return {
    claims: ordered,
    warnings: warnings.map((warning) =>
      warning.claim === undefined ? warning : { ...warning, claim: moved.get(warning.claim) ?? warning.claim },
    ),
  };
}

function invalidCitationWarnings(
  citations: ReadonlyMap<string, ResolvedCitation>,
  drafts: readonly ClaimDraft[],
): RagWarning[] {
  const warnings: RagWarning[] = [];
  for (const citation of citations.values()) {
    if (citation.status === 'valid') continue;
    const claim = drafts.findIndex((draft) => draft.cites.includes(citation.id));
    const message =
      citation.status === 'unknown'
        ? `The answer cites [${citation.id}], which does not exist in the library.`
        : `The answer cites [${citation.id}], which was not among the passages given to the model.`;
    warnings.push({ flag: 'invalid_citation', cites: [citation.id], message, ...(claim >= 0 ? { claim } : {}) });
  }
  return warnings;
}
