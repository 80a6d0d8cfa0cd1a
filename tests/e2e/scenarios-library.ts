/**
 * End-to-end scenarios on a person's own files: adding, replacing, editing, removing, reloading
 * and clearing the library, hostile documents, and a tab closed mid-ingest.
 */
import assert from 'node:assert/strict';
import { chunkDocument, DEFAULT_CHUNK_OPTIONS } from '../../src/core/chunk/chunk-document.js';
import { parseDocument } from '../../src/core/ingest/parse-document.js';
import { AppPage, until } from './app-page.js';
import { EMPTY_FILE, HOSTILE_HTML, HOSTILE_MARKDOWN, HOSTILE_NAME, pumpManual } from './fixtures.js';
import { noPayloadRan, type Scenario } from './harness.js';

const SMALL_DOCUMENT = '# Small\n\nA small document, finished first.';
const BIG_SECTIONS = 1500;
/** Big enough that closing the tab lands in the middle of its ingest. */
const BIG_DOCUMENT = [
  '# Big',
  ...Array.from(
    { length: BIG_SECTIONS },
    (_, index) =>
      `## ${index + 1}. Part ${index + 1}\n\nPart ${index + 1} of the big document says ${index * 7} units.`,
  ),
].join('\n\n');

/** A person's own files, from drop to clear. */
export const LIBRARY_SCENARIOS: readonly Scenario[] = [
  {
    name: 'drop files through the file input: each shows its status, then a cited answer from them',
    async run({ app }) {
      await app.addFiles([pumpManual(), EMPTY_FILE]);
      assert.equal(await app.row('GP-20 Garden Pump Manual').getAttribute('data-status'), 'indexed');
      const failed = app.row('empty-notes.txt');
      assert.equal(await failed.getAttribute('data-status'), 'failed');
      assert.match((await failed.textContent()) ?? '', /empty/);
      const asked = await app.ask('How much water goes into the GP-20 before the first start?');
      assert.match(asked.answer, /1\.5 litres/);
      assert.ok(asked.chips.includes('gp20-manual#1'), asked.chips.join(', '));
      const transfer = await app.page.evaluateHandle(() => {
        const data = new DataTransfer();
        data.items.add(
          new File(['# Pond notes\n\nThe GP-20 lifts water up to 4 metres.'], 'pond-notes.md', {
            type: 'text/markdown',
          }),
        );
        return data;
      });
      for (const type of ['dragenter', 'dragover', 'drop'])
        await app.page.dispatchEvent('main', type, { dataTransfer: transfer });
      await until(
        'the dropped file to be indexed',
        async () => (await app.row('Pond notes').getAttribute('data-status')) === 'indexed',
      );
    },
  },
  {
    name: 'a file in one drop twice (a file and its folder both dropped) is indexed once, and the summary says so',
    async run({ app }) {
      const transfer = await app.page.evaluateHandle(() => {
        const data = new DataTransfer();
        const file = new File(['# Shed notes\n\nThe GP-20 hangs on the second hook in the shed.'], 'shed-notes.md', {
          type: 'text/markdown',
        });
        data.items.add(file);
        data.items.add(file);
        return data;
      });
      for (const type of ['dragenter', 'dragover', 'drop'])
        await app.page.dispatchEvent('main', type, { dataTransfer: transfer });
      await until('the drop to be summarised', async () =>
        /shed-notes\.md/.test((await app.page.getByTestId('ingest-summary').textContent()) ?? ''),
      );
      const summary = ((await app.page.getByTestId('ingest-summary').textContent()) ?? '').replace(/\s+/g, ' ');
      assert.match(summary, /1 of 2 files indexed/, summary);
      assert.match(summary, /shed-notes\.md was in the drop twice, indexed once/, summary);
      assert.equal(await app.row('Shed notes').count(), 1);
      assert.equal(await app.row('Shed notes').getAttribute('data-status'), 'indexed');
    },
  },
  {
    name: 'a document with <script> and <img onerror> renders as inert text',
    async run({ app }) {
      const dialogs: string[] = [];
      app.page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await app.addFiles([HOSTILE_MARKDOWN, HOSTILE_HTML, HOSTILE_NAME]);
      assert.equal(await app.page.locator('[data-testid=document][data-status=failed]').count(), 0);
      assert.ok(
        await app.row('<img src=x onerror=window.__pwn=1>.md').isVisible(),
        'the markup file name is shown as text',
      );
      const clamp = await app.ask('What size is the GP-20 hose clamp?');
      assert.ok(clamp.chips.includes('hostile-notes#1'), clamp.chips.join(', '));
      const passage = app.page.locator('[data-testid=passage][data-cite="hostile-notes#1"]');
      assert.match(
        (await passage.textContent()) ?? '',
        /<script>window\.__pwn=1<\/script> <img src=x onerror="window\.__pwn=1">/,
      );
      const mesh = await app.ask('How fine is the GP-20 filter mesh?');
      assert.ok(
        mesh.chips.some((cite) => cite.startsWith('hostile-page#')),
        mesh.chips.join(', '),
      );
      await noPayloadRan(app);
      assert.deepEqual(dialogs, []);
    },
  },
  {
    name: 're-dropping a changed file replaces it without re-embedding unchanged passages',
    async run({ app }) {
      const before = await app.row('GP-20 Garden Pump Manual').textContent();
      await app.addFiles([pumpManual('Drain the GP-20 and keep it frost-free, above 8 °C, all winter.')]);
      const summary = app.page.getByTestId('ingest-summary');
      const embedded = Number(await summary.getAttribute('data-embedded'));
      const reused = Number(await summary.getAttribute('data-reused'));
      assert.ok(embedded >= 1 && reused >= 1, `embedded ${embedded}, reused ${reused}`);
      assert.notEqual(await app.row('GP-20 Garden Pump Manual').textContent(), before);
      const asked = await app.ask('At what temperature should the GP-20 be stored in winter?');
      assert.match(asked.answer, /8 °C/);
    },
  },
  {
    name: 'an access label edited in the library hides the document from viewers who may not read it',
    async run({ app }) {
      const row = app.row('GP-20 Garden Pump Manual');
      // Esc closes the inline form unsaved and gives focus back to Edit.
      const edit = row.getByRole('button', { name: /^Edit/ });
      await edit.click();
      await row.getByLabel('Access label').press('Escape');
      await until('the form to close', async () => (await row.getByLabel('Access label').count()) === 0);
      assert.ok(await edit.evaluate((button) => button === document.activeElement), 'focus is back on Edit');
      const hidden = async () =>
        Number(
          /(\d+) more document/.exec((await app.page.getByTestId('hidden-for-viewer').textContent()) ?? '')?.[1] ?? 0,
        );
      const hiddenBefore = await hidden();
      await edit.click();
      await row.getByLabel('Access label').fill('garden');
      await row.getByLabel(/Supersedes/).fill('hostile-notes');
      await row.getByRole('button', { name: 'Save' }).click();
      await until(
        'the row to vanish for public',
        async () => (await app.row('GP-20 Garden Pump Manual').count()) === 0,
      );
      assert.equal(await hidden(), hiddenBefore + 1, 'the hidden document is counted');
      await app.setViewer('garden');
      const shown = app.row('GP-20 Garden Pump Manual');
      await shown.waitFor();
      assert.match((await shown.textContent()) ?? '', /restricted: garden.*supersedes hostile-notes/s);
      await shown.getByRole('button', { name: /^Edit/ }).click();
      await shown.getByLabel('Access label').fill('public');
      await shown.getByRole('button', { name: 'Save' }).click();
      await app.setViewer('public');
      await app.row('GP-20 Garden Pump Manual').waitFor();
    },
  },
  {
    name: "a file's own revision and date are shown with where they came from, and a date set in Edit says so and survives a reload",
    async run({ app }) {
      await app.addFiles([
        {
          name: 'hose-reel-notice.txt',
          text: 'Hose Reel HR-5 Service Notice\nRevision C\nIssued: 2024-09-30\n\nThe HR-5 reel takes a 25 m hose at most.\n',
        },
      ]);
      const row = app.row('hose-reel-notice.txt');
      assert.equal(await row.getByTestId('document-revision').textContent(), 'Revision C');
      assert.equal(await row.getByTestId('document-date').textContent(), '2024-09-30');
      assert.match((await row.getByTestId('metadata-origin').textContent()) ?? '', /\(both stated in the document\)/);
      await row.getByRole('button', { name: /^Edit/ }).click();
      await row.getByLabel('Date').fill('2025-01-15');
      await row.getByRole('button', { name: 'Save' }).click();
      await until('the new date', async () => (await row.getByTestId('document-date').textContent()) === '2025-01-15');
      assert.match((await row.getByTestId('date-origin').textContent()) ?? '', /\(set in Edit\)/);
      assert.match((await row.getByTestId('revision-origin').textContent()) ?? '', /\(stated in the document\)/);
      await app.reload();
      const again = app.row('hose-reel-notice.txt');
      assert.equal(await again.getByTestId('document-date').textContent(), '2025-01-15');
      assert.match((await again.getByTestId('date-origin').textContent()) ?? '', /\(set in Edit\)/);
      await again.getByRole('button', { name: /^Remove/ }).click();
      await again.getByRole('button', { name: 'Confirm remove' }).click();
      await until('the row to go', async () => (await app.row('hose-reel-notice.txt').count()) === 0);
    },
  },
  {
    name: 'reload restores the library from IndexedDB without re-embedding',
    async run({ app, metrics }) {
      const rows = await app.rows().count();
      await app.reload();
      assert.equal(await app.rows().count(), rows);
      const facts = await app.storageFacts();
      assert.equal(facts.kind, 'indexeddb');
      assert.equal(facts.restore, 'restored');
      assert.equal(facts.embedded, 0);
      const asked = await app.ask('How much water goes into the GP-20 before the first start?');
      assert.ok(asked.chips.includes('gp20-manual#1'));
      metrics.libraryBytes = facts.bytes;
      if (facts.idbBytes !== undefined) metrics.indexedDbBytes = facts.idbBytes;
    },
  },
  {
    name: 'remove a document and clear the library, for good',
    async run({ app }) {
      const row = app.row('Hostile notes');
      await row.getByRole('button', { name: /^Remove/ }).click();
      await row.getByRole('button', { name: 'Confirm remove' }).click();
      await until('the row to go', async () => (await app.row('Hostile notes').count()) === 0);
      await app.reload();
      assert.equal(await app.row('Hostile notes').count(), 0);
      const settings = await app.openSettings();
      // The storage lines arrive after the dialog opens and move the button down: wait for them.
      await settings.getByTestId('storage-size').waitFor();
      await app.page.getByTestId('clear-library').click();
      await app.page.getByTestId('confirm-clear').click();
      await app.page.getByTestId('settings').getByRole('button', { name: 'Close' }).click();
      await until('an empty library', async () => (await app.rows().count()) === 0);
      await app.reload();
      assert.equal(await app.rows().count(), 0);
      assert.equal((await app.storageFacts()).restore, 'empty');
    },
  },
  {
    name: 'a tab closed mid-ingest leaves each document fully there or absent',
    async run({ app }) {
      const context = app.page.context();
      await app.page.getByTestId('file-input').setInputFiles([
        { name: 'small.md', mimeType: 'text/plain', buffer: Buffer.from(SMALL_DOCUMENT) },
        { name: 'big.md', mimeType: 'text/plain', buffer: Buffer.from(BIG_DOCUMENT) },
      ]);
      await until(
        'the big file to be embedding',
        async () => (await app.row('big.md').getAttribute('data-status')) === 'embedding',
      );
      await app.page.close();
      console.log('      (closed while big.md was embedding)');
      const reopened = new AppPage(await context.newPage());
      await reopened.open();
      const rows = await reopened.rows().allTextContents();
      console.log(`      after reopening: ${rows.map((row) => row.replace(/\s+/g, ' ').slice(0, 60)).join(' | ')}`);
      const expected = chunkDocument(
        await parseDocument({ name: 'big.md', bytes: new TextEncoder().encode(BIG_DOCUMENT) }),
        DEFAULT_CHUNK_OPTIONS,
      ).length;
      assert.ok(
        rows.every((row) => !/big\.md/.test(row) || row.includes(`${expected} passages`)),
        rows.join(' | '),
      );
      assert.ok(
        rows.some((row) => /Small/.test(row)),
        'the first file, finished before the tab closed, is there',
      );
      assert.equal(await reopened.page.locator('[data-testid=document]:not([data-status=indexed])').count(), 0);
      await reopened.page.close();
    },
  },
];
