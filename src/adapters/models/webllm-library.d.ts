/**
 * Types of the part of WebLLM 0.2.86 this folder re-exports (see `webllm-library.js`), written by
 * hand from `lib/index.d.ts`.
 */
import type { MLCEngineLike, WebLlmAppConfig, WebLlmInitProgress, WebLlmModelRecord } from './webllm-types.js';

/** `MLCEngineConfig`, the fields this app sets. */
export interface EngineConfig {
  appConfig?: WebLlmAppConfig;
  initProgressCallback?: (report: WebLlmInitProgress) => void;
}

export declare const prebuiltAppConfig: { model_list: WebLlmModelRecord[] };
/** `"v0_2_86/base"`: the model-library generation this version needs. */
export declare const modelVersion: string;
/** Where the prebuilt model libraries are published. */
export declare const modelLibURLPrefix: string;

export declare function hasModelInCache(modelId: string, appConfig?: WebLlmAppConfig): Promise<boolean>;
/** Deletes weights, then library, then config; stops at the first failure (see `evictModel`). */
export declare function deleteModelAllInfoInCache(modelId: string, appConfig?: WebLlmAppConfig): Promise<void>;
/** Deletes the weights and tokenizer; needs `tensor-cache.json` (from the cache or the network). */
export declare function deleteModelInCache(modelId: string, appConfig?: WebLlmAppConfig): Promise<void>;
export declare function deleteChatConfigInCache(modelId: string, appConfig?: WebLlmAppConfig): Promise<void>;
export declare function deleteModelWasmInCache(modelId: string, appConfig?: WebLlmAppConfig): Promise<void>;

/** Runs the model in `worker` (a module worker running `WebWorkerMLCEngineHandler`). */
export declare function CreateWebWorkerMLCEngine(
  worker: unknown,
  modelId: string,
  engineConfig?: EngineConfig,
): Promise<MLCEngineLike>;
/** An engine in the calling thread; `reload(modelId)` loads a model into it. */
export declare class MLCEngine implements MLCEngineLike {
  constructor(engineConfig?: EngineConfig);
  chat: MLCEngineLike['chat'];
  interruptGenerate(): void;
  reload(modelId: string): Promise<void>;
  unload(): Promise<void>;
  setAppConfig(appConfig: WebLlmAppConfig): void;
  setInitProgressCallback(callback: (report: WebLlmInitProgress) => void): void;
}
/** The client of an engine running in `worker` (which runs `WebWorkerMLCEngineHandler`); `reload(modelId)` loads. */
export declare class WebWorkerMLCEngine implements MLCEngineLike {
  constructor(worker: unknown, engineConfig?: EngineConfig);
  chat: MLCEngineLike['chat'];
  interruptGenerate(): void;
  reload(modelId: string): Promise<void>;
  unload(): Promise<void>;
  setAppConfig(appConfig: WebLlmAppConfig): void;
  setInitProgressCallback(callback: (report: WebLlmInitProgress) => void): void;
}
/** Runs the model in the calling thread (use inside a worker). */
export declare function CreateMLCEngine(modelId: string, engineConfig?: EngineConfig): Promise<MLCEngineLike>;

/** The worker side of `CreateWebWorkerMLCEngine`: `self.onmessage = (m) => handler.onmessage(m)`. */
export declare class WebWorkerMLCEngineHandler {
  constructor();
  onmessage(event: unknown): void;
}
