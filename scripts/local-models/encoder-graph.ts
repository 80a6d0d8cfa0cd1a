/**
 * Writes a BERT, RoBERTa or MPNet encoder as an ONNX graph from its real weights (safetensors),
 * in the shape transformers.js loads: inputs `input_ids`, `attention_mask` (and `token_type_ids`
 * for BERT), output `last_hidden_state` for an embedding model or `logits [batch, labels]` for a
 * sequence classifier (a cross-encoder reranker, an NLI model). Standard opset-17 operators only,
 * so the graph runs on ONNX Runtime's CPU, WASM and WebGPU back ends alike. The arithmetic
 * follows Hugging Face's modelling code (post-layer-norm blocks, erf GELU, -10000 on masked keys).
 */
import { relativeBiasTable } from './relative-position.js';
import type { FloatTensor } from './safetensors.js';
import { attribute, buildModel, encodeModel, FLOAT, GraphBuilder, INT64, valueInfo } from './onnx-graph.js';

/** The fields of a Hugging Face `config.json` the converter reads. */
export interface EncoderConfig {
  model_type: string;
  hidden_size: number;
  num_attention_heads: number;
  num_hidden_layers: number;
  layer_norm_eps?: number;
  hidden_act?: string;
  pad_token_id?: number;
  max_position_embeddings?: number;
  relative_attention_num_buckets?: number;
}

/** What the graph ends in. */
export type EncoderHead = 'hidden-states' | 'sequence-classification';

/** Thrown when the weights do not fit the architecture the config names. */
export class ConversionError extends Error {
  override readonly name = 'ConversionError';
}

/** Where an architecture keeps its attention weights, and how it numbers positions. */
interface Architecture {
  query: string;
  key: string;
  value: string;
  attentionOutput: string;
  attentionNorm: string;
  /** RoBERTa and MPNet count positions from the padding id + 1; BERT from 0. */
  offsetPositions: boolean;
  /** BERT reads `token_type_ids`; RoBERTa has one type (all zeros); MPNet none. */
  tokenTypes: 'input' | 'zeros' | 'none';
  /** MPNet adds a learned bias per relative-distance bucket to every attention score. */
  relativeBias: boolean;
}

const BERT_ATTENTION = {
  query: 'attention.self.query',
  key: 'attention.self.key',
  value: 'attention.self.value',
  attentionOutput: 'attention.output.dense',
  attentionNorm: 'attention.output.LayerNorm',
};

const ARCHITECTURES: Record<string, Architecture> = {
  bert: { ...BERT_ATTENTION, offsetPositions: false, tokenTypes: 'input', relativeBias: false },
  roberta: { ...BERT_ATTENTION, offsetPositions: true, tokenTypes: 'zeros', relativeBias: false },
  mpnet: {
    query: 'attention.attn.q',
    key: 'attention.attn.k',
    value: 'attention.attn.v',
    attentionOutput: 'attention.attn.o',
    attentionNorm: 'attention.LayerNorm',
    offsetPositions: true,
    tokenTypes: 'none',
    relativeBias: true,
  },
};

/** Transposes a [rows, columns] matrix (PyTorch's Linear stores [out, in]; MatMul wants [in, out]). */
function transpose(tensor: FloatTensor): Float32Array {
  const [rows, columns] = tensor.shape as [number, number];
  const out = new Float32Array(rows * columns);
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) out[column * rows + row] = tensor.values[row * columns + column]!;
  }
  return out;
}

/** The checkpoint's tensors, read under the encoder's prefix (`bert.`, `roberta.`, `mpnet.` or none). */
class Weights {
  readonly prefix: string;

  constructor(
    private readonly tensors: Map<string, FloatTensor>,
    modelType: string,
  ) {
    const prefix = [`${modelType}.`, 'bert.', 'roberta.', ''].find((candidate) =>
      tensors.has(`${candidate}embeddings.word_embeddings.weight`),
    );
    if (prefix === undefined)
      throw new ConversionError('no embeddings.word_embeddings.weight: not an encoder checkpoint');
    this.prefix = prefix;
  }

  /** The tensor `name` under the encoder's prefix, or at the top level when `encoder` is false. */
  get(name: string, encoder = true): FloatTensor {
    const key = encoder ? this.prefix + name : name;
    const tensor = this.tensors.get(key);
    if (!tensor) throw new ConversionError(`the weights have no tensor "${key}"`);
    return tensor;
  }

