/**
 * End-to-end scenarios of the installable app, each in its own browser context: the service
 * worker precaches the app, and after one visit with the tiny fixture embedder the app reloads,
 * indexes and answers with the network off; a build for a sub-path works served under it; a new
 * version waits behind a prompt.
 */
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AppPage, shown, until } from './app-page.js';
import { pumpManual } from './fixtures.js';
import { closeWithin, step, type Scenario } from './harness.js';
import { SUB_PATH, buildSubPath, serveSubPath } from './sub-path-site.js';

const TINY_EMBED = 'local/tiny-embed';
const LOOKUP = 'How do I switch on the child lock on my DW-480 dishwasher?';
const PRIMING = 'How much water goes into the GP-20 pump housing before the first start?';

/** Waits until an activated service worker controls the page (it activates once all is precached); returns its script URL. */
function controlled(page: Page): Promise<string> {
  return until(
    'a service worker controlling the page',
    () =>
      page.evaluate(() =>
        navigator.serviceWorker?.controller?.state === 'activated' ? navigator.serviceWorker.controller.scriptURL : '',
      ),
    90_000,
  );
}

/** Paths of everything in the service worker's precache. */
function precachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('workbox-precache')) continue;
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

/** Whether a fetch from the page gets an answer (`'ok'`, `'404'`…) or fails (`'failed'`). */
function fetchOutcome(page: Page, url: string): Promise<string> {
  return page.evaluate(
    (target) =>
      fetch(target).then(
        (response) => (response.ok ? 'ok' : String(response.status)),
        () => 'failed',
      ),
    url,
  );
}

/** Asks, and checks the answer is cited and says what `expected` matches. */
async function answersWithCitation(app: AppPage, question: string, expected: RegExp): Promise<void> {
  const asked = await app.ask(question);
  assert.ok(['answered', 'qualified'].includes(asked.status), `verdict ${asked.status}: ${asked.answer}`);
  assert.match(asked.answer, expected);
  assert.ok(asked.chips.length > 0, 'the answer has a citation');
}

/** Switches the library to the tiny fixture embedder from the app's `models/` folder. */
async function useTinyEmbedder(app: AppPage): Promise<void> {
  await app.openSettings();
  await app.useLocalModels(TINY_EMBED);
  await app.closeSettings();
}

/** A fresh context that records requests to other origins than `origin`. */
async function freshContext(browser: Browser, origin: string): Promise<{ context: BrowserContext; foreign: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const foreign: string[] = [];
  context.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:') && url !== 'about:blank') {
      foreign.push(url);
    }
  });
  return { context, foreign };
}

