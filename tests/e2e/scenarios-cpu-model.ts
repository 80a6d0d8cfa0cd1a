/**
 * End-to-end: a real language model on the CPU. The smallest GGUF that `npm run models:local --
 * --llm` lays out (SmolLM2-135M-Instruct, Q4_1, 95 MB; the test build serves it as the app's
 * `models/local/gguf/`) is loaded through wllama, in Chromium and Firefox, from Settings ›
 * Answers › Another GGUF model; one sample question is answered by it: the page shows the model
 * reading the passages, then the streamed answer, checked, with its time to first token and tokens
 * per second, which go into the "Measured" block. Without the file (a fresh clone) the scenario
 * is listed as skipped with the command that fetches it, and the suite still passes.
 *
 * It runs in a browser of its own, started for each try: in CI a Firefox page loading the model
 * once stopped answering for the whole try, and the second try, in the same browser beside the
 * stuck page, stopped the same way. A try that runs out of time now has its browser closed
 * before the next one starts.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { until, type AppPage } from './app-page.js';
import { inFreshPage, step, type Harness, type Metrics, type Scenario } from './harness.js';
import { ROOT } from './server.js';

/** The model as the app names it under `models/`, and where `models:local -- --llm` puts it. */
const MODEL_PATH = 'local/gguf/SmolLM2-135M-Instruct.Q4_1.gguf';
const FILE = join(ROOT, 'public/models', MODEL_PATH);
const QUESTION = 'How long is the warranty on the DW-480 dishwasher?';

/** The browser of the try under way (a try that ran out of time leaves it open). */
let tryBrowser: Browser | undefined;

/** Closes `browser`, waiting at most 30 s (a stuck one is left to the end of the run). */
async function closeBrowser(browser: Browser): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, 30_000)));
  await Promise.race([browser.close().catch(() => undefined), late]).finally(() => clearTimeout(timer));
}

/** Why the CPU-model scenario cannot run here, or undefined when it can. */
export function cpuModelMissing(): string | undefined {
  return existsSync(FILE) ? undefined : 'run npm run models:local -- --llm (fetches the GGUF models)';
}

export const CPU_MODEL_SCENARIOS: readonly Scenario[] = [
  {
    name: 'a CPU model (SmolLM2-135M GGUF through wllama) loads from models/, reads the passages, streams a checked answer; Esc stops the next one',
    skip: cpuModelMissing,
    // A 2-core machine reads the prompt at about 25 tokens a second.
    timeoutMs: 480_000,
    async beforeRetry() {
      if (tryBrowser) await closeBrowser(tryBrowser);
      tryBrowser = undefined;
    },
    async run({ launch, browserName, metrics }) {
      const browser = await launch();
      tryBrowser = browser;
      try {
        await inFreshPage(browser, (app) => answerOnTheCpu(app, browserName, metrics));
      } finally {
        await closeBrowser(browser);
        if (tryBrowser === browser) tryBrowser = undefined;
      }
    },
  },
];

