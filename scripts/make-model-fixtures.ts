/**
 * `npx tsx scripts/make-model-fixtures.ts [--out tests/fixtures/models/local]`
 *
 * Writes three tiny BERT-shaped ONNX models, with a WordPiece tokenizer, that load through the
 * normal transformers.js path (docs/library-notes.md §2.6) so the real embedder and reranker code
 * can be tested where no model can be downloaded:
 * - `tiny-embed`: inputs `input_ids`, `attention_mask`, `token_type_ids`; output
 *   `last_hidden_state [batch, sequence, 8]`. Every token is mixed with the masked mean of its
 *   sequence, so CLS pooling, like mean pooling, differs between texts.
 * - `tiny-rerank`: the same body, then the CLS row through a linear layer: `logits [batch, 1]`.
 * - `tiny-nli`: the same body with a three-label head, `logits [batch, 3]`, labelled as NLI
 *   cross-encoders label theirs (`id2label`: contradiction, entailment, neutral).
 *
 * The weights come from a seeded generator, so the output is byte-for-byte reproducible (a test
 * regenerates the files and compares them with the committed ones). The numbers mean nothing.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;

declare global {
  /** protobufjs' 64-bit integer, which onnx-proto's typings name without importing it. */
  interface Long {
    low: number;
    high: number;
    unsigned: boolean;
  }
}
type Graph = InstanceType<typeof onnx.GraphProto>;

/** Width of the fixture's hidden states. */
export const FIXTURE_HIDDEN_SIZE = 8;

/** The fixture vocabulary: BERT's special tokens, a few words, and one continuation piece. */
export const FIXTURE_VOCABULARY = [
  '[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]',
  'the', 'a', 'cat', 'dog', 'sat', 'on', 'mat', 'filter', 'clean', 'water', 'every', 'month', 'week',
  'how', 'often', 'should', 'is', 'what', 'pump', 'manual', 'represent', 'this', 'sentence', 'for',
  'searching', 'relevant', 'passages', ':', '.', '?', '##s',
]; // prettier-ignore

const FLOAT = onnx.TensorProto.DataType.FLOAT;
const INT64 = onnx.TensorProto.DataType.INT64;

/** mulberry32: a small seeded generator, so the weights are the same on every run. */
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

function floatTensor(name: string, dims: number[], random: () => number, scale: number) {
  const count = dims.reduce((product, dim) => product * dim, 1);
  const values = Array.from({ length: count }, () => Math.fround((random() * 2 - 1) * scale));
  return onnx.TensorProto.create({ name, dims, dataType: FLOAT, floatData: values });
}

function int64Tensor(name: string, dims: number[], values: number[]) {
  return onnx.TensorProto.create({ name, dims, dataType: INT64, int64Data: values });
}

function tensorInfo(name: string, elemType: number, dims: (string | number)[]) {
  const dim = dims.map((value) => (typeof value === 'string' ? { dimParam: value } : { dimValue: value }));
  return onnx.ValueInfoProto.create({ name, type: { tensorType: { elemType, shape: { dim } } } });
}

function node(opType: string, input: string[], output: string[], attribute: object[] = []) {
  return onnx.NodeProto.create({ opType, input, output, name: output[0] ?? opType, attribute });
}

/** The shared encoder body: embeddings, masked mean mixed into every token, a linear layer, tanh. */
function encoderGraph(random: () => number): Graph {
  const vocabulary = FIXTURE_VOCABULARY.length;
  const hidden = FIXTURE_HIDDEN_SIZE;
  return onnx.GraphProto.create({
    name: 'tiny-bert',
    initializer: [
      floatTensor('word_embeddings', [vocabulary, hidden], random, 1),
      floatTensor('type_embeddings', [2, hidden], random, 0.5),
      floatTensor('dense', [hidden, hidden], random, 0.8),
      int64Tensor('axis_sequence', [1], [1]),
      int64Tensor('axis_last', [1], [-1]),
    ],
    node: [
      node('Gather', ['word_embeddings', 'input_ids'], ['words']),
      node('Gather', ['type_embeddings', 'token_type_ids'], ['types']),
      node('Add', ['words', 'types'], ['embedded']),
      node(
        'Cast',
        ['attention_mask'],
        ['mask'],
        [{ name: 'to', type: onnx.AttributeProto.AttributeType.INT, i: FLOAT }],
      ),
      node('Unsqueeze', ['mask', 'axis_last'], ['mask3']),
      node('Mul', ['embedded', 'mask3'], ['masked']),
      node('ReduceSum', ['masked', 'axis_sequence'], ['summed']),
      node('ReduceSum', ['mask3', 'axis_sequence'], ['counted']),
      node('Div', ['summed', 'counted'], ['context']),
      node('Add', ['embedded', 'context'], ['mixed']),
      node('MatMul', ['mixed', 'dense'], ['projected']),
      node('Tanh', ['projected'], ['last_hidden_state']),
    ],
    input: ['input_ids', 'attention_mask', 'token_type_ids'].map((name) =>
      tensorInfo(name, INT64, ['batch_size', 'sequence_length']),
    ),
    output: [tensorInfo('last_hidden_state', FLOAT, ['batch_size', 'sequence_length', hidden])],
  });
}

