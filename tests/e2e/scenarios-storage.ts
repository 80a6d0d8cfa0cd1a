/**
 * Storage in a real browser (docs/reliability.md ST-01…ST-04, ST-09, ST-10, ST-12, ST-13, ST-14,
 * ST-15), each in a fresh browser context, so each has an origin storage of its own.
 * `navigator.storage` is replaced on the page by init scripts where a scenario needs a quota or an
 * answer to `persist()` (the page reads both; the engine worker's own copy is not involved). The
 * scripts also run in the blank document a new page starts with, where Firefox has no
 * `navigator.storage`.
 */
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AppPage, until } from './app-page.js';
import type { Scenario } from './harness.js';
import { ask } from './scenarios-packs.js';
import { BASE_URL } from './server.js';
import { DRILL_SEED, drillFiles, drillQuestions, seeded, type DrillFile } from './tab-close-drill.js';

const DATABASE = 'footnote-library';
const NOTE = { name: 'storage-note.md', text: '# Storage note\n\nThe kettle descales in four weeks.' };

/** Runs `run` in a fresh context whose pages get `init` (an init script) before the app loads. */
async function fresh(
  browser: Browser,
  run: (app: AppPage, context: BrowserContext) => Promise<void>,
  init?: () => void,
): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    if (init) await context.addInitScript(init);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const app = new AppPage(page);
    await app.open();
    await run(app, context);
    assert.deepEqual(errors, [], 'uncaught errors on the page');
    assert.equal(await page.locator('p.notice').count(), 0, 'the engine reported a crash');
  } finally {
    await context.close();
  }
}

/** Counts `persist()` calls in `window.__persistCalls`; the browser answers `granted`. */
function mockPersist(granted: boolean): () => void {
  return new Function(`
    window.__persistCalls = 0;
    const storage = navigator.storage;
    if (!storage) return;
    Object.defineProperty(storage, 'persist', {
      configurable: true,
      value: async () => { window.__persistCalls += 1; return ${granted}; },
    });
    Object.defineProperty(storage, 'persisted', {
      configurable: true,
      value: async () => ${granted} && window.__persistCalls > 0,
    });
  `) as () => void;
}

function persistCalls(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __persistCalls: number }).__persistCalls);
}

async function persistence(app: AppPage): Promise<{ state: string | null; text: string }> {
  const settings = await app.openSettings();
  const line = settings.getByTestId('storage-persistence');
  const result = { state: await line.getAttribute('data-state'), text: await line.innerText() };
  await app.closeSettings();
  return result;
}

async function notice(page: Page, kind: string): Promise<string> {
  const element = page.locator(`[data-testid=storage-notice][data-kind=${kind}]`);
  await element.waitFor({ timeout: 20_000 });
  return element.innerText();
}

/** Opens the library database at `version` from the page's own thread; resolves once it is open. */
function openAt(page: Page, version: number): Promise<string> {
  return page.evaluate(
    ([name, target]) =>
      new Promise<string>((resolve) => {
        const request = indexedDB.open(name as string, target as number);
        request.onsuccess = () => {
          request.result.close();
          resolve('opened');
        };
        request.onerror = () => resolve(`error: ${request.error?.name}`);
      }),
    [DATABASE, version] as const,
  );
}

/** The library as its rows show it: title → passages, and any row not indexed. */
async function libraryShown(page: Page): Promise<{ documents: Map<string, number>; unfinished: number }> {
  const rows = await page
    .locator('[data-testid=document][data-status=indexed]')
    .evaluateAll((items) =>
      items.map((item) => [
        item.querySelector('.name')?.textContent ?? '',
        item.querySelector('.meta')?.textContent ?? '',
      ]),
    );
  const documents = new Map(
    rows.map(([title, meta]) => [title ?? '', Number(/(\d+) passages?/.exec(meta ?? '')?.[1])]),
  );
  const unfinished = await page.locator('[data-testid=document]:not([data-status=indexed])').count();
  return { documents, unfinished };
}

/** Each question's retrieved passages and citations, in order. */
async function retrieved(app: AppPage, questions: readonly string[]): Promise<string[][]> {
  const found: string[][] = [];
  for (const question of questions) {
    const asked = await ask(app, question);
    const passages = await app.page
      .getByTestId('passage')
      .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.cite ?? ''));
    found.push([...passages, '|', ...asked.chips]);
  }
  return found;
}

