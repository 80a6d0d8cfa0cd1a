// The WebLLM functions this folder uses, re-exported so that TypeScript reads the hand-written
// types of webllm-library.d.ts instead of the package's own (which need DOM, Chrome-extension and
// unpublished @mlc-ai/web-runtime types). WebLLM is about 6 MB: import this file lazily
// (`await import(...)`) where a page does not need the model yet.
export {
  CreateMLCEngine,
  CreateWebWorkerMLCEngine,
  MLCEngine,
  WebWorkerMLCEngine,
  WebWorkerMLCEngineHandler,
  deleteChatConfigInCache,
  deleteModelAllInfoInCache,
  deleteModelInCache,
  deleteModelWasmInCache,
  hasModelInCache,
  modelLibURLPrefix,
  modelVersion,
  prebuiltAppConfig,
} from '@mlc-ai/web-llm';
