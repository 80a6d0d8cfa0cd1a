/**
 * End-to-end scenarios on models, each in a fresh browser context: the tiny fixture embedder,
 * reranker and NLI model (served as the app's `models/local/`) loaded by the real transformers.js
 * code in the engine worker, on WASM (no adapter: Chromium's default; no WebGPU: Firefox) and on WebGPU
 * (Chromium with SwiftShader); the answer-model picker's reasons; WebLLM's real download code
 * against model files that answer 404; a model error said in words, once; the cached answer
 * models and their removal.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { shown, until, type AppPage } from './app-page.js';
import { loadAnswerModel } from './scenarios-answer-model.js';
import { launchChromiumWithWebGpu } from './browsers.js';
import { inFreshPage, type Metrics, type Scenario } from './harness.js';
import { BASE_URL, HALF_HOSTED_LLM } from './server.js';

const TINY_EMBED = 'local/tiny-embed';
const TINY_RERANK = 'local/tiny-rerank';
const TINY_NLI = 'local/tiny-nli';
const LOOKUP = 'How do I switch on the child lock on my DW-480 dishwasher?';

/**
 * Loads the sample, switches to the tiny embedder and reranker (the library re-embeds, with a
 * progress bar), checks the runtime shown, and asks: answers are still checked and cited.
 */