/** In a context of its own (a fresh profile): adds `files`, returns the wall time and the library. */
async function buildFromScratch(
  browser: Browser,
  files: readonly DrillFile[],
  questions: readonly string[],
): Promise<{ ms: number; documents: Map<string, number>; answers: string[][] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const app = new AppPage(await context.newPage());
    await app.open();
    const started = Date.now();
    // Nothing to add (a tab closed before any document was whole): no ingest runs, none to wait for.
    if (files.length > 0) await app.addFiles([...files]);
    const ms = Date.now() - started;
    const { documents } = await libraryShown(app.page);
    return { ms, documents, answers: files.length > 0 ? await retrieved(app, questions) : [] };
  } finally {
    await context.close();
  }
}

/** Scenarios of the storage work. */
/** Three small notes, each one document of one passage. */
const FAULT_NOTES = [1, 2, 3].map((n) => ({
  name: `fault-note-${n}.md`,
  text: `# Fault note ${n}\n\nThe fault note number ${n} says the kettle holds ${n + 1} litres.`,
}));

/**
 * Opens the app with a storage fault of the test build (`src/adapters/browser/test-storage-fault.ts`)
 * in a fresh context, adds the three notes, then reloads without the fault and returns what
 * the batch reported and what the reopened library holds.
 */
async function addWithFault(
  browser: Browser,
  fault: string,
): Promise<{ failures: string[]; before: Map<string, number>; after: Map<string, number>; unfinished: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const app = new AppPage(page);
    await page.goto(`${BASE_URL}?storage-fault=${fault}`);
    await app.ready();
    await app.addFiles(FAULT_NOTES);
    const failures = await page.locator('[data-testid=document][data-status=failed] .failure').allInnerTexts();
    const before = (await libraryShown(page)).documents;
    await page.goto(BASE_URL);
    await app.ready();
    const shown = await libraryShown(page);
    assert.deepEqual(errors, [], 'uncaught errors on the page');
    return { failures, before, after: shown.documents, unfinished: shown.unfinished };
  } finally {
    await context.close();
  }
}

