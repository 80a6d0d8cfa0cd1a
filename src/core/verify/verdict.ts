/**
 * The verdict from the checks' findings: distinct flags in a stable order, and the status:
 * `abstained` when the documents do not answer (no claims, `not_a_claim` statements aside, or no part covered by any given
 * passage), `answered` when every claim is supported and nothing was flagged, else `qualified`.
 */
import type { Claim, FlagName, RagWarning, Verdict, VerdictStatus } from '../types.js';

/** Flags in the order of docs/formats.md §3. */
export const FLAG_ORDER: readonly FlagName[] = [
  'missing_evidence',
  'invalid_citation',
  'unsupported_claim',
  'conflict',
  'superseded',
  'injection',
];

/** What the status depends on besides the warnings. */
export interface VerdictFacts {
  claims: Claim[];
  warnings: RagWarning[];
  /** True when at least one question part is covered by a given passage. */
  anyPartCovered: boolean;
}

/** Assembles the verdict. */
export function makeVerdict({ claims, warnings, anyPartCovered }: VerdictFacts): Verdict {
  const raised = new Set(warnings.map((warning) => warning.flag));
  const flags = FLAG_ORDER.filter((flag) => raised.has(flag));
  return { status: status(claims, flags, anyPartCovered), flags, claims, warnings };
}

function status(statements: Claim[], flags: FlagName[], anyPartCovered: boolean): VerdictStatus {
  const claims = statements.filter((claim) => claim.state !== 'not_a_claim');
  if (claims.length === 0 || !anyPartCovered) return 'abstained';
  if (flags.length === 0 && claims.every((claim) => claim.supported)) return 'answered';
  return 'qualified';
}
