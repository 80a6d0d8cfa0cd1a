/**
 * End-to-end scenarios on the sample manuals: load them, then ask each kind of question and
 * check the answer, its citations, the evidence, the warnings and who may see what.
 */
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { until } from './app-page.js';
import { CONFLICTING, SAMPLE_FILES, SAMPLE_PUBLIC_ROWS, setNumber, type Scenario } from './harness.js';

const SCREENSHOT = fileURLToPath(new URL('../../docs/screenshot.png', import.meta.url));

/** Sample manuals: load, ask, check. */
export const ANSWER_SCENARIOS: readonly Scenario[] = [
  {
    name: 'starts empty, with the sample manuals one click away, and what the two sample buttons differ in said',
    async run({ app }) {
      await app.open();
      assert.equal(await app.rows().count(), 0);
      assert.ok(await app.page.getByTestId('load-sample').isEnabled());
      // Both buttons appear twice (the start panel and the library): each place says how they differ.
      const start = app.page.getByRole('region', { name: 'Getting started' });
      assert.match(
        ((await start.textContent()) ?? '').replace(/\s+/g, ' '),
        /Both give you the same sample manuals: Load reads and indexes their files here.*Import opens them as a ready-made library pack/,
      );
      assert.match(
        (await app.page.getByTestId('load-sample').getAttribute('title')) ?? '',
        /indexes the sample manuals' files here/,
      );
      assert.match(
        (await app.page.getByTestId('import-sample-pack').getAttribute('title')) ?? '',
        /ready-made library pack/,
      );
    },
  },
  {
    name: 'loads the sample manuals and indexes every file',
    async run({ app, metrics }) {
      metrics.indexMs = await app.loadSample();
      assert.match(
        (await app.page.getByTestId('ingest-summary').textContent()) ?? '',
        new RegExp(`${SAMPLE_FILES} of ${SAMPLE_FILES} files indexed`),
      );
      assert.equal(await app.rows().count(), SAMPLE_PUBLIC_ROWS);
      assert.equal(await app.page.locator('[data-testid=document][data-status=indexed]').count(), SAMPLE_PUBLIC_ROWS);
      // The counts add up: what this viewer may not read is said, not silently missing.
      assert.match(
        (await app.page.getByTestId('hidden-for-viewer').textContent()) ?? '',
        new RegExp(
          `${SAMPLE_FILES - SAMPLE_PUBLIC_ROWS} more documents? (is|are) in the library but not shown: viewing as “public”`,
        ),
      );
      const facts = await app.storageFacts();
      assert.equal(facts.kind, 'indexeddb');
      metrics.libraryBytes = facts.bytes;
      if (facts.idbBytes !== undefined) metrics.indexedDbBytes = facts.idbBytes;
    },
  },
  {
    name: 'lookup: a cited answer, and the chip highlights the sentence the checker judged it on',
    async run({ app, metrics }) {
      const asked = await app.ask('How do I switch on the child lock on my DW-480 dishwasher?');
      metrics.enterToVerdictMs.push(asked.ms);
      assert.equal(asked.status, 'answered');
      assert.match(asked.answer, /Start and Delay/);
      const chip = app.page.getByTestId('answer').getByTestId('citation').first();
      const cite = await chip.getAttribute('data-cite');
      // A touch target: at least 24 × 24 px.
      const box = await chip.boundingBox();
      assert.ok(box && box.width >= 24 && box.height >= 24, `the chip is ${box?.width} × ${box?.height} px`);
      assert.equal(cite, 'dw480-manual-v3#1');
      await chip.click();
      const passage = app.page.locator(`[data-testid=passage][data-cite="${cite}"]`);
      await until('the passage to be active', async () => (await passage.getAttribute('data-active')) === 'true');
      assert.match(
        (await passage.getByTestId('highlight').textContent()) ?? '',
        /hold the Start and Delay buttons together for 3 seconds/,
      );
      // The sentence the checker judged the claim on, as the verdict recorded it.
      assert.equal(await passage.getByTestId('highlight').getAttribute('data-state'), 'supported');
      assert.ok(await passage.isVisible());
      await passage.getByRole('button', { name: 'Open in document' }).click();
      const viewer = app.page.getByTestId('document-viewer');
      await viewer.locator('mark.passage').waitFor();
      assert.match((await viewer.locator('mark.passage').textContent()) ?? '', /Start and Delay/);
      assert.match((await viewer.textContent()) ?? '', /DW-480 Dishwasher Owner Manual/);
      await viewer.getByRole('button', { name: 'Close' }).click();
    },
  },
  {
    name: 'unanswerable: the missing-evidence warning names the part without a passage',
    async run({ app, metrics }) {
      const asked = await app.ask('What is the warranty on the DW-490 dishwasher?');
      metrics.enterToVerdictMs.push(asked.ms);
      assert.equal(asked.status, 'abstained');
      const warning = app.page.locator('[data-testid=warning][data-flag=missing_evidence]');
      assert.ok(await warning.isVisible());
      assert.match((await warning.textContent()) ?? '', /DW-490/);
    },
  },
  {
    name: 'conflicting: both values, both sources and the authoritative one',
    async run({ app, metrics, browserName }) {
      await app.page.setViewportSize({ width: 1280, height: 800 });
      const asked = await app.ask(CONFLICTING);
      metrics.enterToVerdictMs.push(asked.ms);
      assert.ok(asked.flags.includes('conflict'), `flags: ${asked.flags.join(', ')}`);
      const conflict = app.page.locator('[data-testid=warning][data-flag=conflict]');
      const values = await conflict.getByTestId('conflict-value').allTextContents();
      assert.ok(
        values.some((value) => /2 years.*v3.*authoritative/s.test(value)),
        values.join(' | '),
      );
      assert.ok(
        values.some((value) => /1 year.*v2/s.test(value)),
        values.join(' | '),
      );
      assert.ok(asked.chips.includes('dw480-manual-v2#2') && asked.chips.includes('dw480-manual-v3#2'));
      assert.ok(
        await app.page
          .locator('[data-testid=passage][data-cite="dw480-manual-v2#2"] [data-testid=badge-superseded]')
          .isVisible(),
      );
      if (browserName === 'chromium') {
        // The README's picture is of the answer: the embedder offer above it is dismissed first.
        const offer = app.page.getByTestId('offer-dismiss');
        if (await offer.count()) await offer.click();
        await app.page.evaluate(() => {
          window.scrollTo(0, 0);
          for (const panel of document.querySelectorAll('main section')) panel.scrollTop = 0;
          (document.activeElement as HTMLElement | null)?.blur();
        });
        await app.page.screenshot({ path: SCREENSHOT });
      }
      await app.page.getByTestId('open-trace').click();
      const trace = app.page.getByTestId('trace');
      const stages = await trace
        .getByTestId('trace-step')
        .evaluateAll((steps) => steps.map((step) => (step as HTMLElement).dataset.stage));
      assert.deepEqual(stages, ['analyse', 'retrieve', 'select', 'prompt', 'generate', 'verify']);
      assert.match((await trace.getByTestId('prompt-message').allTextContents()).join('\n'), /dw480-manual-v3#2/);
      await trace.getByRole('button', { name: 'Close' }).click();
    },
  },
  {
    name: 'numeric and multi-hop: answered with citations',
    async run({ app, metrics }) {
      const numeric = await app.ask('How many place settings does the DW-480 take?');
      assert.match(numeric.answer, /\b14\b/);
      assert.notEqual(numeric.status, 'abstained');
      const multi = await app.ask("What's the DW-480's rated power, and how loud is it?");
      metrics.enterToVerdictMs.push(numeric.ms, multi.ms);
      assert.match(multi.answer, /1[ ,.]?900 ?W/);
      assert.match(multi.answer, /44 ?dB/);
      assert.ok(multi.chips.length >= 2);
      await app.page.getByTestId('open-settings').click();
      const answerMode = app.page.getByTestId('answer-mode');
      assert.equal(await answerMode.getAttribute('data-kind'), 'extractive');
      assert.equal(await answerMode.textContent(), 'Answers: extracted from your documents by code (no model)');
      await setNumber(app, 'top-k', '2');
      await app.page.getByTestId('retrieval-mode').selectOption('lexical');
      assert.equal(await app.page.getByTestId('top-k').inputValue(), '2');
      await app.page.getByTestId('settings').getByRole('button', { name: 'Close' }).click();
      await app.ask('How many place settings fit in the DW-480?');
      const shown = await app.page.getByTestId('passage').count();
      assert.ok(shown <= 3, `${shown} passages shown with top-k 2`);
      assert.match((await app.page.getByTestId('passage').first().textContent()) ?? '', /vector –/);
      await app.page.getByTestId('open-settings').click();
      await setNumber(app, 'top-k', '6');
      await app.page.getByTestId('retrieval-mode').selectOption('hybrid');
      await app.page.getByTestId('settings').getByRole('button', { name: 'Close' }).click();
    },
  },
  {
    name: 'the evidence panel reads like the document: title, section, a table laid out, a plain cue, the scores one click away',
    async run({ app }) {
      const asked = await app.ask('What does error code E21 mean on the WM-720?');
      assert.ok(asked.chips.includes('wm720-manual#8'), asked.chips.join(', '));
      const cards = app.page.getByTestId('passage');
      // In rank order, numbered from 1, as the retrieval ranked them.
      const numbers = (await cards.locator('header .number').allTextContents()).map(Number);
      assert.deepEqual(
        numbers,
        numbers.map((_, index) => index + 1),
      );
      const passage = app.page.locator('[data-testid=passage][data-cite="wm720-manual#8"]');
      assert.equal(
        await passage.getByRole('heading', { level: 3 }).textContent(),
        'WM-720 Washing Machine Owner Manual',
      );
      assert.match((await passage.locator('.meta').textContent()) ?? '', /8\. Error codes/);
      // The Markdown table is a table: its header row as header cells, a row per code, no pipes.
      const table = passage.getByTestId('passage-text').locator('table');
      assert.deepEqual(await table.locator('thead th').allTextContents(), ['Code', 'Meaning', 'What to do']);
      const row = table.locator('tbody tr').filter({ hasText: 'E21' });
      assert.deepEqual(await row.locator('td').allTextContents(), [
        'E21',
        'Water does not drain',
        'Clean the drain pump filter and check the drain hose',
      ]);
      const shown = (await passage.getByTestId('passage-text').innerText()).replace(/\s+/g, ' ');
      assert.doesNotMatch(shown, /\||^#|\s#{1,6}\s|---/, shown);
      // A plain cue, with the numbers folded away until asked for.
      const numbersBox = passage.locator('details.numbers');
      assert.match(
        (await numbersBox.locator('summary').innerText()) ?? '',
        /^(has (every word|most words|some words) of the question|matched by meaning)/,
      );
      const scores = numbersBox.locator('.scores');
      assert.equal(await scores.isVisible(), false, 'the scores are folded away');
      await numbersBox.locator('summary').click();
      assert.match(await scores.innerText(), /lexical [\d.–]+ · vector [\d.–]+ · fused [\d.]+ · coverage [\d.]+/);
    },
  },
  {
    // An answer written by code obeys nothing, so only the passage is badged; a model that read
    // the planted text gets the answer-level mark too (security PI-01).
    name: 'injection: the passage is badged; an answer written by code is not said to be influenced',
    async run({ app }) {
      const asked = await app.ask('what rinse aid setting do other DW-480 owners recommend for cloudy glasses?');
      assert.ok(await app.page.locator('[data-testid=passage] [data-testid=badge-injection]').first().isVisible());
      assert.ok(!asked.flags.includes('injection'), asked.flags.join(', '));
      assert.equal(await app.page.getByRole('note').filter({ hasText: 'influenced by instructions' }).count(), 0);
      assert.doesNotMatch(asked.answer, /10 years|calder-deals|ignore your/i);
    },
  },
  {
    name: 'viewing as: a restricted answer vanishes when switching to public',
    async run({ app }) {
      await app.setViewer('staff');
      const question = 'How do I put a WM-720 into service mode?';
      const staff = await app.ask(question);
      assert.ok(
        staff.chips.some((cite) => cite.startsWith('tech-service-guide#')),
        staff.chips.join(', '),
      );
      assert.match(staff.answer, /Wool/);
      assert.equal(await app.rows().count(), SAMPLE_FILES, 'staff sees every sample document');
      await app.setViewer('public');
      const shown = await app.answered(question);
      assert.ok(!shown.chips.some((cite) => cite.startsWith('tech-service-guide')));
      assert.equal(await app.page.locator('[data-cite^="tech-service-guide"]').count(), 0);
      assert.doesNotMatch(shown.answer, /Wool/);
      assert.equal(await app.rows().count(), SAMPLE_PUBLIC_ROWS);
    },
  },
];
