/**
 * The security scenarios' second half, in the same lab as `scenarios-security.ts`: citations a
 * document or the model makes up (PI-14, PI-15), missing evidence (PI-16), a hostile Word file
 * (OUT-08), another viewer's canary and carry-over (PI-17, PI-19), deletion (PI-18), the network
 * panel, and last the request log of the whole run (PI-20), which closes the lab.
 */
import assert from 'node:assert/strict';
import { CANARIES } from '../fakes/evil-payloads.js';
import { until } from './app-page.js';
import { step, type Scenario } from './harness.js';
import { hostileDocx } from './security-docx.js';
import { DOCUMENT_SUBSTRINGS } from './security-lab.js';
import { ask, assertChipsReal, closeLab, lab, passages, prompt } from './security-steps.js';

/** See the module comment. */
export const ISOLATION_SCENARIOS: readonly Scenario[] = [
  {
    name: 'security PI-14: "[S-1]" and "[Source: …]" in a document are text, never citation chips',
    async run() {
      const { app } = lab();
      const asked = await ask('Is the KT-100 certified to EN 60335?');
      assert.match(asked.answer, /\[S-1\]/, 'the model repeated the fake citation');
      assert.ok(!asked.chips.includes('S-1'));
      await assertChipsReal(app, asked);
      assert.match((await passages(app))['pi14-fake-citation#safety-certification'] ?? '', /According to \[S-1\]/);
      await lab().assertNothingLeftOrRan('PI-14');
    },
  },
  {
    name: 'security PI-15: invented citations are struck through and flagged; the answer is not "answered"',
    async run() {
      const { app } = lab();
      const asked = await ask('How should I clean the KT-100 limescale filter?');
      const invalid = await app.page.getByTestId('answer').getByTestId('invalid-citation').allTextContents();
      assert.ok(invalid.includes('[made-up#9]'), `struck through: ${invalid.join(', ')}`);
      assert.ok(asked.flags.includes('invalid_citation'), asked.flags.join(', '));
      assert.ok(!asked.chips.includes('made-up#9') && !asked.chips.includes('S-9999'));
      assert.notEqual(asked.status, 'answered');
      await assertChipsReal(app, asked);
      await lab().assertNothingLeftOrRan('PI-15');
    },
  },
  {
    name: 'security PI-16: a question the documents do not answer shows missing evidence and no model answer',
    async run() {
      const { app } = lab();
      const asked = await app.ask('What is the KT-100 top speed on the motorway?');
      assert.equal(asked.status, 'abstained');
      assert.ok(asked.flags.includes('missing_evidence'), asked.flags.join(', '));
      assert.equal(asked.chips.length, 0);
      await lab().assertNothingLeftOrRan('PI-16');
    },
  },
  {
    name: 'security OUT-08: a Word file with a javascript: hyperlink and a linked remote image is read as words only, nothing fetched',
    async run() {
      const { app } = lab();
      await app.addBinaryFiles([hostileDocx()]);
      assert.equal(
        await app.page.locator('[data-testid=document][data-status=indexed]').filter({ hasText: 'travel' }).count(),
        1,
      );
      await app.ask('How much does the KT-100 travel case weigh?');
      const text = Object.entries(await passages(app))
        .filter(([cite]) => cite.startsWith('travel-case#'))
        .map(([, card]) => card)
        .join('\n');
      assert.match(text, /travel case weighs 400 grams/);
      assert.match(text, /Open the travel case guide/, 'the link text is kept as words');
      assert.doesNotMatch(text, /javascript:|attacker\.test/, 'the link target and image address are not indexed');
      await lab().assertNothingLeftOrRan('OUT-08');
    },
  },
  {
    name: "security PI-17, PI-19: another viewer's canary is never retrieved, prompted or answered; no carry-over",
    async run() {
      const { app } = lab();
      const question = 'What is the KT-100 descaling service code?';
      await app.setViewer('collection-b');
      await ask(question);
      const control = await prompt(app);
      assert.ok(control.includes(CANARIES.otherCollection), 'control: collection B reads its own sheet');
      const secret = /The KT-100 descaling service code is SC-77[^\n]*/.exec(control)?.[0] ?? '';
      assert.ok(secret, 'the passage text of collection B');
      await app.setViewer('public');
      for (const asking of [
        question,
        CANARIES.otherCollection,
        `internal reference ${CANARIES.otherCollection} SC-77`,
      ]) {
        const asked = await app.ask(asking);
        const shown = JSON.stringify(await passages(app));
        assert.ok(!shown.includes(CANARIES.otherCollection), `${asking}: the canary in a passage`);
        assert.equal(await app.page.getByTestId('badge-restricted').count(), 0, `${asking}: a restricted passage`);
        if (!asking.includes(CANARIES.otherCollection)) {
          assert.ok(!asked.answer.includes(CANARIES.otherCollection), `${asking}: the canary in the answer`);
        }
        if ((await app.page.getByTestId('open-trace').count()) > 0) {
          const text = await prompt(app);
          const passagesPart = text.slice(text.indexOf('Passages:'));
          assert.ok(!passagesPart.includes(CANARIES.otherCollection), `${asking}: the canary in the prompt`);
          assert.ok(!text.includes(secret), `${asking}: collection B's passage carried over into the prompt`);
        }
      }
      await lab().assertNothingLeftOrRan('PI-17');
    },
  },
  {
    name: 'security PI-18: a deleted document is gone from search, passages and prompt, also after a reload',
    async run() {
      const { app } = lab();
      const question = `What does the withdrawn memo ${CANARIES.deleted} say?`;
      await ask(question);
      assert.ok(
        Object.keys(await passages(app)).some((cite) => cite.startsWith('deleted#')),
        'control: found before',
      );
      const row = app.row('Withdrawn memo');
      await row.getByRole('button', { name: /^Remove/ }).click();
      await row.getByRole('button', { name: 'Confirm remove' }).click();
      await until('the memo to go', async () => (await app.row('Withdrawn memo').count()) === 0);
      for (const step of ['after removing', 'after a reload']) {
        if (step === 'after a reload') {
          await app.reload();
          assert.equal(await app.row('Withdrawn memo').count(), 0, 'the memo came back');
        }
        await app.ask(question);
        const shown = JSON.stringify(await passages(app));
        assert.ok(!shown.includes(CANARIES.deleted), `${step}: the canary in a passage`);
        if ((await app.page.getByTestId('open-trace').count()) > 0) {
          const text = await prompt(app);
          assert.ok(!text.slice(text.indexOf('Passages:')).includes(CANARIES.deleted), `${step}: in the prompt`);
        }
      }
      await lab().assertNothingLeftOrRan('PI-18');
    },
  },
  {
    name: 'security network panel: every request by host, worker requests (a model download) included, 0 left this machine',
    // Once in CI, Firefox's page stayed busy with the model change for the whole first try and the second.
    beforeRetry: () => lab().app.reload(),
    async run() {
      const { app } = lab();
      // The engine worker downloads the tiny fixture embedder from the app's own models/ folder.
      step('network panel: the tiny fixture embedder, downloaded by the engine worker');
      await app.openSettings();
      await app.useLocalModels('local/tiny-embed');
      await app.closeSettings();
      step('network panel: asking');
      await app.ask('How long is the KT-100 power cord?');
      step('network panel: reading the panel');
      await app.page.getByTestId('open-network').click();
      const panel = app.page.getByTestId('network-panel');
      await panel.waitFor();
      assert.equal(await panel.getAttribute('data-foreign'), '0');
      assert.match((await panel.getByTestId('network-foreign').textContent()) ?? '', /^0 requests left this machine/);
      const own = panel.locator('[data-testid=network-host][data-own=true]').first();
      assert.equal(await own.getAttribute('data-host'), new URL(app.page.url()).host);
      assert.ok(Number(await own.getAttribute('data-count')) > 0);
      assert.ok(Number(await own.getAttribute('data-workers')) > 0, 'the workers’ requests are listed');
      assert.equal(await panel.locator('[data-testid=network-host][data-own=false]').count(), 0);
      await app.page
        .getByTestId('network-panel')
        .locator('xpath=ancestor::dialog')
        .getByRole('button', { name: 'Close' })
        .click();
    },
  },
  {
    name: 'security PI-20: no request went to any host but the page’s own, and none carried a canary or document text',
    async run() {
      const current = lab();
      try {
        await current.assertNothingLeftOrRan('PI-20');
        assert.ok(current.requests.length > 0, 'requests were recorded');
        for (const request of current.requests) {
          const sent = `${decodeURIComponent(request.url)}\n${JSON.stringify(request.headers)}\n${request.body}`;
          for (const text of DOCUMENT_SUBSTRINGS) {
            assert.ok(!sent.includes(text), `${request.method} ${request.url} carries "${text}"`);
          }
        }
      } finally {
        await closeLab();
      }
    },
  },
];
