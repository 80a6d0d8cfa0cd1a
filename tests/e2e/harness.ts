/**
 * What every end-to-end scenario shares: the harness it gets, the numbers it reports, the
 * sample corpus facts it checks against, and small page helpers.
 */
import assert from 'node:assert/strict';
import type { Browser, BrowserContext } from 'playwright-core';
import { AppPage } from './app-page.js';
import { PAYLOAD_FLAG } from './fixtures.js';
import { BASE_URL } from './server.js';
import { currentStep, markedStep, step } from './where.js';

export { currentStep, step };

/** Numbers the run reports. */
export interface Metrics {
  indexMs?: number;
  enterToVerdictMs: number[];
  libraryBytes?: number;
  indexedDbBytes?: number;
  /** Parse throughput of a generated 200-page PDF (reading, worker hand-over and parsing), pages per second. */
  pdfPagesPerSecond?: number[];
  /** Longest main-thread stall seen during the 200-file drop, in ms. */
  dropMaxLagMs?: number;
  /** Re-embedding the sample with the tiny fixture model, passages per second, by device. */
  embedPassagesPerSecond?: { wasm?: number; webgpu?: number };
  /** The real embedding model (scenarios-real-models.ts), by browser, device and data type. */
  realModel?: Record<
    string,
    { passagesPerSecond: number; passages: number; queryMedianMs: number; loadAndEmbedMs: number }
  >;
  /** The real CPU answer model (scenarios-cpu-model.ts), by browser. */
  cpuModel?: Record<string, { loadMs: number; timeToFirstTokenMs: number; tokensPerSecond: number }>;
  /** A 10,000-passage library after a reload (scenarios-scale.ts): ms from the navigation's start. */
  restore?: { passages: number; readyMs: number; answeredMs: number; phases: string[] };
}

/** What a scenario gets. */
export interface Harness {
  browserName: 'chromium' | 'firefox';
  browser: Browser;
  /** Starts another instance of the same browser, for a scenario that needs one of its own. */
  launch(): Promise<Browser>;
  app: AppPage;
  metrics: Metrics;
}

/** One named scenario. */
export interface Scenario {
  name: string;
  /** The browsers it runs in (all by default); elsewhere it is listed as skipped. */
  browsers?: Harness['browserName'][];
  /** Longest it may take; the runner's default (120 s) when absent. */
  timeoutMs?: number;
  /** Why it cannot run on this machine (it is then listed as skipped with the reason), or undefined. */
  skip?: () => string | undefined;
  /**
   * Run before a second try, to start it from a page that works: a first try that ran out of
   * time may have left the page stuck (a reload ends its workers; what the library holds stays).
   */
  beforeRetry?: (harness: Harness) => Promise<void>;
  run(harness: Harness): Promise<void>;
}

/** Files in the sample corpus. */
export const SAMPLE_FILES = 14;
/** Rows a public viewer sees after loading the sample: the staff-only service guide has none. */
export const SAMPLE_PUBLIC_ROWS = 13;
/** A question the sample's two manual revisions disagree on. */
export const CONFLICTING = 'How long is the warranty on the DW-480 dishwasher?';

/** Fails when a document payload ran or became a live element. */
export async function noPayloadRan(app: AppPage): Promise<void> {
  const ran = await app.page.evaluate((flag) => (window as unknown as Record<string, unknown>)[flag], PAYLOAD_FLAG);
  assert.equal(ran, undefined, 'a payload ran');
  const live = await app.page.evaluate(() => document.querySelectorAll('main img, main script, main iframe').length);
  assert.equal(live, 0, 'document markup became live elements');
}

/** Types into a number field (Playwright's `fill` appends in Firefox over BiDi). */
export async function setNumber(app: AppPage, testId: string, value: string): Promise<void> {
  const input = app.page.getByTestId(testId);
  await input.focus();
  await input.press('End');
  for (let count = (await input.inputValue()).length; count > 0; count--) await input.press('Backspace');
  await input.pressSequentially(value);
}

/** Requests to anything but the app's own origin (none are expected). */
export function isForeign(url: string): boolean {
  return !(url.startsWith(BASE_URL) || url.startsWith('data:') || url.startsWith('blob:') || url === 'about:blank');
}

/**
 * Runs `run` on the app in a fresh browser context (opened at `query`, e.g. `?fake-llm=stream`)
 * and fails when the page asked any other origin for anything meanwhile.
 */
export async function inFreshPage(browser: Browser, run: (app: AppPage) => Promise<void>, query = ''): Promise<void> {
  const outer = markedStep();
  const within = (what: string) => step(outer ? `${outer} › ${what}` : what);
  within('a fresh browser profile: opening');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const foreign: string[] = [];
  context.on('request', (request) => {
    if (isForeign(request.url())) foreign.push(request.url());
  });
  try {
    const page = await context.newPage();
    within('a fresh browser profile: loading the page');
    await page.goto(`${BASE_URL}${query}`);
    const app = new AppPage(page);
    await app.ready();
    within('a fresh browser profile: page ready');
    await run(app);
    assert.deepEqual(foreign, [], 'requests to other origins');
  } finally {
    within('a fresh browser profile: closing');
    await closeWithin(context, CLOSE_MS);
    step(outer);
  }
}

/** How long closing a browser profile may take before the run goes on without waiting for it. */
const CLOSE_MS = 30_000;

/**
 * Closes `context`, waiting at most `ms`: a profile whose close hangs (seen once in a while in
 * Firefox after a re-embed) is left to the browser's own close at the end of the run, and said.
 */
export async function closeWithin(context: BrowserContext, ms = CLOSE_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
  const closed = context.close().then(() => 'closed' as const);
  const outcome = await Promise.race([closed, late]).finally(() => clearTimeout(timer));
  if (outcome === 'late') console.log(`      (a browser profile did not close within ${ms / 1000} s; going on)`);
}
