/**
 * `npm run test:e2e`: builds the app, serves it with `vite preview`, runs every scenario in
 * Debian's Chromium and then in Firefox ESR, prints `N passed, N failed`, stops the server by
 * PID and exits non-zero on any failure or missing browser. While working on one part,
 * `E2E_GREP=text` runs only the scenarios whose names contain `text` (`a|b`: either), and
 * `E2E_BROWSERS=chromium` only that browser (the full run, as in CI, sets neither).
 *
 * A scenario that fails is run once more, and its first failure is printed in full either way:
 * one that then passes counts as passed and is listed under "passed only on a second try" at the
 * end, so that an intermittent failure is seen without one slow moment on a loaded CI machine
 * failing the whole run. `E2E_RETRIES=0` turns the second try off.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { AppPage } from './app-page.js';
import { BROWSERS, INSTALL_COMMAND, missingBrowsers, type BrowserSpec } from './browsers.js';
import { SCENARIOS, isForeign, type Metrics, type Scenario } from './scenarios.js';
import { PORT, build, serve } from './server.js';
import { currentStep, step } from './harness.js';

/**
 * A backstop for a page that claims to be busy forever. The waits inside a scenario end on their
 * own once the page shows no work under way for a while (`until` in app-page.ts), so a machine
 * busy with another build slows a scenario without failing it.
 */
const SCENARIO_TIMEOUT_MS = 300_000;

interface Tally {
  passed: number;
  failed: number;
  /** Scenarios (browser: name) that passed only on their second try. */
  flaky: string[];
}

/** How long a scenario's `beforeRetry` may take. */
const RESET_MS = 90_000;

/** Second tries of a failed scenario (`E2E_RETRIES`, default 1). */
const RETRIES = Number(process.env.E2E_RETRIES ?? 1);

/** The scenarios `E2E_GREP` selects (all by default). */
function selected(): readonly Scenario[] {
  const grep = process.env.E2E_GREP?.split('|').filter(Boolean);
  return grep ? SCENARIOS.filter((scenario) => grep.some((text) => scenario.name.includes(text))) : SCENARIOS;
}

/** The browsers `E2E_BROWSERS` selects (both by default). */
function browsers(): readonly BrowserSpec[] {
  const names = process.env.E2E_BROWSERS?.split(',');
  return names ? BROWSERS.filter((spec) => names.includes(spec.name)) : BROWSERS;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const where = currentStep();
      reject(new Error(`timed out after ${ms / 1000} s${where ? ` (last step: ${where})` : ''}`));
    }, ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function record(tally: Tally, name: string, started: number, error?: unknown): void {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (error === undefined) {
    tally.passed += 1;
    console.log(`  ✓ ${name} (${seconds} s)`);
    return;
  }
  tally.failed += 1;
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  console.log(`  ✗ ${name} (${seconds} s)\n      ${message.split('\n').slice(0, 6).join('\n      ')}`);
}

async function runScenarios(spec: BrowserSpec, browser: Browser, tally: Tally): Promise<Metrics> {
  const metrics: Metrics = { enterToVerdictMs: [] };
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const foreign: string[] = [];
  context.on('request', (request) => {
    if (isForeign(request.url())) foreign.push(request.url());
  });
  const app = new AppPage(await context.newPage());
  const harness = { browserName: spec.name, browser, launch: () => spec.launch(), app, metrics };
  for (const scenario of selected()) await runOne(scenario, harness, tally);
  const started = Date.now();
  record(
    tally,
    'nothing was requested from any other origin',
    started,
    foreign.length === 0 ? undefined : new Error(foreign.join('\n')),
  );
  await context.close();
  return metrics;
}

async function runOne(scenario: Scenario, harness: Parameters<Scenario['run']>[0], tally: Tally): Promise<void> {
  if (scenario.browsers && !scenario.browsers.includes(harness.browserName)) {
    console.log(`  - ${scenario.name} (skipped: ${scenario.browsers.join(', ')} only)`);
    return;
  }
  const reason = scenario.skip?.();
  if (reason) {
    console.log(`  - ${scenario.name} (skipped: ${reason})`);
    return;
  }
  for (let attempt = 0; ; attempt += 1) {
    const started = Date.now();
    try {
      step('');
      await withTimeout(scenario.run(harness), Math.max(scenario.timeoutMs ?? 0, SCENARIO_TIMEOUT_MS));
      record(tally, attempt > 0 ? `${scenario.name} (passed on try ${attempt + 1})` : scenario.name, started);
      if (attempt > 0) tally.flaky.push(`${harness.browserName}: ${scenario.name}`);
      return;
    } catch (error) {
      if (attempt >= RETRIES) {
        record(tally, scenario.name, started, error);
        return;
      }
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `  ↻ ${scenario.name} failed on try ${attempt + 1} (${seconds} s), trying again\n      ${message.split('\n').slice(0, 6).join('\n      ')}`,
      );
      if (scenario.beforeRetry) {
        step('before the second try');
        await withTimeout(scenario.beforeRetry(harness), RESET_MS).catch((reset: unknown) =>
          console.log(`      (before the second try: ${reset instanceof Error ? reset.message : String(reset)})`),
        );
      }
    }
  }
}

