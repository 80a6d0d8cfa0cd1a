/**
 * What the person chose: who they are viewing as, and how retrieval runs.
 */
import type { AskRetrieval } from '../../adapters/browser/protocol.js';
import type { RetrievalMode } from '../../core/retrieve/retrieve.js';

/** The retrieval modes, in the order the settings offer them. */
export const RETRIEVAL_MODES: readonly RetrievalMode[] = ['hybrid', 'lexical', 'vector'];

/** Bounds of top-k. */
export const TOP_K = { min: 1, max: 20, default: 6 } as const;

/** Settings as runes state. */
export class Settings {
  viewer = $state('public');
  mode = $state<RetrievalMode>('hybrid');
  topK = $state<number>(TOP_K.default);

  /** The retrieval options of the next question. */
  get retrieval(): AskRetrieval {
    const topK = Math.round(Math.min(TOP_K.max, Math.max(TOP_K.min, Number(this.topK) || TOP_K.default)));
    return { viewer: this.viewer, mode: this.mode, topK };
  }
}
