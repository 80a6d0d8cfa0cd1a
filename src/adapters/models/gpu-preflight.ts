/**
 * Checks WebGPU, the adapter and its features and limits *before* anything is downloaded
 * (WebLLM itself checks only after fetching the config and model library,
 * docs/library-notes.md §3.5), and decides from them which model builds can run. Works on the
 * page and in workers; the navigator is passed in, so tests give a fake one.
 */

/** The part of a `GPUAdapter` read here. */
export interface GpuAdapterLike {
  features: { has(feature: string): boolean };
  limits: {
    maxBufferSize: number;
    maxStorageBufferBindingSize: number;
    maxComputeWorkgroupStorageSize?: number;
    maxStorageBuffersPerShaderStage?: number;
  };
  info?: { vendor?: string; architecture?: string; device?: string; description?: string };
  isFallbackAdapter?: boolean;
}

/** The part of `navigator` read here. */
export interface NavigatorLike {
  gpu?: { requestAdapter(options?: { powerPreference?: 'high-performance' | 'low-power' }): Promise<unknown> };
  /** GB of memory, rounded and capped at 8 (Chromium only). */
  deviceMemory?: number;
}

/** Why there is no usable GPU. */
export type NoGpuReason = 'no-webgpu' | 'no-adapter';

/** What the GPU can do. */
export interface GpuCapabilities {
  webgpu: boolean;
  /** Set when `webgpu` is false. */
  reason?: NoGpuReason;
  /** A plain sentence for the UI about the GPU (or its absence) and what follows from it. */
  message: string;
  adapter?: { vendor: string; architecture: string; device: string; description: string; software: boolean };
  shaderF16: boolean;
  maxBufferSize: number;
  maxStorageBufferBindingSize: number;
  maxComputeWorkgroupStorageSize: number;
  maxStorageBuffersPerShaderStage: number;
  /** `navigator.deviceMemory` where the browser tells it. */
  deviceMemoryGB?: number;
}

/** The messages shown for each outcome of the check. */
export const GPU_MESSAGES = {
  'no-webgpu':
    'This browser has no WebGPU, so no language model can run on a GPU here. Answers are extracted from your documents (with citations) unless you choose a CPU model (slower), and embeddings run on the CPU (WASM).',
  'no-adapter':
    'WebGPU is present but no GPU adapter is available (no suitable GPU, or it is disabled or blocked). Answers are extracted from your documents (with citations) unless you choose a CPU model (slower), and embeddings run on the CPU (WASM).',
  'no-f16':
    'This GPU lacks the shader-f16 feature, so models use their 32-bit-float builds (q4f32), which need more memory.',
  software: 'This GPU is a software renderer: models will be very slow.',
  ready: 'WebGPU is available.',
} as const;

const NO_GPU = {
  webgpu: false,
  shaderF16: false,
  maxBufferSize: 0,
  maxStorageBufferBindingSize: 0,
  maxComputeWorkgroupStorageSize: 0,
  maxStorageBuffersPerShaderStage: 0,
};

/** Asks for a GPU adapter and reads its features and limits. Downloads nothing. */
export async function checkGpu(navigatorLike: NavigatorLike | undefined): Promise<GpuCapabilities> {
  const memory = navigatorLike?.deviceMemory ? { deviceMemoryGB: navigatorLike.deviceMemory } : {};
  const gpu = navigatorLike?.gpu;
  if (!gpu || typeof gpu.requestAdapter !== 'function') {
    return { ...NO_GPU, ...memory, reason: 'no-webgpu', message: GPU_MESSAGES['no-webgpu'] };
  }
  const adapter = (await gpu.requestAdapter({ powerPreference: 'high-performance' }).catch(() => null)) as
    GpuAdapterLike | null | undefined;
  if (!adapter) return { ...NO_GPU, ...memory, reason: 'no-adapter', message: GPU_MESSAGES['no-adapter'] };
  const info = adapter.info ?? {};
  const software = adapter.isFallbackAdapter === true || /swiftshader/i.test(`${info.architecture} ${info.vendor}`);
  const shaderF16 = adapter.features.has('shader-f16');
  const message = [GPU_MESSAGES.ready, shaderF16 ? '' : GPU_MESSAGES['no-f16'], software ? GPU_MESSAGES.software : '']
    .filter(Boolean)
    .join(' ');
  return {
    webgpu: true,
    message,
    adapter: {
      vendor: info.vendor ?? '',
      architecture: info.architecture ?? '',
      device: info.device ?? '',
      description: info.description ?? '',
      software,
    },
    shaderF16,
    maxBufferSize: adapter.limits.maxBufferSize,
    maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize,
    maxComputeWorkgroupStorageSize: adapter.limits.maxComputeWorkgroupStorageSize ?? 0,
    maxStorageBuffersPerShaderStage: adapter.limits.maxStorageBuffersPerShaderStage ?? 0,
    ...memory,
  };
}

/** The limits WebLLM's `detectGPUDevice` insists on (its fall-back minimums). */
export const WEBLLM_MINIMUM_LIMITS = {
  maxBufferSize: 256 * 2 ** 20,
  maxStorageBufferBindingSize: 128 * 2 ** 20,
  maxComputeWorkgroupStorageSize: 32 * 2 ** 10,
  maxStorageBuffersPerShaderStage: 10,
} as const;

/** The first limit below WebLLM's minimum, as a sentence, or undefined when all are met. */
export function limitShortfall(caps: GpuCapabilities): string | undefined {
  for (const [name, minimum] of Object.entries(WEBLLM_MINIMUM_LIMITS) as [
    keyof typeof WEBLLM_MINIMUM_LIMITS,
    number,
  ][]) {
    if (caps[name] < minimum) return `the GPU's ${name} is ${caps[name]}, below the ${minimum} WebLLM needs`;
  }
  return undefined;
}
