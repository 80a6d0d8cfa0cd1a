/**
 * Types of the part of transformers.js 4.3.2 that this folder uses, written by hand from the
 * package's typings (`types/pipelines.d.ts`, `types/env.d.ts`, `types/utils/core.d.ts`). The
 * package's own declarations fail this project's type check (lib ES2022, skipLibCheck off), so
 * `transformers-library.js` re-exports the runtime and this file states the shapes relied on.
 */

/** A tensor as returned by pipelines and models. */
export interface TensorLike {
  readonly dims: number[];
  /** Float32Array for fp32 outputs (fp16 outputs may be another numeric array). */
  readonly data: ArrayLike<number>;
  sigmoid(): TensorLike;
}

/** One `progress_callback` event (docs/library-notes.md §2.3). */
export interface ProgressInfo {
  status: 'initiate' | 'download' | 'progress' | 'progress_total' | 'done' | 'ready';
  name?: string;
  file?: string;
  /** 0–100. */
  progress?: number;
  loaded?: number;
  total?: number;
}

/** Device names transformers.js accepts (the ones this app uses). */
export type DeviceName = 'webgpu' | 'wasm' | 'cpu' | 'auto';
/** Data types transformers.js accepts (the ones this app uses). */
export type DtypeName = 'fp32' | 'fp16' | 'q8' | 'int8' | 'uint8' | 'q4' | 'q4f16' | 'auto';

/** Options of `pipeline()` and `from_pretrained()`. */
export interface PretrainedOptions {
  device?: DeviceName;
  dtype?: DtypeName;
  progress_callback?: (info: ProgressInfo) => void;
  local_files_only?: boolean;
  revision?: string;
}

/** The feature-extraction pipeline: texts in, `[batch, dim]` tensor out after pooling. */
export interface FeatureExtractionPipeline {
  (texts: string | string[], options?: { pooling?: 'none' | 'mean' | 'cls'; normalize?: boolean }): Promise<TensorLike>;
  dispose(): Promise<void>;
}

/** Tokenizer output, ready to pass to a model. */
export type ModelInputs = Record<string, unknown>;

/** A tokenizer loaded by `AutoTokenizer`. */
export interface Tokenizer {
  (
    text: string | string[],
    options?: { text_pair?: string | string[]; padding?: boolean; truncation?: boolean; max_length?: number },
  ): ModelInputs;
}

/** A sequence classification model: `{ logits: [batch, labels] }`. */
export interface SequenceClassifier {
  (inputs: ModelInputs): Promise<{ logits: TensorLike }>;
  /** The model's `config.json`, as loaded (labels by index, for a classifier that names them). */
  readonly config?: { id2label?: Record<string, string> };
  dispose(): Promise<void>;
}

/** The global settings object (docs/library-notes.md §2.1). */
export interface TransformersEnvironment {
  allowRemoteModels: boolean;
  allowLocalModels: boolean;
  localModelPath: string;
  remoteHost: string;
  remotePathTemplate: string;
  useBrowserCache: boolean;
  useFSCache: boolean;
  useWasmCache: boolean;
  cacheDir: string | null;
  /** The fetch every download goes through (the global one by default; undefined where there is none). */
  fetch: typeof fetch;
  backends: {
    onnx: {
      wasm?: { wasmPaths?: string | { wasm?: string; mjs?: string }; numThreads?: number; proxy?: boolean };
    };
  };
}

export declare const env: TransformersEnvironment;

export declare function pipeline(
  task: 'feature-extraction',
  model: string,
  options?: PretrainedOptions,
): Promise<FeatureExtractionPipeline>;

export declare const AutoTokenizer: {
  from_pretrained(model: string, options?: PretrainedOptions): Promise<Tokenizer>;
};

export declare const AutoModelForSequenceClassification: {
  from_pretrained(model: string, options?: PretrainedOptions): Promise<SequenceClassifier>;
};

export declare const ModelRegistry: {
  get_pipeline_files(
    task: string,
    model: string,
    options?: { dtype?: DtypeName; device?: DeviceName },
  ): Promise<string[]>;
  get_files(model: string, options?: { dtype?: DtypeName; device?: DeviceName }): Promise<string[]>;
  /** Data types whose ONNX files exist on the hub (or mirror) or locally. */
  get_available_dtypes(model: string): Promise<DtypeName[]>;
};
