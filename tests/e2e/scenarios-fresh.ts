/**
 * End-to-end scenarios in fresh browser contexts: offline after the first load, a 360 px
 * wide screen, and the keyboard's first steps.
 */
import assert from 'node:assert/strict';
import type { Browser, Locator } from 'playwright-core';
import { AppPage } from './app-page.js';
import { CONFLICTING, inFreshPage, SAMPLE_PUBLIC_ROWS, type Scenario } from './harness.js';

/** Scenarios that open their own browser context. */
export const FRESH_SCENARIOS: readonly Scenario[] = [
  {
    name: 'offline after the first load: index the sample and answer all five kinds',
    async run({ browser }) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      try {
        const app = new AppPage(await context.newPage());
        await app.open();
        await context.setOffline(true);
        assert.equal(
          await app.page.evaluate(() =>
            fetch('/favicon.svg?offline').then(
              () => 'online',
              () => 'offline',
            ),
          ),
          'offline',
        );
        await app.loadSample();
        assert.equal(await app.page.locator('[data-testid=document][data-status=indexed]').count(), SAMPLE_PUBLIC_ROWS);
        const lookup = await app.ask('How do I switch on the child lock on my DW-480 dishwasher?');
        assert.match(lookup.answer, /Start and Delay/);
        const numeric = await app.ask('How many place settings does the DW-480 take?');
        assert.match(numeric.answer, /\b14\b/);
        const multi = await app.ask("What's the DW-480's rated power, and how loud is it?");
        assert.match(multi.answer, /44 ?dB/);
        const unanswerable = await app.ask('What is the warranty on the DW-490 dishwasher?');
        assert.ok(unanswerable.flags.includes('missing_evidence'));
        const conflicting = await app.ask(CONFLICTING);
        assert.ok(conflicting.flags.includes('conflict'));
        await context.setOffline(false);
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'usable at 360 px wide: nothing overflows sideways',
    async run({ browser }) {
      await sampleAskedAt(browser, { width: 360, height: 740 }, async (app) => {
        const widths = await app.page.evaluate(() => [
          document.documentElement.scrollWidth,
          document.documentElement.clientWidth,
        ]);
        assert.ok((widths[0] ?? 0) <= (widths[1] ?? 0), `scroll width ${widths[0]} > ${widths[1]}`);
        await app.page.getByTestId('answer').getByTestId('citation').first().click();
        assert.equal(await app.page.locator('[data-testid=passage][data-active=true]').count(), 1);
      });
    },
  },
  {
    name: 'phone width (390 × 844): the Settings and Trace dialogs fit, and a wide trace table scrolls inside its own box (also with two hops)',
    async run({ browser }) {
      await sampleAskedAt(browser, { width: 390, height: 844 }, async (app) => {
        const settings = await app.openSettings();
        assert.deepEqual(await overflows(settings), [], 'Settings content wider than its dialog');
        await app.closeSettings();
        await app.page.getByTestId('open-trace').click();
        const trace = app.page.getByTestId('trace');
        await trace.getByTestId('trace-step').first().waitFor();
        assert.ok((await trace.locator('table').count()) > 0, 'the trace shows its passages table');
        assert.deepEqual(await overflows(trace), [], 'Trace content wider than its dialog');
        await trace.getByRole('button', { name: 'Close' }).click();
        // A two-hop question: its trace also says how the second part was searched, and its
        // passages table has long citation ids; the steps still fit and the table scrolls.
        await app.ask('Which DW-480 programme is the quickest, and how long does it take?');
        await app.page.getByTestId('open-trace').click();
        await trace.getByTestId('trace-hop').waitFor();
        assert.deepEqual(await overflows(trace), [], 'Trace content (two hops) wider than its dialog');
        await trace.getByRole('button', { name: 'Close' }).click();
      });
    },
  },
  {
    name: 'keyboard: the first Tab reaches "Skip to the question", Enter puts focus in the question box; Load sample manuals leaves focus there, not on the page',
    async run({ browser }) {
      await inFreshPage(browser, async (app) => {
        const focused = () => app.page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName);
        await app.page.keyboard.press('Tab');
        assert.equal(await app.page.evaluate(() => document.activeElement?.textContent), 'Skip to the question');
        await app.page.keyboard.press('Enter');
        assert.equal(await focused(), 'question-input');
        const start = app.page.locator('section[aria-label="Getting started"] button', {
          hasText: 'Load sample manuals',
        });
        await start.focus();
        await app.page.keyboard.press('Enter');
        await app.ingested();
        assert.equal(await app.page.locator('section[aria-label="Getting started"]').count(), 0);
        assert.equal(await focused(), 'question-input', 'focus went to the question box, not the page body');
      });
    },
  },
];

/**
 * What sticks out of a dialog sideways: the dialog box itself wider than the window, or an element
 * whose right edge passes the dialog's, unless a box of its own scrolls it (`overflow-x` auto or
 * scroll, narrower than the dialog). Each is named by tag, test id or class, with its width.
 */
async function overflows(dialog: Locator): Promise<string[]> {
  return dialog.evaluate((root) => {
    const box = root.getBoundingClientRect();
    const found: string[] = [];
    if (box.right > window.innerWidth + 1 || box.left < -1) found.push(`dialog ${Math.round(box.width)} px wide`);
    // No named inner functions: the page cannot see the helper tsx wraps them in.
    for (const element of root.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.right <= box.right + 1) continue;
      let scrolled = false;
      for (let parent = element.parentElement; parent && parent !== root && !scrolled; parent = parent.parentElement) {
        const overflow = getComputedStyle(parent).overflowX;
        scrolled =
          (overflow === 'auto' || overflow === 'scroll') && parent.getBoundingClientRect().right <= box.right + 1;
      }
      if (scrolled) continue;
      const name = element.getAttribute('data-testid') ?? (element.className || element.tagName.toLowerCase());
      found.push(
        `${String(name)} ${Math.round(rect.width)} px, right edge ${Math.round(rect.right)} > ${Math.round(box.right)}`,
      );
      if (found.length >= 5) break;
    }
    return found;
  });
}

/** Runs `run` in a fresh context of `viewport`, with the sample loaded and the conflicting question asked. */
async function sampleAskedAt(
  browser: Browser,
  viewport: { width: number; height: number },
  run: (app: AppPage) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext({ viewport });
  try {
    const app = new AppPage(await context.newPage());
    await app.open();
    await app.loadSample();
    await app.ask(CONFLICTING);
    await run(app);
  } finally {
    await context.close();
  }
}
