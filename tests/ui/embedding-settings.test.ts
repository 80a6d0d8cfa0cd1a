// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_MODEL_SETTINGS, type ModelSettings } from '../../src/adapters/browser/models/model-settings.js';
import { NLI_MODEL } from '../../src/adapters/models/model-catalogue.js';
import EmbeddingSettings from '../../src/ui/components/EmbeddingSettings.svelte';

const base = { models: undefined, busy: false, oncancel: () => undefined };

describe('EmbeddingSettings: checking claims', () => {
  it('offers the NLI model with its size, says what it does, and hands the choice over on Apply', async () => {
    const onapply = vi.fn<(models: ModelSettings) => void>();
    render(EmbeddingSettings, { ...base, settings: DEFAULT_MODEL_SETTINGS, onapply });
    const select = screen.getByTestId('claim-judge') as HTMLSelectElement;
    expect(select.value).toBe('off');
    expect(screen.queryByTestId('judge-note')).toBeNull();
    expect(select.textContent).toContain(
      `${NLI_MODEL.label} (${NLI_MODEL.downloadMB.q8}–${NLI_MODEL.downloadMB.fp32} MB)`,
    );
    await fireEvent.change(select, { target: { value: 'catalogue' } });
    expect(screen.getByTestId('judge-note').textContent).toMatch(
      /numbers, units, codes, dates and names are still checked by code/,
    );
    await fireEvent.click(screen.getByTestId('apply-models'));
    expect(onapply).toHaveBeenLastCalledWith({ ...DEFAULT_MODEL_SETTINGS, judge: { kind: 'catalogue' } });
    await fireEvent.change(select, { target: { value: 'local' } });
    await fireEvent.input(screen.getByTestId('local-judge-id'), { target: { value: ' local/tiny-nli ' } });
    await fireEvent.click(screen.getByTestId('apply-models'));
    expect(onapply).toHaveBeenLastCalledWith({
      ...DEFAULT_MODEL_SETTINGS,
      judge: { kind: 'local', id: 'local/tiny-nli' },
    });
  });

  it('starts from the saved choice, and shows the model in use', () => {
    const settings: ModelSettings = { ...DEFAULT_MODEL_SETTINGS, judge: { kind: 'local', id: 'local/tiny-nli' } };
    const models = {
      settings,
      embedder: { modelId: 'feature-hashing-v1-384', label: 'Built in', runtime: 'built in (no model)' },
      judge: {
        id: 'nli:local/tiny-nli:q8',
        label: "local/tiny-nli (this app's models/ folder)",
        runtime: 'WASM (CPU), q8',
      },
      answer: { kind: 'extractive' as const },
    };
    render(EmbeddingSettings, { ...base, models, settings, onapply: () => undefined });
    expect((screen.getByTestId('claim-judge') as HTMLSelectElement).value).toBe('local');
    expect((screen.getByTestId('local-judge-id') as HTMLInputElement).value).toBe('local/tiny-nli');
    expect(screen.getByTestId('judge-in-use').textContent).toMatch(
      /checking claims with local\/tiny-nli .*WASM \(CPU\), q8/,
    );
  });

  it('while busy says which step it is on: downloading, starting the models, or re-embedding; busy for assistive tech', async () => {
    const view = render(EmbeddingSettings, {
      ...base,
      busy: true,
      settings: DEFAULT_MODEL_SETTINGS,
      onapply: () => undefined,
      download: { model: 'local/tiny', loaded: 5, total: 10, percent: 50 },
    });
    expect(screen.getByTestId('embedding-settings').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('model-download')).toBeTruthy();
    expect(screen.queryByTestId('model-starting')).toBeNull();
    await view.rerender({ download: { model: 'local/tiny', loaded: 10, total: 10, percent: 100 } });
    expect(screen.getByTestId('model-starting').textContent).toMatch(/Starting the models/);
    await view.rerender({
      reembed: { documentsDone: 1, documentsTotal: 3, passagesDone: 4, passagesTotal: 9, ms: 100 },
    });
    expect(screen.queryByTestId('model-starting')).toBeNull();
    expect(screen.getByTestId('reembed-progress').textContent).toMatch(/1 of 3 documents, 4 of 9 passages/);
    await view.rerender({ busy: false });
    expect(screen.getByTestId('embedding-settings').getAttribute('aria-busy')).toBe('false');
  });
});
