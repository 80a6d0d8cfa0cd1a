/**
 * What the person chose: who they are viewing as, how retrieval runs, and the models (kept in
 * this browser's local storage, so the library opens with the embedder it was made with).
 */
import {
  DEFAULT_MODEL_SETTINGS,
  type EmbeddingChoice,
  type ModelSettings,
  type JudgeChoice,
  type RerankerChoice,
} from '../../adapters/browser/models/model-settings.js';
import type { AskRetrieval } from '../../adapters/browser/protocol.js';
import { DEFAULT_LLM_KEY } from '../../adapters/models/model-catalogue.js';
import type { RetrievalMode } from '../../core/retrieve/retrieve.js';

/** The retrieval modes, in the order the settings offer them. */
export const RETRIEVAL_MODES: readonly RetrievalMode[] = ['hybrid', 'lexical', 'vector'];

/** Bounds of top-k. */
export const TOP_K = { min: 1, max: 20, default: 6 } as const;

/** The local-storage key of the saved settings. */
export const SETTINGS_KEY = 'footnote-settings';

/** What is saved between visits. */
interface Saved {
  models: ModelSettings;
  answerModel: string;
}

/** The part of `Storage` used (tests pass a fake; some private modes have none). */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

function defaultStore(): KeyValueStore | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

function isEmbedding(value: unknown): value is EmbeddingChoice {
  const choice = value as Partial<EmbeddingChoice> | null;
  if (choice?.kind === 'builtin') return true;
  if (choice?.kind === 'catalogue') return typeof choice.id === 'string';
  return (
    choice?.kind === 'local' && typeof choice.id === 'string' && (choice.pooling === 'mean' || choice.pooling === 'cls')
  );
}

/** A reranker or NLI-model choice: off, the catalogue's, or a folder of the app's own. */
function isOptionalModel(value: unknown): value is RerankerChoice & JudgeChoice {
  const choice = value as Partial<RerankerChoice> | null;
  return (
    choice?.kind === 'off' ||
    choice?.kind === 'catalogue' ||
    (choice?.kind === 'local' && typeof choice.id === 'string')
  );
}

/** The saved settings, or the defaults for anything missing or malformed. */
function load(store: KeyValueStore | undefined): Saved {
  let raw: Partial<{ models: Partial<ModelSettings>; answerModel: unknown }> = {};
  try {
    raw = JSON.parse(store?.getItem(SETTINGS_KEY) ?? '{}') as typeof raw;
  } catch {
    raw = {};
  }
  const models = raw.models ?? {};
  return {
    models: {
      embedding: isEmbedding(models.embedding) ? models.embedding : DEFAULT_MODEL_SETTINGS.embedding,
      reranker: isOptionalModel(models.reranker) ? models.reranker : DEFAULT_MODEL_SETTINGS.reranker,
      judge: isOptionalModel(models.judge) ? models.judge : DEFAULT_MODEL_SETTINGS.judge,
      offlineOnly: models.offlineOnly === true,
    },
    answerModel: typeof raw.answerModel === 'string' ? raw.answerModel : DEFAULT_LLM_KEY,
  };
}

/** Settings as runes state. */
export class Settings {
  viewer = $state('public');
  mode = $state<RetrievalMode>('hybrid');
  topK = $state<number>(TOP_K.default);
  /** The models the library uses, as last applied. */
  models = $state.raw<ModelSettings>(DEFAULT_MODEL_SETTINGS);
  /** The answer model last chosen (loaded only on request). */
  answerModel = $state(DEFAULT_LLM_KEY);

  constructor(private readonly store: KeyValueStore | undefined = defaultStore()) {
    const saved = load(store);
    this.models = saved.models;
    this.answerModel = saved.answerModel;
  }

  /** The retrieval options of the next question. */
  get retrieval(): AskRetrieval {
    const topK = Math.round(Math.min(TOP_K.max, Math.max(TOP_K.min, Number(this.topK) || TOP_K.default)));
    return { viewer: this.viewer, mode: this.mode, topK };
  }

  /** Keeps the model settings for the next visit. */
  saveModels(models: ModelSettings, answerModel = this.answerModel): void {
    this.models = models;
    this.answerModel = answerModel;
    try {
      this.store?.setItem(SETTINGS_KEY, JSON.stringify({ models, answerModel } satisfies Saved));
    } catch {
      // Storage full or blocked: the choice holds for this visit.
    }
  }
}
