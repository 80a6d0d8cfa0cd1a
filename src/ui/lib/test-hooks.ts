/**
 * The test build's hooks (`VITE_FOOTNOTE_TEST_HOOKS=1`, the e2e runner's build): with
 * `?fake-llm=<script>` in the address, the answer-model picker offers the fake WebLLM engine.
 * In any other build this returns nothing and the query parameter is ignored.
 */
import { TEST_HOOKS } from '../../adapters/browser/models/test-engine.js';

/** Extra answer-model rows of a test build. */
export function testAnswerModels(search = globalThis.location?.search ?? ''): { key: string; label: string }[] {
  if (!TEST_HOOKS) return [];
  const script = new URLSearchParams(search).get('fake-llm');
  return script ? [{ key: `fake:${script}`, label: `FakeMLCEngine (test build): ${script}` }] : [];
}

/** The name under which a test build keeps each saved file's Blob on `window`, by file name. */
export const SAVED_FILES_HOOK = '__footnoteSavedFiles';

/**
 * In a test build, keeps the Blob of a file the page saved, so the tests can read its bytes
 * (the page's own `connect-src 'self'` forbids fetching its Blob URLs). Elsewhere, nothing.
 */
export function keepSavedFile(name: string, blob: Blob): void {
  if (!TEST_HOOKS) return;
  const scope = globalThis as unknown as Record<string, Record<string, Blob> | undefined>;
  (scope[SAVED_FILES_HOOK] ??= {})[name] = blob;
}
