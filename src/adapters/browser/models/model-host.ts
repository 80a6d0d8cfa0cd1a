/**
 * The engine worker's models: which embedder, reranker and answer model the library uses, their
 * loading (with progress) and what the page is told about them. The library service gets each
 * model once it is loaded: a new embedder re-embeds the library, a failed load changes nothing.
 * After a GPU failure mid-answer the answer model is dropped for extractive answers, once, with
 * the reason kept for the page (no retry loop).
 */
import type { Embedder } from '../../../core/ports.js';
import { checkGpu, type GpuCapabilities, type NavigatorLike } from '../../models/gpu-preflight.js';
import { toModelError } from '../../models/model-errors.js';
import type { StorageLike } from '../../models/model-storage.js';
import type { LibraryService } from '../library-service.js';
import type { LoadedAnswerModel } from './answer-model.js';
import {
  BUILTIN_EMBEDDER_LABEL,
  DEFAULT_MODEL_SETTINGS,
  sameEmbedding,
  type AnswerModelProgress,
  type EmbedderInfo,
  type ModelProgress,
  type ModelSettings,
  type ModelsState,
  type ReembedProgress,
} from './model-settings.js';

/** The worker's navigator, as the model code reads it. */
export type WorkerNavigator = (NavigatorLike & { storage?: StorageLike }) | undefined;

/** Listeners of a model change. */
export interface ModelChangeOptions {
  signal?: AbortSignal;
  onModelProgress?: (progress: ModelProgress) => void;
  onReembedProgress?: (progress: ReembedProgress) => void;
  onAnswerModelProgress?: (progress: AnswerModelProgress) => void;
  /** The GGUF file a person chose (a `cpu-file:` answer model). */
  file?: File;
}

/** See the module comment. */
export class ModelHost {
  private settings: ModelSettings = DEFAULT_MODEL_SETTINGS;
  private embedder: EmbedderInfo = {
    modelId: 'feature-hashing-v1-384',
    label: BUILTIN_EMBEDDER_LABEL,
    runtime: 'built in (no model)',
  };
  private reranker: ModelsState['reranker'];
  private judge: ModelsState['judge'];
  private answer: LoadedAnswerModel | undefined;
  private answerFailure: string | undefined;
  private notice: string | undefined;
  private gpu: GpuCapabilities | undefined;

  constructor(private readonly navigator: WorkerNavigator) {}

  /** What the page shows about the models. */
  state(): ModelsState {
    return {
      settings: this.settings,
      embedder: { ...this.embedder },
      answer: this.answer ? answerInfo(this.answer) : { kind: 'extractive' },
      ...(this.reranker ? { reranker: { ...this.reranker } } : {}),
      ...(this.judge ? { judge: { ...this.judge } } : {}),
      ...(this.answerFailure ? { answerFailure: this.answerFailure } : {}),
      ...(this.notice ? { notice: this.notice } : {}),
      ...(this.gpu ? { gpu: this.gpu } : {}),
    };
  }

  /** Keeps a sentence for the page about the models. */
  note(message: string): void {
    this.notice = message;
  }

  /** Checks the GPU as this worker sees it (downloads nothing). */
  async checkGpu(): Promise<GpuCapabilities> {
    this.gpu = await checkGpu(this.navigator);
    return this.gpu;
  }

  /**
   * The embedder to open the library with: the saved choice, or the built-in one (with a notice)
   * when the saved model cannot be loaded now.
   */
  async openingEmbedder(settings: ModelSettings, options: ModelChangeOptions = {}): Promise<Embedder | undefined> {
    this.settings = { ...settings, reranker: { kind: 'off' }, judge: { kind: 'off' } };
    if (settings.embedding.kind === 'builtin') return undefined;
    try {
      return await this.loadEmbedder(settings, options);
    } catch (error) {
      this.settings = { ...this.settings, embedding: { kind: 'builtin' } };
      this.notice = `The embedding model could not be loaded, so the built-in embedder is used: ${toModelError(error).message}`;
      return undefined;
    }
  }

