/**
 * Which sentence of a passage a claim was judged on: the sentence-like unit sharing the most
 * (stemmed) content terms with the claim, or with the sentence the judge picked. Kept in the
 * verdict (`Claim.evidence`, docs/formats.md §3) so the page highlights what the checker used.
 */
import { splitUnits } from '../text/sentences.js';
import { contentTerms } from '../text/terms.js';
import type { ClaimEvidence, RetrievedPassage } from '../types.js';

/** Offsets of a span in the passage text, and how well it matched. */
interface ScoredSpan {
  start: number;
  end: number;
  score: number;
}

const CITATION_GROUP = /\[[^[\]\n]{1,400}\]/g;

/**
 * The unit of `passageText` that best matches `text`: shared content terms (numbers count
 * twice) over the square root of the unit's terms; undefined when no unit shares a term.
 */
export function closestUnit(passageText: string, text: string): ScoredSpan | undefined {
  const wanted = new Set(contentTerms(text.replace(CITATION_GROUP, ' ')));
  if (wanted.size === 0) return undefined;
  let best: ScoredSpan | undefined;
  for (const unit of splitUnits(passageText)) {
    if (unit.kind === 'heading' || unit.kind === 'table-rule') continue;
    const terms = new Set(contentTerms(unit.text));
    let shared = 0;
    for (const term of terms) if (wanted.has(term)) shared += /\d/.test(term) ? 2 : 1;
    const score = shared / Math.sqrt(terms.size || 1);
    if (shared > 0 && (!best || score > best.score)) best = { start: unit.start, end: unit.end, score };
  }
  return best;
}

/**
 * The sentence each cited passage offers for `text`, best first: one entry per passage with a
 * matching unit. `preferred` (the sentence the judge chose, by meaning) puts first the passage
 * that holds it, on the unit closest to it.
 */
export function evidenceSpans(
  text: string,
  passages: readonly RetrievedPassage[],
  preferred?: string,
): ClaimEvidence[] {
  const scored: (ClaimEvidence & { score: number })[] = [];
  for (const item of passages) {
    const span = closestUnit(item.passage.text, text);
    if (span) scored.push({ cite: item.passage.cite, start: span.start, end: span.end, score: span.score });
  }
  scored.sort((a, b) => b.score - a.score);
  const spans = scored.map(({ cite, start, end }) => ({ cite, start, end }));
  if (preferred === undefined) return spans;
  let holder: (ClaimEvidence & { score: number }) | undefined;
  for (const item of passages) {
    const span = closestUnit(item.passage.text, preferred);
    if (span && (!holder || span.score > holder.score)) holder = { cite: item.passage.cite, ...span };
  }
  if (!holder) return spans;
  const { cite, start, end } = holder;
  return [{ cite, start, end }, ...spans.filter((span) => span.cite !== cite)];
}
