/**
 * Access rules: a viewer reads `public` documents and documents labelled with the viewer's own
 * label. Applied inside the search query and checked again before a passage reaches a prompt.
 */
import type { AccessLabel, Passage } from '../types.js';

/** The label everyone may read. */
export const PUBLIC_ACCESS: AccessLabel = 'public';

/** The access labels a viewer may read. */
export function readableLabels(viewer: AccessLabel = PUBLIC_ACCESS): AccessLabel[] {
  return viewer === PUBLIC_ACCESS ? [PUBLIC_ACCESS] : [PUBLIC_ACCESS, viewer];
}

/** The passages the viewer may read; anything else is dropped (and counted by the caller). */
export function readablePassages<T extends { passage: Passage }>(items: T[], labels: readonly AccessLabel[]): T[] {
  return items.filter((item) => labels.includes(item.passage.access));
}
