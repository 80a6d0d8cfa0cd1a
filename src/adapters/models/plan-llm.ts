/**
 * Everything decided before a WebLLM download starts: is there a usable GPU, which build of the
 * chosen model fits it, where its files come from (the app's `models/` folder first, the hub
 * unless offline-only), and whether the origin has room for it. Nothing is downloaded here.
 */
import { pickModelVariant, type PickOptions } from './choose-runtime.js';
import { checkGpu, type GpuCapabilities, type NavigatorLike } from './gpu-preflight.js';
import { DEFAULT_LLM_KEY, findLlmModel, LLM_MODELS, type LlmModel, type LlmVariant } from './model-catalogue.js';
import { MODEL_ERROR_ADVICE } from './model-errors.js';
import { checkRoomFor, type RoomCheck, type StorageLike } from './model-storage.js';
import { resolveLlmSource, type FetchLike, type ResolvedLlm } from './webllm-app-config.js';

/** What the page knows when a model is chosen. */
export interface LlmPlanSetup extends PickOptions {
  /** A catalogue key or WebLLM model id; default Llama 3.2 1B. */
  key?: string;
  navigator: NavigatorLike | undefined;
  /** Absolute URL of the app's `models/` folder. */
  modelsUrl: string;
  offlineOnly: boolean;
  fetch: FetchLike;
  storage?: StorageLike;
  /** Whether this build is already in the cache (then nothing is downloaded and no room is needed). */
  isCached?: (modelId: string, appConfig: ResolvedLlm['appConfig']) => Promise<boolean>;
}

/** A model ready to download and load, or why not (the app then answers extractively). */
export type LlmPlan =
  | ({
      status: 'ready';
      model: LlmModel;
      variant: LlmVariant;
      gpu: GpuCapabilities;
      room: RoomCheck;
      notes: string[];
    } & ResolvedLlm)
  | { status: 'unavailable'; reason: string; gpu?: GpuCapabilities };

/** One picker row: every catalogue model with the build it would use or the reason it is disabled. */
export interface PickerRow {
  model: LlmModel;
  choice: ReturnType<typeof pickModelVariant>;
}

/** The picker: all catalogue models against this GPU. */
export function pickerRows(gpu: GpuCapabilities, options: PickOptions = {}): PickerRow[] {
  return LLM_MODELS.map((model) => ({ model, choice: pickModelVariant(model, gpu, options) }));
}

/** Plans a model load; see the module comment. */
export async function planLlm(setup: LlmPlanSetup): Promise<LlmPlan> {
  const model = findLlmModel(setup.key ?? DEFAULT_LLM_KEY);
  if (!model) return { status: 'unavailable', reason: MODEL_ERROR_ADVICE['model-not-found'] };
  const gpu = await checkGpu(setup.navigator);
  const choice = pickModelVariant(model, gpu, setup);
  if (choice.status === 'disabled') return { status: 'unavailable', reason: choice.reason, gpu };
  const resolved = await resolveLlmSource(model, choice.variant, setup);
  if (!resolved) return { status: 'unavailable', reason: MODEL_ERROR_ADVICE['offline-only'], gpu };
  const cached = (await setup.isCached?.(choice.variant.modelId, resolved.appConfig).catch(() => false)) === true;
  const room = await checkRoomFor(setup.storage, cached ? 0 : choice.variant.downloadMB);
  if (!room.ok) return { status: 'unavailable', reason: room.message, gpu };
  return { status: 'ready', model, variant: choice.variant, gpu, room, notes: choice.notes, ...resolved };
}
