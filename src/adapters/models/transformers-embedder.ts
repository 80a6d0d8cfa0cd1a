/**
 * The transformers.js `Embedder`: the `feature-extraction` pipeline with the model's pooling,
 * L2 normalisation and query/passage prefixes, in batches of `maxBatchSize` with a stop check
 * between batches. Runs in a module worker (WebGPU or WASM) and in Node (onnxruntime-node).
 * Call `configureTransformers` (transformers-env.ts) before the first load.
 */
import { RagError, throwIfAborted } from '../../core/errors.js';
import type { CallOptions, Embedder } from '../../core/ports.js';
import { abortable } from './abortable.js';
import type { EncoderRuntime } from './choose-runtime.js';
import { progressCallback, type ModelLoadListener } from './load-progress.js';
import { memoisedLoad, type MemoisedLoad } from './memoised-load.js';
import { toModelError } from './model-errors.js';
import * as transformers from './transformers-library.js';
import type { FeatureExtractionPipeline } from './transformers-library.js';

/** How to use an embedding model (a catalogue entry fits; so does a local model's own settings). */
export interface EmbedderModelSpec {
  /** Hub id, local id under `localModelPath`, or (Node) an absolute folder. */
  id: string;
  /** Name in `modelId` when `id` is a folder path (so the index buster does not depend on where it lies). */
  name?: string;
  dimensions: number;
  pooling: 'mean' | 'cls';
  queryPrefix: string;
  passagePrefix: string;
}

/** Options of `TransformersEmbedder`. */
export interface TransformersEmbedderOptions {
  model: EmbedderModelSpec;
  runtime: EncoderRuntime;
  /** Texts per forward pass; default 16 on WASM, 32 elsewhere. */
  maxBatchSize?: number;
  onProgress?: ModelLoadListener;
  /** The library; tests pass a recording wrapper. Default: transformers.js. */
  library?: Pick<typeof transformers, 'pipeline'>;
}

/** An `Embedder` over a transformers.js feature-extraction pipeline. */
export class TransformersEmbedder implements Embedder {
  readonly modelId: string;
  readonly dimensions: number;
  readonly maxBatchSize: number;
  /** Where it runs, for the UI ("WebGPU, fp16"). */
  readonly runtime: EncoderRuntime;
  private readonly model: EmbedderModelSpec;
  private readonly extractor: MemoisedLoad<FeatureExtractionPipeline>;

  constructor(options: TransformersEmbedderOptions) {
    const { model, runtime } = options;
    if (!(model.dimensions > 0))
      throw new RagError('INVALID_OPTION', { option: 'model.dimensions', detail: 'must be positive' });
    this.model = model;
    this.runtime = runtime;
    this.dimensions = model.dimensions;
    this.maxBatchSize = options.maxBatchSize ?? (runtime.device === 'wasm' ? 16 : 32);
    // The dtype is part of the id: fp16, fp32 and q8 vectors differ, so a change re-indexes.
    this.modelId = `transformers:${model.name ?? model.id}:${model.pooling}:${runtime.dtype}`;
    const library = options.library ?? transformers;
    this.extractor = memoisedLoad(() =>
      library
        .pipeline('feature-extraction', model.id, {
          device: runtime.device,
          dtype: runtime.dtype,
          progress_callback: progressCallback(model.id, options.onProgress),
        })
        .catch((error: unknown) => {
          throw toModelError(error);
        }),
    );
  }

  /** Loads the model (downloading it if needed); a failed load is forgotten, so calling again retries. */
  async load(options: CallOptions = {}): Promise<void> {
    await abortable(this.extractor.get(), options.signal);
  }

  /** True once the model is loaded. */
  get loaded(): boolean {
    return this.extractor.loaded;
  }

  async embedDocuments(texts: string[], options: CallOptions = {}): Promise<Float32Array[]> {
    return this.embed(
      texts.map((text) => this.model.passagePrefix + text),
      options,
    );
  }

  async embedQuery(text: string, options: CallOptions = {}): Promise<Float32Array> {
    const [vector] = await this.embed([this.model.queryPrefix + text], options);
    return vector!;
  }

  /** Frees the model's session. */
  async dispose(): Promise<void> {
    if (!this.extractor.loaded) return;
    const extractor = await this.extractor.get();
    this.extractor.reset();
    await extractor.dispose();
  }

  private async embed(texts: string[], options: CallOptions): Promise<Float32Array[]> {
    const extractor = await abortable(this.extractor.get(), options.signal);
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += this.maxBatchSize) {
      throwIfAborted(options.signal);
      const batch = texts.slice(start, start + this.maxBatchSize);
      const output = await extractor(batch, { pooling: this.model.pooling, normalize: true });
      vectors.push(...this.rows(output.dims, output.data, batch.length));
    }
    return vectors;
  }

  private rows(dims: number[], data: ArrayLike<number>, count: number): Float32Array[] {
    const width = dims[dims.length - 1] ?? 0;
    if (dims.length !== 2 || dims[0] !== count || width !== this.dimensions) {
      throw new RagError('DIMENSION_MISMATCH', { actual: dims.join('×'), expected: `${count}×${this.dimensions}` });
    }
    const flat = data instanceof Float32Array ? data : Float32Array.from(data);
    return Array.from({ length: count }, (_, row) => flat.slice(row * width, (row + 1) * width));
  }
}
