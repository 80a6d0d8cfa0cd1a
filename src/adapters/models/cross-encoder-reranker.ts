/**
 * The cross-encoder `Reranker`: `AutoTokenizer` with `text_pair` and
 * `AutoModelForSequenceClassification`, one logit per pair through a sigmoid. Not the
 * `text-classification` pipeline: it takes a softmax over the single logit, so every passage
 * scores 1.0 (TECH-NOTES §2.7). Call `configureTransformers` before the first load.
 */
import { throwIfAborted } from '../../core/errors.js';
import type { CallOptions } from '../../core/ports.js';
import type { Reranker } from '../../core/retrieve/rerank.js';
import { abortable } from './abortable.js';
import type { EncoderRuntime } from './choose-runtime.js';
import { progressCallback, type ModelLoadListener } from './load-progress.js';
import { memoisedLoad, type MemoisedLoad } from './memoised-load.js';
import { toModelError } from './model-errors.js';
import * as transformers from './transformers-library.js';
import type { SequenceClassifier, Tokenizer } from './transformers-library.js';

/** Options of `CrossEncoderReranker`. */
export interface CrossEncoderRerankerOptions {
  /** Hub id, local id under `localModelPath`, or (Node) an absolute folder. */
  model: string;
  runtime: EncoderRuntime;
  /** Pairs per forward pass; default 16. */
  maxBatchSize?: number;
  onProgress?: ModelLoadListener;
  /** The library; tests may wrap it. Default: transformers.js. */
  library?: Pick<typeof transformers, 'AutoTokenizer' | 'AutoModelForSequenceClassification'>;
}

interface Loaded {
  tokenizer: Tokenizer;
  classifier: SequenceClassifier;
}

/** Scores query/passage pairs with a one-logit cross-encoder. */
export class CrossEncoderReranker implements Reranker {
  readonly id: string;
  readonly maxBatchSize: number;
  readonly runtime: EncoderRuntime;
  private readonly loader: MemoisedLoad<Loaded>;

  constructor(options: CrossEncoderRerankerOptions) {
    const library = options.library ?? transformers;
    this.runtime = options.runtime;
    this.maxBatchSize = options.maxBatchSize ?? 16;
    this.id = `cross-encoder:${options.model}:${options.runtime.dtype}`;
    const pretrained = {
      device: options.runtime.device,
      dtype: options.runtime.dtype,
      progress_callback: progressCallback(options.model, options.onProgress),
    };
    this.loader = memoisedLoad(async () => {
      try {
        const [tokenizer, classifier] = await Promise.all([
          library.AutoTokenizer.from_pretrained(options.model, pretrained),
          library.AutoModelForSequenceClassification.from_pretrained(options.model, pretrained),
        ]);
        return { tokenizer, classifier };
      } catch (error) {
        throw toModelError(error);
      }
    });
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
    if (!this.loader.loaded) return;
    const { classifier } = await this.loader.get();
    this.loader.reset();
    await classifier.dispose();
  }
}
