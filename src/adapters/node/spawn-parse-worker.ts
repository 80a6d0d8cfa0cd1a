/**
 * Starts a parse worker thread and wraps it as the core's `ParseWorkerPort`. Under tsx (the CLI,
 * the tests) the worker's modules are TypeScript, and Node 20 applies no module hooks inside
 * worker threads, so the boot code registers tsx's CommonJS hook in the thread itself before
 * requiring them. Built `.js` modules are imported directly.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { RagError } from '../../core/errors.js';
import type { ParserInput, ParseWorkerEvents, ParseWorkerPort } from '../../core/ports.js';
import type { NodeParserOptions } from './node-parsers.js';

const BOOT = `
const { workerData } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
if (workerData.tsxApi) require(workerData.tsxApi).register();
const load = (file) => (file.endsWith('.ts') ? Promise.resolve(require(file)) : import(pathToFileURL(file).href));
Promise.all([load(workerData.workerModule), load(workerData.parsersModule)]).then(([worker, parsers]) => {
  worker.serveParseRequests(parsers.createParsers(workerData.parserOptions));
});
`;

const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';

/** Path of this folder's module `name` (without extension), as this code runs (`.ts` or `.js`). */
export function siblingModule(name: string): string {
  return fileURLToPath(new URL(`./${name}${extension}`, import.meta.url));
}

/** What a parse worker is started with. */
export interface ParseWorkerSettings {
  /** Absolute path of a module exporting `createParsers(options): DocumentParser[]`. */
  parsersModule: string;
  parserOptions: NodeParserOptions;
  /** Old-generation heap cap of the thread, in MB. */
  maxMemoryMb: number;
}

/** Starts a worker thread serving parse requests, reporting to `events` for its whole life. */
export function spawnParseWorker(
  settings: ParseWorkerSettings,
  events: ParseWorkerEvents,
): ParseWorkerPort<ParserInput> {
  const worker = startThread(settings);
  worker.on('message', (data: unknown) => events.message(data));
  worker.on('error', (error: Error & { code?: string }) =>
    events.failure(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new RagError('PARSE_OUT_OF_MEMORY') : error),
  );
  worker.on('exit', (code: number) =>
    events.failure(new RagError('PARSE_FAILED', { detail: `the parser stopped unexpectedly (exit code ${code})` })),
  );
  return {
    post: (request) => {
      worker.ref();
      // A copy of just the file: a Buffer may be a view into a larger shared pool.
      worker.postMessage({ ...request, input: { ...request.input, bytes: request.input.bytes.slice() } });
    },
    idle: () => worker.unref(),
    terminate: () => worker.terminate().then(() => undefined),
  };
}

function startThread(settings: ParseWorkerSettings): Worker {
  const workerModule = siblingModule('parse-worker');
  const needsTsx = workerModule.endsWith('.ts') || settings.parsersModule.endsWith('.ts');
  return new Worker(BOOT, {
    eval: true,
    execArgv: [],
    workerData: {
      workerModule,
      parsersModule: settings.parsersModule,
      parserOptions: settings.parserOptions,
      tsxApi: needsTsx ? createRequire(import.meta.url).resolve('tsx/cjs/api') : undefined,
    },
    resourceLimits: { maxOldGenerationSizeMb: settings.maxMemoryMb },
    stdout: false,
    stderr: false,
  });
}
