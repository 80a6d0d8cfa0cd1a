/**
 * Which model build runs where: the WebLLM variant for an adapter (q4f32 without `shader-f16`,
 * disabled with a reason when it cannot fit), and the transformers.js device and dtype for the
 * embedder and reranker (WebGPU fp16 only with `shader-f16`, WebGPU fp32, else WASM q8).
 */
import { limitShortfall, type GpuCapabilities } from './gpu-preflight.js';
import type { EncoderDtype, LlmModel, LlmVariant } from './model-catalogue.js';

/** A model the picker can offer, or why it cannot. */
export type VariantChoice =
  { status: 'ok'; variant: LlmVariant; notes: string[] } | { status: 'disabled'; reason: string; variant?: LlmVariant };

/** Options of `pickModelVariant`. */
export interface PickOptions {
  /**
   * GPU memory the app may use, in MB. WebGPU does not report GPU memory; when not given, half
   * of `navigator.deviceMemory` is assumed where the browser tells it, and no limit otherwise.
   */
  memoryBudgetMB?: number;
}

/** The memory budget used by `pickModelVariant`, or undefined when nothing is known. */
export function memoryBudgetMB(caps: GpuCapabilities, options: PickOptions = {}): number | undefined {
  if (options.memoryBudgetMB !== undefined) return options.memoryBudgetMB;
  return caps.deviceMemoryGB ? (caps.deviceMemoryGB * 1024) / 2 : undefined;
}

/** Picks the build of `model` for this GPU, or says why none can run. */
export function pickModelVariant(model: LlmModel, caps: GpuCapabilities, options: PickOptions = {}): VariantChoice {
  if (!caps.webgpu) return { status: 'disabled', reason: caps.message };
  const notes: string[] = [];
  const variant = caps.shaderF16 ? (model.f16 ?? model.f32) : model.f32;
  if (!variant) {
    return {
      status: 'disabled',
      reason: `${model.label} needs shader-f16, which this GPU lacks (it has no q4f32 build).`,
    };
  }
  if (!caps.shaderF16 && model.f16) notes.push('q4f32 build: this GPU lacks shader-f16.');
  const shortfall = limitShortfall(caps);
  if (shortfall) return { status: 'disabled', reason: `Cannot run here: ${shortfall}.`, variant };
  const budget = memoryBudgetMB(caps, options);
  if (budget !== undefined && variant.vramRequiredMB > budget) {
    return {
      status: 'disabled',
      reason: `Needs about ${formatMB(variant.vramRequiredMB)} of GPU memory; about ${formatMB(budget)} is available here.`,
      variant,
    };
  }
  if (caps.adapter?.software) notes.push('software GPU: very slow.');
  return { status: 'ok', variant, notes };
}

/** "1.1 GB" or "580 MB". */
export function formatMB(megabytes: number): string {
  return megabytes >= 1000 ? `${(megabytes / 1024).toFixed(1)} GB` : `${Math.round(megabytes)} MB`;
}

/** Where transformers.js runs and with which weights. */
export interface EncoderRuntime {
  device: 'webgpu' | 'wasm' | 'cpu';
  dtype: EncoderDtype;
  /** For the UI, e.g. "WebGPU, fp16". */
  label: string;
}

/** The embedder's or reranker's device and dtype in a browser, from the GPU check. */
export function chooseEncoderRuntime(
  caps: GpuCapabilities,
  available: readonly EncoderDtype[] = ['fp32', 'fp16', 'q8'],
): EncoderRuntime {
  if (caps.webgpu && caps.shaderF16 && available.includes('fp16')) {
    return { device: 'webgpu', dtype: 'fp16', label: 'WebGPU, fp16' };
  }
  if (caps.webgpu && available.includes('fp32')) return { device: 'webgpu', dtype: 'fp32', label: 'WebGPU, fp32' };
  return { device: 'wasm', dtype: 'q8', label: 'WASM (CPU), q8' };
}

/** The runtime in Node: onnxruntime-node on the CPU. */
export const NODE_ENCODER_RUNTIME: EncoderRuntime = {
  device: 'cpu',
  dtype: 'fp32',
  label: 'CPU (onnxruntime-node), fp32',
};
