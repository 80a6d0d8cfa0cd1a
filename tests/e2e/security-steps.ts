/**
 * What the security scenarios share: the lab they run in (one browser context, opened by the
 * first scenario and closed by the last), and how they ask, read passages and prompts, and check
 * the badges and chips of an answer.
 */
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import type { AppPage, Asked } from './app-page.js';
import { SecurityLab } from './security-lab.js';

let opened: SecurityLab | undefined;

/** Opens the shared lab. */
export async function openLab(browser: Browser): Promise<SecurityLab> {
  opened = await SecurityLab.open(browser);
  return opened;
}

/** Closes the shared lab. */
export async function closeLab(): Promise<void> {
  const current = opened;
  opened = undefined;
  await current?.close();
}

/** The shared lab; throws when its first scenario failed or was not selected. */
export function lab(): SecurityLab {
  if (!opened) throw new Error('the security lab is not open (its first scenario failed or was not selected)');
  return opened;
}

/** Asks as the current viewer; checks the obeying model wrote the answer. */
export async function ask(question: string): Promise<Asked> {
  const asked = await lab().app.ask(question);
  const writer = (await lab().app.page.getByTestId('answer-timing').textContent()) ?? '';
  assert.match(writer, /written\s+by\s+a model/, `${question}: the fake model did not write the answer`);
  return asked;
}

/** The passage cards' text, by citation id. */
export function passages(app: AppPage): Promise<Record<string, string>> {
  return app.page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll<HTMLElement>('[data-testid=passage]')].map((card) => [
        card.dataset.cite ?? '',
        card.textContent ?? '',
      ]),
    ),
  );
}

/** The prompt of the last answer, as the trace shows it (every message, joined). */
export async function prompt(app: AppPage): Promise<string> {
  await app.page.getByTestId('open-trace').click();
  const messages = await app.page.getByTestId('prompt-message').allTextContents();
  await app.page.getByTestId('trace').getByRole('button', { name: 'Close' }).click();
  assert.ok(messages.length >= 2, 'the trace shows the prompt');
  return messages.join('\n\n');
}

/** The passage of `docId` carries the instruction-like badge, and the answer is marked as possibly influenced. */
export async function assertBadged(app: AppPage, asked: Asked, docId: string): Promise<void> {
  const card = app.page.locator(`[data-testid=passage][data-cite^="${docId}#"]`).first();
  await card.getByTestId('badge-injection').waitFor({ timeout: 5_000 });
  assert.ok(asked.flags.includes('injection'), `${docId}: no injection warning (${asked.flags.join(', ')})`);
  assert.notEqual(asked.status, 'answered', `${docId}: answered without caveats`);
  assert.match(
    (await app.page.locator('[aria-labelledby=answer-title] .influence').first().textContent()) ?? '',
    /may be influenced by instructions found in a document/,
  );
}

/** The answer's chips cite only passages given, never a citation a document or the model made up. */
export async function assertChipsReal(app: AppPage, asked: Asked): Promise<void> {
  const shown = Object.keys(await passages(app));
  for (const chip of asked.chips) assert.ok(shown.includes(chip), `chip ${chip} is not a passage given`);
  assert.equal(
    await app.page.locator('[data-testid=passage] [data-testid=citation]').count(),
    0,
    'a chip in a passage',
  );
}