function report(name: string, metrics: Metrics): void {
  const times = [...metrics.enterToVerdictMs].sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const parts = [
    `index sample corpus ${metrics.indexMs ?? '?'} ms`,
    `Enter → verdict median ${median ?? '?'} ms (max ${times.at(-1) ?? '?'} ms, ${times.length} questions)`,
    `library ${metrics.libraryBytes ?? '?'} bytes (estimate)`,
    `IndexedDB as reported by the browser ${metrics.indexedDbBytes ?? 'n/a'} bytes`,
    `200-file drop: longest main-thread stall ${metrics.dropMaxLagMs ?? '?'} ms`,
    ...(metrics.pdfPagesPerSecond ? [`200-page PDF parsed at ${metrics.pdfPagesPerSecond.join(', ')} pages/s`] : []),
    ...(metrics.embedPassagesPerSecond
      ? [
          `tiny fixture embedder re-embedding the sample: ${Object.entries(metrics.embedPassagesPerSecond)
            .map(([device, rate]) => `${device} ${rate} passages/s`)
            .join(', ')}`,
        ]
      : []),
    ...Object.entries(metrics.realModel ?? {}).map(
      ([setting, real]) =>
        `all-MiniLM-L6-v2 (real) ${setting}: ${real.passagesPerSecond} passages/s re-embedding ${real.passages} passages, Enter → verdict median ${real.queryMedianMs} ms, load + re-embed ${(real.loadAndEmbedMs / 1000).toFixed(1)} s`,
    ),
    ...(metrics.restore
      ? [
          `${metrics.restore.passages}-passage library after a reload: back in ${metrics.restore.readyMs} ms, a question asked during the restore answered at ${metrics.restore.answeredMs} ms (phases shown: ${metrics.restore.phases.join(', ')})`,
        ]
      : []),
    ...Object.values(metrics.cpuModel ?? {}).map(
      (cpu) =>
        `SmolLM2-135M GGUF on the CPU (wllama): load ${(cpu.loadMs / 1000).toFixed(1)} s, first token after ${(cpu.timeToFirstTokenMs / 1000).toFixed(1)} s, ${cpu.tokensPerSecond} tokens/s`,
    ),
  ];
  console.log(`  ${name}: ${parts.join(' · ')}`);
}

async function main(): Promise<number> {
  const missing = missingBrowsers();
  if (missing.length > 0) {
    console.error(
      `Missing browser: ${missing.map((spec) => spec.executable).join(', ')}. Install with: ${INSTALL_COMMAND}`,
    );
    console.log(`0 passed, ${SCENARIOS.length * BROWSERS.length} failed`);
    return 1;
  }
  console.log('Building the app…');
  build();
  const server = await serve();
  console.log(`Serving on port ${PORT} (vite preview, PID ${server.pid})`);
  const tally: Tally = { passed: 0, failed: 0, flaky: [] };
  const metrics = new Map<string, Metrics>();
  try {
    for (const spec of browsers()) {
      console.log(`\n${spec.name} (${spec.executable})`);
      let browser: Browser | undefined;
      try {
        browser = await spec.launch();
        console.log(`  version ${browser.version()}`);
        metrics.set(spec.name, await runScenarios(spec, browser, tally));
      } catch (error) {
        record(tally, `${spec.name} could not run (is it installed? ${INSTALL_COMMAND})`, Date.now(), error);
      } finally {
        await browser?.close().catch(() => undefined);
      }
    }
  } finally {
    await server.stop();
  }
  console.log('\nMeasured');
  for (const [name, values] of metrics) report(name, values);
  if (tally.flaky.length > 0) {
    console.log(`\nPassed only on a second try (${tally.flaky.length}):\n  ${tally.flaky.join('\n  ')}`);
  }
  console.log(`\n${tally.passed} passed, ${tally.failed} failed`);
  return tally.failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