  has(name: string, encoder = true): boolean {
    return this.tensors.has(encoder ? this.prefix + name : name);
  }
}

/** Builds the graph of one checkpoint. */
class EncoderWriter {
  readonly graph = new GraphBuilder();
  private readonly epsilon: number;

  constructor(
    private readonly weights: Weights,
    private readonly config: EncoderConfig,
    private readonly architecture: Architecture,
  ) {
    this.epsilon = config.layer_norm_eps ?? 1e-12;
  }

  /** `x · Wᵀ + b` for the Linear layer `name`. */
  linear(input: string, name: string, encoder = true): string {
    const weight = this.weights.get(`${name}.weight`, encoder);
    const bias = this.weights.get(`${name}.bias`, encoder);
    const [outputs, inputs] = weight.shape as [number, number];
    const w = this.graph.float(`${name}.weight_t`, [inputs, outputs], transpose(weight));
    const b = this.graph.float(`${name}.bias`, [outputs], bias.values);
    return this.graph.op('Add', [this.graph.op('MatMul', [input, w], 'matmul'), b], 'linear');
  }

  layerNorm(input: string, name: string): string {
    const scale = this.weights.get(`${name}.weight`);
    const bias = this.weights.get(`${name}.bias`);
    return this.graph.op(
      'LayerNormalization',
      [
        input,
        this.graph.float(`${name}.weight`, scale.shape, scale.values),
        this.graph.float(`${name}.bias`, bias.shape, bias.values),
      ],
      'layer_norm',
      [attribute.int('axis', -1), attribute.float('epsilon', this.epsilon)],
    );
  }

  /** GELU: the exact (erf) form for "gelu", the tanh approximation for "gelu_new" and "gelu_pytorch_tanh". */
  gelu(input: string): string {
    const g = this.graph;
    const constant = (name: string, value: number) => g.float(`${name}_${g.nodes.length}`, [], Float32Array.of(value));
    let inner: string;
    if ((this.config.hidden_act ?? 'gelu') === 'gelu') {
      inner = g.op('Erf', [g.op('Div', [input, constant('gelu_sqrt2', Math.SQRT2)], 'gelu_scaled')], 'gelu_erf');
    } else {
      const cube = g.op('Mul', [g.op('Mul', [input, input], 'gelu_square'), input], 'gelu_cube');
      const sum = g.op('Add', [input, g.op('Mul', [cube, constant('gelu_c', 0.044715)], 'gelu_cubic')], 'gelu_sum');
      inner = g.op(
        'Tanh',
        [g.op('Mul', [sum, constant('gelu_k', Math.sqrt(2 / Math.PI))], 'gelu_argument')],
        'gelu_tanh',
      );
    }
    const half = g.op('Mul', [input, constant('gelu_half', 0.5)], 'gelu_half_x');
    return g.op('Mul', [half, g.op('Add', [inner, constant('gelu_one', 1)], 'gelu_one_plus')], 'gelu');
  }

  /** The sequence length as a scalar. */
  length(): string {
    const shape = this.graph.op('Shape', ['input_ids'], 'shape');
    return this.graph.op('Gather', [shape, this.graph.int64('axis_one', [], [1])], 'length', [
      attribute.int('axis', 0),
    ]);
  }

  /** Position ids: 0…S-1 (BERT), or the count of non-padding tokens so far plus the padding id. */
  positionIds(): string {
    const g = this.graph;
    if (!this.architecture.offsetPositions) {
      const range = g.op('Range', [g.int64('zero', [], [0]), this.length(), g.int64('one', [], [1])], 'positions');
      return g.op('Unsqueeze', [range, g.int64('axes_zero', [1], [0])], 'position_ids');
    }
    const padding = this.config.pad_token_id ?? 1;
    const isPad = g.op('Equal', ['input_ids', g.int64('pad_id', [], [padding])], 'is_pad');
    const notPad = g.op('Cast', [g.op('Not', [isPad], 'not_pad')], 'not_pad_int', [attribute.int('to', INT64)]);
    const counted = g.op('CumSum', [notPad, g.int64('cumsum_axis', [], [1])], 'counted');
    const masked = g.op('Mul', [counted, notPad], 'masked_count');
    return g.op('Add', [masked, g.int64('pad_offset', [], [padding])], 'position_ids');
  }

