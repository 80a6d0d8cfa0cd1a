/**
 * MPNet's relative attention bias, precomputed: the bucket of every query–key distance (the
 * T5-style bidirectional buckets of Hugging Face's `MPNetEncoder.relative_position_bucket`:
 * exact buckets for short distances, logarithmic ones up to 128, a sign bit) and that bucket's
 * learned value per head. The graph then only gathers rows of this table by distance.
 */
import type { FloatTensor } from './safetensors.js';

const f32 = Math.fround;

/** The bucket of `relative` = key position − query position, computed in float32 as PyTorch does. */
export function relativeBucket(relative: number, buckets = 32, maxDistance = 128): number {
  const half = buckets / 2;
  const n = -relative;
  let bucket = n < 0 ? half : 0;
  const distance = Math.abs(n);
  const maxExact = half / 2;
  if (distance < maxExact) return bucket + distance;
  const ratio = f32(f32(Math.log(f32(distance / maxExact))) / f32(Math.log(maxDistance / maxExact)));
  const large = maxExact + Math.trunc(f32(ratio * (half - maxExact)));
  bucket += Math.min(large, half - 1);
  return bucket;
}

/**
 * `[2·maxLength − 1, heads]`: row `distance + maxLength − 1` holds, per head, the bias the model
 * adds to the attention score of a key `distance` positions after its query.
 */
export function relativeBiasTable(weight: FloatTensor, maxLength: number, buckets: number): Float32Array {
  const heads = weight.shape[1]!;
  const table = new Float32Array((2 * maxLength - 1) * heads);
  for (let row = 0; row < 2 * maxLength - 1; row++) {
    const bucket = relativeBucket(row - (maxLength - 1), buckets);
    table.set(weight.values.subarray(bucket * heads, (bucket + 1) * heads), row * heads);
  }
  return table;
}
