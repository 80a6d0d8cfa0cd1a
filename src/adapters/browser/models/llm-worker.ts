/**
 * The answer model's worker: WebLLM's engine handler, driven by a `WebWorkerMLCEngine` in the
 * engine worker. Started (and WebLLM's ~6 MB loaded) only when an answer model is chosen.
 */
import { WebWorkerMLCEngineHandler } from '../../models/webllm-library.js';
import { reportWorkerRequests } from '../network-report.js';

reportWorkerRequests('answer model worker');
const handler = new WebWorkerMLCEngineHandler();
self.onmessage = (message: MessageEvent) => handler.onmessage(message);
