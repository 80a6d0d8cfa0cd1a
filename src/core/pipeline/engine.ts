/**
 * The engine: the dependencies of the pipeline, passed in (never reached for), and the live index.
 */
import { CHUNKER_VERSION, DEFAULT_CHUNK_OPTIONS, type ChunkOptions } from '../chunk/chunk-document.js';
import { RagError } from '../errors.js';
import { createSearchIndex, SCHEMA_VERSION, type SearchIndex } from '../index/search-index.js';
import type { ClaimJudge, Embedder, Generator, IndexBuster } from '../ports.js';
import type { Reranker } from '../retrieve/rerank.js';
import { DEFAULT_RETRIEVAL_OPTIONS, validateRetrievalOptions, type RetrievalOptions } from '../retrieve/retrieve.js';

/** What the engine is built from. */
export interface EngineDependencies {
  embedder: Embedder;
  generator: Generator;
  /** Judges claims in the check stage; the lexical judge when absent. */
  judge?: ClaimJudge;
  /** Reorders a wider first cut of retrieval (`rerankDepth` passages) and keeps `topK`; none when absent. */
  reranker?: Reranker;
  /** Passages retrieval hands the reranker; default 3 × `topK`. */
  rerankDepth?: number;
  /**
   * Whether the check uses the embedder's similarity by meaning where it is calibrated
   * (verify/meaning.ts); default true. False keeps the check lexical whatever the embedder.
   */
  checkByMeaning?: boolean;
  /** Milliseconds, monotonic where possible (`performance.now`). */
  clock?: () => number;
  /** Random number in [0, 1); used for the per-request prompt marker. */
  random?: () => number;
  chunking?: Partial<ChunkOptions>;
  retrieval?: Partial<RetrievalOptions>;
}

/** A configured pipeline with its index. */
export interface Engine {
  embedder: Embedder;
  generator: Generator;
  judge?: ClaimJudge;
  reranker?: Reranker;
  rerankDepth: number;
  checkByMeaning: boolean;
  clock: () => number;
  random: () => number;
  chunking: ChunkOptions;
  retrieval: RetrievalOptions;
  index: SearchIndex;
}

/** Builds an engine; options are validated here, once. */
export function createEngine(dependencies: EngineDependencies): Engine {
  const chunking = { ...DEFAULT_CHUNK_OPTIONS, ...dependencies.chunking };
  if (!(chunking.maxChars >= 200)) {
    throw new RagError('INVALID_OPTION', { option: 'chunking.maxChars', detail: 'must be at least 200' });
  }
  const { embedder } = dependencies;
  if (!(embedder.dimensions > 0)) {
    throw new RagError('INVALID_OPTION', { option: 'embedder.dimensions', detail: 'must be positive' });
  }
  const engine: Engine = {
    embedder,
    generator: dependencies.generator,
    clock: dependencies.clock ?? (() => Date.now()),
    random: dependencies.random ?? Math.random,
    chunking,
    retrieval: { ...DEFAULT_RETRIEVAL_OPTIONS, ...dependencies.retrieval },
    rerankDepth: 0,
    checkByMeaning: dependencies.checkByMeaning ?? true,
    index: createSearchIndex(embedder.dimensions),
  };
  validateRetrievalOptions(engine.retrieval, embedder);
  engine.rerankDepth = dependencies.rerankDepth ?? 3 * engine.retrieval.topK;
  if (!(Number.isInteger(engine.rerankDepth) && engine.rerankDepth >= engine.retrieval.topK)) {
    throw new RagError('INVALID_OPTION', { option: 'rerankDepth', detail: 'must be a whole number ≥ retrieval.topK' });
  }
  if (dependencies.judge) engine.judge = dependencies.judge;
  if (dependencies.reranker) engine.reranker = dependencies.reranker;
  return engine;
}

/** The buster of an engine's index: a saved index with any other buster is rebuilt, not reused. */
export function engineBuster(engine: Engine): IndexBuster {
  return {
    embedderId: engine.embedder.modelId,
    dimensions: engine.embedder.dimensions,
    chunkerVersion: CHUNKER_VERSION * 100_000 + engine.chunking.maxChars,
    schemaVersion: SCHEMA_VERSION,
  };
}
