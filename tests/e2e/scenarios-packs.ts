/**
 * End-to-end scenarios of the classroom features, in fresh browser contexts: exporting a library
 * pack and importing it again (restored, nothing embedded), the sample pack, a corrupt pack, and
 * answer receipts saved and opened again.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { AppPage, shown, until } from './app-page.js';
import { inFreshPage, SAMPLE_PUBLIC_ROWS, type Scenario } from './harness.js';

/** A question the sample answers with citations. */
export const LOOKUP = 'How do I switch on the child lock on my DW-480 dishwasher?';

/** Where the test build keeps saved files (`SAVED_FILES_HOOK` of src/ui/lib/test-hooks.ts). */
const SAVED_FILES_HOOK = '__footnoteSavedFiles';

/**
 * The bytes of a file the page saved through the link `testId` (the test build keeps each saved
 * Blob on the page: its `connect-src 'self'` forbids fetching Blob URLs, in every browser).
 */
export async function savedBytes(page: Page, testId: string, position = 0): Promise<Buffer> {
  const link = page.getByTestId(testId).nth(position);
  assert.match((await link.getAttribute('href')) ?? '', /^blob:/);
  const name = (await link.getAttribute('download')) ?? '';
  const base64 = await page.evaluate(
    async ({ hook, file }) => {
      const blob = (window as unknown as Record<string, Record<string, Blob>>)[hook]?.[file];
      if (!blob) throw new Error(`no saved file ${file}`);
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let text = '';
      for (const byte of bytes) text += String.fromCharCode(byte);
      return btoa(text);
    },
    { hook: SAVED_FILES_HOOK, file: name },
  );
  return Buffer.from(base64, 'base64');
}

/** Asks and waits until the answer has finished streaming. */
export async function ask(app: AppPage, question: string): Promise<Awaited<ReturnType<AppPage['ask']>>> {
  await app.ask(question);
  await app.page.getByTestId('answer-timing').waitFor({ timeout: 10_000 });
  await until(
    'the answer to finish',
    async () => (await app.page.locator('[data-testid=answer][aria-busy=true]').count()) === 0,
  );
  return app.answered(question);
}

async function clearLibrary(app: AppPage): Promise<void> {
  await app.page.getByTestId('open-settings').click();
  await app.page.getByTestId('clear-library').click();
  await app.page.getByTestId('confirm-clear').click();
  await app.page.getByTestId('settings').getByRole('button', { name: 'Close' }).click();
  // Generous: a loaded CI machine once took longer than 20 s here; an error the page shows fails at once.
  const alert = app.page.locator('.library-area p.error[role=alert]');
  const outcome = await until(
    'an empty library',
    async () => ((await app.rows().count()) === 0 ? 'empty' : (await alert.count()) > 0 ? 'error' : ''),
    60_000,
    app.page,
  );
  if (outcome === 'error') throw new Error(`clearing the library failed: ${await alert.first().textContent()}`);
}

/** Waits for the summary of a pack import and reads it. */
export async function packImported(app: AppPage): Promise<{ outcome: string; embedded: number; text: string }> {
  const summary = app.page.getByTestId('pack-summary');
  await shown(summary, 'the pack summary', 30_000);
  return {
    outcome: (await summary.getAttribute('data-outcome')) ?? '',
    embedded: Number(await summary.getAttribute('data-embedded')),
    text: (await summary.textContent()) ?? '',
  };
}

