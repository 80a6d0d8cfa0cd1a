import { describe, expect, it } from 'vitest';
import { sentenceTransformersSettings } from '../../../src/adapters/models/sentence-transformers-settings.js';

describe('sentenceTransformersSettings', () => {
  it('reads the pooling of 1_Pooling/config.json and the prompts of config_sentence_transformers.json', () => {
    expect(
      sentenceTransformersSettings({ pooling: { pooling_mode_mean_tokens: true, pooling_mode_cls_token: false } }),
    ).toEqual({ pooling: 'mean' });
    expect(
      sentenceTransformersSettings({
        pooling: { pooling_mode_cls_token: true },
        settings: { prompts: { query: 'Represent this sentence for searching relevant passages: ', document: '' } },
      }),
    ).toEqual({
      pooling: 'cls',
      queryPrefix: 'Represent this sentence for searching relevant passages: ',
      passagePrefix: '',
    });
    expect(sentenceTransformersSettings({ settings: { __version__: { sentence_transformers: '2.0.0' } } })).toEqual({});
  });

  it('refuses a pooling the app does not implement rather than pooling wrongly', () => {
    expect(() => sentenceTransformersSettings({ pooling: { pooling_mode_max_tokens: true } })).toThrow(
      /other than mean or CLS/,
    );
  });
});
