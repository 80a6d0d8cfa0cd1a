import ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { ConversionError, encoderOnnx, type EncoderConfig } from '../../../scripts/local-models/encoder-graph.js';
import { quantizeModel } from '../../../scripts/local-models/quantize-graph.js';
import { relativeBucket } from '../../../scripts/local-models/relative-position.js';
import { referenceForward, tinyCheckpoint, type TinyShape } from './reference-encoder.js';

const PAD = 1;

function configOf(shape: TinyShape): EncoderConfig {
  return {
    model_type: shape.modelType,
    hidden_size: shape.hidden,
    num_attention_heads: shape.heads,
    num_hidden_layers: shape.layers,
    layer_norm_eps: 1e-12,
    pad_token_id: PAD,
    max_position_embeddings: shape.maxPositions,
  };
}

/** Runs the graph on a padded batch of `sequences`; returns each sequence's rows (or logits). */
async function runGraph(
  bytes: Uint8Array,
  shape: TinyShape,
  sequences: number[][],
  output: 'last_hidden_state' | 'logits',
) {
  const session = await ort.InferenceSession.create(bytes);
  const length = Math.max(...sequences.map((sequence) => sequence.length));
  const ids = sequences.flatMap((sequence) => [...sequence, ...new Array<number>(length - sequence.length).fill(PAD)]);
  const mask = sequences.flatMap((sequence) =>
    sequence.map(() => 1).concat(new Array<number>(length - sequence.length).fill(0)),
  );
  const tensor = (values: number[]) =>
    new ort.Tensor('int64', BigInt64Array.from(values.map(BigInt)), [sequences.length, length]);
  const feeds: Record<string, ort.Tensor> = { input_ids: tensor(ids), attention_mask: tensor(mask) };
  if (session.inputNames.includes('token_type_ids')) feeds.token_type_ids = tensor(ids.map(() => 0));
  const result = (await session.run(feeds))[output]!;
  const data = result.data as Float32Array;
  const width = output === 'logits' ? shape.labels! : shape.hidden;
  return sequences.map((sequence, row) =>
    output === 'logits'
      ? [Array.from(data.subarray(row * width, (row + 1) * width))]
      : sequence.map((_, position) =>
          Array.from(data.subarray((row * length + position) * width, (row * length + position + 1) * width)),
        ),
  );
}

function maxDifference(a: number[][], b: number[][]): number {
  return Math.max(...a.flatMap((row, i) => row.map((value, j) => Math.abs(value - b[i]![j]!))));
}

const SHAPES: TinyShape[] = [
  { modelType: 'bert', vocabulary: 40, hidden: 16, heads: 4, layers: 2, intermediate: 32, maxPositions: 64 },
  { modelType: 'roberta', vocabulary: 40, hidden: 16, heads: 2, layers: 2, intermediate: 24, maxPositions: 66 },
  { modelType: 'mpnet', vocabulary: 40, hidden: 16, heads: 4, layers: 2, intermediate: 32, maxPositions: 66 },
];

/** Two sequences of different lengths, so the shorter one is padded and the mask matters. */
const SEQUENCES = [
  [0, 5, 9, 12, 30, 2],
  [0, 7, 21, 2],
];

