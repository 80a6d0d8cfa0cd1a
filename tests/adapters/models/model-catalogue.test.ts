// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EMBEDDING_MODEL_ID,
  DEFAULT_LLM_KEY,
  EMBEDDING_MODELS,
  LLM_MODELS,
  RERANKER_MODEL,
  findEmbeddingModel,
  findLlmModel,
  llmVariants,
} from '../../../src/adapters/models/model-catalogue.js';
import { WEBLLM_LIB_PREFIX, WEBLLM_WEIGHTS_HOST, modelRecord } from '../../../src/adapters/models/webllm-app-config.js';

describe('model catalogue', () => {
  it('offers bge-small (default), arctic-embed-xs and MiniLM with their pooling and prefixes', () => {
    expect(EMBEDDING_MODELS.map((model) => model.id)).toEqual([
      'Xenova/bge-small-en-v1.5',
      'Snowflake/snowflake-arctic-embed-xs',
      'Xenova/all-MiniLM-L6-v2',
    ]);
    expect(findEmbeddingModel(DEFAULT_EMBEDDING_MODEL_ID)).toMatchObject({ pooling: 'cls', dimensions: 384 });
    expect(findEmbeddingModel('Xenova/all-MiniLM-L6-v2')).toMatchObject({ pooling: 'mean', queryPrefix: '' });
    expect(findEmbeddingModel('Snowflake/snowflake-arctic-embed-xs')!.queryPrefix).toMatch(/^Represent this sentence/);
    expect(RERANKER_MODEL.id).toBe('Xenova/ms-marco-MiniLM-L-6-v2');
  });

  it('offers six small instruction models within 0.3–2 GB, with a default', () => {
    expect(LLM_MODELS).toHaveLength(6);
    expect(findLlmModel(DEFAULT_LLM_KEY)).toBeDefined();
    for (const variant of llmVariants()) {
      expect(variant.vramRequiredMB).toBeGreaterThan(300);
      expect(variant.vramRequiredMB).toBeLessThan(2048);
    }
  });

  it("matches @mlc-ai/web-llm's prebuiltAppConfig: ids, weights, libraries, memory, context", async () => {
    const { prebuiltAppConfig, modelLibURLPrefix, modelVersion } =
      await import('../../../src/adapters/models/webllm-library.js');
    expect(WEBLLM_LIB_PREFIX).toBe(`${modelLibURLPrefix}${modelVersion}/`);
    for (const model of LLM_MODELS) {
      for (const variant of [model.f16, model.f32]) {
        if (!variant) continue;
        const prebuilt = prebuiltAppConfig.model_list.find((record) => record.model_id === variant.modelId);
        expect(prebuilt, variant.modelId).toBeDefined();
        const ours = modelRecord(model, variant, { kind: 'hub' });
        expect(ours.model).toBe(prebuilt!.model);
        expect(ours.model).toBe(`${WEBLLM_WEIGHTS_HOST}${variant.weightsRepo}`);
        expect(ours.model_lib).toBe(prebuilt!.model_lib);
        expect(ours.vram_required_MB).toBe(prebuilt!.vram_required_MB);
        expect(ours.overrides?.context_window_size).toBe(prebuilt!.overrides?.context_window_size);
      }
    }
  });
});
