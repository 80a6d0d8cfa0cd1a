/**
 * Meaning for the check stage: how close a claim is to a sentence, and a claim to a question
 * part, by the cosine of the retrieval embedder's vectors (already loaded; nothing else to
 * download). The hard checks (numbers with units, names, polarity) stay lexical and decide
 * "contradicted"; meaning only confirms what a passage does say in other words ("not found" →
 * "supported") and which part a supported claim answers. Each embedder gets its own thresholds,
 * calibrated on the development sets (evals/README.md, "The checker"); an embedder without
 * calibrated thresholds (the built-in hashing one, whose cosine is word overlap by another name,
 * or a model nobody measured) gets no meaning, and the checker stays lexical.
 */
import type { CallOptions, Embedder } from '../ports.js';

/** Least cosines, per embedder. */
export interface MeaningThresholds {
  /** A claim with this cosine to a sentence of its cited passage says what that sentence says. */
  support: number;
  /**
   * The same for a claim with values (numbers with units, durations, counts), compared only with
   * sentences that state every one of them: the values already agree, so less else must.
   */
  supportWithValues: number;
  /**
   * A claim is also supported by a sentence that reaches both of these: this cosine, below
   * `support`, and this weighted share of the claim's content words, below the lexical judge's
   * own bar. Each signal alone lets faults through; together they mark a paraphrase.
   */
  supportWithWords: { cosine: number; share: number };
  /**
   * A supported claim with this cosine to a question part (and closest to it of all parts, about
   * its names, with a value of the kind it asks for) addresses it.
   */
  address: number;
}

/**
 * Calibrated thresholds by a fragment of the embedder's model id. Measured on the development
 * sets with `npm run calibrate:meaning` and checked with `npm run eval:checker -- --sets dev`
 * (evals/README.md, "The checker"); mpnet takes MiniLM's (not tuned separately: at 0.45 it
 * addressed 34 of the 75 wrongly unaddressed parts and lost 6 rightly unaddressed ones, MiniLM 31
 * and 5). MiniLM's support cosine of
 * correct paraphrases whose words differ from the passage's ran 0.64–0.89, of faulty claims
 * that pass every hard check 0.56–0.91, so 0.75 rescues most paraphrases at the cost of a few
 * faults; a part and the claim that answers it ran 0.45–0.84 (half answers' other parts below).
 * Claims with values against sentences stating all of them (dev sets, MiniLM): correct claims
 * 0.24–0.90 (half from 0.62 to 0.77), faulty ones that agree in polarity 0.32–0.61 and then
 * 0.89–0.91 (values a newer document supersedes, which other checks flag), so 0.65 keeps a
 * margin above the highest fault below it (a neighbouring row's value, 0.61).
 * The address cosine was 0.45 until the paraphrased questions of the blind development sets
 * showed correct answers at 0.36–0.42 ("How do I stop them?" ← "open Recents, tap that caller,
 * then Block"): on every development set, 0.35 removed 6 false alarms (MiniLM) and added no
 * missed fault, and lowering it further to 0.20 changed nothing either way: what keeps a half
 * answer's other part unaddressed is the rule that a claim addresses only the part it is
 * closest to, and the names and value kind, not this floor. 0.35 kept the floor just under
 * the lowest correct answer measured then. Stop 50 lowered it to 0.20: the third blind STICI
 * development set answers parts at 0.23–0.33 ("End at Otaegui, the oldest bakery, with
 * pantxineta" ← "Where should the crawl end?"); on every development set 0.20 removed 4 false
 * alarms (MiniLM), and two confident answers to unanswerable questions kept their
 * `unsupported_claim` but lost `missing_evidence`: a true second claim on the topic ("the audio
 * picks up the cries from outside the walls") now answers "who composed the music" at 0.2–0.35.
 * `supportWithWords` (stop 46, the claims of every development set that passed the hard checks
 * and not the support cosine, MiniLM and mpnet alike): correct paraphrases whose closest sentence
 * held at least half of their words (weighted) ran 0.60–0.75 in cosine; faulty claims holding as
 * many words ran 0.46–0.58 (a badge priced as an access card, a floor's chance read from the
 * neighbouring cell), and those at 0.6 or more held at most 0.46 of their words (the wrong device
 * in a sentence about two). On the development sets it moved two correct answers out of the
 * flagged ones with MiniLM (S019, V055) and lost no catch.
 */
export const MEANING_THRESHOLDS: readonly { model: string; thresholds: MeaningThresholds }[] = [
  {
    model: 'all-MiniLM-L6-v2',
    thresholds: {
      support: 0.75,
      supportWithValues: 0.65,
      supportWithWords: { cosine: 0.6, share: 0.5 },
      address: 0.2,
    },
  },
  {
    model: 'all-mpnet-base-v2',
    thresholds: {
      support: 0.75,
      supportWithValues: 0.65,
      supportWithWords: { cosine: 0.6, share: 0.5 },
      address: 0.2,
    },
  },
];

/** Similarities for the check stage. */
export interface Meaning {
  /** The embedder's model id. */
  readonly id: string;
  readonly thresholds: MeaningThresholds;
  /** Cosine of `text` with each of `others`, all embedded as passages. */
  similarity(text: string, others: readonly string[], options?: CallOptions): Promise<number[]>;
  /** Cosine of a question part (embedded as a query) with each text (as passages). */
  partSimilarity(part: string, texts: readonly string[], options?: CallOptions): Promise<number[]>;
}

const dot = (a: Float32Array, b: Float32Array) => {
  let sum = 0;
  for (let index = 0; index < a.length; index++) sum += a[index]! * b[index]!;
  return sum;
};

/** The thresholds calibrated for `modelId`, if any. */
export function thresholdsFor(modelId: string): MeaningThresholds | undefined {
  return MEANING_THRESHOLDS.find((entry) => modelId.includes(entry.model))?.thresholds;
}

/**
 * Meaning over `embedder`, or undefined when its thresholds were never calibrated. Vectors are
 * kept for the life of the returned object (one check), so a sentence is embedded once.
 */
export function meaningFromEmbedder(
  embedder: Embedder,
  thresholds = thresholdsFor(embedder.modelId),
): Meaning | undefined {
  if (!thresholds) return undefined;
  const passages = new Map<string, Float32Array>();
  const queries = new Map<string, Float32Array>();
  const vectors = async (texts: readonly string[], options?: CallOptions) => {
    const missing = [...new Set(texts.filter((text) => !passages.has(text)))];
    if (missing.length) {
      const embedded = await embedder.embedDocuments(missing, options);
      missing.forEach((text, index) => passages.set(text, embedded[index]!));
    }
    return texts.map((text) => passages.get(text)!);
  };
  return {
    id: embedder.modelId,
    thresholds,
    async similarity(text, others, options) {
      const [first, ...rest] = await vectors([text, ...others], options);
      return rest.map((vector) => dot(first!, vector));
    },
    async partSimilarity(part, texts, options) {
      let query = queries.get(part);
      if (!query) {
        query = await embedder.embedQuery(part, options);
        queries.set(part, query);
      }
      const others = await vectors(texts, options);
      return others.map((vector) => dot(query!, vector));
    },
  };
}
