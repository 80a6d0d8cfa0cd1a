/**
 * Checks a laid-out embedding model through the app's own transformers.js embedder (Node,
 * onnxruntime-node): the fp32 and q8 files must agree on every probe sentence (cosine ≥ 0.999;
 * for MiniLM the q8 file is an independent export, so this checks the conversion), and each probe
 * question must be closest to its own answer among all the answers (a known-pair check: a graph
 * with a wrong operator gives near-random vectors and fails it). None of the packages ships
 * reference vectors to compare with.
 */
import { createNodeEmbedder } from '../../src/adapters/models/node-models.js';

/** Question and answer pairs in plain wording, none of them from an evaluation set. */
export const PROBE_PAIRS: readonly [string, string][] = [
  ['How much room on the disk do I need to build it?', 'Building the package needs about 50 MB of free disk space.'],
  ['How do I switch the phone off?', 'Press and hold the power key, then tap Power off.'],
  ['Who wrote the annual report?', 'The annual report was written by the audit team in March.'],
  ['Is the warranty still valid if I open the case?', 'Opening the housing voids the guarantee.'],
  ['What temperature should the oven be at for bread?', 'Bake the loaf at 220 °C for 35 minutes.'],
];

/** The least agreement between the two files required. */
export const MIN_COSINE = 0.999;

/** What the checks measured. */
export interface CheckResult {
  /** Lowest fp32–q8 cosine over the probe sentences. */
  minCosine: number;
  /** Probe questions whose own answer was the closest one, of all. */
  pairsRight: number;
  pairs: number;
  passed: boolean;
}

const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, index) => sum + value * b[index]!, 0);

/** Embeds the probe sentences with both files of the model in `folder`. */
export async function checkEmbedder(folder: string): Promise<CheckResult> {
  const questions = PROBE_PAIRS.map(([question]) => question);
  const answers = PROBE_PAIRS.map(([, answer]) => answer);
  const vectors: Record<'fp32' | 'q8', { questions: Float32Array[]; answers: Float32Array[] }> = {
    fp32: { questions: [], answers: [] },
    q8: { questions: [], answers: [] },
  };
  for (const dtype of ['fp32', 'q8'] as const) {
    const embedder = await createNodeEmbedder(folder, { dtype });
    vectors[dtype].questions = await Promise.all(questions.map((question) => embedder.embedQuery(question)));
    vectors[dtype].answers = await embedder.embedDocuments(answers);
    await embedder.dispose();
  }
  const cosines = [
    ...vectors.fp32.questions.map((vector, index) => dot(vector, vectors.q8.questions[index]!)),
    ...vectors.fp32.answers.map((vector, index) => dot(vector, vectors.q8.answers[index]!)),
  ];
  const minCosine = Math.min(...cosines);
  let pairsRight = 0;
  for (const dtype of ['fp32', 'q8'] as const) {
    const { questions: asked, answers: given } = vectors[dtype];
    asked.forEach((question, index) => {
      const scores = given.map((answer) => dot(question, answer));
      if (scores.indexOf(Math.max(...scores)) === index) pairsRight += 0.5;
    });
  }
  return {
    minCosine,
    pairsRight,
    pairs: PROBE_PAIRS.length,
    passed: minCosine >= MIN_COSINE && pairsRight === PROBE_PAIRS.length,
  };
}
