/**
 * int8 weights for a float ONNX graph, the file transformers.js loads as `q8`
 * (`onnx/model_quantized.onnx`, its WASM default). Every float matrix of the graph is stored as
 * int8 with its own scales and widened back to float by a few nodes that ONNX Runtime folds into
 * constants when it loads the model: the download shrinks about 3.5×, the arithmetic stays float.
 * - Weight matrices `[in, out]`: one scale per output column for each block of 32 input rows (as
 *   GGUF's Q8_0), so one large weight in a row block costs precision only in that block; a
 *   scale per whole column lost too much in the feed-forward down-projections of MPNet.
 * - Embedding tables (read by `Gather`): one scale per row.
 * `models:local` checks every quantized file against its float graph.
 */
import {
  attribute,
  byteInitializer,
  decodeModel,
  encodeModel,
  FLOAT,
  floatInitializer,
  int64Initializer,
  type NodeProto,
  type TensorProto,
} from './onnx-graph.js';
import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;

/** Matrices smaller than this stay float: the saving would not pay for the nodes. */
const MIN_QUANTIZED_VALUES = 4096;
/** Input rows of a weight matrix that share one scale per column. */
export const BLOCK_ROWS = 32;

function floatValues(tensor: TensorProto): Float32Array {
  const raw = tensor.rawData;
  // A copy: in Node the decoded bytes are a view into a larger buffer, at any alignment.
  if (raw && raw.byteLength) return new Float32Array(new Uint8Array(raw).buffer);
  return Float32Array.from(tensor.floatData);
}

/**
 * Symmetric int8 values of a `[rows, columns]` matrix and one scale per (group of `groupRows`
 * rows, column), or per row when `perRow`: `value ≈ q × scale`.
 */
export function quantizeMatrix(
  values: Float32Array,
  rows: number,
  columns: number,
  layout: { perRow: true } | { perRow: false; groupRows: number },
): { q: Int8Array; scales: Float32Array } {
  const slot = layout.perRow
    ? (index: number) => Math.floor(index / columns)
    : (index: number) => Math.floor(Math.floor(index / columns) / layout.groupRows) * columns + (index % columns);
  const scales = new Float32Array(layout.perRow ? rows : (rows / layout.groupRows) * columns);
  for (let index = 0; index < values.length; index++) {
    scales[slot(index)] = Math.max(scales[slot(index)]!, Math.abs(values[index]!));
  }
  for (let index = 0; index < scales.length; index++) scales[index] = scales[index]! / 127 || 1;
  const q = new Int8Array(values.length);
  for (let index = 0; index < values.length; index++) q[index] = Math.round(values[index]! / scales[slot(index)]!);
  return { q, scales };
}

const makeNode = (opType: string, input: string[], output: string[], attributes: object[] = []): NodeProto =>
  onnx.NodeProto.create({ opType, input, output, name: `${output[0]!}_${opType}`, attribute: attributes });

/** The initializers and nodes that rebuild `tensor` (by its name) from int8 values. */
function widened(tensor: TensorProto, perRow: boolean): { initializers: TensorProto[]; nodes: NodeProto[] } {
  const [rows, columns] = tensor.dims.map(Number) as [number, number];
  const name = tensor.name;
  const grouped = !perRow && rows % BLOCK_ROWS === 0;
  const layout = perRow
    ? ({ perRow: true } as const)
    : ({ perRow: false, groupRows: grouped ? BLOCK_ROWS : rows } as const);
  const { q, scales } = quantizeMatrix(floatValues(tensor), rows, columns, layout);
  if (!grouped) {
    return {
      initializers: [
        byteInitializer(`${name}_q`, [rows, columns], q),
        floatInitializer(`${name}_scale`, perRow ? [rows, 1] : [1, columns], scales),
      ],
      nodes: [
        makeNode('Cast', [`${name}_q`], [`${name}_wide`], [attribute.int('to', FLOAT)]),
        makeNode('Mul', [`${name}_wide`, `${name}_scale`], [name]),
      ],
    };
  }
  const blocks = rows / BLOCK_ROWS;
  return {
    initializers: [
      byteInitializer(`${name}_q`, [blocks, BLOCK_ROWS, columns], q),
      floatInitializer(`${name}_scale`, [blocks, 1, columns], scales),
      int64Initializer(`${name}_shape`, [2], [rows, columns]),
    ],
    nodes: [
      makeNode('Cast', [`${name}_q`], [`${name}_wide`], [attribute.int('to', FLOAT)]),
      makeNode('Mul', [`${name}_wide`, `${name}_scale`], [`${name}_blocks`]),
      makeNode('Reshape', [`${name}_blocks`, `${name}_shape`], [name]),
    ],
  };
}

/** The int8-weight (q8) version of a float ONNX model. */
export function quantizeModel(bytes: Uint8Array): Uint8Array {
  const model = decodeModel(bytes);
  const graph = model.graph as InstanceType<typeof onnx.GraphProto>;
  const nodes = graph.node as NodeProto[];
  const readByRow = new Set(nodes.filter((node) => node.opType === 'Gather').map((node) => node.input[0]!));
  const kept: TensorProto[] = [];
  const widen: NodeProto[] = [];
  for (const tensor of graph.initializer as TensorProto[]) {
    const [rows, columns] = tensor.dims.map(Number);
    if (tensor.dataType !== FLOAT || tensor.dims.length !== 2 || rows! * columns! < MIN_QUANTIZED_VALUES) {
      kept.push(tensor);
      continue;
    }
    const { initializers, nodes } = widened(tensor, readByRow.has(tensor.name));
    kept.push(...initializers);
    widen.push(...nodes);
  }
  graph.initializer = kept;
  graph.node = [...widen, ...nodes];
  return encodeModel(model);
}
