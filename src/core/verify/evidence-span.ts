/**
 * Which sentence of a passage supports a claim: the sentence-like unit sharing the most
 * (stemmed) content terms with it. Used to highlight the evidence a citation chip points to.
 */
import { splitUnits } from '../../core/text/sentences.js';
import { contentTerms } from '../../core/text/terms.js';

/** Offsets of a span in the passage text. */
export interface Span {
  start: number;
  end: number;
}

const CITATION_GROUP = /\[[^[\]\n]{1,400}\]/g;

/** The unit of `passageText` that best matches `claimText`; undefined when no unit shares a term. */
export function supportingSpan(passageText: string, claimText: string): Span | undefined {
  const wanted = new Set(contentTerms(claimText.replace(CITATION_GROUP, ' ')));
  if (wanted.size === 0) return undefined;
  let best: (Span & { score: number }) | undefined;
  for (const unit of splitUnits(passageText)) {
    if (unit.kind === 'heading' || unit.kind === 'table-rule') continue;
    const terms = new Set(contentTerms(unit.text));
    let shared = 0;
    for (const term of terms) if (wanted.has(term)) shared += /\d/.test(term) ? 2 : 1;
    const score = shared / Math.sqrt(terms.size || 1);
    if (shared > 0 && (!best || score > best.score)) best = { start: unit.start, end: unit.end, score };
  }
  return best && { start: best.start, end: best.end };
}
