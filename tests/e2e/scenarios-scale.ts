/**
 * A library of 10,000 passages brought back by a reload (issue 14): how long until it is back and
 * until a question asked during the restore is answered, measured by the page itself from the
 * start of the navigation and reported in the "Measured" block (a figure, not a timed test).
 * While it restores, the library panel must say so, and the question must wait, not fail.
 * `E2E_SCALE_PASSAGES=100000` measures a bigger library the same way (ten files of 10,000
 * sections); the suite runs 10,000.
 */
import assert from 'node:assert/strict';
import { until } from './app-page.js';
import { inFreshPage, type Scenario } from './harness.js';

/** Sections in all, one passage each, and in one generated manual. */
const SECTIONS = Number(process.env.E2E_SCALE_PASSAGES ?? 10_000);
const PER_FILE = 10_000;
const WORDS = [
  'intake',
  'outlet',
  'gasket',
  'valve',
  'sensor',
  'relay',
  'bearing',
  'impeller',
  'nozzle',
  'damper',
  'seal',
  'rotor',
  'coupling',
];
const TARGET = 7_321;

function code(at: number): string {
  return `ZQ-${at}`;
}

/** Plant manuals of `PER_FILE` short sections each, `SECTIONS` in all, each a passage with its own numbers. */
function plantManual(first: number): string {
  const lines = [`# Pump station service manual, units ${code(first)} on`, ''];
  for (let at = first; at < Math.min(first + PER_FILE, SECTIONS + 1); at++) {
    const word = (step: number) => WORDS[(at * step) % WORDS.length];
    lines.push(
      `## Unit ${code(at)}`,
      '',
      `The ${word(1)} of unit ${code(at)} is serviced every ${(at % 48) + 1} months. Its filter holds ${(at % 90) + 10} litres and the pump runs at ${(at % 30) + 5} bar. Operators log the ${word(7)} readings before the ${word(11)} check and report faults to the ${word(3)} desk.`,
      '',
    );
  }
  return lines.join('\n');
}

/** Records, from the start of each navigation, when the page was ready, when a verdict showed, and the restore phases shown. */
function observeRestore(): void {
  const seen = { phases: [] as string[], readyMs: 0, verdictMs: 0 };
  (window as unknown as Record<string, unknown>).__restore = seen;
  new MutationObserver(() => {
    const phase = document.querySelector<HTMLElement>('[data-testid=library-restoring]')?.dataset.phase;
    if (phase && seen.phases.at(-1) !== phase) seen.phases.push(phase);
    if (!seen.readyMs && document.querySelector('[data-testid=app][data-ready=true]')) seen.readyMs = performance.now();
    if (!seen.verdictMs && document.querySelector('[data-testid=verdict]')) seen.verdictMs = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true });
}

export const SCALE_SCENARIOS: readonly Scenario[] = [
  {
    name: `a ${SECTIONS.toLocaleString('en')}-passage library after a reload: the panel says it is coming back, a question asked meanwhile waits and is answered (figures in "Measured")`,
    browsers: ['chromium'],
    timeoutMs: 600_000,
    async run({ browser, metrics }) {
      await inFreshPage(browser, async (app) => {
        const files = [];
        for (let first = 1; first <= SECTIONS; first += PER_FILE) {
          files.push({
            name: `pump-station-${first}.md`,
            mimeType: 'text/markdown',
            buffer: Buffer.from(plantManual(first)),
          });
        }
        await app.page.getByTestId('file-input').setInputFiles(files);
        const summary = app.page.getByTestId('ingest-summary');
        await until(`the ${SECTIONS}-passage manuals to be indexed`, () => summary.isVisible(), 480_000, app.page);
        const passages = Number(await summary.getAttribute('data-embedded'));
        assert.ok(passages >= SECTIONS, `${passages} passages indexed`);

        await app.page.addInitScript(observeRestore);
        await app.page.reload();
        const question = `How many litres does the filter of unit ${code(TARGET)} hold?`;
        const box = app.page.getByTestId('question');
        await box.fill(question);
        await box.press('Enter');
        const asked = await app.answered(question, 120_000);
        assert.notEqual(asked.status, 'abstained', asked.answer);
        assert.match(asked.answer, new RegExp(`\\b${(TARGET % 90) + 10} litres`));
        const seen = await app.page.evaluate(
          () =>
            (window as unknown as { __restore: { phases: string[]; readyMs: number; verdictMs: number } }).__restore,
        );
        assert.ok(seen.phases.length > 0, 'the library panel said it was coming back');
        const facts = await app.storageFacts();
        assert.equal(facts.restore, 'restored');
        metrics.restore = {
          passages,
          readyMs: Math.round(seen.readyMs),
          answeredMs: Math.round(seen.verdictMs),
          phases: seen.phases,
        };
      });
    },
  },
];
