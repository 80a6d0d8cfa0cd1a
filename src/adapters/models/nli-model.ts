/**
 * An NLI cross-encoder as the check stage's `EntailmentModel`: `AutoTokenizer` with the premise
 * first and the hypothesis as `text_pair`, `AutoModelForSequenceClassification`, a softmax over
 * its logits. Which logit is which is read from the model's own `config.json` (`id2label`:
 * "entailment", "contradiction", "neutral", in whatever order the model was trained with); a
 * classifier without an entailment label is refused with a message that names its labels. Call
 * `configureTransformers` before the first load.
 */
import { throwIfAborted } from '../../core/errors.js';
import type { CallOptions, EntailmentModel, EntailmentScores } from '../../core/ports.js';
import { abortable } from './abortable.js';
import type { EncoderRuntime } from './choose-runtime.js';
import type { ModelLoadListener } from './load-progress.js';
import type { MemoisedLoad } from './memoised-load.js';
import { ModelError } from './model-errors.js';
import {
  classifierLoader,
  disposeClassifier,
  type ClassifierLibrary,
  type LoadedClassifier,
} from './sequence-classifier.js';

/** Options of `NliModel`. */
export interface NliModelOptions {
  /** Hub id, local id under `localModelPath`, or (Node) an absolute folder. */
  model: string;
  runtime: EncoderRuntime;
  /** Pairs per forward pass; default 8. */
  maxBatchSize?: number;
  onProgress?: ModelLoadListener;
  /** The library; tests may wrap it. Default: transformers.js. */
  library?: ClassifierLibrary;
}

/** The logit index of each NLI label (neutral may be absent: a two-way model). */
interface LabelColumns {
  entailment: number;
  contradiction: number | undefined;
  neutral: number | undefined;
}

/** Finds the NLI labels among a classifier's `id2label`, or explains why it is not an NLI model. */
export function nliColumns(model: string, id2label: Record<string, string> | undefined): LabelColumns {
  const labels = Object.entries(id2label ?? {}).map(([id, label]) => ({ id: Number(id), label: label.toLowerCase() }));
  const find = (stem: string) => labels.find((entry) => entry.label.startsWith(stem))?.id;
  const entailment = find('entail');
  if (entailment === undefined) {
    const named = labels.map((entry) => entry.label).join(', ') || 'none';
    throw new ModelError('not-nli', `${model}: config.json names no "entailment" label; its labels: ${named}`);
  }
  return { entailment, contradiction: find('contradict'), neutral: find('neutral') };
}

/** Probabilities of each label from one row of logits. */
function softmax(row: readonly number[]): number[] {
  const top = Math.max(...row);
  const exps = row.map((value) => Math.exp(value - top));
  const sum = exps.reduce((total, value) => total + value, 0);
  return exps.map((value) => value / sum);
}

/** Classifies premise/hypothesis pairs with an NLI cross-encoder. */
export class NliModel implements EntailmentModel {
  readonly id: string;
  readonly maxBatchSize: number;
  readonly runtime: EncoderRuntime;
  private readonly model: string;
  private readonly loader: MemoisedLoad<LoadedClassifier>;

  constructor(options: NliModelOptions) {
    this.model = options.model;
    this.runtime = options.runtime;
    this.maxBatchSize = options.maxBatchSize ?? 8;
    this.id = `nli:${options.model}:${options.runtime.dtype}`;
    this.loader = classifierLoader(options);
  }

  /** Loads the model and checks its labels; a failed load is forgotten, so calling again retries. */
  async load(options: CallOptions = {}): Promise<void> {
    const { classifier } = await abortable(this.loader.get(), options.signal);
    nliColumns(this.model, classifier.config?.id2label);
  }

  async classify(
    premises: readonly string[],
    hypothesis: string,
    options: CallOptions = {},
  ): Promise<EntailmentScores[]> {
    const { tokenizer, classifier } = await abortable(this.loader.get(), options.signal);
    const columns = nliColumns(this.model, classifier.config?.id2label);
    const scores: EntailmentScores[] = [];
    for (let start = 0; start < premises.length; start += this.maxBatchSize) {
      throwIfAborted(options.signal);
      const batch = premises.slice(start, start + this.maxBatchSize);
      const inputs = tokenizer([...batch], {
        text_pair: batch.map(() => hypothesis),
        padding: true,
        truncation: true,
      });
      const { logits } = await classifier(inputs);
      const width = logits.dims[1] ?? 1;
      for (let row = 0; row < batch.length; row++) {
        const probabilities = softmax(
          Array.from(logits.data)
            .slice(row * width, (row + 1) * width)
            .map(Number),
        );
        const at = (column: number | undefined) => (column === undefined ? 0 : probabilities[column]!);
        const entailment = at(columns.entailment);
        const contradiction = at(columns.contradiction);
        scores.push({ entailment, contradiction, neutral: Math.max(0, 1 - entailment - contradiction) });
      }
    }
    return scores;
  }

  /** Frees the model's session. */
  async dispose(): Promise<void> {
    await disposeClassifier(this.loader);
  }
}
