/**
 * An `Embedder` wrapper that embeds in small steps, reports each step and counts what it
 * embedded, so the page can show a progress bar and passages per second, and a reload can prove
 * it embedded nothing. Between steps it yields to the event loop, which lets a cancel message in.
 */
import type { CallOptions, Embedder } from '../../core/ports.js';

/** Called after each step with the number of texts just embedded. */
export type EmbedListener = (count: number) => void;

/** Wraps `inner`; see the module comment. */
export class ProgressEmbedder implements Embedder {
  /** Texts embedded through `embedDocuments` since construction. */
  embedded = 0;
  /** Who hears about each step (the file being ingested); none between ingests. */
  listener: EmbedListener | undefined;

  constructor(
    private readonly inner: Embedder,
    private readonly step = 8,
  ) {}

  get modelId(): string {
    return this.inner.modelId;
  }

  get dimensions(): number {
    return this.inner.dimensions;
  }

  get maxBatchSize(): number {
    return this.inner.maxBatchSize;
  }

  async embedDocuments(texts: string[], options?: CallOptions): Promise<Float32Array[]> {
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += this.step) {
      const batch = texts.slice(start, start + this.step);
      vectors.push(...(await this.inner.embedDocuments(batch, options)));
      this.embedded += batch.length;
      this.listener?.(batch.length);
      await nextTask();
    }
    return vectors;
  }

  embedQuery(text: string, options?: CallOptions): Promise<Float32Array> {
    return this.inner.embedQuery(text, options);
  }
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