/** Packs and receipts, each scenario in its own context. */
export const PACK_SCENARIOS: readonly Scenario[] = [
  {
    name: 'library pack: export the sample, clear, import it: restored, 0 re-embedded, same passages; a corrupt pack is refused',
    async run({ browser }) {
      await inFreshPage(browser, async (app) => {
        await app.loadSample();
        const before = await ask(app, LOOKUP);
        assert.ok(before.chips.length > 0, 'the lookup cites');
        await app.page.getByTestId('export-pack').click();
        const exported = app.page.getByTestId('exported-pack');
        await exported.waitFor();
        assert.equal(
          Number(await exported.getAttribute('data-documents')),
          SAMPLE_PUBLIC_ROWS,
          'a public pack leaves staff out',
        );
        assert.equal(
          await app.page.getByTestId('pack-download').getAttribute('download'),
          'footnote-library.footnote-pack',
        );
        const pack = await savedBytes(app.page, 'pack-download');
        assert.deepEqual([...pack.subarray(0, 2)], [0x50, 0x4b], 'a ZIP archive');

        await clearLibrary(app);
        await app.page
          .getByTestId('import-pack')
          .setInputFiles({ name: 'footnote-library.footnote-pack', mimeType: 'application/zip', buffer: pack });
        const imported = await packImported(app);
        assert.equal(imported.outcome, 'restored');
        assert.equal(imported.embedded, 0);
        assert.match(imported.text, /restored without re-embedding \(0 re-embedded\)/);
        assert.equal(await app.page.locator('[data-testid=document][data-status=indexed]').count(), SAMPLE_PUBLIC_ROWS);
        const after = await ask(app, LOOKUP);
        assert.deepEqual(after.chips, before.chips);
        assert.equal(after.answer, before.answer);

        await app.page.getByTestId('import-pack').setInputFiles({
          name: 'garbage.footnote-pack',
          mimeType: 'application/octet-stream',
          buffer: Buffer.from([0x13, 0x37, 0x00, 0xff, 0x42, 0x21]),
        });
        const error = app.page.locator('.library .error');
        await error.waitFor();
        assert.match((await error.textContent()) ?? '', /garbage\.footnote-pack/);
        assert.equal(await app.page.locator('[data-testid=document][data-status=indexed]').count(), SAMPLE_PUBLIC_ROWS);
        assert.deepEqual((await ask(app, LOOKUP)).chips, before.chips);
      });
    },
  },
  {
    name: 'sample pack into an empty library cites as the sample does; a receipt saved and opened again',
    async run({ browser }) {
      await inFreshPage(browser, async (app) => {
        await app.loadSample();
        const sampled = await ask(app, LOOKUP);
        await clearLibrary(app);
        await app.page.getByTestId('import-sample-pack').click();
        const imported = await packImported(app);
        assert.match(imported.text, /sample\.footnote-pack/);
        const asked = await ask(app, LOOKUP);
        assert.match(asked.answer, /Start and Delay/);
        assert.deepEqual(asked.chips, sampled.chips);

        await app.page.getByTestId('save-receipt-json').click();
        await app.page.getByTestId('save-receipt-md').click();
        await until('both receipt links', async () => (await app.page.getByTestId('receipt-download').count()) === 2);
        const names = await app.page
          .getByTestId('receipt-download')
          .evaluateAll((links) => links.map((link) => link.getAttribute('download')));
        assert.deepEqual(names, [
          'how-do-i-switch-on-the-child-lock-on-my-dw-480-dishwasher.receipt.json',
          'how-do-i-switch-on-the-child-lock-on-my-dw-480-dishwasher.receipt.md',
        ]);
        const receiptJson = (await savedBytes(app.page, 'receipt-download', 0)).toString('utf8');
        const markdown = (await savedBytes(app.page, 'receipt-download', 1)).toString('utf8');
        assert.ok(!markdown.includes('](http'), 'no Markdown link in the receipt');
        assert.ok(!markdown.includes('<img'), 'no image in the receipt');
        assert.match(markdown, /child lock/);
        assert.equal((JSON.parse(receiptJson) as { question: string }).question, LOOKUP);

        await app.page.getByTestId('open-receipt').setInputFiles({
          name: 'answer.receipt.json',
          mimeType: 'application/json',
          buffer: Buffer.from(receiptJson),
        });
        const view = app.page.getByTestId('receipt-view');
        await app.page.getByTestId('receipt-question').waitFor();
        assert.match((await view.textContent()) ?? '', /child lock/);
        assert.equal(await view.getByTestId('receipt-verdict').getAttribute('data-status'), asked.status);
        const statuses = await view
          .getByTestId('receipt-passage')
          .evaluateAll((items) => items.map((item) => item.getAttribute('data-status')));
        assert.ok(statuses.length > 0 && statuses.every((status) => status === 'unchanged'), statuses.join(', '));
        await view.page().keyboard.press('Escape');

        await app.page.getByTestId('open-network').click();
        const network = app.page.getByTestId('network-panel');
        await network.waitFor();
        assert.equal(await network.getAttribute('data-foreign'), '0');
        assert.match((await network.textContent()) ?? '', /0 requests left this machine/);
      });
    },
  },
];
