/**
 * The end-to-end tests' fake WebLLM engine (`FakeMLCEngine`, named as a fake), reachable only in
 * a build made with `VITE_FOOTNOTE_TEST_HOOKS=1` (the e2e runner's build). In every other build
 * the condition is the constant `false` and the bundler drops the fake and its import.
 */
import type { MLCEngineLike } from '../../models/webllm-types.js';

/** True in a test build. */
export const TEST_HOOKS = import.meta.env.VITE_FOOTNOTE_TEST_HOOKS === '1';

/** A fake engine and the model it pretends to be. */
export interface TestEngine {
  engine: MLCEngineLike;
  label: string;
  contextWindowSize: number;
}

/** The fake engine scripted as `script` (`stream`, `small-context`, `device-lost`, `evil`). */
export function loadTestEngine(script: string): Promise<TestEngine> {
  return TEST_HOOKS
    ? import('../../../../tests/e2e/fake-webllm.js').then((module) => module.createFakeEngine(script))
    : Promise.reject(new Error('The test engine exists only in test builds.'));
}
