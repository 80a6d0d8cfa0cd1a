/**
 * A small builder for ONNX graphs with onnx-proto: named nodes, float/int64 initializers stored
 * as raw little-endian bytes, and a model with one opset. The BERT converter and the int8
 * quantizer write their graphs through it.
 */
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

/** onnx-proto's message types, re-exported for the modules that read graphs. */
export type ModelProto = InstanceType<typeof onnx.ModelProto>;
export type NodeProto = InstanceType<typeof onnx.NodeProto>;
export type TensorProto = InstanceType<typeof onnx.TensorProto>;

export const FLOAT = onnx.TensorProto.DataType.FLOAT;
export const INT64 = onnx.TensorProto.DataType.INT64;
export const INT8 = onnx.TensorProto.DataType.INT8;
export const UINT8 = onnx.TensorProto.DataType.UINT8;
export const INT32 = onnx.TensorProto.DataType.INT32;

/** The opset the graphs use: 17 has `LayerNormalization`. */
export const OPSET = 17;

type Attribute = { name: string; i?: number; f?: number; ints?: number[]; type: number };

/** Integer, float and integer-list attributes, in onnx-proto's shape. */
export const attribute = {
  int: (name: string, value: number): Attribute => ({ name, i: value, type: onnx.AttributeProto.AttributeType.INT }),
  float: (name: string, value: number): Attribute => ({
    name,
    f: value,
    type: onnx.AttributeProto.AttributeType.FLOAT,
  }),
  ints: (name: string, values: number[]): Attribute => ({
    name,
    ints: values,
    type: onnx.AttributeProto.AttributeType.INTS,
  }),
};

/** Raw bytes of a typed array, without copying. */
function bytesOf(values: Float32Array | BigInt64Array | Int8Array | Uint8Array): Uint8Array {
  return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
}

/** A float tensor stored as raw bytes (compact, and fast to read back). */
export function floatInitializer(name: string, dims: number[], values: Float32Array): TensorProto {
  return onnx.TensorProto.create({ name, dims, dataType: FLOAT, rawData: bytesOf(values) });
}

/** An int64 tensor. */
export function int64Initializer(name: string, dims: number[], values: number[]): TensorProto {
  return onnx.TensorProto.create({
    name,
    dims,
    dataType: INT64,
    rawData: bytesOf(BigInt64Array.from(values.map((value) => BigInt(value)))),
  });
}

/** An int8 or uint8 tensor. */
export function byteInitializer(name: string, dims: number[], values: Int8Array | Uint8Array): TensorProto {
  return onnx.TensorProto.create({
    name,
    dims,
    dataType: values instanceof Int8Array ? INT8 : UINT8,
    rawData: bytesOf(values),
  });
}

/** A graph input or output with named (symbolic) or fixed dimensions. */
export function valueInfo(name: string, elemType: number, dims: (string | number)[]) {
  const dim = dims.map((value) => (typeof value === 'string' ? { dimParam: value } : { dimValue: value }));
  return onnx.ValueInfoProto.create({ name, type: { tensorType: { elemType, shape: { dim } } } });
}

/** Collects nodes and initializers; `op` returns the name of the node's (first) output. */
export class GraphBuilder {
  readonly nodes: NodeProto[] = [];
  readonly initializers: TensorProto[] = [];
  private counter = 0;

  /** Adds a node; its output is named after `hint` and made unique. */
  op(opType: string, inputs: string[], hint: string, attributes: Attribute[] = []): string {
    const output = `${hint}_${this.counter++}`;
    this.nodes.push(
      onnx.NodeProto.create({ opType, input: inputs, output: [output], name: output, attribute: attributes }),
    );
    return output;
  }

  /** Adds a node whose outputs are named by the caller. */
  opWithOutputs(opType: string, inputs: string[], outputs: string[], attributes: Attribute[] = []): void {
    this.nodes.push(
      onnx.NodeProto.create({ opType, input: inputs, output: outputs, name: outputs[0]!, attribute: attributes }),
    );
  }

  /** Adds a float initializer and returns its name. */
  float(name: string, dims: number[], values: Float32Array): string {
    this.initializers.push(floatInitializer(name, dims, values));
    return name;
  }

  /** Adds an int64 initializer and returns its name. */
  int64(name: string, dims: number[], values: number[]): string {
    this.initializers.push(int64Initializer(name, dims, values));
    return name;
  }
}

/** Wraps a graph into a model with the project's producer name and `OPSET`. */
export function buildModel(
  name: string,
  builder: GraphBuilder,
  inputs: ReturnType<typeof valueInfo>[],
  outputs: ReturnType<typeof valueInfo>[],
  extraOpsets: { domain: string; version: number }[] = [],
): ModelProto {
  return onnx.ModelProto.create({
    irVersion: 8,
    producerName: 'footnote-models-local',
    opsetImport: [{ domain: '', version: OPSET }, ...extraOpsets],
    graph: onnx.GraphProto.create({
      name,
      node: builder.nodes,
      initializer: builder.initializers,
      input: inputs,
      output: outputs,
    }),
  });
}

/** Serialises a model. */
export function encodeModel(model: ModelProto): Uint8Array {
  return onnx.ModelProto.encode(model).finish();
}

/** Parses a model. */
export function decodeModel(bytes: Uint8Array): ModelProto {
  return onnx.ModelProto.decode(bytes);
}
