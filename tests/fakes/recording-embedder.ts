/**
 * A fake embedder that records every call (named as a fake): it wraps the real hashing
 * embedder, so vectors are meaningful, and counts what it was asked to embed.
 */
import { HashingEmbedder } from '../../src/core/embed/hashing-embedder.js';
import type { CallOptions, Embedder } from '../../src/core/ports.js';

/** Records `embedDocuments` and `embedQuery` calls. */
export class RecordingFakeEmbedder implements Embedder {
  readonly calls: { kind: 'documents' | 'query'; texts: string[] }[] = [];
  private readonly inner: HashingEmbedder;
  readonly modelId: string;
  readonly dimensions: number;
  readonly maxBatchSize = 4;

  constructor(modelId = 'fake-recording', dimensions = 64) {
    this.inner = new HashingEmbedder({ dimensions });
    this.modelId = modelId;
    this.dimensions = dimensions;
  }

  async embedDocuments(texts: string[], options?: CallOptions): Promise<Float32Array[]> {
    this.calls.push({ kind: 'documents', texts });
    return this.inner.embedDocuments(texts, options);
  }

  async embedQuery(text: string, options?: CallOptions): Promise<Float32Array> {
    this.calls.push({ kind: 'query', texts: [text] });
    return this.inner.embedQuery(text, options);
  }

  /** How many passage texts were embedded so far. */
  get embeddedTexts(): number {
    return this.calls.filter((call) => call.kind === 'documents').reduce((sum, call) => sum + call.texts.length, 0);
  }
}
