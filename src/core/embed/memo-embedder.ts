/**
 * An `Embedder` that remembers what it has embedded: the same text (as a passage or as a query)
 * is sent to the model once. The evaluation table runs several retrieval settings over one
 * corpus; with a real model, embedding the corpus once instead of once per setting is most of
 * its time. Vectors are returned as copies, so a caller that changes one changes nothing here.
 */
import type { CallOptions, Embedder } from '../ports.js';

/** Wraps `inner`; same id and dimensions, so indexes built through it are the model's own. */
export class MemoEmbedder implements Embedder {
  readonly modelId: string;
  readonly dimensions: number;
  readonly maxBatchSize: number;
  /** Texts sent to the model so far (passages and queries). */
  embedded = 0;
  private readonly passages = new Map<string, Float32Array>();
  private readonly queries = new Map<string, Float32Array>();

  constructor(private readonly inner: Embedder) {
    this.modelId = inner.modelId;
    this.dimensions = inner.dimensions;
    this.maxBatchSize = inner.maxBatchSize;
  }

  async embedDocuments(texts: string[], options?: CallOptions): Promise<Float32Array[]> {
    const missing = [...new Set(texts.filter((text) => !this.passages.has(text)))];
    if (missing.length) {
      const vectors = await this.inner.embedDocuments(missing, options);
      missing.forEach((text, index) => this.passages.set(text, vectors[index]!));
      this.embedded += missing.length;
    }
    return texts.map((text) => this.passages.get(text)!.slice());
  }

  async embedQuery(text: string, options?: CallOptions): Promise<Float32Array> {
    let vector = this.queries.get(text);
    if (!vector) {
      vector = await this.inner.embedQuery(text, options);
      this.queries.set(text, vector);
      this.embedded++;
    }
    return vector.slice();
  }
}
