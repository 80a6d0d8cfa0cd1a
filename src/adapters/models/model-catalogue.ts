/**
 * The models Footnote offers: sentence-embedding models for retrieval, a cross-encoder for
 * optional reranking, and small instruction models for WebLLM. Plain data, importable from the
 * page without loading either library.
 *
 * Sizes are approximate. Embedding and reranker sizes are parameters × bytes per weight
 * (docs/library-notes.md §2.4). LLM downloads are parameters × 4.5 bits (q4f16_1) or 5 bits
 * (q4f32_1) plus the model library and tokenizer; `npm run models:fetch` prints the exact bytes
 * from `tensor-cache.json`.
 * The WebLLM numbers (`vramRequiredMB`, context, library file) are copied from
 * `prebuiltAppConfig` of @mlc-ai/web-llm 0.2.86; a test checks them against the installed package.
 */

/** Data types of the embedding and reranker ONNX files offered. */
export type EncoderDtype = 'fp32' | 'fp16' | 'q8';

/** A sentence-embedding model and how to use it. */
export interface EmbeddingModel {
  /** Hub id; also the folder under the app's `models/` path. */
  id: string;
  label: string;
  dimensions: number;
  /** Pooling of the token states: must match how the model was trained. */
  pooling: 'mean' | 'cls';
  /** Prepended to queries only (bge, arctic); empty when the model needs none. */
  queryPrefix: string;
  /** Prepended to passages (e5-style models); empty when the model needs none. */
  passagePrefix: string;
  /** Longest input the model was trained on, in word pieces; longer text is truncated. */
  maxTokens: number;
  /** MTEB retrieval average (nDCG@10) from the model card. */
  retrievalScore: number;
  /** Approximate download per data type, in MB. */
  downloadMB: Record<EncoderDtype, number>;
  licence: string;
}

/** The query instruction of bge-*-en-v1.5 and snowflake-arctic-embed. */
export const BGE_QUERY_PREFIX = 'Represent this sentence for searching relevant passages: ';

/** Embedding models offered, best retrieval quality per MB first. */
export const EMBEDDING_MODELS: readonly EmbeddingModel[] = [
  {
    id: 'Xenova/bge-small-en-v1.5',
    label: 'BGE small (English)',
    dimensions: 384,
    pooling: 'cls',
    queryPrefix: BGE_QUERY_PREFIX,
    passagePrefix: '',
    maxTokens: 512,
    retrievalScore: 51.68,
    downloadMB: { fp32: 133, fp16: 67, q8: 34 },
    licence: 'MIT',
  },
  {
    id: 'Snowflake/snowflake-arctic-embed-xs',
    label: 'Arctic embed XS (English)',
    dimensions: 384,
    pooling: 'cls',
    queryPrefix: BGE_QUERY_PREFIX,
    passagePrefix: '',
    maxTokens: 512,
    retrievalScore: 50.15,
    downloadMB: { fp32: 90, fp16: 45, q8: 23 },
    licence: 'Apache-2.0',
  },
  {
    id: 'Xenova/all-MiniLM-L6-v2',
    label: 'MiniLM L6 (small, English)',
    dimensions: 384,
    pooling: 'mean',
    queryPrefix: '',
    passagePrefix: '',
    maxTokens: 256,
    retrievalScore: 41.56,
    downloadMB: { fp32: 90, fp16: 45, q8: 23 },
    licence: 'Apache-2.0',
  },
];

/** The default embedding model: about +9 retrieval points over MiniLM at the same 384 dimensions. */
export const DEFAULT_EMBEDDING_MODEL_ID = 'Xenova/bge-small-en-v1.5';

/** A cross-encoder reranker. */
export interface RerankerModel {
  id: string;
  label: string;
  maxTokens: number;
  downloadMB: Record<EncoderDtype, number>;
  licence: string;
}

/** The reranker offered: ms-marco MiniLM L-6, one logit per query/passage pair. */
export const RERANKER_MODEL: RerankerModel = {
  id: 'Xenova/ms-marco-MiniLM-L-6-v2',
  label: 'MS MARCO MiniLM L6 cross-encoder',
  maxTokens: 512,
  downloadMB: { fp32: 91, fp16: 46, q8: 23 },
  licence: 'Apache-2.0',
};

/**
 * The NLI cross-encoder offered for checking claims: DeBERTa-v3 xsmall trained on SNLI and
 * MultiNLI (labels contradiction, entailment, neutral, read from its config.json). Sizes are
 * about 71M parameters × bytes per weight (most of them the 128k-token embedding table).
 */
