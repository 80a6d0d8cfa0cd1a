/**
 * Test helpers: a BERT / RoBERTa / MPNet forward pass in plain TypeScript loops, written from
 * Hugging Face's modelling code and sharing nothing with the ONNX converter, to check the
 * converted graphs against; and small random checkpoints of each architecture (seeded, so a
 * failure replays).
 */
import type { FloatTensor } from '../../../scripts/local-models/safetensors.js';
import { relativeBucket } from '../../../scripts/local-models/relative-position.js';

/** The shape of a tiny checkpoint. */
export interface TinyShape {
  modelType: 'bert' | 'roberta' | 'mpnet';
  vocabulary: number;
  hidden: number;
  heads: number;
  layers: number;
  intermediate: number;
  maxPositions: number;
  /** Classification labels; none for an embedding model. */
  labels?: number;
}

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random checkpoint named as Hugging Face names the tensors (`bert.` / `roberta.` prefix for classifiers). */
export function tinyCheckpoint(shape: TinyShape, seed = 7): Map<string, FloatTensor> {
  const random = seeded(seed);
  const tensors = new Map<string, FloatTensor>();
  const prefix = shape.labels ? `${shape.modelType}.` : '';
  const add = (name: string, dims: number[], scale: number, offset = 0) => {
    const count = dims.reduce((a, b) => a * b, 1);
    tensors.set(name, {
      shape: dims,
      values: Float32Array.from({ length: count }, () => offset + (random() * 2 - 1) * scale),
    });
  };
  const { hidden: h, intermediate: i } = shape;
  add(`${prefix}embeddings.word_embeddings.weight`, [shape.vocabulary, h], 1);
  add(`${prefix}embeddings.position_embeddings.weight`, [shape.maxPositions, h], 0.5);
  if (shape.modelType !== 'mpnet')
    add(`${prefix}embeddings.token_type_embeddings.weight`, [shape.modelType === 'bert' ? 2 : 1, h], 0.5);
  add(`${prefix}embeddings.LayerNorm.weight`, [h], 0.2, 1);
  add(`${prefix}embeddings.LayerNorm.bias`, [h], 0.1);
  const names =
    shape.modelType === 'mpnet'
      ? {
          q: 'attention.attn.q',
          k: 'attention.attn.k',
          v: 'attention.attn.v',
          o: 'attention.attn.o',
          norm: 'attention.LayerNorm',
        }
      : {
          q: 'attention.self.query',
          k: 'attention.self.key',
          v: 'attention.self.value',
          o: 'attention.output.dense',
          norm: 'attention.output.LayerNorm',
        };
  for (let layer = 0; layer < shape.layers; layer++) {
    const base = `${prefix}encoder.layer.${layer}`;
    for (const linear of [names.q, names.k, names.v, names.o]) {
      add(`${base}.${linear}.weight`, [h, h], 0.6);
      add(`${base}.${linear}.bias`, [h], 0.1);
    }
    add(`${base}.${names.norm}.weight`, [h], 0.2, 1);
    add(`${base}.${names.norm}.bias`, [h], 0.1);
    add(`${base}.intermediate.dense.weight`, [i, h], 0.6);
    add(`${base}.intermediate.dense.bias`, [i], 0.1);
    add(`${base}.output.dense.weight`, [h, i], 0.4);
    add(`${base}.output.dense.bias`, [h], 0.1);
    add(`${base}.output.LayerNorm.weight`, [h], 0.2, 1);
    add(`${base}.output.LayerNorm.bias`, [h], 0.1);
  }
  if (shape.modelType === 'mpnet') add(`${prefix}encoder.relative_attention_bias.weight`, [32, shape.heads], 1);
  if (shape.labels && shape.modelType === 'roberta') {
    add('classifier.dense.weight', [h, h], 0.6);
    add('classifier.dense.bias', [h], 0.1);
    add('classifier.out_proj.weight', [shape.labels, h], 0.6);
    add('classifier.out_proj.bias', [shape.labels], 0.1);
  } else if (shape.labels) {
    add(`${prefix}pooler.dense.weight`, [h, h], 0.6);
    add(`${prefix}pooler.dense.bias`, [h], 0.1);
    add('classifier.weight', [shape.labels, h], 0.6);
    add('classifier.bias', [shape.labels], 0.1);
  }
  return tensors;
}

type Matrix = number[][];

function linear(x: Matrix, weights: Map<string, FloatTensor>, name: string): Matrix {
  const w = weights.get(`${name}.weight`)!;
  const b = weights.get(`${name}.bias`)!;
  const [outputs, inputs] = w.shape as [number, number];
  return x.map((row) =>
    Array.from({ length: outputs }, (_, o) => {
      let sum = b.values[o]!;
      for (let k = 0; k < inputs; k++) sum += row[k]! * w.values[o * inputs + k]!;
      return sum;
    }),
  );
}

