import { describe, expect, it } from 'vitest';
import {
  checkGpu,
  GPU_MESSAGES,
  type GpuAdapterLike,
  type NavigatorLike,
} from '../../../src/adapters/models/gpu-preflight.js';
import { chooseEncoderRuntime, pickModelVariant } from '../../../src/adapters/models/choose-runtime.js';
import { findLlmModel } from '../../../src/adapters/models/model-catalogue.js';

const GiB = 2 ** 30;

/** A fake GPU adapter with the given features and limits. */
function adapter(
  features: string[],
  limits: Partial<GpuAdapterLike['limits']> = {},
  architecture = 'ampere',
): GpuAdapterLike {
  return {
    features: new Set(features),
    limits: {
      maxBufferSize: 2 * GiB,
      maxStorageBufferBindingSize: GiB,
      maxComputeWorkgroupStorageSize: 32768,
      maxStorageBuffersPerShaderStage: 10,
      ...limits,
    },
    info: { vendor: 'nvidia', architecture, device: '', description: '' },
  };
}

/** A fake navigator whose `requestAdapter` returns `result` and counts calls. */
function navigatorWith(result: GpuAdapterLike | null, deviceMemory?: number) {
  const calls: unknown[] = [];
  const navigatorLike: NavigatorLike = {
    gpu: {
      async requestAdapter(options) {
        calls.push(options);
        return result;
      },
    },
    ...(deviceMemory ? { deviceMemory } : {}),
  };
  return { navigatorLike, calls };
}

const llama = findLlmModel('llama3.2-1b')!;
const gemma = findLlmModel('gemma3-1b')!;

describe('checkGpu (no download)', () => {
  it('without navigator.gpu: no WebGPU, with the plain note', async () => {
    const caps = await checkGpu({});
    expect(caps).toMatchObject({ webgpu: false, reason: 'no-webgpu', message: GPU_MESSAGES['no-webgpu'] });
    expect(await checkGpu(undefined)).toMatchObject({ webgpu: false, reason: 'no-webgpu' });
  });

  it('with a null adapter (headless Chromium default): no GPU, with the note', async () => {
    const { navigatorLike, calls } = navigatorWith(null);
    const caps = await checkGpu(navigatorLike);
    expect(caps).toMatchObject({ webgpu: false, reason: 'no-adapter' });
    expect(caps.message).toMatch(/extracted from your documents/);
    expect(calls).toEqual([{ powerPreference: 'high-performance' }]);
  });

  it('reads features, limits and adapter info', async () => {
    const { navigatorLike } = navigatorWith(adapter(['shader-f16']), 8);
    const caps = await checkGpu(navigatorLike);
    expect(caps).toMatchObject({ webgpu: true, shaderF16: true, maxBufferSize: 2 * GiB, deviceMemoryGB: 8 });
    expect(caps.adapter).toMatchObject({ vendor: 'nvidia', software: false });
  });

  it('flags SwiftShader as a software GPU and says f32 builds will be used', async () => {
    const { navigatorLike } = navigatorWith(adapter([], { maxBufferSize: GiB }, 'swiftshader'));
    const caps = await checkGpu(navigatorLike);
    expect(caps.adapter?.software).toBe(true);
    expect(caps.message).toContain(GPU_MESSAGES['no-f16']);
    expect(caps.message).toContain(GPU_MESSAGES.software);
  });
});

describe('pickModelVariant', () => {
  it('picks the q4f16 build with shader-f16', async () => {
    const caps = await checkGpu(navigatorWith(adapter(['shader-f16'])).navigatorLike);
    const choice = pickModelVariant(llama, caps);
    expect(choice).toMatchObject({ status: 'ok', variant: { modelId: 'Llama-3.2-1B-Instruct-q4f16_1-MLC' } });
  });

  it('picks the q4f32 build on an adapter without shader-f16, and says why', async () => {
    const caps = await checkGpu(navigatorWith(adapter([])).navigatorLike);
    const choice = pickModelVariant(llama, caps);
    expect(choice).toMatchObject({ status: 'ok', variant: { modelId: 'Llama-3.2-1B-Instruct-q4f32_1-MLC' } });
    expect(choice.status === 'ok' && choice.notes.join(' ')).toMatch(/shader-f16/);
  });

  it('disables a model with no f32 build on an adapter without shader-f16', async () => {
    const caps = await checkGpu(navigatorWith(adapter([])).navigatorLike);
    expect(pickModelVariant(gemma, caps)).toMatchObject({
      status: 'disabled',
      reason: expect.stringMatching(/shader-f16/),
    });
  });

  it('disables every model when limits are below what WebLLM needs, naming the limit', async () => {
    const caps = await checkGpu(
      navigatorWith(adapter(['shader-f16'], { maxStorageBufferBindingSize: 64 * 2 ** 20 })).navigatorLike,
    );
    const choice = pickModelVariant(llama, caps);
    expect(choice).toMatchObject({ status: 'disabled', reason: expect.stringMatching(/maxStorageBufferBindingSize/) });
  });

  it('disables a model that needs more memory than the budget, with the sizes', async () => {
    const caps = await checkGpu(navigatorWith(adapter([]), 2).navigatorLike);
    const choice = pickModelVariant(llama, caps);
    expect(choice).toMatchObject({ status: 'disabled', reason: expect.stringMatching(/1\.1 GB.*1\.0 GB/) });
    expect(pickModelVariant(findLlmModel('smollm2-360m')!, caps).status).toBe('ok');
    expect(pickModelVariant(llama, caps, { memoryBudgetMB: 4096 }).status).toBe('ok');
  });

  it('disables everything without a GPU, with the reason', async () => {
    const caps = await checkGpu({});
    expect(pickModelVariant(llama, caps)).toEqual({ status: 'disabled', reason: GPU_MESSAGES['no-webgpu'] });
  });
});

describe('chooseEncoderRuntime', () => {
  it('WebGPU fp16 only with shader-f16, WebGPU fp32 without, WASM q8 with no GPU', async () => {
    expect(chooseEncoderRuntime(await checkGpu(navigatorWith(adapter(['shader-f16'])).navigatorLike))).toMatchObject({
      device: 'webgpu',
      dtype: 'fp16',
    });
    expect(chooseEncoderRuntime(await checkGpu(navigatorWith(adapter([])).navigatorLike))).toMatchObject({
      device: 'webgpu',
      dtype: 'fp32',
    });
    expect(chooseEncoderRuntime(await checkGpu(navigatorWith(null).navigatorLike))).toEqual({
      device: 'wasm',
      dtype: 'q8',
      label: 'WASM (CPU), q8',
    });
  });

  it('falls back to fp32 when the fp16 file is not offered', async () => {
    const caps = await checkGpu(navigatorWith(adapter(['shader-f16'])).navigatorLike);
    expect(chooseEncoderRuntime(caps, ['fp32', 'q8']).dtype).toBe('fp32');
  });
});
