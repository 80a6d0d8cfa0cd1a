/**
 * Test helpers: the tiny fixture models (scripts/make-model-fixtures.ts) and transformers.js
 * pointed at them, offline. The fixture numbers mean nothing; the loading and calling code is real.
 */
import { fileURLToPath } from 'node:url';
import { NODE_ENCODER_RUNTIME } from '../../../src/adapters/models/choose-runtime.js';
import { BGE_QUERY_PREFIX } from '../../../src/adapters/models/model-catalogue.js';
import { configureTransformers } from '../../../src/adapters/models/transformers-env.js';
import type { EmbedderModelSpec } from '../../../src/adapters/models/transformers-embedder.js';

/** The folder that holds `local/tiny-embed` and `local/tiny-rerank`. */
export const FIXTURE_MODELS = fileURLToPath(new URL('../../fixtures/models/', import.meta.url));

/** Points transformers.js at the fixtures with the hub forbidden. */
export function useFixtureModels(): void {
  configureTransformers({ localModelPath: FIXTURE_MODELS, offlineOnly: true, cache: false });
}

/** The tiny embedder, set up like bge (CLS pooling, query prefix). */
export const TINY_BGE_LIKE: EmbedderModelSpec = {
  id: 'local/tiny-embed',
  dimensions: 8,
  pooling: 'cls',
  queryPrefix: BGE_QUERY_PREFIX,
  passagePrefix: '',
};

/** The Node runtime: onnxruntime-node on the CPU, fp32. */
export const CPU = NODE_ENCODER_RUNTIME;

/** Euclidean length of a vector. */
export function norm(vector: Float32Array): number {
  return Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
}

/** Largest element-wise difference between two vectors (batching with padding changes float rounding). */
export function maxDifference(a: Float32Array, b: Float32Array): number {
  return Math.max(...Array.from(a, (value, index) => Math.abs(value - (b[index] ?? Infinity))));
}
