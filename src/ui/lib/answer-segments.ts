/**
 * An answer as a list of segments to render: plain text (inside a claim or not), citation chips
 * for ids among the passages given, and struck-through text for any other bracketed id. Chips are
 * made only from `[id]` tokens the core's citation parser accepts, so text in an answer can never
 * become markup.
 */
import { knownIds, parseCitations, resolveCitation } from '../../core/verify/citations.js';
import type { Claim, RetrievedPassage } from '../../core/types.js';

/** One piece of a rendered answer. */
export type AnswerSegment =
  | { kind: 'text'; text: string; claim?: number }
  /** A valid citation: `id` as written, `cite` the passage it resolves to (first, for a document id). */
  | { kind: 'cite'; id: string; cite: string; claim?: number }
  | { kind: 'invalid'; id: string; claim?: number };

/** Splits `text` at claims and citation groups. */
export function segmentAnswer(
  text: string,
  claims: readonly Claim[],
  given: readonly RetrievedPassage[],
): AnswerSegment[] {
  const refs = parseCitations(text, knownIds(given));
  const groups = new Map<number, { end: number; ids: string[] }>();
  for (const ref of refs) {
    const group = groups.get(ref.start) ?? { end: ref.end, ids: [] };
    group.ids.push(ref.id);
    groups.set(ref.start, group);
  }
  const cuts = new Set<number>([0, text.length]);
  for (const claim of claims) cuts.add(clamp(claim.start, text)).add(clamp(claim.end, text));
  for (const [start, group] of groups) cuts.add(start).add(group.end);
  const points = [...cuts].sort((a, b) => a - b);
  const segments: AnswerSegment[] = [];
  let position = 0;
  for (const point of points) {
    if (point < position) continue;
    const group = groups.get(point);
    if (point > position) pushText(segments, text.slice(position, point), claimAt(claims, position));
    position = point;
    if (!group) continue;
    const claim = claimAt(claims, point) ?? claimBefore(claims, point);
    for (const id of group.ids) segments.push(citeSegment(id, given, claim));
    position = group.end;
  }
  return segments;
}

function citeSegment(id: string, given: readonly RetrievedPassage[], claim: number | undefined): AnswerSegment {
  const resolved = resolveCitation(id, given);
  const first = resolved.passages[0];
  const base = claim === undefined ? {} : { claim };
  return resolved.status === 'valid' && first
    ? { kind: 'cite', id, cite: first.passage.cite, ...base }
    : { kind: 'invalid', id, ...base };
}

function pushText(segments: AnswerSegment[], text: string, claim: number | undefined): void {
  segments.push(claim === undefined ? { kind: 'text', text } : { kind: 'text', text, claim });
}

/** Index of the claim covering `offset`. */
export function claimAt(claims: readonly Claim[], offset: number): number | undefined {
  const index = claims.findIndex((claim) => claim.start <= offset && offset < claim.end);
  return index < 0 ? undefined : index;
}

/** Index of the last claim ending at or before `offset` (a citation right after its claim). */
function claimBefore(claims: readonly Claim[], offset: number): number | undefined {
  let found: number | undefined;
  claims.forEach((claim, index) => {
    if (claim.end <= offset && (found === undefined || claim.end >= (claims[found]?.end ?? 0))) found = index;
  });
  return found;
}

function clamp(value: number, text: string): number {
  return Math.max(0, Math.min(text.length, value));
}

/** Citation ids of every given passage the answer cites validly (a document id cites all its passages given). */
export function citedPassages(text: string, given: readonly RetrievedPassage[]): Set<string> {
  const cited = new Set<string>();
  for (const ref of parseCitations(text, knownIds(given))) {
    for (const item of resolveCitation(ref.id, given).passages) cited.add(item.passage.cite);
  }
  return cited;
}
