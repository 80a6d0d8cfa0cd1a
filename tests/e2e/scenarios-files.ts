/**
 * End-to-end scenarios on PDF and Word files, each in a fresh browser context: ingest → ask →
 * cite with page numbers, blank covers that are not "scanned?", an encrypted PDF's password prompt, a damaged PDF in a batch, a
 * duplicate, a 200-file drop with aggregate progress and Cancel, and (Chromium) the parse
 * throughput of a generated 200-page PDF.
 */
import assert from 'node:assert/strict';
import { makeLongPdf } from '../../scripts/make-fixtures.js';
import { encryptedManual, fixture, withBlankCovers } from '../adapters/node/pdf-variants.js';
import { shown, until, type AppPage } from './app-page.js';
import { inFreshPage, type Scenario } from './harness.js';

const PAGE_3_QUESTION = 'How often should the KX-200 be descaled?';
const PASSWORD = 'kettle-7';

/**
 * Everything this origin stores (the library's records and facts, local and session storage) as
 * text. A string, not a function: tsx would wrap inner functions in a helper the page lacks.
 */
const STORED_TEXT = `(async () => {
  const db = await new Promise((resolve) => { const open = indexedDB.open('footnote-library'); open.onsuccess = () => resolve(open.result); });
  const all = (name) => new Promise((resolve) => { const request = db.transaction(name).objectStore(name).getAll(); request.onsuccess = () => resolve(request.result); });
  const text = JSON.stringify([await all('documents'), await all('facts'), { ...localStorage }, { ...sessionStorage }]);
  db.close();
  return text;
})()`;

/** Status of the row whose text matches. */
async function statusOf(app: AppPage, text: string): Promise<string | null> {
  return app.row(text).first().getAttribute('data-status');
}

/**
 * Waits for the password prompt for `name`; on a timeout the error says what the file's row showed
 * instead (a parse that failed or stalled reads differently from a prompt that never opened).
 */
async function passwordPrompt(app: AppPage, name: string): Promise<void> {
  const input = app.page.getByTestId('password-dialog').getByTestId('password-input');
  try {
    await shown(input, `the password prompt for ${name}`, 30_000);
  } catch (error) {
    const row = app.row(name).first();
    const shownRow =
      (await row.count()) > 0 ? `${await row.getAttribute('data-status')}: ${await row.textContent()}` : 'no row';
    throw new Error(`no password prompt for ${name}; its row: ${shownRow}`, { cause: error });
  }
}

/** Numbered markdown files for the mass drop. */
function manyFiles(count: number): { name: string; bytes: Uint8Array }[] {
  return Array.from({ length: count }, (_, index) => {
    const sections = Array.from(
      { length: 6 },
      (_, part) =>
        `## ${part + 1}. Part ${part + 1}\n\nUnit ${index}-${part} of batch note ${index} runs for ${part + index} minutes.`,
    );
    const text = `# Batch note ${index}\n\n${sections.join('\n\n')}`;
    return { name: `batch-${String(index).padStart(3, '0')}.md`, bytes: new TextEncoder().encode(text) };
  });
}

