/**
 * The real embedding model the page offers while the library uses the built-in one, with the
 * numbers behind the offer (README "Which embedder a new user gets"), and whether to show it:
 * only once the library has documents, only while the built-in embedder is in use, and never
 * again once dismissed (kept in this browser's local storage).
 */
import type { EmbeddingChoice } from '../../adapters/browser/models/model-settings.js';

/** What is offered, and what was measured for it. */
export const OFFERED_EMBEDDER = {
  /** The catalogue id: loaded from the app's `models/Xenova/all-MiniLM-L6-v2/` first, the hub otherwise. */
  id: 'Xenova/all-MiniLM-L6-v2',
  label: 'the MiniLM model (all-MiniLM-L6-v2)',
  shortLabel: 'MiniLM (23 MB)',
  /** The WASM (q8) download; larger on a GPU (fp16 45 MB, fp32 90 MB). */
  downloadMB: 23,
  /** From `npm run eval:table`, STICI set, hybrid retrieval: built in 85.0%, MiniLM 95.0%. */
  measured: '95% of questions instead of 85%',
  /** The slowest re-embedding measured (WASM, 2-core VM, Chromium and Firefox): for the time estimate. */
  passagesPerSecondLow: 8,
} as const;

/** The local-storage key of the dismissal. */
export const OFFER_DISMISSED_KEY = 'footnote-embedder-offer-dismissed';

/** The choice that accepting the offer applies. */
export function offeredChoice(): EmbeddingChoice {
  return { kind: 'catalogue', id: OFFERED_EMBEDDER.id };
}

/** Whether to show the offer. */
export function showOffer(state: {
  documents: number;
  embedding: EmbeddingChoice;
  dismissed: boolean;
  /** True while accepting it: the offer stays to show the progress. */
  accepting: boolean;
}): boolean {
  if (state.accepting) return true;
  return state.documents > 0 && state.embedding.kind === 'builtin' && !state.dismissed;
}

/** Reads the dismissal (false where local storage is unavailable). */
export function offerDismissed(store: Pick<Storage, 'getItem'> | undefined = safeStorage()): boolean {
  try {
    return store?.getItem(OFFER_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Remembers the dismissal. */
export function dismissOffer(store: Pick<Storage, 'setItem'> | undefined = safeStorage()): void {
  try {
    store?.setItem(OFFER_DISMISSED_KEY, '1');
  } catch {
    // Private modes without storage: the offer returns on the next visit, which is harmless.
  }
}

function safeStorage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}
