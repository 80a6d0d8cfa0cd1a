/**
 * What the person chose about models, and what the engine worker reports back about them: plain
 * data shared by the page, the settings and the worker protocol (nothing here loads a model).
 */
import type { GpuCapabilities } from '../../models/gpu-preflight.js';
import type { LlmLoadProgress } from '../../models/webllm-loader.js';
import type { MeasuredSpeed } from '../../models/wllama-runtime.js';

/** The embedding model of the library. */
export type EmbeddingChoice =
  /** The deterministic feature-hashing embedder: built in, nothing to download. */
  | { kind: 'builtin' }
  /** A model of the catalogue (`EMBEDDING_MODELS`), by hub id. */
  | { kind: 'catalogue'; id: string }
  /** Any model in this app's own `models/` folder (`models/<id>/config.json`…), e.g. a test fixture. */
  | { kind: 'local'; id: string; pooling: 'mean' | 'cls' };

/** The reranker: none, the catalogue's cross-encoder, or one in the app's `models/` folder. */
export type RerankerChoice = { kind: 'off' } | { kind: 'catalogue' } | { kind: 'local'; id: string };

/**
 * What checks claims: words and numbers (with the embedder's meaning where calibrated) only, or
 * also an NLI model, the catalogue's or one in the app's `models/` folder (verify/nli-judge.ts).
 */
export type JudgeChoice = { kind: 'off' } | { kind: 'catalogue' } | { kind: 'local'; id: string };

/** The model settings the engine worker applies (the answer model is loaded on request). */
export interface ModelSettings {
  embedding: EmbeddingChoice;
  reranker: RerankerChoice;
  judge: JudgeChoice;
  /** True forbids the model hub: models load only from the app's `models/` folder (and the cache). */
  offlineOnly: boolean;
}

/** The defaults: the built-in embedder, no reranker, no NLI model, the hub allowed. */
export const DEFAULT_MODEL_SETTINGS: ModelSettings = {
  embedding: { kind: 'builtin' },
  reranker: { kind: 'off' },
  judge: { kind: 'off' },
  offlineOnly: false,
};

/** Where the app's own model files are, as a path (docs/library-notes.md §2.2: not a URL). */
export const MODELS_PATH = `${import.meta.env.BASE_URL}models/`;

/** The built-in embedder's description. */
export const BUILTIN_EMBEDDER_LABEL = 'Built in: feature hashing (no download)';

/** The embedder in use. */
export interface EmbedderInfo {
  /** The index buster's id (`feature-hashing-v1-384`, `transformers:Xenova/bge-small-en-v1.5:cls:q8`). */
  modelId: string;
  label: string;
  /** Where it runs, e.g. "WebGPU, fp32", "WASM (CPU), q8", "built in (no model)". */
  runtime: string;
  /** Why WebGPU was given up for WASM, when it was. */
  fallbackReason?: string;
}

/** The answer model in use. */
export type AnswerModelInfo =
  | { kind: 'extractive' }
  | {
      kind: 'webllm';
      /** Catalogue key (or `fake:<script>` for the test engine). */
      key: string;
      modelId: string;
      label: string;
      contextWindowSize: number;
      /** Where the files came from. */
      source: 'hub' | 'self-hosted' | 'test';
      notes: string[];
    }
  | {
      /** A GGUF model on the CPU through wllama (llama.cpp in WebAssembly): no GPU needed. */
      kind: 'cpu';
      /** `cpu:<catalogue key>`, `cpu-path:<path under models/>` or `cpu-file:<file name>`. */
      key: string;
      modelId: string;
      label: string;
      contextWindowSize: number;
      /** Where the file came from: the app's folder, the hub, the browser's cache, or a file the person chose. */
      source: 'hub' | 'self-hosted' | 'cache' | 'file';
      /** CPU threads llama.cpp uses (one unless the page is cross-origin isolated). */
      threads: number;
      /** Measured on this machine by the last answer, once there was one. */
      speed?: MeasuredSpeed;
      notes: string[];
    };

/** What the engine worker reports about its models. */
export interface ModelsState {
  settings: ModelSettings;
  embedder: EmbedderInfo;
  reranker?: { id: string; label: string; runtime: string };
  /** The NLI model that checks claims, when one is loaded. */
  judge?: { id: string; label: string; runtime: string };
  answer: AnswerModelInfo;
  /** Why the answer model was dropped (the GPU was lost, out of memory), with advice. */
  answerFailure?: string;
  /** Something the page should say about the models (a saved model that could not be loaded). */
  notice?: string;
  /** The GPU as the engine worker sees it (where models run), once checked. */
  gpu?: GpuCapabilities;
}

/** Progress of a model download or load (transformers.js files). */
export interface ModelProgress {
  model: string;
  loaded: number;
  total: number;
  percent: number;
}

/** Progress of re-embedding the library after the embedding model changed. */
export interface ReembedProgress {
  documentsDone: number;
  documentsTotal: number;
  passagesDone: number;
  passagesTotal: number;
  /** Milliseconds since re-embedding started (the model already loaded). */
  ms: number;
}

/** Progress of an answer-model load (WebLLM). */
export type AnswerModelProgress = LlmLoadProgress;

/** A cached answer model and the space it takes. */
export interface CachedModel {
  modelId: string;
  label: string;
  /** The catalogue's estimate of its download, MB. */
  downloadMB: number;
}

/** True when two embedding choices name the same model. */
export function sameEmbedding(a: EmbeddingChoice, b: EmbeddingChoice): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
