/**
 * Which focus identifiers of a question part the readable library never names ("What does E99
 * mean?" over a manual that lists E21, E24 and E30), and what it names beside each. Access
 * applies: a code named only in a document the viewer may not read is, for that viewer, named
 * nowhere.
 */
import { libraryIdentifiers } from '../index/identifiers.js';
import type { SearchIndex } from '../index/search-index.js';
import { isSibling } from '../question/focus.js';
import { identifierKey } from '../text/quantities.js';
import type { AbsentFocus, AccessLabel, RetrievedPassage } from '../types.js';

/** Siblings named in an absent focus's note. */
const MAX_SIBLINGS = 6;
/** Passages cited for the siblings. */
const MAX_CITES = 2;

/**
 * The part's focus identifiers no readable passage names; empty when every one is named.
 * Siblings named beside the part's other focus identifiers come first (the WM-720's codes for
 * "E99 on the WM-720"), then those written like the asked one; the passages cited for them are
 * chosen from `retrieved` (the passages the answer is given), so a citation is always checkable.
 */
export function absentFocus(
  index: SearchIndex,
  focus: readonly string[] | undefined,
  access: readonly AccessLabel[],
  retrieved: readonly RetrievedPassage[],
): AbsentFocus[] {
  if (!focus || focus.length === 0) return [];
  const table = libraryIdentifiers(index);
  const readable = (cite: string) => {
    const passage = index.passages.get(cite);
    return passage !== undefined && access.includes(passage.access);
  };
  const keys = focus.map(identifierKey);
  const presentCites = new Set(keys.flatMap((key) => table.get(key)?.cites.filter(readable) ?? []));
  const absent: AbsentFocus[] = [];
  for (const [position, name] of focus.entries()) {
    const key = keys[position] ?? '';
    if (table.get(key)?.cites.some(readable)) continue;
    const all: { raw: string; cites: string[]; beside: boolean; alike: boolean }[] = [];
    for (const [other, mention] of table) {
      if (!isSibling(key, other)) continue;
      const cites = mention.cites.filter(readable);
      if (cites.length === 0) continue;
      const beside = cites.some((cite) => presentCites.has(cite));
      all.push({ raw: mention.raw, cites, beside, alike: other.length === key.length });
    }
    // With another focus named ("E99 on the WM-720"), its own family members are the ones to name.
    const besideOthers = all.filter((sibling) => sibling.beside);
    const siblings = besideOthers.length > 0 ? besideOthers : all;
    siblings.sort((a, b) => Number(b.alike) - Number(a.alike) || byName(a, b));
    const shown = siblings.slice(0, MAX_SIBLINGS).sort(byName);
    const item: AbsentFocus = {
      name,
      siblings: shown.map((sibling) => sibling.raw),
      more: siblings.length - shown.length,
      cites: citesNamingMost(shown, retrieved),
    };
    const other = focus.find((_, index) => index !== position && presentCites.size > 0 && table.has(keys[index] ?? ''));
    if (besideOthers.length > 0 && other) item.with = other;
    absent.push(item);
  }
  return absent;
}

function byName(a: { raw: string }, b: { raw: string }): number {
  return a.raw.localeCompare(b.raw, 'en', { numeric: true });
}

/** Of `retrieved`, the passages that name the most of the siblings, most first. */
function citesNamingMost(siblings: readonly { cites: string[] }[], retrieved: readonly RetrievedPassage[]): string[] {
  const superseded = new Set(retrieved.filter((item) => item.supersededBy.length > 0).map((item) => item.passage.cite));
  const given = new Set(retrieved.map((item) => item.passage.cite));
  const counts = new Map<string, number>();
  for (const sibling of siblings) {
    for (const cite of sibling.cites) if (given.has(cite)) counts.set(cite, (counts.get(cite) ?? 0) + 1);
  }
  // A superseded passage is cited only when nothing current names them.
  return [...counts.entries()]
    .sort((a, b) => Number(superseded.has(a[0])) - Number(superseded.has(b[0])) || b[1] - a[1])
    .slice(0, MAX_CITES)
    .map(([cite]) => cite);
}