export const NLI_MODEL: RerankerModel = {
  id: 'Xenova/nli-deberta-v3-xsmall',
  label: 'NLI DeBERTa-v3 xsmall cross-encoder',
  maxTokens: 512,
  downloadMB: { fp32: 284, fp16: 142, q8: 87 },
  licence: 'Apache-2.0',
};

/** One compiled WebLLM build of a model. */
export interface LlmVariant {
  /** WebLLM `model_id`. */
  modelId: string;
  quantization: 'q4f16_1' | 'q4f32_1';
  /** Weights repository on the hub (`mlc-ai/<name>`); self-hosted under `models/<repo>/resolve/main/`. */
  weightsRepo: string;
  /** File name of the model library under WebLLM's `modelLibURLPrefix` + `modelVersion`. */
  modelLib: string;
  vramRequiredMB: number;
  /** Approximate download (weights, library, tokenizer), MB. */
  downloadMB: number;
  /**
   * True for f16 builds. WebLLM's own `required_features` lists `shader-f16` for only some of them
   * (docs/library-notes.md §3.2), but every q4f16 build needs it.
   */
  needsShaderF16: boolean;
}

/** A small instruction model with its f16 and f32 builds. */
export interface LlmModel {
  /** Stable key of the family, used by settings. */
  key: string;
  label: string;
  parameters: string;
  contextWindowSize: number;
  licence: string;
  /** The build for adapters with `shader-f16`. */
  f16?: LlmVariant;
  /** The build for adapters without it; absent when none exists (then the model needs `shader-f16`). */
  f32?: LlmVariant;
  /** Request fields the model needs (Qwen3: no thinking tokens before the answer). */
  extraBody?: { enable_thinking?: boolean };
}

function variant(
  name: string,
  quantization: LlmVariant['quantization'],
  lib: string,
  vramRequiredMB: number,
  downloadMB: number,
): LlmVariant {
  const modelId = `${name}-${quantization}-MLC`;
  return {
    modelId,
    quantization,
    weightsRepo: `mlc-ai/${modelId}`,
    modelLib: `${lib}-${quantization}_cs1k-webgpu.wasm`,
    vramRequiredMB,
    downloadMB,
    needsShaderF16: quantization === 'q4f16_1',
  };
}

/** Instruction models offered, smallest first (0.3–2 GB of GPU memory). */
export const LLM_MODELS: readonly LlmModel[] = [
  {
    key: 'smollm2-360m',
    label: 'SmolLM2 360M Instruct',
    parameters: '362M',
    contextWindowSize: 4096,
    licence: 'Apache-2.0',
    f16: variant('SmolLM2-360M-Instruct', 'q4f16_1', 'SmolLM2-360M-Instruct', 376.06, 215),
    f32: variant('SmolLM2-360M-Instruct', 'q4f32_1', 'SmolLM2-360M-Instruct', 579.61, 236),
  },
  {
    key: 'qwen2.5-0.5b',
    label: 'Qwen2.5 0.5B Instruct',
    parameters: '494M',
    contextWindowSize: 4096,
    licence: 'Apache-2.0',
    f16: variant('Qwen2.5-0.5B-Instruct', 'q4f16_1', 'Qwen2-0.5B-Instruct', 944.62, 290),
    f32: variant('Qwen2.5-0.5B-Instruct', 'q4f32_1', 'Qwen2-0.5B-Instruct', 1060.2, 320),
  },
  {
    key: 'qwen3-0.6b',
    label: 'Qwen3 0.6B',
    parameters: '596M',
    contextWindowSize: 4096,
    licence: 'Apache-2.0',
    f16: variant('Qwen3-0.6B', 'q4f16_1', 'Qwen3-0.6B', 1403.34, 345),
    f32: variant('Qwen3-0.6B', 'q4f32_1', 'Qwen3-0.6B', 1924.98, 385),
    extraBody: { enable_thinking: false },
  },
  {
    key: 'gemma3-1b',
    label: 'Gemma 3 1B IT',
    parameters: '1.0B',
    contextWindowSize: 4096,
    licence: 'Gemma Terms of Use',
    f16: variant('gemma3-1b-it', 'q4f16_1', 'gemma3-1b-it', 711.07, 575),
  },
  {
    key: 'llama3.2-1b',
    label: 'Llama 3.2 1B Instruct',
    parameters: '1.24B',
    contextWindowSize: 4096,
    licence: 'Llama 3.2 Community License',
    f16: variant('Llama-3.2-1B-Instruct', 'q4f16_1', 'Llama-3.2-1B-Instruct', 879.04, 705),
    f32: variant('Llama-3.2-1B-Instruct', 'q4f32_1', 'Llama-3.2-1B-Instruct', 1128.82, 785),
  },
  {
    key: 'qwen2.5-1.5b',
    label: 'Qwen2.5 1.5B Instruct',
    parameters: '1.54B',
    contextWindowSize: 4096,
    licence: 'Apache-2.0',
    f16: variant('Qwen2.5-1.5B-Instruct', 'q4f16_1', 'Qwen2-1.5B-Instruct', 1629.75, 880),
    f32: variant('Qwen2.5-1.5B-Instruct', 'q4f32_1', 'Qwen2-1.5B-Instruct', 1888.97, 975),
  },
];

