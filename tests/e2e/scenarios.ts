/**
 * The end-to-end scenarios of the browser app, in order: the first two groups run in one page of
 * one browser context (the library builds up), the last in fresh contexts.
 */
import type { Scenario } from './harness.js';
import { ANSWER_MODEL_SCENARIOS } from './scenarios-answer-model.js';
import { ANSWER_SCENARIOS } from './scenarios-answers.js';
import { CPU_MODEL_SCENARIOS } from './scenarios-cpu-model.js';
import { FILE_SCENARIOS } from './scenarios-files.js';
import { FRESH_SCENARIOS } from './scenarios-fresh.js';
import { LIBRARY_SCENARIOS } from './scenarios-library.js';
import { MODEL_SCENARIOS } from './scenarios-models.js';
import { OFFLINE_SCENARIOS } from './scenarios-offline.js';
import { PACK_PROFILE_SCENARIOS } from './scenarios-pack-profiles.js';
import { PACK_SCENARIOS } from './scenarios-packs.js';
import { REAL_MODEL_SCENARIOS } from './scenarios-real-models.js';
import { SCALE_SCENARIOS } from './scenarios-scale.js';
import { SECURITY_SCENARIOS } from './scenarios-security.js';
import { STORAGE_SCENARIOS } from './scenarios-storage.js';

export type { Harness, Metrics, Scenario } from './harness.js';
export { isForeign } from './harness.js';

/** Every scenario, in the order they run. */
export const SCENARIOS: readonly Scenario[] = [
  ...ANSWER_SCENARIOS,
  ...LIBRARY_SCENARIOS,
  ...FRESH_SCENARIOS,
  ...PACK_SCENARIOS,
  ...PACK_PROFILE_SCENARIOS,
  ...FILE_SCENARIOS,
  ...MODEL_SCENARIOS,
  ...REAL_MODEL_SCENARIOS,
  ...ANSWER_MODEL_SCENARIOS,
  ...CPU_MODEL_SCENARIOS,
  ...STORAGE_SCENARIOS,
  ...SCALE_SCENARIOS,
  ...SECURITY_SCENARIOS,
  ...OFFLINE_SCENARIOS,
];