function layerNorm(x: Matrix, weights: Map<string, FloatTensor>, name: string, epsilon: number): Matrix {
  const g = weights.get(`${name}.weight`)!.values;
  const b = weights.get(`${name}.bias`)!.values;
  return x.map((row) => {
    const mean = row.reduce((a, v) => a + v, 0) / row.length;
    const variance = row.reduce((a, v) => a + (v - mean) ** 2, 0) / row.length;
    return row.map((v, k) => ((v - mean) / Math.sqrt(variance + epsilon)) * g[k]! + b[k]!);
  });
}

/** erf by Abramowitz–Stegun 7.1.26 is too coarse here; a series / continued fraction to ~1e-12 instead. */
function erf(x: number): number {
  const t = 1 / (1 + 0.5 * Math.abs(x));
  const y =
    1 -
    t *
      Math.exp(
        -x * x -
          1.26551223 +
          t *
            (1.00002368 +
              t *
                (0.37409196 +
                  t *
                    (0.09678418 +
                      t *
                        (-0.18628806 +
                          t *
                            (0.27886807 +
                              t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
      );
  return x >= 0 ? y : -y;
}

/** Hidden states `[sequence, hidden]` of one unpadded sequence, then the logits if the checkpoint has a head. */
export function referenceForward(
  weights: Map<string, FloatTensor>,
  shape: TinyShape,
  ids: number[],
  types: number[] = ids.map(() => 0),
  padId = 1,
): { hidden: Matrix; logits?: number[] } {
  const prefix = shape.labels ? `${shape.modelType}.` : '';
  const epsilon = 1e-12;
  const get = (name: string) => weights.get(prefix + name)!;
  const h = shape.hidden;
  const size = h / shape.heads;
  const positions =
    shape.modelType === 'bert' ? ids.map((_, index) => index) : ids.map((_, index) => padId + 1 + index);
  let x: Matrix = ids.map((id, index) =>
    Array.from({ length: h }, (_, k) => {
      let value =
        get('embeddings.word_embeddings.weight').values[id * h + k]! +
        get('embeddings.position_embeddings.weight').values[positions[index]! * h + k]!;
      if (shape.modelType !== 'mpnet')
        value += get('embeddings.token_type_embeddings.weight').values[
          (shape.modelType === 'bert' ? types[index]! : 0) * h + k
        ]!;
      return value;
    }),
  );
  x = layerNorm(x, weights, `${prefix}embeddings.LayerNorm`, epsilon);
  const mpnet = shape.modelType === 'mpnet';
  const names = mpnet
    ? {
        q: 'attention.attn.q',
        k: 'attention.attn.k',
        v: 'attention.attn.v',
        o: 'attention.attn.o',
        norm: 'attention.LayerNorm',
      }
    : {
        q: 'attention.self.query',
        k: 'attention.self.key',
        v: 'attention.self.value',
        o: 'attention.output.dense',
        norm: 'attention.output.LayerNorm',
      };
  const length = ids.length;
  for (let layer = 0; layer < shape.layers; layer++) {
    const base = `${prefix}encoder.layer.${layer}`;
    const q = linear(x, weights, `${base}.${names.q}`);
    const k = linear(x, weights, `${base}.${names.k}`);
    const v = linear(x, weights, `${base}.${names.v}`);
    const context: Matrix = x.map(() => new Array<number>(h).fill(0));
    for (let head = 0; head < shape.heads; head++) {
      for (let i = 0; i < length; i++) {
        const scores = Array.from({ length }, (_, j) => {
          let dot = 0;
          for (let d = 0; d < size; d++) dot += q[i]![head * size + d]! * k[j]![head * size + d]!;
          let score = dot / Math.sqrt(size);
          if (mpnet)
            score += get('encoder.relative_attention_bias.weight').values[relativeBucket(j - i) * shape.heads + head]!;
          return score;
        });
        const top = Math.max(...scores);
        const exps = scores.map((score) => Math.exp(score - top));
        const total = exps.reduce((a, b) => a + b, 0);
        for (let j = 0; j < length; j++) {
          for (let d = 0; d < size; d++) context[i]![head * size + d]! += (exps[j]! / total) * v[j]![head * size + d]!;
        }
      }
    }
    const attended = linear(context, weights, `${base}.${names.o}`).map((row, i) =>
      row.map((value, d) => value + x[i]![d]!),
    );
    const normed = layerNorm(attended, weights, `${base}.${names.norm}`, epsilon);
    const inner = linear(normed, weights, `${base}.intermediate.dense`).map((row) =>
      row.map((value) => 0.5 * value * (1 + erf(value / Math.SQRT2))),
    );
    const out = linear(inner, weights, `${base}.output.dense`).map((row, i) =>
      row.map((value, d) => value + normed[i]![d]!),
    );
    x = layerNorm(out, weights, `${base}.output.LayerNorm`, epsilon);
  }
  if (!shape.labels) return { hidden: x };
  const first = [x[0]!];
  const pooled =
    shape.modelType === 'roberta'
      ? linear(first, weights, 'classifier.dense').map((row) => row.map(Math.tanh))
      : linear(first, weights, `${prefix}pooler.dense`).map((row) => row.map(Math.tanh));
  const logits = linear(pooled, weights, shape.modelType === 'roberta' ? 'classifier.out_proj' : 'classifier')[0]!;
  return { hidden: x, logits };
}