export const STORAGE_SCENARIOS: readonly Scenario[] = [
  {
    name: 'ST-02: the disk fills at the second document: it fails "storage full", the others are kept, and a reload shows exactly them',
    async run({ browser }) {
      const result = await addWithFault(browser, 'quota:documents:2');
      assert.equal(result.failures.length, 1, `one failure: ${result.failures.join(' / ')}`);
      assert.match(result.failures[0] ?? '', /fault-note-2\.md: failed: storage full/);
      assert.deepEqual([...result.before.keys()].sort(), ['Fault note 1', 'Fault note 3']);
      assert.deepEqual(result.after, result.before, 'the reopened library is what the page showed');
      assert.equal(result.unfinished, 0);
    },
  },
  {
    name: 'ST-03: a request failing at the 1st to 6th write: every document whole or absent after a reload, as the page showed',
    async run({ browser }) {
      let failed = 0;
      for (let at = 1; at <= 6; at++) {
        const result = await addWithFault(browser, `fail:*:${at}`);
        failed += result.failures.length;
        assert.equal(result.unfinished, 0, `write ${at}: a row left unfinished`);
        assert.deepEqual(result.after, result.before, `write ${at}: the reopened library differs from the page`);
        for (const [title, passages] of result.after) assert.equal(passages, 1, `write ${at}: ${title} is whole`);
        assert.equal(
          result.after.size + result.failures.length,
          FAULT_NOTES.length,
          `write ${at}: each note indexed or failed`,
        );
      }
      assert.ok(failed > 0, 'the faults made some document fail');
    },
  },
  {
    name: 'ST-14: nothing asks for persistent storage on load; the first ingest asks once and settings say "persistent"',
    async run({ browser }) {
      await fresh(
        browser,
        async (app) => {
          assert.equal(await persistCalls(app.page), 0, 'persist() was called on load');
          await app.addFiles([NOTE]);
          await until('persist() after the first ingest', async () => (await persistCalls(app.page)) === 1);
          const shown = await persistence(app);
          assert.equal(shown.state, 'persistent');
          assert.match(shown.text, /Persistent: the browser keeps your library/);
          await app.addFiles([{ ...NOTE, name: 'second-note.md', text: '# Second\n\nAnother note.' }]);
          assert.equal(await persistCalls(app.page), 1, 'asked again in the same visit');
          await app.reload();
          assert.equal(await persistCalls(app.page), 0, 'persist() was called when the library was reopened');
        },
        mockPersist(true),
      );
    },
  },
  {
    name: 'ST-14: a denied persist() is no error: settings say the browser may clear the library',
    async run({ browser }) {
      await fresh(
        browser,
        async (app) => {
          await app.addFiles([NOTE]);
          await until('persist() after the first ingest', async () => (await persistCalls(app.page)) === 1);
          const shown = await persistence(app);
          assert.equal(shown.state, 'best-effort');
          assert.match(shown.text, /may clear your library and models when space runs low/);
          assert.equal(await app.row('Storage note').count(), 1);
          assert.equal(await app.page.getByTestId('storage-notice').count(), 0);
        },
        mockPersist(false),
      );
    },
  },
  {
    name: 'ST-01: a drop that cannot fit is refused before it is read, with needed vs available; nothing is stored',
    async run({ browser }) {
      await fresh(
        browser,
        async (app) => {
          const text = `# Big\n\n${'A line of text about kettles. '.repeat(4000)}`;
          await app.page
            .getByTestId('file-input')
            .setInputFiles([{ name: 'big.md', mimeType: 'text/plain', buffer: Buffer.from(text) }]);
          const alert = app.page.getByRole('alert').filter({ hasText: 'Not enough storage' });
          await alert.waitFor({ timeout: 20_000 });
          assert.match(
            await alert.innerText(),
            /this file needs about \d+(\.\d)? MB once indexed, and 0\.5 MB is available\. Nothing was added\..*share this site’s storage/s,
          );
          assert.equal(await app.rows().count(), 0);
          await app.reload();
          assert.equal(await app.rows().count(), 0, 'something was stored');
        },
        new Function(`
          if (!navigator.storage) return;
          Object.defineProperty(navigator.storage, 'estimate', {
            configurable: true,
            value: async () => ({ quota: 100 * 2 ** 20, usage: 99.5 * 2 ** 20 }),
          });
        `) as () => void,
      );
    },
  },
  {
    name: 'ST-10 / ST-09 / ST-15: another tab upgrades the library: "reload"; reloaded, the older app says a newer version is open',
    async run({ browser }) {
      await fresh(browser, async (app, context) => {
        await app.addFiles([NOTE]);
        const other = await context.newPage();
        await other.goto(`${BASE_URL}favicon.svg`);
        assert.equal(await openAt(other, 3), 'opened', 'the other tab was blocked');
        const text = await notice(app.page, 'upgraded');
        assert.match(text, /updated in another tab\. Reload this tab/);
        assert.equal(await app.page.getByTestId('storage-reload').count(), 1);
        await other.close();
        await app.reload();
        const banner = await app.page.getByTestId('storage-banner').innerText();
        assert.match(banner, /won't be saved/);
        assert.match(banner, /newer version of Footnote is open in another tab.*Reload this tab/s);
      });
    },
  },
  {
    name: 'ST-10: an upgrade blocked by a tab holding the old version says "close other tabs", then opens',
    async run({ browser }) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      try {
        const old = await context.newPage();
        await old.goto(`${BASE_URL}favicon.svg`);
        await old.evaluate(
          (name) =>
            new Promise<void>((resolve, reject) => {
              const request = indexedDB.open(name, 1);
              request.onupgradeneeded = () => {
                request.result.createObjectStore('documents', { keyPath: 'id' });
                request.result.createObjectStore('meta');
                request.result.createObjectStore('snapshot');
              };
              request.onsuccess = () => {
                (window as unknown as { held: IDBDatabase }).held = request.result;
                resolve();
              };
              request.onerror = () => reject(request.error);
            }),
          DATABASE,
        );
        const page = await context.newPage();
        await page.goto(BASE_URL);
        assert.match(await notice(page, 'blocked'), /Close the other Footnote tabs/);
        await old.evaluate(() => (window as unknown as { held: IDBDatabase }).held.close());
        const app = new AppPage(page);
        await app.ready();
        assert.equal(await page.getByTestId('storage-notice').count(), 0);
        await app.addFiles([NOTE]);
        assert.equal(await app.row('Storage note').count(), 1);
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'ST-12: site data cleared while the app is open: "your library was cleared", and it keeps working',
    browsers: ['chromium'],
    async run({ browser }) {
      await fresh(browser, async (app, context) => {
        await app.addFiles([NOTE]);
        assert.equal(await app.row('Storage note').count(), 1);
        const cdp = await context.newCDPSession(app.page);
        await cdp.send('Storage.clearDataForOrigin', { origin: new URL(BASE_URL).origin, storageTypes: 'indexeddb' });
        assert.match(await notice(app.page, 'cleared'), /Your library was cleared/);
        await until('the emptied library', async () => (await app.rows().count()) === 0);
        assert.equal(await app.page.getByTestId('storage-banner').count(), 0, 'fell back to memory after the clear');
        await app.addFiles([{ ...NOTE, name: 'again.md', text: '# Again\n\nAdded after the clear.' }]);
        await app.reload();
        assert.equal(await app.row('Again').count(), 1);
      });
    },
  },
  {
    name: 'ST-13: the library evicted between visits: "cleared by the browser (not persisted)", with "Keep storage"',
    async run({ browser }) {
      await fresh(browser, async (app, context) => {
        await app.addFiles([NOTE]);
        await context.addInitScript(
          new Function(`
            if (sessionStorage.getItem('evicted') !== 'yes') {
              sessionStorage.setItem('evicted', 'yes');
              indexedDB.deleteDatabase('${DATABASE}');
            }
          `) as () => void,
        );
        await app.reload();
        assert.match(await notice(app.page, 'evicted'), /storage was cleared by the browser \(it was not persisted\)/);
        assert.equal(await app.rows().count(), 0);
        assert.equal(await app.page.getByTestId('storage-keep').count(), 1);
      });
    },
  },
  {
    name: 'ST-04: a tab closed mid-write at a seeded delay: each document whole or absent, none left ingesting, search as a fresh rebuild',
    async run({ browser }) {
      const random = seeded(DRILL_SEED);
      const files = drillFiles(random);
      const questions = drillQuestions(files);
      const full = await buildFromScratch(browser, files, []);
      // Somewhere between a tenth and nine tenths of the time the whole drop takes.
      const delay = Math.round(full.ms * (0.1 + 0.8 * random()));
      const drill = `seed ${DRILL_SEED}, closed after ${delay} of ${full.ms} ms`;
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      try {
        const first = new AppPage(await context.newPage());
        await first.open();
        await first.page
          .getByTestId('file-input')
          .setInputFiles(
            files.map((file) => ({ name: file.name, mimeType: 'text/plain', buffer: Buffer.from(file.text) })),
          );
        await new Promise((resolve) => setTimeout(resolve, delay));
        await first.page.close();
        // A new tab of the same profile: the IndexedDB the closed tab was writing to.
        const reopened = new AppPage(await context.newPage());
        const errors: string[] = [];
        reopened.page.on('pageerror', (error) => errors.push(error.message));
        await reopened.open();
        const shown = await libraryShown(reopened.page);
        console.log(`      (${drill}: ${shown.documents.size} of ${files.length} documents there after reopening)`);
        assert.equal(shown.unfinished, 0, `rows left ingesting (${drill})`);
        assert.equal(await reopened.page.getByTestId('batch-progress').count(), 0, `an ingest still shown (${drill})`);
        for (const [title, passages] of shown.documents) {
          assert.equal(passages, full.documents.get(title), `${title} is not whole (${drill})`);
        }
        const survivors = files.filter((file) => shown.documents.has(file.title));
        assert.equal(survivors.length, shown.documents.size, `documents that were never dropped (${drill})`);
        const rebuilt = await buildFromScratch(browser, survivors, questions);
        const answers = survivors.length > 0 ? await retrieved(reopened, questions) : [];
        assert.deepEqual(answers, rebuilt.answers, `search differs from a fresh rebuild (${drill})`);
        await reopened.reload();
        assert.deepEqual((await libraryShown(reopened.page)).documents, shown.documents, `not stable (${drill})`);
        assert.deepEqual(errors, [], 'uncaught errors on the reopened page');
        assert.equal(await reopened.page.locator('p.notice').count(), 0, 'the engine reported a crash');
      } finally {
        await context.close();
      }
    },
  },
];
