/**
 * End-to-end scenarios of a library pack moving to another machine (issue 7): exported in one
 * browser profile and imported into a new one (`browser.newContext()`: its own IndexedDB, cache
 * and settings). With the same embedder the pack is restored without embedding and the same
 * question gets the same passages; where the new profile uses another embedder (the tiny fixture
 * model, chosen in Settings) the pack is re-embedded with a progress bar, and then answers.
 */
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import type { AppPage } from './app-page.js';
import { inFreshPage, SAMPLE_PUBLIC_ROWS, step, type Scenario } from './harness.js';
import { ask, LOOKUP, packImported, savedBytes } from './scenarios-packs.js';

const TINY_EMBED = 'local/tiny-embed';

/** What the first profile saw before it exported its library. */
interface Exported {
  pack: Buffer;
  chips: string[];
  answer: string;
  passages: string[];
}

/** The citation ids of the retrieved passages, in the order shown. */
function passageIds(page: Page): Promise<string[]> {
  return page
    .getByTestId('passage')
    .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.cite ?? ''));
}

/** In a profile of its own: loads the sample, asks, exports the public pack. */
async function exportFromFirstProfile(app: AppPage): Promise<Exported> {
  await app.loadSample();
  const asked = await ask(app, LOOKUP);
  assert.ok(asked.chips.length > 0, 'the lookup cites');
  const passages = await passageIds(app.page);
  await app.page.getByTestId('export-pack').click();
  await app.page.getByTestId('exported-pack').waitFor();
  return { pack: await savedBytes(app.page, 'pack-download'), chips: asked.chips, answer: asked.answer, passages };
}

async function importPack(app: AppPage, pack: Buffer): Promise<void> {
  await app.page
    .getByTestId('import-pack')
    .setInputFiles({ name: 'footnote-library.footnote-pack', mimeType: 'application/zip', buffer: pack });
}

/** The import progress bar as a page observer saw it (a re-embed can be over between two polls). */
interface ProgressSeen {
  phase: string;
  done: number;
  total: number;
  bar: boolean;
}

/** Starts recording every state of the pack progress bar into `window.__packProgress`. */
async function recordPackProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: ProgressSeen[] = [];
    (window as unknown as { __packProgress: ProgressSeen[] }).__packProgress = seen;
    new MutationObserver(() => {
      const element = document.querySelector<HTMLElement>('[data-testid=pack-progress]');
      if (!element) return;
      seen.push({
        phase: element.dataset.phase ?? '',
        done: Number(element.dataset.done),
        total: Number(element.dataset.total),
        bar: element.querySelector('progress') !== null,
      });
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

function packProgressSeen(page: Page): Promise<ProgressSeen[]> {
  return page.evaluate(() => (window as unknown as { __packProgress: ProgressSeen[] }).__packProgress);
}

async function indexedRows(app: AppPage): Promise<number> {
  return app.page.locator('[data-testid=document][data-status=indexed]').count();
}

/** Exports the sample's pack from a profile of its own, with what its lookup found. */
async function exportFromFreshProfile(browser: Browser): Promise<Exported> {
  let exported: Exported | undefined;
  await inFreshPage(browser, async (app) => {
    exported = await exportFromFirstProfile(app);
  });
  assert.ok(exported);
  return exported;
}

/** Library packs between browser profiles. */
export const PACK_PROFILE_SCENARIOS: readonly Scenario[] = [
  {
    name: 'library pack into a fresh browser profile: restored, 0 re-embedded, the same question gets the same passages, also after a reload',
    async run({ browser }) {
      const first = await exportFromFreshProfile(browser);
      await inFreshPage(browser, async (app) => {
        assert.equal(await app.rows().count(), 0, 'the new profile starts empty');
        await importPack(app, first.pack);
        const imported = await packImported(app);
        assert.equal(imported.outcome, 'restored');
        assert.equal(imported.embedded, 0);
        assert.match(imported.text, /restored without re-embedding \(0 re-embedded\)/);
        assert.equal(await indexedRows(app), SAMPLE_PUBLIC_ROWS);
        const asked = await ask(app, LOOKUP);
        assert.deepEqual(await passageIds(app.page), first.passages);
        assert.deepEqual(asked.chips, first.chips);
        assert.equal(asked.answer, first.answer);
        // The import was written to this profile's own storage: a reload restores it, embedding nothing.
        await app.reload();
        const facts = await app.storageFacts();
        assert.equal(facts.restore, 'restored');
        assert.equal(facts.embedded, 0);
        assert.deepEqual((await ask(app, LOOKUP)).chips, first.chips);
        assert.deepEqual(await passageIds(app.page), first.passages);
      });
    },
  },
  {
    name: 'library pack into a fresh profile with another embedder (tiny fixture model): re-embedded with a progress bar, then answers',
    async run({ browser }) {
      step('exporting the sample from a fresh profile');
      const first = await exportFromFreshProfile(browser);
      await inFreshPage(browser, async (app) => {
        step('choosing the tiny fixture embedder');
        await app.openSettings();
        await app.useLocalModels(TINY_EMBED);
        await app.closeSettings();
        step('importing the pack');
        await recordPackProgress(app.page);
        await importPack(app, first.pack);
        const imported = await packImported(app);
        step('checking the re-embedded library');
        assert.equal(imported.outcome, 're-embedded');
        assert.ok(imported.embedded >= 80, `${imported.embedded} passages re-embedded`);
        assert.match(imported.text, /re-embedded \d+ passages/);
        const why = app.page.locator('.library p.hint', { hasText: 'embedded again' });
        assert.match(
          (await why.textContent()) ?? '',
          /built with the embedder feature-hashing.*not transformers:local\/tiny-embed/,
        );
        const seen = await packProgressSeen(app.page);
        const embedding = seen.filter((state) => state.phase === 'embedding');
        assert.ok(embedding.length > 0, `no re-embedding progress bar: ${JSON.stringify(seen)}`);
        assert.ok(
          embedding.every((state) => state.bar && state.total === SAMPLE_PUBLIC_ROWS),
          JSON.stringify(embedding),
        );
        assert.equal(await app.page.getByTestId('pack-progress').count(), 0, 'the bar is gone once done');
        assert.equal(await indexedRows(app), SAMPLE_PUBLIC_ROWS);
        // The fixture's vectors mean nothing; what is checked is that the re-embedded library answers.
        step('asking the re-embedded library');
        const asked = await ask(app, LOOKUP);
        assert.ok(['answered', 'qualified', 'abstained'].includes(asked.status), asked.status);
        const passages = await passageIds(app.page);
        assert.ok(passages.length > 0, 'passages were retrieved');
        const scores = await app.page.locator('[data-testid=passage] .scores').allTextContents();
        assert.ok(
          scores.some((line) => /vector \d\.\d{3}/.test(line)),
          `no vector score: ${scores.join(' | ')}`,
        );
        step('reloading the re-embedded library');
        await app.reload();
        assert.equal((await app.storageFacts()).restore, 'restored', 'a reload re-embeds nothing');
      });
    },
  },
];
