/**
 * Loading the optional NLI model that checks claims, inside the engine worker: the catalogue's
 * DeBERTa-v3 xsmall NLI cross-encoder, or an NLI model in the app's `models/` folder
 * (classifier-loader.ts). A classifier without an "entailment" label is refused.
 */
import { NLI_MODEL } from '../../models/model-catalogue.js';
import { NliModel } from '../../models/nli-model.js';
import { loadClassifierModel, type ClassifierLoadOptions } from './classifier-loader.js';
import type { JudgeChoice, ModelsState } from './model-settings.js';

/** A loaded NLI model and its description. */
export interface LoadedNli {
  model: NliModel;
  info: NonNullable<ModelsState['judge']>;
}

/** Loads the chosen NLI model, or undefined for none; throws a `ModelError` when it cannot load. */
export async function loadNli(choice: JudgeChoice, options: ClassifierLoadOptions): Promise<LoadedNli | undefined> {
  if (choice.kind === 'off') return undefined;
  const local = choice.kind === 'local';
  const id = local ? choice.id : NLI_MODEL.id;
  const label = local ? `${id} (this app's models/ folder)` : NLI_MODEL.label;
  const { model, runtime } = await loadClassifierModel(
    { id, local, downloadMB: NLI_MODEL.downloadMB },
    options,
    (chosen) =>
      new NliModel({ model: id, runtime: chosen, ...(options.onProgress ? { onProgress: options.onProgress } : {}) }),
  );
  return { model, info: { id: model.id, label, runtime: runtime.label } };
}
