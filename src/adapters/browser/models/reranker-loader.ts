/**
 * Loading the optional cross-encoder reranker inside the engine worker: the catalogue's MS MARCO
 * MiniLM, or a one-logit model in the app's `models/` folder (classifier-loader.ts).
 */
import { CrossEncoderReranker } from '../../models/cross-encoder-reranker.js';
import { RERANKER_MODEL } from '../../models/model-catalogue.js';
import { loadClassifierModel, type ClassifierLoadOptions } from './classifier-loader.js';
import type { ModelsState, RerankerChoice } from './model-settings.js';

/** Options of `loadReranker`. */
export type RerankerLoadOptions = ClassifierLoadOptions;

/** A loaded reranker and its description. */
export interface LoadedReranker {
  reranker: CrossEncoderReranker;
  info: NonNullable<ModelsState['reranker']>;
}

/** Loads the chosen reranker, or undefined for none; throws a `ModelError` when it cannot load. */
export async function loadReranker(
  choice: RerankerChoice,
  options: RerankerLoadOptions,
): Promise<LoadedReranker | undefined> {
  if (choice.kind === 'off') return undefined;
  const local = choice.kind === 'local';
  const id = local ? choice.id : RERANKER_MODEL.id;
  const label = local ? `${id} (this app's models/ folder)` : RERANKER_MODEL.label;
  const { model, runtime } = await loadClassifierModel(
    { id, local, downloadMB: RERANKER_MODEL.downloadMB },
    options,
    (chosen) =>
      new CrossEncoderReranker({
        model: id,
        runtime: chosen,
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      }),
  );
  return { reranker: model, info: { id: model.id, label, runtime: runtime.label } };
}
