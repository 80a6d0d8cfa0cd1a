/**
 * End-to-end scenarios on the answer model through the test build's FakeMLCEngine (chosen with
 * `?fake-llm=<script>`): streaming, Stop, the context budget, a GPU lost mid-answer, and the
 * evaluation page with its results file.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { shown, until, type AppPage } from './app-page.js';
import { inFreshPage, setNumber, type Scenario } from './harness.js';

const LOOKUP = 'How do I switch on the child lock on my DW-480 dishwasher?';

/** Opens settings and loads the answer model `key` from the picker; returns the settings dialog. */
export async function loadAnswerModel(app: AppPage, key: string) {
  const settings = await app.openSettings();
  await settings
    .locator(`[data-testid=answer-model-row][data-key="${key}"]`)
    .getByRole('button', { name: 'Load' })
    .click();
  await until(
    `the answer model ${key}`,
    async () =>
      (await settings.getByTestId('answer-model-error').count()) > 0 ||
      (await settings.getByTestId('answer-mode').getAttribute('data-kind')) === 'webllm',
    30_000,
    app.page,
  );
  return settings;
}

/** The answer model, faked. */
export const ANSWER_MODEL_SCENARIOS: readonly Scenario[] = [
  {
    name: 'FakeMLCEngine: tokens stream into the answer, Stop ends it, time to first token and tokens/s shown',
    async run({ browser }) {
      await inFreshPage(
        browser,
        async (app) => {
          await app.loadSample();
          const settings = await loadAnswerModel(app, 'fake:stream');
          assert.match(
            (await settings.getByTestId('answer-mode').textContent()) ?? '',
            /FakeMLCEngine|Fake WebLLM engine/,
          );
          await app.closeSettings();
          const full = await app.ask(LOOKUP);
          assert.match(full.answer, /According to the documents/);
          const line = app.page.getByTestId('generation-metrics');
          assert.ok(Number(await line.getAttribute('data-ttft')) >= 0);
          assert.ok(Number(await line.getAttribute('data-tps')) > 0);
          const box = app.page.getByTestId('question');
          await box.fill('How many place settings does the DW-480 take?');
          await box.press('Enter');
          await until(
            'a few streamed words',
            async () => ((await app.page.getByTestId('answer').textContent()) ?? '').split(' ').length > 4,
          );
          await app.page.getByRole('button', { name: 'Stop' }).first().click();
          await app.page.getByTestId('answer-stopped').waitFor();
          const stopped = (await app.page.getByTestId('answer').textContent()) ?? '';
          assert.ok(stopped.split(' ').length < 30, `the answer went on after Stop: ${stopped}`);
          assert.ok((await app.page.getByTestId('passage').count()) > 0, 'the passages stay');
        },
        '?fake-llm=stream',
      );
    },
  },
  {
    name: 'FakeMLCEngine: a small context window leaves passages out, and the trace says how many',
    async run({ browser }) {
      await inFreshPage(
        browser,
        async (app) => {
          await app.loadSample();
          await loadAnswerModel(app, 'fake:small-context');
          await app.closeSettings();
          await app.openSettings();
          await setNumber(app, 'top-k', '12');
          await app.closeSettings();
          const asked = await app.ask('What does the DW-480 warranty cover, and how loud is it?');
          assert.ok(asked.chips.length > 0 || asked.status !== '', 'an answer was checked');
          await app.page.getByTestId('open-trace').click();
          const omitted = app.page.getByTestId('trace-omitted');
          assert.ok(Number(await omitted.getAttribute('data-count')) > 0);
          assert.match((await omitted.textContent()) ?? '', /\d+ passages? omitted to fit the context window/);
          const usage = app.page.getByTestId('trace-usage');
          assert.ok(Number(await usage.getAttribute('data-prompt')) <= 900);
          assert.ok(Number(await usage.getAttribute('data-completion')) > 0);
        },
        '?fake-llm=small-context',
      );
    },
  },
  {
    name: 'FakeMLCEngine: the GPU lost mid-answer marks it incomplete, keeps the passages, suggests a smaller model, no retry',
    async run({ browser }) {
      await inFreshPage(
        browser,
        async (app) => {
          await app.loadSample();
          await loadAnswerModel(app, 'fake:device-lost');
          await app.closeSettings();
          await app.ask(LOOKUP);
          const incomplete = app.page.getByTestId('answer-incomplete');
          assert.equal(await incomplete.getAttribute('data-code'), 'device-lost');
          assert.match((await incomplete.textContent()) ?? '', /incomplete.*smaller model/s);
          assert.ok((await app.page.getByTestId('passage').count()) > 0, 'the passages stay');
          const next = await app.ask('How many place settings does the DW-480 take?');
          assert.match(next.answer, /14/);
          const settings = await app.openSettings();
          assert.equal(await settings.getByTestId('answer-mode').getAttribute('data-kind'), 'extractive');
          assert.match((await settings.getByTestId('answer-failure').textContent()) ?? '', /device lost/i);
        },
        '?fake-llm=device-lost',
      );
    },
  },
  {
    name: 'evaluation page: the sample set, and an uploaded corpus + questions with the loaded model; results files (docs/formats.md §3)',
    async run({ browser, browserName }) {
      await inFreshPage(
        browser,
        async (app) => {
          await app.page.getByTestId('open-evaluation').click();
          const panel = app.page.getByTestId('evaluation');
          await panel.getByTestId('run-evaluation').click();
          const summary = panel.getByTestId('evaluation-summary');
          await shown(summary, 'the evaluation summary', 30_000);
          assert.equal(await summary.getAttribute('data-questions'), '60');
          assert.ok(Number(await summary.getAttribute('data-correct')) >= 50);
          const sample = await resultsFile(app, browserName);
          assert.equal(sample.run.generator, 'extractive');
          assert.equal(sample.questions.length, 60);
          await panel.getByRole('button', { name: 'Close' }).click();
          await loadAnswerModel(app, 'fake:small-context');
          await app.closeSettings();
          await app.page.getByTestId('open-evaluation').click();
          await panel.getByTestId('evaluate-own').check();
          await panel.getByTestId('evaluate-corpus').setInputFiles([
            {
              name: 'pump.md',
              mimeType: 'text/markdown',
              buffer: Buffer.from('# Pump\n\n## 1. Priming\n\nFill the pump with 1.5 litres of water.'),
            },
          ]);
          await panel.getByTestId('evaluate-questions').setInputFiles([
            {
              name: 'questions.jsonl',
              mimeType: 'application/json',
              buffer: Buffer.from(
                [
                  '{"id":"q1","kind":"lookup","question":"How much water primes the pump?","sources":["pump#1"],"answer":["1\\\\.5"],"abstain":false}',
                  '{"id":"q2","kind":"unanswerable","question":"What colour is the pump?","sources":[],"answer":[],"abstain":true}',
                ].join('\n'),
              ),
            },
          ]);
          await panel.getByTestId('run-evaluation').click();
          await until(
            'the second results',
            async () => (await summary.getAttribute('data-questions')) === '2',
            30_000,
            app.page,
          );
          const own = await resultsFile(app, browserName);
          assert.equal(own.run.generator, 'webllm:fake-small-context');
          const answered = own.questions.find((question) => question.id === 'q1');
          assert.equal(answered?.model?.generator, 'webllm:fake-small-context');
          assert.ok((answered?.model?.tokens_in ?? 0) > 0 && (answered?.model?.tokens_out ?? 0) > 0);
          assert.ok(typeof answered?.model?.ttft_ms === 'number');
        },
        '?fake-llm=small-context',
      );
    },
  },
];

interface Results {
  run: { generator: string };
  questions: {
    id: string;
    model?: { generator: string; tokens_in: number; tokens_out: number; ttft_ms: number | null };
  }[];
}

/**
 * The results file: downloaded through its link where the browser driver reports downloads
 * (Chromium; WebDriver BiDi in Firefox ESR does not), and as the page shows it, which must agree.
 */
async function resultsFile(app: AppPage, browserName: string): Promise<Results> {
  const link = app.page.getByTestId('download-results');
  assert.match((await link.getAttribute('href')) ?? '', /^blob:/);
  assert.equal(await link.getAttribute('download'), 'footnote-results.json');
  await app.page.getByTestId('show-results').click();
  const shown = (await app.page.getByTestId('results-json').textContent()) ?? '';
  await app.page.getByTestId('show-results').click();
  if (browserName === 'chromium') {
    const [download] = await Promise.all([app.page.waitForEvent('download'), link.click()]);
    assert.equal(download.suggestedFilename(), 'footnote-results.json');
    assert.equal(await readFile(await download.path(), 'utf8'), shown);
  }
  return JSON.parse(shown) as Results;
}
