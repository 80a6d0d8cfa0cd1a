/**
 * Reading a `.safetensors` file (an 8-byte little-endian header length, a JSON header naming each
 * tensor's dtype, shape and byte range, then the raw bytes) into float32 tensors. F32 is copied,
 * F16 and BF16 are widened; integer tensors (BERT's `position_ids` buffer) are skipped.
 */

/** One tensor, as float32 values in row-major order. */
export interface FloatTensor {
  shape: number[];
  values: Float32Array;
}

interface HeaderEntry {
  dtype: string;
  shape: number[];
  data_offsets: [number, number];
}

/** Thrown for a file that is not a safetensors file, naming what is wrong. */
export class SafetensorsError extends Error {
  override readonly name = 'SafetensorsError';
}

function halfToFloat(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >> 10) & 0x1f;
  const fraction = bits & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 31) return fraction ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}

function decode(dtype: string, bytes: Uint8Array, count: number): Float32Array | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const values = new Float32Array(count);
  if (dtype === 'F32') {
    for (let index = 0; index < count; index++) values[index] = view.getFloat32(index * 4, true);
  } else if (dtype === 'F16') {
    for (let index = 0; index < count; index++) values[index] = halfToFloat(view.getUint16(index * 2, true));
  } else if (dtype === 'BF16') {
    const word = new DataView(new ArrayBuffer(4));
    for (let index = 0; index < count; index++) {
      word.setUint32(0, view.getUint16(index * 2, true) << 16, false);
      values[index] = word.getFloat32(0, false);
    }
  } else {
    return undefined;
  }
  return values;
}

const BYTES_PER_VALUE: Record<string, number> = { F32: 4, F16: 2, BF16: 2 };

/** The floating-point tensors of a safetensors file, by name. */
export function readSafetensors(bytes: Uint8Array, source = 'safetensors file'): Map<string, FloatTensor> {
  if (bytes.byteLength < 8) throw new SafetensorsError(`${source}: too short to be a safetensors file`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = Number(view.getBigUint64(0, true));
  if (headerLength <= 0 || 8 + headerLength > bytes.byteLength) {
    throw new SafetensorsError(`${source}: header length ${headerLength} does not fit the file`);
  }
  let header: Record<string, HeaderEntry | Record<string, string>>;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + headerLength))) as typeof header;
  } catch {
    throw new SafetensorsError(`${source}: the header is not JSON`);
  }
  const data = bytes.subarray(8 + headerLength);
  const tensors = new Map<string, FloatTensor>();
  for (const [name, entry] of Object.entries(header)) {
    if (name === '__metadata__') continue;
    const { dtype, shape, data_offsets: offsets } = entry as HeaderEntry;
    const count = shape.reduce((product, dim) => product * dim, 1);
    const width = BYTES_PER_VALUE[dtype];
    if (width === undefined) continue;
    if (offsets[1] - offsets[0] !== count * width || offsets[1] > data.byteLength) {
      throw new SafetensorsError(`${source}: tensor ${name} has ${offsets[1] - offsets[0]} bytes for shape ${shape}`);
    }
    const values = decode(dtype, data.subarray(offsets[0], offsets[1]), count)!;
    tensors.set(name, { shape, values });
  }
  return tensors;
}

/** Writes float32 tensors as a safetensors file (tests build small models with it). */
export function writeSafetensors(tensors: Map<string, FloatTensor>): Uint8Array {
  const header: Record<string, HeaderEntry> = {};
  let offset = 0;
  for (const [name, tensor] of tensors) {
    header[name] = { dtype: 'F32', shape: tensor.shape, data_offsets: [offset, offset + tensor.values.byteLength] };
    offset += tensor.values.byteLength;
  }
  let json = JSON.stringify(header);
  while ((8 + json.length) % 8 !== 0) json += ' ';
  const headerBytes = new TextEncoder().encode(json);
  const out = new Uint8Array(8 + headerBytes.byteLength + offset);
  new DataView(out.buffer).setBigUint64(0, BigInt(headerBytes.byteLength), true);
  out.set(headerBytes, 8);
  let position = 8 + headerBytes.byteLength;
  for (const tensor of tensors.values()) {
    out.set(new Uint8Array(tensor.values.buffer, tensor.values.byteOffset, tensor.values.byteLength), position);
    position += tensor.values.byteLength;
  }
  return out;
}
