/**
 * Loading a transformers.js sequence classifier (a cross-encoder reranker, an NLI model) with its
 * tokenizer, once: `AutoTokenizer` and `AutoModelForSequenceClassification` from the same folder
 * or hub id, on the runtime chosen, a failed load forgotten so that a retry really retries.
 */
import type { EncoderRuntime } from './choose-runtime.js';
import { progressCallback, type ModelLoadListener } from './load-progress.js';
import { memoisedLoad, type MemoisedLoad } from './memoised-load.js';
import { toModelError } from './model-errors.js';
import * as transformers from './transformers-library.js';
import type { SequenceClassifier, Tokenizer } from './transformers-library.js';

/** The library a classifier is loaded with; tests may wrap it. */
export type ClassifierLibrary = Pick<typeof transformers, 'AutoTokenizer' | 'AutoModelForSequenceClassification'>;

/** A loaded classifier and its tokenizer. */
export interface LoadedClassifier {
  tokenizer: Tokenizer;
  classifier: SequenceClassifier;
}

/** What `classifierLoader` loads. */
export interface ClassifierSource {
  /** Hub id, local id under `localModelPath`, or (Node) an absolute folder. */
  model: string;
  runtime: EncoderRuntime;
  onProgress?: ModelLoadListener;
  /** Default: transformers.js. */
  library?: ClassifierLibrary;
}

/** A memoised loader of the tokenizer and classifier of `source.model`; failures become `ModelError`s. */
export function classifierLoader(source: ClassifierSource): MemoisedLoad<LoadedClassifier> {
  const library = source.library ?? transformers;
  const pretrained = {
    device: source.runtime.device,
    dtype: source.runtime.dtype,
    progress_callback: progressCallback(source.model, source.onProgress),
  };
  return memoisedLoad(async () => {
    try {
      const [tokenizer, classifier] = await Promise.all([
        library.AutoTokenizer.from_pretrained(source.model, pretrained),
        library.AutoModelForSequenceClassification.from_pretrained(source.model, pretrained),
      ]);
      return { tokenizer, classifier };
    } catch (error) {
      throw toModelError(error);
    }
  });
}

/** Frees a loaded classifier's session, if it was loaded. */
export async function disposeClassifier(loader: MemoisedLoad<LoadedClassifier>): Promise<void> {
  if (!loader.loaded) return;
  const { classifier } = await loader.get();
  loader.reset();
  await classifier.dispose();
}
