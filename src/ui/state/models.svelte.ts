/**
 * The models as the page sees them: what the engine worker reports, the progress of a download,
 * a re-embedding or an answer-model load, the cached answer models and errors. Talks to the
 * engine worker only through an `EngineConnection`.
 */
import { EngineRequestError, type EngineConnection } from '../../adapters/browser/engine-client.js';
import type {
  AnswerModelProgress,
  ModelProgress,
  ModelSettings,
  ModelsState,
  ReembedProgress,
} from '../../adapters/browser/models/model-settings.js';
import type { LibraryState, ModelCache } from '../../adapters/browser/protocol.js';
import type { MeasuredSpeed } from '../../adapters/models/wllama-runtime.js';
import { formatBytes } from '../lib/format.js';

/** Where the CPU models' measured speeds are kept (this browser only). */
const SPEEDS_KEY = 'footnote.cpu-model-speeds';

function savedSpeeds(): Record<string, MeasuredSpeed> {
  try {
    const saved = JSON.parse(globalThis.localStorage?.getItem(SPEEDS_KEY) ?? '{}') as unknown;
    return saved && typeof saved === 'object' ? (saved as Record<string, MeasuredSpeed>) : {};
  } catch {
    return {};
  }
}

/** What is being done to the models now. */
export type ModelTask = 'settings' | 'answer-model';

/** See the module comment. */
export class Models {
  state = $state.raw<ModelsState | undefined>(undefined);
  task = $state<ModelTask | undefined>(undefined);
  download = $state.raw<ModelProgress | undefined>(undefined);
  reembed = $state.raw<ReembedProgress | undefined>(undefined);
  answerProgress = $state.raw<AnswerModelProgress | undefined>(undefined);
  error = $state<string | undefined>(undefined);
  /** What the model library itself said about `error`, shown folded beneath it. */
  errorDetail = $state<string | undefined>(undefined);
  /** What `error` is about, so that it is said once, where it belongs. */
  errorTask = $state<ModelTask | 'cache' | undefined>(undefined);
  cache = $state.raw<ModelCache | undefined>(undefined);
  /** CPU models' speeds as measured by their last answer on this machine, by key. */
  speeds = $state.raw<Record<string, MeasuredSpeed>>(savedSpeeds());
  /** What the last removal freed, in words. */
  removed = $state<string | undefined>(undefined);
  private controller: AbortController | undefined;

  constructor(
    private readonly connection: EngineConnection,
    /** Hears the library state a model change answered with (re-embedding changes it). */
    private readonly onLibrary: (state: LibraryState) => void,
  ) {}

  /** Takes the models an engine answer reported. */
  adopt(state: ModelsState | undefined): void {
    if (!state) return;
    this.state = state;
    const answer = state.answer;
    if (answer.kind === 'cpu' && answer.speed) {
      this.speeds = { ...this.speeds, [answer.key]: answer.speed };
      try {
        globalThis.localStorage?.setItem(SPEEDS_KEY, JSON.stringify(this.speeds));
      } catch {
        // Storage refused (private mode, full): the speed is shown until the page closes.
      }
    }
  }

  /** Applies model settings (a new embedder re-embeds the library); true when applied. */
  async apply(models: ModelSettings): Promise<boolean> {
    return this.run('settings', async (signal) => {
      const library = await this.connection.request(
        { type: 'set-models', models },
        {
          signal,
          onEvent: (event) => {
            if (event.type === 'model-progress') this.download = event.progress;
            if (event.type === 'reembed-progress') this.reembed = event.progress;
          },
        },
      );
      this.onLibrary(library);
      this.adopt(library.models);
    });
  }

  /** Downloads (or reads from the cache) and loads an answer model; true when loaded. */
  async loadAnswerModel(key: string, file?: File): Promise<boolean> {
    return this.run('answer-model', async (signal) => {
      const library = await this.connection.request(
        { type: 'load-answer-model', key, ...(file ? { file } : {}) },
        {
          signal,
          onEvent: (event) => {
            if (event.type === 'answer-model-progress') this.answerProgress = event.progress;
          },
        },
      );
      this.adopt(library.models);
    });
  }

  /** Back to extractive answers. */
  async unloadAnswerModel(): Promise<void> {
    await this.run('answer-model', async () => {
      this.adopt((await this.connection.request({ type: 'unload-answer-model' })).models);
    });
  }

  /** Stops the download or re-embedding under way; nothing changes. */
  cancel(): void {
    this.controller?.abort();
  }

  /** Reads which answer models are cached. */
  async refreshCache(): Promise<void> {
    try {
      this.cache = await this.connection.request({ type: 'model-cache' });
    } catch (error) {
      this.errorTask = 'cache';
      this.error = error instanceof Error ? error.message : String(error);
    }
  }

  /** Removes a cached answer model and says how much space that freed. */
  async removeCached(modelId: string, label: string): Promise<void> {
    try {
      const { freedBytes, ...cache } = await this.connection.request({ type: 'remove-cached-model', modelId });
      this.cache = cache;
      this.removed = freedBytes === null ? `Removed ${label}.` : `Removed ${label}: ${formatBytes(freedBytes)} freed.`;
    } catch (error) {
      this.errorTask = 'cache';
      this.error = error instanceof Error ? error.message : String(error);
    }
  }

  private async run(task: ModelTask, work: (signal: AbortSignal) => Promise<void>): Promise<boolean> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.task = task;
    this.error = undefined;
    this.errorDetail = undefined;
    this.errorTask = undefined;
    this.download = undefined;
    this.reembed = undefined;
    this.answerProgress = undefined;
    try {
      await work(controller.signal);
      return true;
    } catch (error) {
      this.errorTask = task;
      this.error = controller.signal.aborted
        ? 'Stopped: nothing was changed.'
        : error instanceof Error
          ? error.message
          : String(error);
      this.errorDetail = !controller.signal.aborted && error instanceof EngineRequestError ? error.detail : undefined;
      return false;
    } finally {
      if (this.controller === controller) {
        this.controller = undefined;
        this.task = undefined;
      }
    }
  }
}