/** Adds a classification head of `labels` logits on the CLS row. */
function addClassifierHead(graph: Graph, random: () => number, labels: number): Graph {
  graph.initializer.push(
    floatTensor('classifier', [FIXTURE_HIDDEN_SIZE, labels], random, 1.5),
    floatTensor('classifier_bias', [labels], random, 0.2),
    int64Tensor('first', [], [0]),
  );
  graph.node.push(
    node('Gather', ['last_hidden_state', 'first'], ['cls'], [{ name: 'axis', type: 2, i: 1 }]),
    node('MatMul', ['cls', 'classifier'], ['scores']),
    node('Add', ['scores', 'classifier_bias'], ['logits']),
  );
  graph.output = [tensorInfo('logits', FLOAT, ['batch_size', labels])];
  return graph;
}

function modelBytes(graph: Graph): Uint8Array {
  const model = onnx.ModelProto.create({
    irVersion: 8,
    producerName: 'footnote-make-model-fixtures',
    opsetImport: [{ domain: '', version: 13 }],
    graph,
  });
  return onnx.ModelProto.encode(model).finish();
}

function tokenizerJson(): object {
  const special = (content: string, id: number) => ({
    id,
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  });
  const token = (id: string, typeId: number) => ({ SpecialToken: { id, type_id: typeId } });
  const sequence = (id: 'A' | 'B', typeId: number) => ({ Sequence: { id, type_id: typeId } });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: FIXTURE_VOCABULARY.slice(0, 5).map(special),
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [token('[CLS]', 0), sequence('A', 0), token('[SEP]', 0)],
      pair: [token('[CLS]', 0), sequence('A', 0), token('[SEP]', 0), sequence('B', 1), token('[SEP]', 1)],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [2], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [3], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(FIXTURE_VOCABULARY.map((word, id) => [word, id])),
    },
  };
}

const TOKENIZER_CONFIG = {
  tokenizer_class: 'BertTokenizer',
  model_max_length: 128,
  do_lower_case: true,
  clean_up_tokenization_spaces: true,
  cls_token: '[CLS]',
  sep_token: '[SEP]',
  pad_token: '[PAD]',
  unk_token: '[UNK]',
  mask_token: '[MASK]',
};

/** The labels of each classifier fixture, as its `config.json` names them. */
const LABELS: Record<FixtureKind, string[] | undefined> = {
  embed: undefined,
  rerank: ['LABEL_0'],
  nli: ['contradiction', 'entailment', 'neutral'],
};

function modelConfig(kind: FixtureKind): object {
  const labels = LABELS[kind];
  return {
    model_type: 'bert',
    architectures: [labels ? 'BertForSequenceClassification' : 'BertModel'],
    hidden_size: FIXTURE_HIDDEN_SIZE,
    vocab_size: FIXTURE_VOCABULARY.length,
    max_position_embeddings: 128,
    num_attention_heads: 1,
    num_hidden_layers: 1,
    intermediate_size: FIXTURE_HIDDEN_SIZE,
    type_vocab_size: 2,
    pad_token_id: 0,
    ...(labels
      ? {
          id2label: Object.fromEntries(labels.map((label, id) => [String(id), label])),
          label2id: Object.fromEntries(labels.map((label, id) => [label, id])),
        }
      : {}),
  };
}

/** The fixture models. */
export type FixtureKind = 'embed' | 'rerank' | 'nli';

const SEEDS: Record<FixtureKind, number> = { embed: 1234, rerank: 5678, nli: 9012 };

/** The files of one fixture model, by path inside its folder. */
export function fixtureFiles(kind: FixtureKind): Map<string, Uint8Array | string> {
  const random = seeded(SEEDS[kind]);
  const graph = encoderGraph(random);
  const labels = LABELS[kind];
  const bytes = modelBytes(labels ? addClassifierHead(graph, random, labels.length) : graph);
  const json = (value: object) => `${JSON.stringify(value, null, 2)}\n`;
  return new Map<string, Uint8Array | string>([
    ['config.json', json(modelConfig(kind))],
    ['tokenizer.json', json(tokenizerJson())],
    ['tokenizer_config.json', json(TOKENIZER_CONFIG)],
    ['onnx/model.onnx', bytes],
    // The q8 file name (the WASM default) holds the same fp32 graph: enough to test file selection.
    ['onnx/model_quantized.onnx', bytes],
  ]);
}

/** Writes `tiny-embed/`, `tiny-rerank/` and `tiny-nli/` under `outDir`. */
export async function writeModelFixtures(outDir: string): Promise<void> {
  for (const kind of ['embed', 'rerank', 'nli'] as const) {
    for (const [path, content] of fixtureFiles(kind)) {
      const target = join(outDir, `tiny-${kind}`, path);
      await mkdir(join(target, '..'), { recursive: true });
      await writeFile(target, content);
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { out: { type: 'string', default: 'tests/fixtures/models/local' } } });
  await writeModelFixtures(values.out);
  process.stdout.write(`model fixtures written to ${values.out}/tiny-embed, tiny-rerank and tiny-nli\n`);
}