/** PDF and Word files in the browser. */
export const FILE_SCENARIOS: readonly Scenario[] = [
  {
    name: 'PDF and Word: drop manual.pdf and manual.docx, ask → cite with "p. 3" in the citation and the passage',
    async run({ browser }) {
      await inFreshPage(browser, async (app) => {
        await app.addBinaryFiles([
          { name: 'manual.pdf', bytes: await fixture('manual.pdf') },
          { name: 'manual.docx', bytes: await fixture('manual.docx') },
        ]);
        const pdf = app.row('KX-200 Kettle Manual');
        assert.equal(await pdf.getAttribute('data-status'), 'indexed');
        assert.equal(await pdf.getAttribute('data-partial'), 'true');
        assert.match((await pdf.getByTestId('document-status').textContent()) ?? '', /partially indexed/);
        assert.match((await pdf.textContent()) ?? '', /page 4 has no extractable text/);
        assert.match((await pdf.textContent()) ?? '', /PDF, 5 pages/);
        assert.equal(await statusOf(app, 'KX-200 Installation Guide'), 'indexed');
        const asked = await app.ask(PAGE_3_QUESTION);
        assert.match(asked.answer, /6 weeks/);
        const chip = app.page.getByTestId('answer').getByTestId('citation').first();
        const cite = (await chip.getAttribute('data-cite')) ?? '';
        assert.match(cite, /^manual#3/);
        assert.equal(await chip.getAttribute('data-page'), '3');
        assert.equal(await chip.getByTestId('citation-page').textContent(), 'p. 3');
        const passage = app.page.locator(`[data-testid=passage][data-cite="${cite}"]`);
        assert.equal(await passage.getByTestId('passage-page').textContent(), 'p. 3');
        const word = await app.ask('What is the part number of the KX-200 lid seal?');
        assert.match(word.answer, /KX-SEAL-0200/);
        assert.ok(
          word.chips.some((item) => item.startsWith('manual-docx#')),
          word.chips.join(', '),
        );
        assert.doesNotMatch(
          (await app.page.locator('[aria-labelledby=evidence-title]').textContent()) ?? '',
          /HIDDEN-ZEBRA/,
        );
      });
    },
  },
  {
    name: 'a blank cover is not "scanned?": covers alone leave a PDF whole; a blank page inside is still named',
    async run({ browser }) {
      await inFreshPage(browser, async (app) => {
        await app.addBinaryFiles([
          { name: 'covered-plain.pdf', bytes: await withBlankCovers('plain.pdf', true) },
          { name: 'covered-manual.pdf', bytes: await withBlankCovers('manual.pdf') },
        ]);
        const plain = app.row('covered-plain.pdf').first();
        assert.equal(await plain.getAttribute('data-status'), 'indexed');
        assert.equal(await plain.getAttribute('data-partial'), null, (await plain.textContent()) ?? '');
        assert.doesNotMatch((await plain.textContent()) ?? '', /scanned\?|no extractable text|partially/);
        assert.match((await plain.textContent()) ?? '', /PDF, 4 pages/);
        // The manual's own blank page 4 is page 5 behind the cover: named, the cover is not.
        const manual = app.row('KX-200 Kettle Manual').first();
        assert.equal(await manual.getAttribute('data-partial'), 'true');
        const shown = (await manual.textContent()) ?? '';
        assert.match(shown, /page 5 has no extractable text: scanned\?/);
        assert.doesNotMatch(shown, /pages? 1\b|pages 1/);
        assert.match(shown, /PDF, 6 pages/);
      });
    },
  },
  {
    name: 'an encrypted PDF asks for its password: a wrong one asks again, the right one indexes it, Skip leaves it out',
    async run({ browser }) {
      const locked = await encryptedManual(PASSWORD, 'owner-secret');
      await inFreshPage(browser, async (app) => {
        const logged: string[] = [];
        app.page.on('console', (message) => logged.push(message.text()));
        await app.dropBinary([{ name: 'locked-manual.pdf', bytes: locked }]);
        const dialog = app.page.getByTestId('password-dialog');
        await passwordPrompt(app, 'locked-manual.pdf');
        assert.match((await dialog.textContent()) ?? '', /locked-manual\.pdf is password-protected/);
        await dialog.getByTestId('password-input').fill('not-it');
        await dialog.getByTestId('password-submit').click();
        await dialog.getByTestId('password-wrong').waitFor();
        assert.equal(await dialog.getByTestId('password-input').inputValue(), '');
        await dialog.getByTestId('password-input').fill(PASSWORD);
        await dialog.getByTestId('password-submit').click();
        await app.ingested();
        assert.equal(await statusOf(app, 'KX-200 Kettle Manual'), 'indexed');
        const asked = await app.ask(PAGE_3_QUESTION);
        assert.match(asked.answer, /6 weeks/);
        const stored = await app.page.evaluate<string>(STORED_TEXT);
        assert.ok(!stored.includes(PASSWORD), 'the password was stored');
        assert.ok(!logged.some((line) => line.includes(PASSWORD)), 'the password was logged');
        await app.dropBinary([{ name: 'other-locked.pdf', bytes: await encryptedManual('another-one', 'x') }]);
        await passwordPrompt(app, 'other-locked.pdf');
        await dialog.getByTestId('password-skip').click();
        await app.ingested();
        const skipped = app.row('other-locked.pdf');
        assert.equal(await skipped.getAttribute('data-status'), 'skipped');
        assert.match((await skipped.textContent()) ?? '', /skipped: password-protected/);
      });
    },
  },
  {
    name: 'a damaged PDF fails alone: the rest of the batch is indexed; the same bytes again are "already in library"',
    async run({ browser }) {
      const manual = await fixture('manual.pdf');
      await inFreshPage(browser, async (app) => {
        await app.addBinaryFiles([
          { name: 'truncated.pdf', bytes: manual.slice(0, Math.floor(manual.length / 3)) },
          { name: 'garbage.pdf', bytes: new TextEncoder().encode('%PDF-1.7\nthis is not really a PDF at all') },
          { name: 'plain.pdf', bytes: await fixture('plain.pdf') },
          { name: 'notes.md', bytes: new TextEncoder().encode('# Notes\n\nThe boiler valve is red.') },
        ]);
        for (const name of ['truncated.pdf', 'garbage.pdf']) {
          const row = app.row(name);
          assert.equal(await row.getAttribute('data-status'), 'failed', name);
          assert.match(
            (await row.textContent()) ?? '',
            new RegExp(`${name.replace('.', '\\.')}: .*(damaged|no extractable)`),
          );
        }
        assert.equal(await app.page.locator('[data-testid=document][data-status=indexed]').count(), 2);
        const summary = (await app.page.getByTestId('ingest-summary').textContent()) ?? '';
        assert.match(summary, /2 of 4 files indexed.*2 failed/s);
        const plain = await app.ask('What is the boiler pressure?');
        assert.match(plain.answer, /1\.5 bar/);
        await app.addBinaryFiles([{ name: 'copy-of-plain.pdf', bytes: await fixture('plain.pdf') }]);
        const copy = app.row('copy-of-plain.pdf');
        assert.equal(await copy.getAttribute('data-status'), 'skipped');
        assert.match((await copy.textContent()) ?? '', /already in the library \(same bytes as plain\.pdf\)/);
        assert.equal(await app.page.locator('[data-testid=document][data-status=indexed]').count(), 2);
      });
    },
  },
  {
    name: 'a 200-file drop shows aggregate progress, stays responsive, and Cancel stops it cleanly',
    async run({ browser, metrics }) {
      await inFreshPage(browser, async (app) => {
        await app.page.evaluate(() => {
          const state = window as unknown as { __maxLag: number };
          state.__maxLag = 0;
          let last = performance.now();
          setInterval(() => {
            const now = performance.now();
            state.__maxLag = Math.max(state.__maxLag, now - last - 50);
            last = now;
          }, 50);
        });
        await app.dropBinary(manyFiles(200));
        const progress = app.page.getByTestId('batch-progress');
        await progress.waitFor();
        await until('a few files done', async () => Number(await progress.getAttribute('data-done')) >= 10, 30_000);
        assert.equal(await progress.getAttribute('data-files'), '200');
        assert.match((await progress.textContent()) ?? '', /\d+ of 200 files done/);
        await app.page.getByTestId('cancel-batch').click();
        await app.ingested();
        const summary = app.page.getByTestId('ingest-summary');
        const text = (await summary.textContent()) ?? '';
        const indexed = Number(/(\d+) of 200 files indexed/.exec(text)?.[1]);
        assert.ok(indexed >= 10 && indexed < 200, text);
        const stopped = await app.page.locator('[data-testid=document][data-status=failed]').count();
        assert.equal(indexed + stopped, 200, `${indexed} indexed + ${stopped} stopped`);
        assert.match(
          (await app.page.locator('[data-testid=document][data-status=failed]').first().textContent()) ?? '',
          /Stopped/,
        );
        metrics.dropMaxLagMs = Math.round(
          await app.page.evaluate(() => (window as unknown as { __maxLag: number }).__maxLag),
        );
        assert.ok(metrics.dropMaxLagMs < 1000, `the page stalled for ${metrics.dropMaxLagMs} ms`);
        await app.reload();
        assert.equal(await app.page.locator('[data-testid=document][data-status=indexed]').count(), indexed);
      });
    },
  },
  {
    name: 'parse throughput of a generated 200-page PDF (Chromium)',
    browsers: ['chromium'],
    async run({ browser, metrics }) {
      const bytes = await makeLongPdf(200);
      await inFreshPage(browser, async (app) => {
        await app.addBinaryFiles([{ name: 'warm-up.pdf', bytes: await fixture('plain.pdf') }]);
        const rates: number[] = [];
        for (const name of ['long-200.pdf', 'long-200-copy.pdf']) {
          await app.addBinaryFiles([{ name, bytes }]);
          const summary = app.page.getByTestId('ingest-summary');
          const pages = Number(await summary.getAttribute('data-pages'));
          const ms = Number(await summary.getAttribute('data-parse-ms'));
          assert.equal(pages, 200);
          rates.push(Math.round(pages / (ms / 1000)));
        }
        metrics.pdfPagesPerSecond = rates;
        assert.equal(await app.row('long-200-copy.pdf').getAttribute('data-status'), 'skipped');
      });
    },
  },
];