async function embedWithTinyModels(app: AppPage, runtime: RegExp, metrics: Metrics, key: 'wasm' | 'webgpu') {
  await app.loadSample();
  const settings = await app.openSettings();
  const sawProgress = watchFor(app.page, '[data-testid=reembed-progress]');
  await app.useLocalModels(TINY_EMBED, TINY_RERANK, 60_000, TINY_NLI);
  assert.ok(await sawProgress, 'a re-embedding progress bar was shown');
  assert.match((await settings.getByTestId('embedder-runtime').textContent()) ?? '', runtime);
  assert.match(
    (await settings.getByTestId('embedder-in-use').textContent()) ?? '',
    new RegExp(`tiny-rerank.*${runtime.source}`),
  );
  assert.match(
    (await settings.getByTestId('judge-in-use').textContent()) ?? '',
    /checking claims with local\/tiny-nli/,
  );
  const done = settings.getByTestId('reembed-done');
  const passages = Number(await done.getAttribute('data-passages'));
  const ms = Number(await done.getAttribute('data-ms'));
  assert.ok(passages >= 80, `${passages} passages re-embedded`);
  (metrics.embedPassagesPerSecond ??= {})[key] = Math.round(passages / (ms / 1000));
  await app.closeSettings();
  // The fixture's vectors and scores mean nothing; what is checked is that the whole pipeline ran
  // through them: vector scores on the passages, a rerank step, a verdict by the checker.
  const asked = await app.ask(LOOKUP);
  assert.ok(['answered', 'qualified', 'abstained'].includes(asked.status), asked.status);
  const scores = await app.page.locator('[data-testid=passage] .scores').allTextContents();
  assert.ok(scores.length > 0, 'passages were retrieved');
  assert.ok(
    scores.some((line) => /vector \d\.\d{3}/.test(line)),
    `no vector score: ${scores.join(' | ')}`,
  );
  await app.page.getByTestId('open-trace').click();
  assert.equal(await app.page.locator('[data-testid=trace-step][data-stage=rerank]').count(), 1);
  const check = (await app.page.locator('[data-testid=trace-step][data-stage=verify]').textContent()) ?? '';
  assert.match(check, /entailment \(nli:local\/tiny-nli/, 'the check stage names the NLI model it used');
  await app.page.getByTestId('trace').getByRole('button', { name: 'Close' }).click();
  const facts = await app.storageFacts();
  await app.reload();
  assert.equal((await app.storageFacts()).restore, 'restored', 'a reload keeps the model and re-embeds nothing');
  assert.ok(facts.kind === 'indexeddb');
  const reopened = await app.openSettings();
  await until('the saved NLI model loaded again', async () => (await reopened.getByTestId('judge-in-use').count()) > 0);
  await app.closeSettings();
}

/** Resolves true once `selector` has been in the page (polled until the page is idle for 60 s). */
async function watchFor(page: Page, selector: string): Promise<boolean> {
  return until(`${selector} to appear`, async () => (await page.locator(selector).count()) > 0, 60_000).then(
    () => true,
    () => false,
  );
}

/** Models in the browser. */
export const MODEL_SCENARIOS: readonly Scenario[] = [
  {
    name: 'embeddings on WASM: the tiny model, reranker and NLI model re-embed the sample with a progress bar, "WASM" and the no-GPU note shown',
    async run({ browser, browserName, metrics }) {
      await inFreshPage(browser, async (app) => {
        const settings = await app.openSettings();
        const note = settings.getByTestId('gpu-note');
        assert.equal(await note.getAttribute('data-reason'), browserName === 'chromium' ? 'no-adapter' : 'no-webgpu');
        assert.match(
          (await note.textContent()) ?? '',
          /Answers are extracted from your documents.*embeddings run on the CPU \(WASM\)/,
        );
        // Said once, above the table: no row repeats the note.
        const message = ((await note.textContent()) ?? '').trim();
        assert.equal(((await settings.textContent()) ?? '').split(message).length - 1, 1, 'the GPU note is said once');
        const rows = settings.getByTestId('answer-model-row');
        assert.ok((await rows.count()) >= 5);
        for (const row of await rows.all()) {
          assert.equal(await row.getAttribute('data-status'), 'disabled');
          assert.match((await row.getByTestId('disabled-reason').textContent()) ?? '', /WebGPU/);
          assert.ok(await row.getByRole('button').isDisabled());
        }
        await app.closeSettings();
        await embedWithTinyModels(app, /WASM \(CPU\), q8/, metrics, 'wasm');
        await app.ask(LOOKUP);
        assert.match(
          (await app.page.getByTestId('no-gpu-note').textContent()) ?? '',
          /Answers are extracted from your documents/,
        );
      });
    },
  },
  {
    name: 'embeddings on WebGPU (Chromium, SwiftShader): "WebGPU, fp32" shown; the picker uses q4f32 and disables f16-only models',
    browsers: ['chromium'],
    async run({ metrics }) {
      const browser = await launchChromiumWithWebGpu();
      try {
        await inFreshPage(browser, async (app) => {
          const settings = await app.openSettings();
          assert.match((await settings.getByTestId('gpu-note').textContent()) ?? '', /lacks the shader-f16 feature/);
          const gemma = settings.locator('[data-testid=answer-model-row][data-key="gemma3-1b"]');
          assert.equal(await gemma.getAttribute('data-status'), 'disabled');
          assert.match((await gemma.textContent()) ?? '', /needs shader-f16/);
          const smol = settings.locator('[data-testid=answer-model-row][data-key="smollm2-360m"]');
          assert.equal(await smol.getAttribute('data-status'), 'ok');
          assert.match((await smol.textContent()) ?? '', /q4f32_1/);
          await app.closeSettings();
          await embedWithTinyModels(app, /WebGPU, fp32/, metrics, 'webgpu');
        });
      } finally {
        await browser.close();
      }
    },
  },
  {
    name: 'WebLLM: model files answering 404 give a clear error and leave nothing cached (Chromium, SwiftShader)',
    browsers: ['chromium'],
    async run() {
      const browser = await launchChromiumWithWebGpu();
      try {
        await inFreshPage(browser, async (app) => {
          const settings = await loadAnswerModel(app, 'smollm2-360m');
          const error = (await settings.getByTestId('answer-model-error').textContent()) ?? '';
          assert.match(error, /could not be downloaded.*Nothing half-downloaded was kept/s);
          assert.equal(await settings.getByTestId('answer-mode').getAttribute('data-kind'), 'extractive');
          const cached = await app.page.evaluate(
            async (fragment) => {
              const found: string[] = [];
              for (const name of await caches.keys()) {
                const cache = await caches.open(name);
                for (const request of await cache.keys()) if (request.url.includes(fragment)) found.push(request.url);
              }
              return found;
            },
            HALF_HOSTED_LLM.split('/')[1] ?? '',
          );
          assert.deepEqual(cached, []);
        });
      } finally {
        await browser.close();
      }
    },
  },
  {
    name: 'a model error in words, once: "Offline only" with a reranker not in models/ says so and how to fix it; nothing changes',
    async run({ browser }) {
      await inFreshPage(browser, async (app) => {
        const settings = await app.openSettings();
        await settings.getByTestId('offline-only').check();
        await settings.getByTestId('reranker').selectOption('catalogue');
        await settings.getByTestId('apply-models').click();
        const error = settings.getByTestId('models-error');
        await shown(error, 'the models error', 30_000);
        const message = ((await error.getByTestId('models-error-message').textContent()) ?? '').trim();
        // What the library said is one click away, folded, never the message itself.
        const detail = error.getByTestId('models-error-detail');
        assert.match(
          message,
          /^Offline-only is on and the model is not in the app models\/ folder\. Run npm run models:fetch, or allow the model hub\.$/,
          `the library said: ${await detail.textContent()}`,
        );
        assert.equal(await detail.getAttribute('open'), null);
        assert.ok(((await detail.textContent()) ?? '').length > 'Technical detail'.length, 'the detail is kept');
        assert.equal(await app.page.getByText(/Offline-only is on/).count(), 1, 'said once, where it belongs');
        assert.equal(await settings.getByTestId('answer-model-error').count(), 0);
        assert.match((await settings.getByTestId('embedder-in-use').textContent()) ?? '', /feature hashing/);
        assert.doesNotMatch((await settings.getByTestId('embedder-in-use').textContent()) ?? '', /reranking/);
        await app.closeSettings();
      });
    },
  },
  {
    name: "cached answer models are listed; Remove says what it freed and leaves none of the model's files cached",
    async run({ browser }) {
      await inFreshPage(browser, async (app) => {
        // What a finished download leaves in WebLLM's cache: the weights manifest and its shards.
        const base = `${BASE_URL}models/mlc-ai/Qwen2.5-0.5B-Instruct-q4f32_1-MLC/resolve/main/`;
        await app.page.evaluate(async (url) => {
          const cache = await caches.open('webllm/model');
          const manifest = { records: [{ dataPath: 'params_shard_0.bin', nbytes: 4 * 1024 * 1024 }] };
          await cache.put(`${url}tensor-cache.json`, new Response(JSON.stringify(manifest)));
          await cache.put(`${url}params_shard_0.bin`, new Response(new Uint8Array(4 * 1024 * 1024)));
        }, base);
        const settings = await app.openSettings();
        const row = settings.locator('[data-testid=cached-model][data-model="Qwen2.5-0.5B-Instruct-q4f32_1-MLC"]');
        await row.waitFor();
        assert.match((await row.textContent()) ?? '', /Qwen2\.5 0\.5B Instruct/);
        await row.getByRole('button', { name: 'Remove' }).click();
        const removed = settings.getByTestId('cache-removed');
        await removed.waitFor();
        assert.match((await removed.textContent()) ?? '', /^Removed Qwen2\.5 0\.5B Instruct(: .+ freed)?\.$/);
        assert.equal(await row.count(), 0);
        const left = await app.page.evaluate(async () => (await (await caches.open('webllm/model')).keys()).length);
        assert.equal(left, 0);
      });
    },
  },
];