describe('encoderOnnx: real-weight conversion checked against a plain forward pass', () => {
  for (const shape of SHAPES) {
    it(`${shape.modelType}: the graph's hidden states equal the reference's (padding masked)`, async () => {
      const weights = tinyCheckpoint(shape);
      const graph = await runGraph(
        encoderOnnx(weights, configOf(shape), 'hidden-states'),
        shape,
        SEQUENCES,
        'last_hidden_state',
      );
      for (const [index, sequence] of SEQUENCES.entries()) {
        const { hidden } = referenceForward(weights, shape, sequence, undefined, PAD);
        expect(maxDifference(graph[index]!, hidden)).toBeLessThan(1e-4);
      }
    });

    it(`${shape.modelType}: a sequence classifier's logits equal the reference's`, async () => {
      const classifier = { ...shape, labels: 3 };
      const weights = tinyCheckpoint(classifier, 11);
      const graph = await runGraph(
        encoderOnnx(weights, configOf(classifier), 'sequence-classification'),
        classifier,
        SEQUENCES,
        'logits',
      );
      for (const [index, sequence] of SEQUENCES.entries()) {
        const { logits } = referenceForward(weights, classifier, sequence, undefined, PAD);
        expect(maxDifference(graph[index]!, [logits!])).toBeLessThan(1e-4);
      }
    });
  }

  it('a wrong weight (changed by 0.05 in one layer) is caught: the comparison can fail', async () => {
    const shape = SHAPES[0]!;
    const weights = tinyCheckpoint(shape);
    const converted = encoderOnnx(weights, configOf(shape), 'hidden-states');
    weights.get('encoder.layer.1.intermediate.dense.weight')!.values[3]! += 0.05;
    const graph = await runGraph(converted, shape, SEQUENCES, 'last_hidden_state');
    const { hidden } = referenceForward(weights, shape, SEQUENCES[0]!, undefined, PAD);
    expect(maxDifference(graph[0]!, hidden)).toBeGreaterThan(1e-3);
  });

  it('names what is missing: an unknown architecture, a missing tensor', () => {
    const shape = SHAPES[0]!;
    expect(() =>
      encoderOnnx(tinyCheckpoint(shape), { ...configOf(shape), model_type: 'deberta-v2' }, 'hidden-states'),
    ).toThrow(/model_type "deberta-v2" is not converted \(bert, roberta, mpnet are\)/);
    const weights = tinyCheckpoint(shape);
    weights.delete('encoder.layer.1.output.dense.bias');
    expect(() => encoderOnnx(weights, configOf(shape), 'hidden-states')).toThrow(ConversionError);
    expect(() => encoderOnnx(weights, configOf(shape), 'hidden-states')).toThrow(
      /encoder\.layer\.1\.output\.dense\.bias/,
    );
  });
});

describe('relativeBucket (MPNet, as Hugging Face computes it)', () => {
  it('exact buckets near the query, the sign in the upper half, logarithmic far away, capped', () => {
    expect([0, -1, -7, 1, 7].map((distance) => relativeBucket(distance))).toEqual([0, 1, 7, 17, 23]);
    // n = 8…127 map logarithmically onto 8…15 (16 + … for keys after the query); 128 and beyond stay in 15.
    expect(relativeBucket(-8)).toBe(8);
    expect(relativeBucket(-16)).toBe(10);
    expect(relativeBucket(-127)).toBe(15);
    expect(relativeBucket(-500)).toBe(15);
    expect(relativeBucket(500)).toBe(31);
  });
});

describe('quantizeModel: int8 weights', () => {
  it('keeps the outputs within a cosine of 0.999 of the float graph, at about a quarter of the size', async () => {
    const shape: TinyShape = {
      modelType: 'bert',
      vocabulary: 300,
      hidden: 64,
      heads: 4,
      layers: 2,
      intermediate: 128,
      maxPositions: 64,
    };
    const fp32 = encoderOnnx(tinyCheckpoint(shape), configOf(shape), 'hidden-states');
    const q8 = quantizeModel(fp32);
    expect(q8.byteLength).toBeLessThan(fp32.byteLength * 0.4);
    const [a, b] = await Promise.all([fp32, q8].map((bytes) => runGraph(bytes, shape, SEQUENCES, 'last_hidden_state')));
    for (const [index] of SEQUENCES.entries()) {
      const x = a![index]!.flat();
      const y = b![index]!.flat();
      const dot = x.reduce((sum, value, at) => sum + value * y[at]!, 0);
      const cosine = dot / Math.sqrt(x.reduce((s, v) => s + v * v, 0) * y.reduce((s, v) => s + v * v, 0));
      expect(cosine).toBeGreaterThan(0.999);
      expect(cosine).toBeLessThan(1); // the weights really were rounded
    }
  });
});
