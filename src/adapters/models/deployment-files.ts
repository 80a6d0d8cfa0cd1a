/**
 * The files a self-hosted deployment needs, listed from the hub or a mirror of it (same layout:
 * `<host><repo>/resolve/main/<file>`): for a transformers.js model, what its pipeline will fetch
 * for each data type offered (`ModelRegistry`); for a WebLLM build, the chat config, the
 * tokenizer files it names, the weights manifest and every shard it lists, and the model library.
 */
import { configureTransformers } from './transformers-env.js';
import { ModelRegistry, type DtypeName } from './transformers-library.js';
import type { LlmVariant } from './model-catalogue.js';
import { SELF_HOSTED_LIB_FOLDER, selfHostedPaths } from './webllm-app-config.js';

/** One file to download. */
export interface PlannedFile {
  url: string;
  /** Where it goes, relative to the output folder. */
  path: string;
  /** Exact size in bytes when the listing states it (WebLLM shards). */
  size?: number;
}

/** What a model needs, and what was asked for but is not offered. */
export interface ModelPlan {
  files: PlannedFile[];
  /** Data types asked for that the repository does not have (transformers.js models). */
  unavailable: string[];
}

/** The JSON fetcher used to read listings. */
export type FetchJson = (url: string) => Promise<unknown>;

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/**
 * Files of a transformers.js model (embedder or reranker) for each of `dtypes` the repository
 * has, to be served from `models/<id>/<file>` (transformers.js' `localModelPath` layout).
 */
export async function transformersPlan(id: string, host: string, dtypes: readonly DtypeName[]): Promise<ModelPlan> {
  configureTransformers({ localModelPath: null, offlineOnly: false, remoteHost: withSlash(host), cache: false });
  const available = await ModelRegistry.get_available_dtypes(id);
  const offered = dtypes.filter((dtype) => available.includes(dtype));
  const names = new Set<string>();
  for (const dtype of offered) for (const file of await ModelRegistry.get_files(id, { dtype })) names.add(file);
  const files = [...names]
    .sort()
    .map((file) => ({ url: `${withSlash(host)}${id}/resolve/main/${file}`, path: `${id}/${file}` }));
  return { files, unavailable: dtypes.filter((dtype) => !available.includes(dtype)) };
}

interface ChatConfig {
  tokenizer_files?: string[];
}

interface TensorCache {
  records?: { dataPath: string; nbytes: number }[];
}

/**
 * Files of a WebLLM build, kept in the hub layout under the output folder
 * (`mlc-ai/<name>/resolve/main/…`, `webllm-libs/<lib>`), as `modelRecord(…, 'self-hosted')` expects.
 */
export async function webllmPlan(
  variant: LlmVariant,
  host: string,
  libHost: string,
  fetchJson: FetchJson,
): Promise<ModelPlan> {
  const paths = selfHostedPaths(variant);
  const base = `${withSlash(host)}${paths.weights}`;
  const file = (name: string, size?: number): PlannedFile => ({
    url: base + name,
    path: paths.weights + name,
    ...(size === undefined ? {} : { size }),
  });
  const config = (await fetchJson(`${base}mlc-chat-config.json`)) as ChatConfig;
  const tensors = (await fetchJson(`${base}tensor-cache.json`)) as TensorCache;
  const tokenizerFiles = config.tokenizer_files?.length ? config.tokenizer_files : ['tokenizer.json'];
  return {
    files: [
      file('mlc-chat-config.json'),
      ...tokenizerFiles.map((name) => file(name)),
      file('tensor-cache.json'),
      ...(tensors.records ?? []).map((record) => file(record.dataPath, record.nbytes)),
      { url: `${withSlash(libHost)}${variant.modelLib}`, path: `${SELF_HOSTED_LIB_FOLDER}${variant.modelLib}` },
    ],
    unavailable: [],
  };
}
