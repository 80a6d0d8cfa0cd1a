/**
 * How to use a sentence-transformers model folder, read from its own files: the pooling from
 * `1_Pooling/config.json` (`pooling_mode_mean_tokens` / `pooling_mode_cls_token`) and the query
 * and passage prompts from `config_sentence_transformers.json` (`prompts`, newer exports). A
 * model folder laid out by `npm run models:local` carries both, so the app and the evaluation
 * use it as it was trained without being told.
 */

/** What the two files say; undefined where a file is absent. */
export interface SentenceTransformersFiles {
  pooling?: Record<string, unknown>;
  settings?: Record<string, unknown>;
}

/** The settings read, each undefined when the files do not say. */
export interface SentenceTransformersSettings {
  pooling?: 'mean' | 'cls';
  queryPrefix?: string;
  passagePrefix?: string;
}

/** Reads pooling and prompts; a pooling this app does not implement (max, weighted) is an error. */
export function sentenceTransformersSettings(files: SentenceTransformersFiles): SentenceTransformersSettings {
  const settings: SentenceTransformersSettings = {};
  const pooling = files.pooling;
  if (pooling) {
    if (pooling.pooling_mode_cls_token === true) settings.pooling = 'cls';
    else if (pooling.pooling_mode_mean_tokens === true) settings.pooling = 'mean';
    else throw new Error('1_Pooling/config.json names a pooling other than mean or CLS, which is not supported');
  }
  const prompts = files.settings?.prompts as Record<string, unknown> | undefined;
  if (prompts && typeof prompts === 'object') {
    if (typeof prompts.query === 'string') settings.queryPrefix = prompts.query;
    const passage = prompts.passage ?? prompts.document;
    if (typeof passage === 'string') settings.passagePrefix = passage;
  }
  return settings;
}
