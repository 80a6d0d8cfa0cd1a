/**
 * An `Embedder` that returns seeded random unit vectors: each text's vector is drawn from a
 * generator seeded by the benchmark seed and a hash of the text, so the same text always gets
 * the same vector. It knows nothing about meaning; the benchmark measures the index, not a model.
 */
import type { Embedder } from '../src/core/ports.js';
import { hashText, mulberry32, randomGaussian } from './seeded-random.js';

/** Deterministic random unit vectors of `dimensions` (384 by default, like small sentence models). */
export class RandomUnitEmbedder implements Embedder {
  readonly modelId: string;
  readonly maxBatchSize = 1024;

  constructor(
    private readonly seed: number,
    readonly dimensions = 384,
  ) {
    this.modelId = `random-unit-${dimensions}-seed-${seed}`;
  }

  async embedDocuments(texts: string[]): Promise<Float32Array[]> {
    return texts.map((text) => this.vectorOf(text));
  }

  async embedQuery(text: string): Promise<Float32Array> {
    return this.vectorOf(text);
  }

  /** The unit vector of one text: Gaussian components, normalised, so directions are uniform. */
  vectorOf(text: string): Float32Array {
    const random = mulberry32(this.seed ^ hashText(text));
    const vector = new Float32Array(this.dimensions);
    let sumOfSquares = 0;
    for (let index = 0; index < vector.length; index++) {
      const value = randomGaussian(random);
      vector[index] = value;
      sumOfSquares += value * value;
    }
    const norm = Math.sqrt(sumOfSquares);
    for (let index = 0; index < vector.length; index++) vector[index]! /= norm;
    return vector;
  }
}
