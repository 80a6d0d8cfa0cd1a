import { describe, expect, it } from 'vitest';
import { readSafetensors, SafetensorsError, writeSafetensors } from '../../../scripts/local-models/safetensors.js';

/** A safetensors file from a header and raw data, as another writer would lay it out. */
function file(header: object, data: Uint8Array): Uint8Array {
  const json = new TextEncoder().encode(JSON.stringify(header));
  const out = new Uint8Array(8 + json.byteLength + data.byteLength);
  new DataView(out.buffer).setBigUint64(0, BigInt(json.byteLength), true);
  out.set(json, 8);
  out.set(data, 8 + json.byteLength);
  return out;
}

describe('readSafetensors', () => {
  it('reads float32 tensors back as written', () => {
    const tensors = new Map([
      ['a.weight', { shape: [2, 3], values: Float32Array.of(1, -2, 3.5, 0, 1e-8, -7) }],
      ['a.bias', { shape: [3], values: Float32Array.of(0.25, 0.5, 0.75) }],
    ]);
    expect(readSafetensors(writeSafetensors(tensors))).toEqual(tensors);
  });

  it('widens F16 and BF16, and skips integer buffers', () => {
    const data = new Uint8Array([0x00, 0x3c, 0x00, 0xc0, 0x80, 0x3f, 0x40, 0xc0, 1, 0, 0, 0, 0, 0, 0, 0]);
    const tensors = readSafetensors(
      file(
        {
          __metadata__: { format: 'pt' },
          half: { dtype: 'F16', shape: [2], data_offsets: [0, 4] },
          brain: { dtype: 'BF16', shape: [2], data_offsets: [4, 8] },
          position_ids: { dtype: 'I64', shape: [1], data_offsets: [8, 16] },
        },
        data,
      ),
    );
    expect(Array.from(tensors.get('half')!.values)).toEqual([1, -2]);
    expect(Array.from(tensors.get('brain')!.values)).toEqual([1, -3]);
    expect(tensors.has('position_ids')).toBe(false);
  });

  it('names the file and the problem for a damaged file', () => {
    expect(() => readSafetensors(new Uint8Array(3), 'model.safetensors')).toThrow(
      new SafetensorsError('model.safetensors: too short to be a safetensors file'),
    );
    const truncated = writeSafetensors(new Map([['w', { shape: [4], values: new Float32Array(4) }]])).subarray(0, 20);
    expect(() => readSafetensors(truncated, 'model.safetensors')).toThrow(
      /model\.safetensors: header length \d+ does not fit the file/,
    );
    expect(() =>
      readSafetensors(file({ w: { dtype: 'F32', shape: [4], data_offsets: [0, 8] } }, new Uint8Array(8)), 'm'),
    ).toThrow('m: tensor w has 8 bytes for shape 4');
  });
});
