/**
 * What a passage's opening points back to. A section longer than the chunk budget is cut between
 * sentences, and a part may open with a sentence whose subject is in the part before it ("This
 * is roughly 1 million characters" after "Our training corpus … the works of Shakespeare
 * concatenated into one file."). Such a part carries, at answer time, the last sentence of the
 * part before it in the same section as its lead: the checker reads it with the passage, so a
 * claim that names what "this" is rests on the passage that states it. The passages and their
 * ids are unchanged (nothing stored changes); the lead comes from the same document, so it
 * carries the same access label.
 */
import { evidenceSentences } from '../verify/evidence-text.js';
import type { SearchIndex } from '../index/search-index.js';
import type { RetrievedPassage } from '../types.js';

/** A first word that points back: a demonstrative or a personal pronoun as the subject or its owner. */
export const POINTS_BACK = /^[\s>*_#-]*(?:this|these|that|those|it|its|they|their|he|his|she|her|such)\b(?!\s*[:(])/i;

/** The last sentence of the part before `item`'s passage in its section, when the passage opens by pointing back to it. */
export function passageLead(
  index: Pick<SearchIndex, 'documents' | 'passages'>,
  item: RetrievedPassage,
): string | undefined {
  const { passage } = item;
  if (passage.part <= 1 || !POINTS_BACK.test(passage.text)) return undefined;
  const cites = index.documents.get(passage.docId)?.cites ?? [];
  const before = index.passages.get(cites[cites.indexOf(passage.cite) - 1] ?? '');
  if (!before || before.sectionId !== passage.sectionId) return undefined;
  return evidenceSentences(before.text).at(-1);
}

/** `items`, each whose passage opens by pointing back given its `lead` (see the module comment). */
export function withLeads(
  index: Pick<SearchIndex, 'documents' | 'passages'>,
  items: readonly RetrievedPassage[],
): RetrievedPassage[] {
  return items.map((item) => {
    const lead = passageLead(index, item);
    return lead ? { ...item, lead } : item;
  });
}
