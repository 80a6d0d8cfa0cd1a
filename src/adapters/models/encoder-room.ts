/**
 * Room for an embedding or reranker model before transformers.js downloads it (docs/reliability.md
 * ST-23), the check the answer model gets in `planLlm`: the catalogue's size for the data type
 * chosen, plus the margin of `checkRoomFor`, nothing when the model's ONNX file is cached
 * already, against what the origin may still store. Nothing is fetched here.
 */
import type { EncoderDtype } from './model-catalogue.js';
import { ModelError } from './model-errors.js';
import { checkRoomFor, type StorageLike } from './model-storage.js';

/** The ONNX file transformers.js fetches for each data type (under the model's `onnx/` folder). */
export const ENCODER_FILES: Record<EncoderDtype, string> = {
  fp32: 'model.onnx',
  fp16: 'model_fp16.onnx',
  q8: 'model_quantized.onnx',
};

/** Where the worker reads the quota and the cache. */
export interface EncoderRoomSetup {
  /** `navigator.storage` where the download happens (the worker's); undefined: not checked. */
  storage?: StorageLike | undefined;
  /** Whether the model's file for `dtype` is in the cache already (then nothing is downloaded). */
  isCached?: ((modelId: string, dtype: EncoderDtype) => Promise<boolean>) | undefined;
}

/**
 * Throws a `ModelError` (`no-space`) saying what is needed and what is available when the
 * model's download (`downloadMB`, 0 for a model in the app's own folder) cannot fit the quota.
 */
export async function ensureEncoderRoom(
  setup: EncoderRoomSetup,
  modelId: string,
  dtype: EncoderDtype,
  downloadMB: number,
): Promise<void> {
  if (downloadMB <= 0) return;
  const cached = (await setup.isCached?.(modelId, dtype).catch(() => false)) === true;
  const room = await checkRoomFor(setup.storage, cached ? 0 : downloadMB);
  if (!room.ok) {
    throw new ModelError('no-space', `needs about ${room.neededMB} MB, ${room.availableMB ?? 0} MB is available`);
  }
}