  embeddings(): string {
    const g = this.graph;
    const table = (name: string) => {
      const tensor = this.weights.get(`embeddings.${name}.weight`);
      return g.float(`embeddings.${name}`, tensor.shape, tensor.values);
    };
    const words = g.op('Gather', [table('word_embeddings'), 'input_ids'], 'words');
    const positions = g.op('Gather', [table('position_embeddings'), this.positionIds()], 'positions_embedded');
    let sum = g.op('Add', [words, positions], 'embedded');
    if (this.architecture.tokenTypes !== 'none' && this.weights.has('embeddings.token_type_embeddings.weight')) {
      const types =
        this.architecture.tokenTypes === 'input'
          ? 'token_type_ids'
          : g.op('Mul', ['input_ids', g.int64('zero_ids', [], [0])], 'zero_types');
      sum = g.op('Add', [sum, g.op('Gather', [table('token_type_embeddings'), types], 'types')], 'embedded');
    }
    return this.layerNorm(sum, 'embeddings.LayerNorm');
  }

  /** `[B, 1, 1, S]`: 0 for real tokens, -10000 for padding, added to every attention score. */
  attentionMask(): string {
    const g = this.graph;
    const mask = g.op('Cast', ['attention_mask'], 'mask', [attribute.int('to', FLOAT)]);
    const inverted = g.op('Sub', [g.float('mask_one', [], Float32Array.of(1)), mask], 'mask_inverted');
    const bias = g.op('Mul', [inverted, g.float('mask_min', [], Float32Array.of(-10000))], 'mask_bias');
    return g.op('Unsqueeze', [bias, g.int64('mask_axes', [2], [1, 2])], 'mask_bias4');
  }

  /** MPNet's `[1, heads, S, S]` bias: the learned value of each query–key distance's bucket. */
  relativeBias(): string {
    const g = this.graph;
    const maxLength = this.config.max_position_embeddings ?? 514;
    const heads = this.config.num_attention_heads;
    const weight = this.weights.get('encoder.relative_attention_bias.weight');
    const table = relativeBiasTable(weight, maxLength, this.config.relative_attention_num_buckets ?? 32);
    const biases = g.float('relative_bias_by_distance', [2 * maxLength - 1, heads], table);
    // distance index [S, S] = (key position − query position) + maxLength − 1
    const positions = g.op(
      'Range',
      [g.int64('rel_zero', [], [0]), this.length(), g.int64('rel_one', [], [1])],
      'rel_positions',
    );
    const keys = g.op('Unsqueeze', [positions, g.int64('rel_axis0', [1], [0])], 'rel_keys');
    const queries = g.op('Unsqueeze', [positions, g.int64('rel_axis1', [1], [1])], 'rel_queries');
    const distance = g.op(
      'Add',
      [g.op('Sub', [keys, queries], 'rel_distance'), g.int64('rel_offset', [], [maxLength - 1])],
      'rel_index',
    );
    const gathered = g.op('Gather', [biases, distance], 'rel_bias');
    const perHead = g.op('Transpose', [gathered], 'rel_bias_heads', [attribute.ints('perm', [2, 0, 1])]);
    return g.op('Unsqueeze', [perHead, g.int64('rel_axis_batch', [1], [0])], 'rel_bias4');
  }

  /** `[B, S, hidden]` → `[B, heads, S, size]`, or `[B, heads, size, S]` for the keys. */
  splitHeads(input: string, keys: boolean): string {
    const heads = this.config.num_attention_heads;
    const shape = this.graph.int64(
      `heads_shape_${this.graph.nodes.length}`,
      [4],
      [0, 0, heads, this.config.hidden_size / heads],
    );
    const reshaped = this.graph.op('Reshape', [input, shape], 'heads');
    return this.graph.op('Transpose', [reshaped], 'heads_t', [
      attribute.ints('perm', keys ? [0, 2, 3, 1] : [0, 2, 1, 3]),
    ]);
  }

