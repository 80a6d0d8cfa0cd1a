/**
 * The cross-encoder `Reranker`: `AutoTokenizer` with `text_pair` and
 * `AutoModelForSequenceClassification`, one logit per pair through a sigmoid. Not the
 * `text-classification` pipeline: it takes a softmax over the single logit, so every passage
 * scores 1.0 (docs/library-notes.md §2.5). Call `configureTransformers` before the first load.
 */
import { throwIfAborted } from '../../core/errors.js';
import type { CallOptions } from '../../core/ports.js';
import type { Reranker } from '../../core/retrieve/rerank.js';
import { abortable } from './abortable.js';
import type { EncoderRuntime } from './choose-runtime.js';
import type { ModelLoadListener } from './load-progress.js';
import type { MemoisedLoad } from './memoised-load.js';
import {
  classifierLoader,
  disposeClassifier,
  type ClassifierLibrary,
  type LoadedClassifier,
} from './sequence-classifier.js';

/** Options of `CrossEncoderReranker`. */
export interface CrossEncoderRerankerOptions {
  /** Hub id, local id under `localModelPath`, or (Node) an absolute folder. */
  model: string;
  runtime: EncoderRuntime;
  /** Pairs per forward pass; default 16. */
  maxBatchSize?: number;
  onProgress?: ModelLoadListener;
  /** The library; tests may wrap it. Default: transformers.js. */
  library?: ClassifierLibrary;
}

/** Scores query/passage pairs with a one-logit cross-encoder. */
export class CrossEncoderReranker implements Reranker {
  readonly id: string;
  readonly maxBatchSize: number;
  readonly runtime: EncoderRuntime;
  private readonly loader: MemoisedLoad<LoadedClassifier>;

  constructor(options: CrossEncoderRerankerOptions) {
    this.runtime = options.runtime;
    this.maxBatchSize = options.maxBatchSize ?? 16;
    this.id = `cross-encoder:${options.model}:${options.runtime.dtype}`;
    this.loader = classifierLoader(options);
  }

  /** Loads the model; a failed load is forgotten, so calling again retries. */
  async load(options: CallOptions = {}): Promise<void> {
    await abortable(this.loader.get(), options.signal);
  }

  async score(query: string, passages: string[], options: CallOptions = {}): Promise<number[]> {
    const { tokenizer, classifier } = await abortable(this.loader.get(), options.signal);
    const scores: number[] = [];
    for (let start = 0; start < passages.length; start += this.maxBatchSize) {
      throwIfAborted(options.signal);
      const batch = passages.slice(start, start + this.maxBatchSize);
      const inputs = tokenizer(
        batch.map(() => query),
        { text_pair: batch, padding: true, truncation: true },
      );
      const { logits } = await classifier(inputs);
      // One logit per pair: [batch, 1]. Column 0 is the relevance logit.
      const width = logits.dims[1] ?? 1;
      const probabilities = logits.sigmoid().data;
      for (let row = 0; row < batch.length; row++) scores.push(Number(probabilities[row * width]));
    }
    return scores;
  }

  /** Frees the model's session. */
  async dispose(): Promise<void> {
    await disposeClassifier(this.loader);
  }
}
