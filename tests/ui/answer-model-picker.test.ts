// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import { checkGpu, type GpuAdapterLike } from '../../src/adapters/models/gpu-preflight.js';
import AnswerModelPicker from '../../src/ui/components/AnswerModelPicker.svelte';

const GiB = 2 ** 30;

function adapter(features: string[]): GpuAdapterLike {
  return {
    features: new Set(features),
    limits: {
      maxBufferSize: GiB,
      maxStorageBufferBindingSize: GiB,
      maxComputeWorkgroupStorageSize: 32768,
      maxStorageBuffersPerShaderStage: 10,
    },
    info: { vendor: 'google', architecture: 'swiftshader', device: '', description: '' },
  };
}

const props = {
  answer: { kind: 'extractive' as const },
  busy: false,
  onload: vi.fn(),
  onunload: vi.fn(),
  oncancel: vi.fn(),
};

function rowsByKey() {
  return new Map(screen.getAllByTestId('answer-model-row').map((row) => [row.dataset.key, row]));
}

describe('AnswerModelPicker', () => {
  it('ST-18: without navigator.gpu every model is disabled with the reason, and a plain note says answers are extractive', async () => {
    render(AnswerModelPicker, { ...props, gpu: await checkGpu({}) });
    const note = screen.getByTestId('gpu-note');
    expect(note.dataset.reason).toBe('no-webgpu');
    expect(note.textContent).toMatch(/no WebGPU.*Answers are extracted from your documents/s);
    for (const row of rowsByKey().values()) {
      expect(row.dataset.status).toBe('disabled');
      // The reason is said once, in the note; each row only points at it.
      expect(within(row).getByTestId('disabled-reason').textContent).toBe(
        'Needs a GPU with WebGPU (see the note above).',
      );
      expect((within(row).getByRole('button') as HTMLButtonElement).disabled).toBe(true);
    }
    expect(screen.getByTestId('answer-mode').dataset.kind).toBe('extractive');
  });

  it('ST-18: a null adapter says so', async () => {
    render(AnswerModelPicker, { ...props, gpu: await checkGpu({ gpu: { requestAdapter: async () => null } }) });
    expect(screen.getByTestId('gpu-note').dataset.reason).toBe('no-adapter');
    expect(screen.getByTestId('gpu-note').textContent).toMatch(/no GPU adapter/);
    expect(within(rowsByKey().get('smollm2-360m')!).getByTestId('disabled-reason').textContent).toMatch(/note above/);
  });

  it('ST-19: without shader-f16 the q4f32 builds are offered and f16-only models are disabled; Load loads by key', async () => {
    const onload = vi.fn();
    render(AnswerModelPicker, {
      ...props,
      onload,
      gpu: await checkGpu({ gpu: { requestAdapter: async () => adapter([]) }, deviceMemory: 8 }),
    });
    const rows = rowsByKey();
    expect(rows.get('gemma3-1b')?.dataset.status).toBe('disabled');
    expect(rows.get('gemma3-1b')?.textContent).toMatch(/needs shader-f16/);
    const smol = rows.get('smollm2-360m')!;
    expect(smol.dataset.status).toBe('ok');
    expect(smol.textContent).toMatch(/q4f32_1/);
    expect(smol.textContent).toMatch(/580 MB/);
    await fireEvent.click(within(smol).getByRole('button', { name: 'Load' }));
    expect(onload).toHaveBeenCalledWith('smollm2-360m');
  });

  it('shows a load with bytes and the time left, with Stop', async () => {
    const oncancel = vi.fn();
    render(AnswerModelPicker, {
      ...props,
      oncancel,
      busy: true,
      gpu: await checkGpu({ gpu: { requestAdapter: async () => adapter(['shader-f16']) } }),
      progress: { phase: 'download', percent: 40, fetchedMB: 120, totalMB: 300, etaSeconds: 12, text: '' },
    });
    expect(screen.getByTestId('answer-model-progress').textContent).toMatch(
      /Downloading 40% · 120 MB of about 300 MB · about 12 s left/,
    );
    await fireEvent.click(screen.getByTestId('cancel-answer-model'));
    expect(oncancel).toHaveBeenCalled();
  });
});

describe('AnswerModelPicker: CPU models', () => {
  it('without WebGPU the CPU models can still be loaded, with their size, memory and an honest "not measured yet"', async () => {
    const onload = vi.fn();
    render(AnswerModelPicker, { ...props, onload, gpu: await checkGpu({}), cpuShortfall: null });
    const rows = screen.getAllByTestId('cpu-model-row');
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const first = rows[0]!;
    expect(first.textContent).toMatch(/SmolLM2 135M Instruct.*MB.*MB.*not measured here yet/s);
    await fireEvent.click(within(first).getByRole('button', { name: 'Load' }));
    expect(onload).toHaveBeenCalledWith('cpu:smollm2-135m');
  });

  it('shows the speed measured by the last answer, as the time a typical answer takes', async () => {
    render(AnswerModelPicker, {
      ...props,
      gpu: await checkGpu({}),
      cpuShortfall: null,
      speeds: { 'cpu:smollm2-135m': { readPerSecond: 25, writePerSecond: 10, promptTokens: 1400 } },
    });
    const speed = within(screen.getAllByTestId('cpu-model-row')[0]!).getByTestId('cpu-speed');
    expect(speed.textContent).toMatch(/^about 75 s an answer \(reads 25, writes 10\.0 tokens\/s\)$/);
  });

  it('loads a GGUF from the models/ folder by path, or a file chosen on this computer', async () => {
    const onload = vi.fn();
    render(AnswerModelPicker, { ...props, onload, gpu: await checkGpu({}), cpuShortfall: null });
    await fireEvent.input(screen.getByTestId('cpu-path'), { target: { value: ' local/gguf/x.gguf ' } });
    expect((screen.getByTestId('cpu-path-load') as HTMLButtonElement).disabled).toBe(false);
    await fireEvent.click(screen.getByTestId('cpu-path-load'));
    expect(onload).toHaveBeenLastCalledWith('cpu-path:local/gguf/x.gguf');
    const file = new File([new Uint8Array([71, 71, 85, 70])], 'mine.gguf');
    await fireEvent.change(screen.getByTestId('cpu-file'), { target: { files: [file] } });
    expect(onload).toHaveBeenLastCalledWith('cpu-file:mine.gguf', file);
  });

  it('in a browser without JSPI or 64-bit WebAssembly memory, says so and disables them before any download', async () => {
    render(AnswerModelPicker, {
      ...props,
      gpu: await checkGpu({}),
      cpuShortfall:
        'This browser’s WebAssembly lacks JSPI (JavaScript promise integration), which the CPU models need.',
    });
    expect(screen.getByTestId('cpu-note').textContent).toMatch(/JSPI/);
    for (const row of screen.getAllByTestId('cpu-model-row')) {
      expect((within(row).getByRole('button') as HTMLButtonElement).disabled).toBe(true);
    }
    expect((screen.getByTestId('cpu-file') as HTMLInputElement).disabled).toBe(true);
  });
});