/** The default instruction model: the best citation-following per GB among the small ones. */
export const DEFAULT_LLM_KEY = 'llama3.2-1b';

/** The embedding model with this hub id, or undefined. */
export function findEmbeddingModel(id: string): EmbeddingModel | undefined {
  return EMBEDDING_MODELS.find((model) => model.id === id);
}

/** The instruction model with this key, or the one one of whose builds has this WebLLM `model_id`. */
export function findLlmModel(keyOrModelId: string): LlmModel | undefined {
  return LLM_MODELS.find(
    (model) => model.key === keyOrModelId || model.f16?.modelId === keyOrModelId || model.f32?.modelId === keyOrModelId,
  );
}

/** Every WebLLM build in the catalogue. */
export function llmVariants(): LlmVariant[] {
  return LLM_MODELS.flatMap((model) => [model.f16, model.f32].filter((item): item is LlmVariant => !!item));
}

/**
 * A GGUF instruction model that wllama runs on the CPU (llama.cpp in WebAssembly): no GPU
 * needed, slower than WebLLM. Downloads are the hub's file sizes; memory is the weights plus a
 * 4096-token context (llama.cpp's KV cache at f16) and its compute buffers, approximately.
 */
export interface CpuLlmModel {
  /** Stable key, prefixed `cpu:` in requests. */
  key: string;
  label: string;
  parameters: string;
  quantization: string;
  /** Hub repository; self-hosted as `models/<repo>/resolve/main/<file>`. */
  repo: string;
  file: string;
  downloadMB: number;
  memoryMB: number;
  contextWindowSize: number;
  licence: string;
}

/** CPU models offered, smallest (fastest) first. */
export const CPU_LLM_MODELS: readonly CpuLlmModel[] = [
  {
    key: 'smollm2-135m',
    label: 'SmolLM2 135M Instruct',
    parameters: '135M',
    quantization: 'Q8_0',
    repo: 'bartowski/SmolLM2-135M-Instruct-GGUF',
    file: 'SmolLM2-135M-Instruct-Q8_0.gguf',
    downloadMB: 145,
    memoryMB: 260,
    contextWindowSize: 4096,
    licence: 'Apache-2.0',
  },
  {
    key: 'smollm2-360m',
    label: 'SmolLM2 360M Instruct',
    parameters: '362M',
    quantization: 'Q8_0',
    repo: 'ngxson/SmolLM2-360M-Instruct-Q8_0-GGUF',
    file: 'smollm2-360m-instruct-q8_0.gguf',
    downloadMB: 369,
    memoryMB: 560,
    contextWindowSize: 4096,
    licence: 'Apache-2.0',
  },
  {
    key: 'qwen2.5-0.5b',
    label: 'Qwen2.5 0.5B Instruct',
    parameters: '494M',
    quantization: 'Q4_K_M',
    repo: 'second-state/Qwen2.5-0.5B-Instruct-GGUF',
    file: 'Qwen2.5-0.5B-Instruct-Q4_K_M.gguf',
    downloadMB: 398,
    memoryMB: 500,
    contextWindowSize: 4096,
    licence: 'Apache-2.0',
  },
  {
    key: 'llama3.2-1b',
    label: 'Llama 3.2 1B Instruct',
    parameters: '1.24B',
    quantization: 'Q4_K_M',
    repo: 'hugging-quants/Llama-3.2-1B-Instruct-Q4_K_M-GGUF',
    file: 'llama-3.2-1b-instruct-q4_k_m.gguf',
    downloadMB: 808,
    memoryMB: 1000,
    contextWindowSize: 4096,
    licence: 'Llama 3.2 Community License',
  },
];

/** The CPU model with this key, or undefined. */
export function findCpuLlmModel(key: string): CpuLlmModel | undefined {
  return CPU_LLM_MODELS.find((model) => model.key === key);
}

/** Where a CPU model's file is: in the app's `models/` folder, or on the hub. */
export function cpuModelUrl(
  model: CpuLlmModel,
  base: { kind: 'self-hosted'; modelsUrl: string } | { kind: 'hub' },
): string {
  const path = `${model.repo}/resolve/main/${model.file}`;
  return base.kind === 'hub' ? `https://huggingface.co/${path}` : new URL(path, base.modelsUrl).href;
}