/** Service worker and offline scenarios. */
export const OFFLINE_SCENARIOS: readonly Scenario[] = [
  {
    // Served by its own file server, which the test stops answering: Playwright's offline mode
    // does not reach the service worker's own requests in Firefox, a server that is gone does.
    name: 'installed app offline: after one visit with the fixture embedder, the app reloads with the network off, stays cross-origin isolated, indexes a new file and answers with a citation',
    async run({ browser, browserName }) {
      const site = await serveSubPath(await buildSubPath());
      const { context, foreign } = await freshContext(browser, new URL(site.url).origin);
      try {
        step('the first visit');
        const app = new AppPage(await context.newPage());
        await app.page.goto(site.url);
        await app.ready();
        assert.equal(await controlled(app.page), `${site.url}sw.js`);
        const precached = (await precachedPaths(app.page)).map((path) => path.slice(SUB_PATH.length - 1));
        for (const pattern of [
          /^\/index\.html$/,
          /^\/assets\/ort-wasm-simd-threaded\.asyncify-[\w-]+\.wasm$/,
          /^\/assets\/ort-wasm-simd-threaded\.asyncify-[\w-]+\.mjs$/,
          /^\/assets\/engine-worker-[\w-]+\.js$/,
          /^\/assets\/parse-worker-[\w-]+\.js$/,
          /^\/pdfjs\/cmaps\/78-H\.bcmap$/,
          /^\/sample\.footnote-pack$/,
          /^\/manifest\.webmanifest$/,
        ]) {
          assert.ok(
            precached.some((path) => pattern.test(path)),
            `${pattern} precached (${precached.length} entries)`,
          );
        }
        assert.deepEqual(
          precached.filter((path) => path.startsWith('/models/')),
          [],
          'model files are left to the libraries',
        );
        step('the sample with the tiny fixture embedder');
        await app.loadSample();
        await useTinyEmbedder(app);
        // One reload online first: the service worker is settled and serves the page before the
        // network goes (under load, Firefox reported a reload still racing its activation).
        step('a reload online');
        await app.page.reload();
        await app.ready();
        assert.equal(await controlled(app.page), `${site.url}sw.js`);

        // The network goes: the app's server stops answering (which reaches the service worker's
        // own requests in both browsers) and, in Chromium, the browser is offline too. In
        // Firefox, Playwright's emulated offline mode refused the navigation before the service
        // worker saw it (NS_ERROR_OFFLINE) in the full run, though never when this scenario ran
        // alone or after the other offline one (cause not found); a person whose network is down
        // does not meet that, so there the dead server is the whole of it.
        if (browserName !== 'firefox') await context.setOffline(true);
        site.setOffline(true);
        step('a reload offline');
        await app.page.reload();
        await app.ready();
        assert.equal(await fetchOutcome(app.page, `${site.url}favicon.svg?offline`), 'failed', 'the page is offline');
        assert.equal(
          await fetchOutcome(app.page, `${site.url}models/local/no-such-model/config.json`),
          'failed',
          'the service worker is offline too',
        );
        assert.equal(await app.page.evaluate(() => crossOriginIsolated), true, 'still cross-origin isolated');
        const settings = await app.openSettings();
        assert.match((await settings.getByTestId('embedder-in-use').getAttribute('data-model')) ?? '', /tiny-embed/);
        assert.equal(await settings.getByTestId('models-error').count(), 0);
        await app.closeSettings();
        step('offline: a new file indexed and asked about');
        await app.addFiles([pumpManual()]);
        await answersWithCitation(app, PRIMING, /1\.5 litres/);
        assert.deepEqual(foreign, [], 'requests to other origins');
      } finally {
        step('closing the profile');
        await closeWithin(context);
        await site.stop();
      }
    },
  },
  {
    name: `sub-path deployment: a BASE=${SUB_PATH} build served under ${SUB_PATH} by a plain file server works (page, workers, ONNX Runtime, models, sample pack, service worker, manifest) and asks for nothing outside it`,
    async run({ browser }) {
      const site = await serveSubPath(await buildSubPath());
      const { context, foreign } = await freshContext(browser, new URL(site.url).origin);
      try {
        const app = new AppPage(await context.newPage());
        await app.page.goto(site.url);
        await app.ready();
        assert.equal(await app.page.evaluate(() => crossOriginIsolated), true, 'cross-origin isolated');
        assert.equal(await controlled(app.page), `${site.url}sw.js`);
        assert.equal(await app.page.evaluate(async () => (await navigator.serviceWorker.ready).scope), site.url);
        const manifest = await app.page.evaluate(async () => {
          const href = document.querySelector<HTMLLinkElement>('link[rel=manifest]')?.href ?? '';
          const json = (await (await fetch(href)).json()) as {
            start_url: string;
            scope: string;
            icons: { src: string }[];
          };
          const icons = await Promise.all(
            json.icons.map(async (icon) => (await fetch(new URL(icon.src, href))).status),
          );
          return { start: json.start_url, scope: json.scope, icons };
        });
        assert.deepEqual(manifest, { start: SUB_PATH, scope: SUB_PATH, icons: [200, 200, 200, 200] });

        await app.page.getByTestId('import-sample-pack').click();
        await shown(app.page.getByTestId('pack-summary'), 'the pack summary', 30_000);
        await answersWithCitation(app, LOOKUP, /Start and Delay/);
        await useTinyEmbedder(app);
        await app.addFiles([pumpManual()]);
        await answersWithCitation(app, PRIMING, /1\.5 litres/);

        assert.deepEqual(
          site.paths.filter((path) => !path.startsWith(SUB_PATH)),
          [],
          `asked for outside ${SUB_PATH}`,
        );
        assert.equal(await fetchOutcome(app.page, `${site.url}models/local/no-such-model/config.json`), '404');
        // (The browser asks for /favicon.ico on this plain-text 404 page, hence the check above comes first.)
        const missing = await app.page.goto(`${site.url}pdfjs/no-such-file.bcmap`);
        assert.equal(missing?.status(), 404, 'no fallback page for a missing file');
        assert.deepEqual(foreign, [], 'requests to other origins');
      } finally {
        await context.close();
        await site.stop();
      }
    },
  },
  {
    name: 'installed app update: a new version waits behind a "new version ready" prompt, and the page reloads only when Reload is clicked',
    async run({ browser }) {
      const site = await serveSubPath(await buildSubPath());
      const { context } = await freshContext(browser, new URL(site.url).origin);
      try {
        const app = new AppPage(await context.newPage());
        await app.page.goto(site.url);
        await app.ready();
        await controlled(app.page);
        assert.equal(await app.page.getByTestId('update-prompt').count(), 0);
        await app.page.evaluate(() => Object.assign(window, { samePage: true }));
        site.changeServiceWorker();
        await app.page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
        await app.page.getByTestId('update-prompt').waitFor({ timeout: 60_000 });
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        assert.equal(await app.page.evaluate(() => 'samePage' in window), true, 'no reload before Reload is clicked');
        await Promise.all([
          app.page.waitForEvent('load', { timeout: 30_000 }),
          app.page.getByTestId('update-reload').click(),
        ]);
        await app.ready();
        assert.equal(await app.page.evaluate(() => 'samePage' in window), false, 'reloaded');
        assert.equal(await app.page.getByTestId('update-prompt').count(), 0);
        const waiting = await app.page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting);
        assert.equal(waiting, null, 'the new version took over');
      } finally {
        await context.close();
        await site.stop();
      }
    },
  },
];
