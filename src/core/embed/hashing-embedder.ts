/**
 * A deterministic feature-hashing embedder: stemmed words, word bigrams and character trigrams
 * hashed into a fixed number of signed buckets, log term frequency, L2-normalised. It is not a
 * language model: it knows no synonyms. It exists so that the whole pipeline (vector and hybrid
 * retrieval included) runs and is measured without model weights; the transformers.js embedder
 * replaces it where a model is available.
 */
import { throwIfAborted } from '../errors.js';
import type { CallOptions, Embedder } from '../ports.js';
import { contentTermList } from '../text/terms.js';

/** Feature weights: whole words matter most, trigrams catch inflections and typos. */
const WEIGHTS = { word: 1, bigram: 0.6, trigram: 0.25 } as const;

function fnv1a(text: string, seed: number): number {
  let hash = 0x811c9dc5 ^ seed;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

/** Options of the hashing embedder. */
export interface HashingEmbedderOptions {
  /** Vector length; 384 matches the small sentence-embedding models it stands in for. */
  dimensions?: number;
}

/** The feature-hashing `Embedder`. */
export class HashingEmbedder implements Embedder {
  readonly dimensions: number;
  readonly modelId: string;
  readonly maxBatchSize = 256;

  constructor(options: HashingEmbedderOptions = {}) {
    this.dimensions = options.dimensions ?? 384;
    this.modelId = `feature-hashing-v1-${this.dimensions}`;
  }

  async embedDocuments(texts: string[], options?: CallOptions): Promise<Float32Array[]> {
    throwIfAborted(options?.signal);
    return texts.map((text) => this.embed(text));
  }

  async embedQuery(text: string, options?: CallOptions): Promise<Float32Array> {
    throwIfAborted(options?.signal);
    return this.embed(text);
  }

  /** The vector of one text. */
  embed(text: string): Float32Array {
    const counts = new Map<string, number>();
    const add = (feature: string, weight: number) => counts.set(feature, (counts.get(feature) ?? 0) + weight);
    const words = contentTermList(text);
    words.forEach((word, index) => {
      add(`w:${word}`, WEIGHTS.word);
      const next = words[index + 1];
      if (next) add(`b:${word} ${next}`, WEIGHTS.bigram);
      const padded = `<${word}>`;
      for (let start = 0; start + 3 <= padded.length; start++)
        add(`t:${padded.slice(start, start + 3)}`, WEIGHTS.trigram);
    });
    const vector = new Float32Array(this.dimensions);
    for (const [feature, count] of counts) {
      const hash = fnv1a(feature, 0);
      const sign = fnv1a(feature, 0x9e3779b9) & 1 ? 1 : -1;
      vector[hash % this.dimensions]! += sign * Math.log1p(count);
    }
    return normalise(vector);
  }
}

/** Scales a vector to unit length in place (a zero vector stays zero). */
export function normalise(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let index = 0; index < vector.length; index++) vector[index]! /= norm;
  return vector;
}