  /** Applies model settings: re-embeds the library for another embedder, loads the reranker and the NLI model. */
  async apply(service: LibraryService, requested: ModelSettings, options: ModelChangeOptions = {}): Promise<void> {
    // Settings saved before the claim checker could be chosen have no `judge`.
    const settings: ModelSettings = { ...requested, judge: requested.judge ?? { kind: 'off' } };
    this.notice = undefined;
    const previous = this.settings;
    if (!sameEmbedding(previous.embedding, settings.embedding)) {
      const embedder = await this.loadEmbedder(settings, options, false);
      await service.setEmbedder(embedder, {
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.onReembedProgress ? { onProgress: options.onReembedProgress } : {}),
      });
      this.commitEmbedder(embedder);
    }
    this.settings = { ...settings, reranker: previous.reranker, judge: previous.judge };
    const loadOptions = {
      offlineOnly: settings.offlineOnly,
      navigator: this.navigator,
      storage: this.navigator?.storage,
      ...(options.onModelProgress ? { onProgress: options.onModelProgress } : {}),
    };
    if (JSON.stringify(previous.reranker) !== JSON.stringify(settings.reranker) || !this.rerankerMatches(settings)) {
      const { loadReranker } = await import('./reranker-loader.js');
      const loaded = await loadReranker(settings.reranker, loadOptions);
      service.setReranker(loaded?.reranker);
      this.reranker = loaded?.info;
    }
    this.settings = { ...this.settings, reranker: settings.reranker };
    if (JSON.stringify(previous.judge) !== JSON.stringify(settings.judge) || !this.judgeMatches(settings)) {
      const { loadNli } = await import('./nli-loader.js');
      const loaded = await loadNli(settings.judge, loadOptions);
      service.setEntailmentModel(loaded?.model);
      this.judge = loaded?.info;
    }
    this.settings = settings;
  }

  /** Loads the answer model `key`; until it is ready the previous answer model stays. */
  async loadAnswerModel(service: LibraryService, key: string, options: ModelChangeOptions = {}): Promise<void> {
    const { loadAnswerModel } = await import('./answer-model.js');
    const loaded = await loadAnswerModel({
      key,
      offlineOnly: this.settings.offlineOnly,
      navigator: this.navigator,
      ...(options.file ? { file: options.file } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onAnswerModelProgress ? { onProgress: options.onAnswerModelProgress } : {}),
    });
    await this.answer?.dispose();
    this.answer = loaded;
    this.answerFailure = undefined;
    service.setGenerator(loaded.generator);
  }

  /** Back to extractive answers; the model is unloaded (its files stay cached). */
  async unloadAnswerModel(service: LibraryService): Promise<void> {
    const answer = this.answer;
    this.answer = undefined;
    service.setGenerator(undefined);
    await answer?.dispose();
  }

  /**
   * After a question: when the model failed for good (GPU lost, out of memory), it is dropped and
   * answers are extractive again; the page suggests a smaller model. No automatic reload.
   */
  async afterAnswer(service: LibraryService): Promise<void> {
    const failure = this.answer?.generator.lastFailure;
    if (!failure) return;
    this.answerFailure = `${this.answer?.info.label}: ${failure.advice}`;
    await this.unloadAnswerModel(service);
  }

  private rerankerMatches(settings: ModelSettings): boolean {
    return settings.reranker.kind === 'off' ? !this.reranker : this.reranker !== undefined;
  }

  private judgeMatches(settings: ModelSettings): boolean {
    return settings.judge.kind === 'off' ? !this.judge : this.judge !== undefined;
  }

  private pending: { embedder: Embedder; info: EmbedderInfo; gpu?: GpuCapabilities } | undefined;

  /** Loads an embedder; its description is kept once committed (at once when opening). */
  private async loadEmbedder(settings: ModelSettings, options: ModelChangeOptions, commit = true): Promise<Embedder> {
    const { loadEmbedder } = await import('./embedder-loader.js');
    const loaded = await loadEmbedder(settings.embedding, {
      offlineOnly: settings.offlineOnly,
      navigator: this.navigator,
      storage: this.navigator?.storage,
      ...(options.onModelProgress ? { onProgress: options.onModelProgress } : {}),
    });
    this.pending = loaded;
    if (commit) this.commitEmbedder(loaded.embedder);
    return loaded.embedder;
  }

  private commitEmbedder(embedder: Embedder): void {
    if (this.pending?.embedder !== embedder) return;
    this.embedder = this.pending.info;
    if (this.pending.gpu) this.gpu = this.pending.gpu;
    this.pending = undefined;
  }
}

/** What the page is told about the loaded answer model: a CPU model with its speed as its last answer measured it. */
function answerInfo(answer: LoadedAnswerModel): ModelsState['answer'] {
  const speed = answer.speed?.();
  return answer.info.kind === 'cpu' && speed ? { ...answer.info, speed } : { ...answer.info };
}
