/**
 * The sentence to highlight when a citation chip is clicked: the one the checker judged the
 * chip's claim on in the passage the chip points to (`Claim.spans`, from the verdict), never
 * recomputed here.
 */
import type { Claim } from '../../core/types.js';

/** A highlighted sentence and what the checker found on it. */
export interface JudgedSpan {
  start: number;
  end: number;
  state: 'supported' | 'contradicted' | 'not_found';
  label: string;
}

const LABELS: Record<JudgedSpan['state'], string> = {
  supported: 'The sentence that states the claim',
  contradicted: 'The sentence that says otherwise',
  not_found: 'The closest sentence; the checker could not confirm the claim in it',
};

/**
 * The span of the active claim in the passage `active.cite`, or undefined (a chip outside any
 * claim, a statement that is not a claim, a passage sharing no word with the claim).
 */
export function judgedSpan(
  claims: readonly Claim[],
  active: { cite: string; claim?: number | undefined },
): JudgedSpan | undefined {
  const claim = active.claim === undefined ? undefined : claims[active.claim];
  if (!claim || claim.state === 'not_a_claim') return undefined;
  const span = (claim.spans ?? (claim.evidence ? [claim.evidence] : [])).find((item) => item.cite === active.cite);
  if (!span) return undefined;
  // The first span is the one the judgement rests on; the others are the closest sentence elsewhere.
  const decisive = span === (claim.spans?.[0] ?? claim.evidence);
  const state = claim.state === 'supported' || decisive ? claim.state : 'not_found';
  return { start: span.start, end: span.end, state, label: LABELS[state] };
}
