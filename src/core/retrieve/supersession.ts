/**
 * Supersession: front matter `supersedes` names a whole document (`dw480-manual-v2`) or one
 * section (`wm720-manual#6`), and the documents' own words say it too ("this bulletin supersedes
 * section 5 of the HVAC manual": `stated-supersession.ts`). A retrieved passage that something
 * readable supersedes is marked, and the passage that supersedes it is brought in right after it,
 * so that the generator and the checker see both and can say which is authoritative.
 */
import type { SearchIndex } from '../index/search-index.js';
import type { AccessLabel, Passage, QuestionPart, RetrievedPassage } from '../types.js';
import { statedSupersessions } from './stated-supersession.js';
import { passageTerms, termCoverage } from './term-coverage.js';

/** What supersedes a passage: ids to show (the matching section, else the whole document) and the candidate passages. */
export interface Successors {
  ids: string[];
  passages: Passage[];
}

/** For each superseded passage (by citation id): what readable documents supersede it. */
export function supersessionMap(index: SearchIndex, access: readonly AccessLabel[]): Map<string, Successors> {
  const successors = new Map<string, Successors>();
  for (const document of index.documents.values()) {
    if (!access.includes(document.access) || document.supersedes.length === 0) continue;
    const own = document.cites.flatMap((cite) => index.passages.get(cite) ?? []);
    for (const target of document.supersedes) {
      const [targetDoc = '', targetSection] = target.split('#');
      for (const cite of index.documents.get(targetDoc)?.cites ?? []) {
        const old = index.passages.get(cite);
        if (!old || (targetSection !== undefined && old.sectionId !== targetSection)) continue;
        const sameSection =
          targetSection === undefined ? own.filter((passage) => passage.sectionId === old.sectionId) : [];
        const entry = successors.get(cite) ?? { ids: [], passages: [] };
        entry.ids.push(...(sameSection.length > 0 ? sameSection.map((passage) => passage.cite) : [document.id]));
        entry.passages.push(...(sameSection.length > 0 ? sameSection : own));
        successors.set(cite, entry);
      }
    }
  }
  for (const relation of statedSupersessions(index)) {
    const document = index.documents.get(relation.by);
    if (!document || !access.includes(document.access)) continue;
    const own = document.cites.flatMap((cite) => index.passages.get(cite) ?? []);
    for (const cite of relation.cites) {
      const entry = successors.get(cite) ?? { ids: [], passages: [] };
      if (entry.ids.includes(document.id)) continue;
      entry.ids.push(document.id);
      entry.passages.push(...own);
      successors.set(cite, entry);
    }
  }
  return successors;
}

/** Marks superseded passages and inserts, after each, the successor that best covers the question. */
export function addSupersedingPassages(
  index: SearchIndex,
  items: RetrievedPassage[],
  access: readonly AccessLabel[],
  parts: QuestionPart[],
): RetrievedPassage[] {
  const successors = supersessionMap(index, access);
  if (successors.size === 0) return items;
  const present = new Set(items.map((item) => item.passage.cite));
  const result: RetrievedPassage[] = [];
  for (const item of items) {
    result.push(item);
    const found = successors.get(item.passage.cite);
    if (!found) continue;
    item.supersededBy = [...new Set(found.ids)];
    const best = bestSuccessor(index, found.passages, parts, item.parts);
    if (!best || present.has(best.passage.cite)) continue;
    present.add(best.passage.cite);
    result.push({ ...best, rank: 0, score: item.score, parts: [...item.parts], addedBySupersession: true });
  }
  return result;
}

function bestSuccessor(
  index: SearchIndex,
  candidates: Passage[],
  parts: QuestionPart[],
  partIndexes: number[],
): Pick<RetrievedPassage, 'passage' | 'termCoverage' | 'supersededBy'> | undefined {
  const terms = partIndexes.flatMap((partIndex) => parts[partIndex]?.terms ?? []);
  const contextTerms = partIndexes.flatMap((partIndex) => parts[partIndex]?.contextTerms ?? []);
  let best: Pick<RetrievedPassage, 'passage' | 'termCoverage' | 'supersededBy'> | undefined;
  for (const passage of candidates) {
    const coverage = termCoverage(index, { terms, contextTerms }, passageTerms(passage));
    if (!best || coverage > best.termCoverage) best = { passage, termCoverage: coverage, supersededBy: [] };
  }
  return best;
}
