/**
 * The transformers.js embedder, reranker and NLI model in Node (onnxruntime-node, CPU), loaded from a model
 * folder on disk and never from the hub: `npm run eval -- --embedder DIR [--rerank DIR] [--judge DIR]`.
 * A folder whose path ends with a catalogue id (e.g. `public/models/Xenova/bge-small-en-v1.5`)
 * gets that model's pooling and prefixes; a sentence-transformers folder (as `npm run
 * models:local` lays them out) gets what its `1_Pooling/config.json` and prompts say; any other
 * folder is mean-pooled without prefixes unless told otherwise.
 */
import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { NODE_ENCODER_RUNTIME, type EncoderRuntime } from './choose-runtime.js';
import { CrossEncoderReranker } from './cross-encoder-reranker.js';
import { NliModel } from './nli-model.js';
import type { ModelLoadListener } from './load-progress.js';
import { EMBEDDING_MODELS } from './model-catalogue.js';
import { sentenceTransformersSettings, type SentenceTransformersSettings } from './sentence-transformers-settings.js';
import { configureTransformers } from './transformers-env.js';
import { TransformersEmbedder, type EmbedderModelSpec } from './transformers-embedder.js';

/** Options of `createNodeEmbedder`. */
export interface NodeEmbedderOptions {
  pooling?: 'mean' | 'cls';
  queryPrefix?: string;
  passagePrefix?: string;
  /** `fp32` reads `onnx/model.onnx`, `q8` reads `onnx/model_quantized.onnx`. Default fp32. */
  dtype?: 'fp32' | 'q8';
  maxBatchSize?: number;
  onProgress?: ModelLoadListener;
}

/** Reads `config.json` of a model folder; throws a clear error when there is none. */
async function readModelConfig(folder: string): Promise<{ hidden_size?: number; dim?: number }> {
  const text = await readFile(resolve(folder, 'config.json'), 'utf8').catch(() => {
    throw new Error(
      `${folder}: no config.json; expected a transformers.js model folder (config.json, tokenizer.json, onnx/model.onnx)`,
    );
  });
  return JSON.parse(text) as { hidden_size?: number; dim?: number };
}

async function readJson(path: string): Promise<Record<string, unknown> | undefined> {
  const text = await readFile(path, 'utf8').catch(() => undefined);
  return text === undefined ? undefined : (JSON.parse(text) as Record<string, unknown>);
}

/** What the folder's own sentence-transformers files say about pooling and prompts. */
export async function folderSettings(folder: string): Promise<SentenceTransformersSettings> {
  return sentenceTransformersSettings({
    pooling: await readJson(resolve(folder, '1_Pooling', 'config.json')),
    settings: await readJson(resolve(folder, 'config_sentence_transformers.json')),
  });
}

/** Points transformers.js at local files only: Node never downloads. */
function offlineInNode(): void {
  configureTransformers({ localModelPath: resolve('.'), offlineOnly: true, cache: false });
}

function runtime(dtype: 'fp32' | 'q8' | undefined): EncoderRuntime {
  return dtype === 'q8'
    ? { ...NODE_ENCODER_RUNTIME, dtype: 'q8', label: 'CPU (onnxruntime-node), q8' }
    : NODE_ENCODER_RUNTIME;
}

/** The settings of a model folder: the catalogue's when the path ends with a catalogue id. */
export function specForFolder(
  folder: string,
  dimensions: number,
  options: NodeEmbedderOptions = {},
  own: SentenceTransformersSettings = {},
): EmbedderModelSpec {
  const absolute = resolve(folder);
  const known = EMBEDDING_MODELS.find((model) => absolute.endsWith(`${sep}${model.id.split('/').join(sep)}`));
  return {
    id: absolute,
    name: known?.id ?? absolute.split(sep).slice(-2).join('/'),
    dimensions,
    pooling: options.pooling ?? known?.pooling ?? own.pooling ?? 'mean',
    queryPrefix: options.queryPrefix ?? known?.queryPrefix ?? own.queryPrefix ?? '',
    passagePrefix: options.passagePrefix ?? known?.passagePrefix ?? own.passagePrefix ?? '',
  };
}

/** A loaded embedder over the model in `folder`. */
export async function createNodeEmbedder(
  folder: string,
  options: NodeEmbedderOptions = {},
): Promise<TransformersEmbedder> {
  const config = await readModelConfig(folder);
  const dimensions = config.hidden_size ?? config.dim;
  if (!dimensions) throw new Error(`${folder}/config.json has no hidden_size: cannot tell the vector length`);
  offlineInNode();
  const embedder = new TransformersEmbedder({
    model: specForFolder(folder, dimensions, options, await folderSettings(folder)),
    runtime: runtime(options.dtype),
    ...(options.maxBatchSize ? { maxBatchSize: options.maxBatchSize } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  await embedder.load();
  return embedder;
}

/** A loaded cross-encoder reranker over the model in `folder`. */
export async function createNodeReranker(
  folder: string,
  options: Pick<NodeEmbedderOptions, 'dtype' | 'maxBatchSize'> = {},
): Promise<CrossEncoderReranker> {
  await readModelConfig(folder);
  offlineInNode();
  const reranker = new CrossEncoderReranker({
    model: resolve(folder),
    runtime: runtime(options.dtype),
    ...(options.maxBatchSize ? { maxBatchSize: options.maxBatchSize } : {}),
  });
  await reranker.load();
  return reranker;
}

/** A loaded NLI cross-encoder over the model in `folder`, for the check stage (`nliJudge`). */
export async function createNodeNli(
  folder: string,
  options: Pick<NodeEmbedderOptions, 'dtype' | 'maxBatchSize'> = {},
): Promise<NliModel> {
  await readModelConfig(folder);
  offlineInNode();
  const model = new NliModel({
    model: resolve(folder),
    runtime: runtime(options.dtype),
    ...(options.maxBatchSize ? { maxBatchSize: options.maxBatchSize } : {}),
  });
  await model.load();
  return model;
}