/** Loads the CPU model in `app`, has it answer one question, removes its cached file and stops a second. */
async function answerOnTheCpu(app: AppPage, browserName: Harness['browserName'], metrics: Metrics): Promise<void> {
  step('loading the sample');
  await app.loadSample();
  step('loading the CPU model');
  const settings = await app.openSettings();
  assert.equal(await settings.getByTestId('cpu-note').count(), 0, 'this browser can run the CPU models');
  assert.equal(await settings.getByTestId('cpu-model-row').count(), 4);
  await settings.locator('summary', { hasText: 'Another GGUF model' }).click();
  await settings.getByTestId('cpu-path').fill(MODEL_PATH);
  const loadStarted = Date.now();
  await settings.getByTestId('cpu-path-load').click();
  // An error the page shows ends the wait at once, and a wait that runs out says what the
  // answer-model settings showed then (a load that never started, or stopped, shows no work).
  const outcome = await until(
    'the CPU model in use',
    async () => {
      if ((await settings.getByTestId('answer-mode').getAttribute('data-kind')) === 'cpu') return 'loaded';
      const error = settings.getByTestId('answer-model-error');
      return (await error.count()) > 0 ? `the page said: ${await error.innerText()}` : undefined;
    },
    120_000,
    app.page,
  ).catch(async (error: unknown) => {
    const shown = await settings
      .getByTestId('answer-models')
      .innerText({ timeout: 5_000 })
      .catch(() => '(the settings did not answer)');
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}; the settings showed: ${shown.replace(/\s+/g, ' ').slice(0, 600)}`,
    );
  });
  assert.equal(outcome, 'loaded', `the CPU model did not load: ${outcome}`);
  const loadMs = Date.now() - loadStarted;
  assert.match((await settings.getByTestId('answer-mode').textContent()) ?? '', /SmolLM2-135M-Instruct\.Q4_1/);
  await app.closeSettings();

  step('the CPU model answering');
  const box = app.page.getByTestId('question');
  await box.fill(QUESTION);
  await box.press('Enter');
  await until(
    'the model reading the passages',
    async () => app.page.getByTestId('answer-reading').count(),
    120_000,
    app.page,
  );
  const asked = await until(
    'the checked answer',
    async () => ((await app.page.getByTestId('verdict').count()) > 0 ? app.page.getByTestId('verdict') : undefined),
    420_000,
    app.page,
  );
  const status = (await asked.getAttribute('data-status')) ?? '';
  assert.ok(['answered', 'qualified', 'abstained'].includes(status), status);
  const line = app.page.getByTestId('generation-metrics');
  assert.equal(await line.count(), 1, 'the answer was written by the model, with its metrics');
  const ttft = Number(await line.getAttribute('data-ttft'));
  const tps = Number(await line.getAttribute('data-tps'));
  assert.ok(ttft > 0 && tps > 0, `first token ${ttft} ms, ${tps} tokens/s`);
  const answer = (await app.page.getByTestId('answer').textContent()) ?? '';
  assert.ok(answer.trim().length > 0, 'the model wrote something');

  // The speed measured by this answer is shown where the model was chosen.
  step('the speed shown and the cached model removed');
  const reopened = await app.openSettings();
  await reopened.locator('summary', { hasText: 'Another GGUF model' }).click();
  assert.match(
    (await reopened.getByTestId('cpu-speed-current').textContent()) ?? '',
    /about .* an answer \(reads \d+, writes [\d.]+ tokens\/s\)/,
  );
  // The file is kept in this site's storage (the Cache API, not wllama's own cache), listed with Remove.
  const cachedRow = reopened.locator('[data-testid=cached-model][data-model^="cpu-cache:"]');
  await until('the CPU model listed in Storage', async () => (await cachedRow.count()) === 1, 20_000);
  assert.match((await cachedRow.textContent()) ?? '', /SmolLM2-135M-Instruct\.Q4_1\.gguf \(CPU\)/);
  await cachedRow.getByRole('button', { name: 'Remove' }).click();
  await until('the removal said', async () => reopened.getByTestId('cache-removed').count(), 20_000);
  assert.equal(await cachedRow.count(), 0);
  await app.closeSettings();

  // Stop while the model reads the next prompt: the question stops, the model stays loaded.
  step('stopping the next answer');
  await box.fill('How often should I clean the dishwasher filter?');
  await box.press('Enter');
  await until('the model reading again', async () => app.page.getByTestId('answer-reading').count(), 120_000, app.page);
  await box.press('Escape');
  await until(
    'the question stopped',
    async () => app.page.getByText('Stopped. Ask again when you are ready.').count(),
    30_000,
  );
  const after = await app.openSettings();
  assert.equal(await after.getByTestId('answer-mode').getAttribute('data-kind'), 'cpu', 'the model is still loaded');
  await app.closeSettings();
  (metrics.cpuModel ??= {})[browserName] = { loadMs, timeToFirstTokenMs: ttft, tokensPerSecond: tps };
}