  layer(input: string, scoreBias: string[], index: number): string {
    const g = this.graph;
    const a = this.architecture;
    const base = `encoder.layer.${index}`;
    const query = this.splitHeads(this.linear(input, `${base}.${a.query}`), false);
    const key = this.splitHeads(this.linear(input, `${base}.${a.key}`), true);
    const value = this.splitHeads(this.linear(input, `${base}.${a.value}`), false);
    const size = this.config.hidden_size / this.config.num_attention_heads;
    let scores = g.op(
      'Div',
      [g.op('MatMul', [query, key], 'scores_raw'), g.float(`${base}.scale`, [], Float32Array.of(Math.sqrt(size)))],
      'scores',
    );
    for (const bias of scoreBias) scores = g.op('Add', [scores, bias], 'scores');
    const probabilities = g.op('Softmax', [scores], 'attention', [attribute.int('axis', -1)]);
    const context = g.op('Transpose', [g.op('MatMul', [probabilities, value], 'context_heads')], 'context_t', [
      attribute.ints('perm', [0, 2, 1, 3]),
    ]);
    const merged = g.op(
      'Reshape',
      [context, g.int64(`${base}.merge`, [3], [0, 0, this.config.hidden_size])],
      'context',
    );
    const attended = this.linear(merged, `${base}.${a.attentionOutput}`);
    const normed = this.layerNorm(g.op('Add', [attended, input], 'residual'), `${base}.${a.attentionNorm}`);
    const intermediate = this.gelu(this.linear(normed, `${base}.intermediate.dense`));
    const output = this.linear(intermediate, `${base}.output.dense`);
    return this.layerNorm(g.op('Add', [output, normed], 'residual'), `${base}.output.LayerNorm`);
  }

  encoder(): string {
    const scoreBias = this.architecture.relativeBias
      ? [this.relativeBias(), this.attentionMask()]
      : [this.attentionMask()];
    let hidden = this.embeddings();
    for (let index = 0; index < this.config.num_hidden_layers; index++) hidden = this.layer(hidden, scoreBias, index);
    return hidden;
  }

  /** The head on the first token: BERT's pooler and classifier, or RoBERTa's dense and out_proj. */
  classifier(hidden: string): { logits: string; labels: number } {
    const g = this.graph;
    const first = g.op('Gather', [hidden, g.int64('first_token', [], [0])], 'first', [attribute.int('axis', 1)]);
    if (this.weights.has('classifier.out_proj.weight', false)) {
      const dense = g.op('Tanh', [this.linear(first, 'classifier.dense', false)], 'pooled');
      return {
        logits: this.linear(dense, 'classifier.out_proj', false),
        labels: this.weights.get('classifier.out_proj.bias', false).shape[0]!,
      };
    }
    const pooled = g.op('Tanh', [this.linear(first, 'pooler.dense')], 'pooled');
    return {
      logits: this.linear(pooled, 'classifier', false),
      labels: this.weights.get('classifier.bias', false).shape[0]!,
    };
  }

  inputs() {
    const names =
      this.architecture.tokenTypes === 'input'
        ? ['input_ids', 'attention_mask', 'token_type_ids']
        : ['input_ids', 'attention_mask'];
    return names.map((name) => valueInfo(name, INT64, ['batch_size', 'sequence_length']));
  }
}

/** The ONNX bytes of the encoder in `tensors`, as `config` describes it. */
export function encoderOnnx(tensors: Map<string, FloatTensor>, config: EncoderConfig, head: EncoderHead): Uint8Array {
  const architecture = ARCHITECTURES[config.model_type];
  if (!architecture) {
    throw new ConversionError(
      `model_type "${config.model_type}" is not converted (${Object.keys(ARCHITECTURES).join(', ')} are)`,
    );
  }
  if (config.hidden_size % config.num_attention_heads !== 0) {
    throw new ConversionError(
      `hidden_size ${config.hidden_size} is not a multiple of ${config.num_attention_heads} heads`,
    );
  }
  const writer = new EncoderWriter(new Weights(tensors, config.model_type), config, architecture);
  const hidden = writer.encoder();
  const g = writer.graph;
  if (head === 'hidden-states') {
    g.opWithOutputs('Identity', [hidden], ['last_hidden_state']);
    const output = valueInfo('last_hidden_state', FLOAT, ['batch_size', 'sequence_length', config.hidden_size]);
    return encodeModel(buildModel('encoder', g, writer.inputs(), [output]));
  }
  const { logits, labels } = writer.classifier(hidden);
  g.opWithOutputs('Identity', [logits], ['logits']);
  return encodeModel(
    buildModel('sequence-classifier', g, writer.inputs(), [valueInfo('logits', FLOAT, ['batch_size', labels])]),
  );
}
