/**
 * Driving Footnote's page through its stable handles (`data-testid`), the way an outside test
 * would.
 */
import type { Locator, Page } from 'playwright-core';
import { BASE_URL } from './server.js';
import { waitingFor } from './where.js';

/**
 * What the page shows of work under way: whether any is shown (a progress bar or something marked
 * busy) and a mark that changes whenever it moves (bars, row and phase states, counts, trace steps).
 */
export async function pageWork(page: Page): Promise<{ busy: boolean; mark: string }> {
  // No helper functions inside: tsx would wrap them in a `__name` call the page does not have.
  return page.evaluate(() => {
    const bars = [...document.querySelectorAll('progress')].map((bar) => `${bar.value}/${bar.max}`);
    const states = [...document.querySelectorAll<HTMLElement>('[data-status],[data-phase],[data-done]')].map(
      (element) => `${element.dataset.status ?? ''}:${element.dataset.phase ?? ''}:${element.dataset.done ?? ''}`,
    );
    const steps = document.querySelectorAll('[data-testid=trace-step]').length;
    const busy = bars.length > 0 || document.querySelector('[aria-busy=true]') !== null;
    return { busy, mark: [bars.join(','), states.join(','), steps].join('|') };
  });
}

/**
 * Waits until `check` returns a truthy value (polling), or throws with `what`.
 *
 * With `page`, the wait is on the page's own progress, not a clock: `timeout` is how long the page
 * may show no work under way and nothing moving (see `pageWork`) before the wait gives up, so a
 * machine busy with other work slows a step without failing it. The scenario's own limit
 * (tests/e2e/run.ts) still ends a page that claims to be busy forever.
 */
export async function until<T>(
  what: string,
  check: () => Promise<T>,
  timeout = 20_000,
  page?: Page,
): Promise<NonNullable<T>> {
  let deadline = Date.now() + timeout;
  let mark: string | undefined;
  let last: unknown;
  let shown = '';
  // Said before each call into the page, so a page that stops answering is named as such.
  const calling = (call: string) =>
    waitingFor(`waiting for ${what}${shown}; ${call} since ${new Date().toISOString().slice(11, 19)}`);
  while (Date.now() < deadline) {
    try {
      calling('checking');
      const value = await check();
      if (value) {
        waitingFor('');
        return value as NonNullable<T>;
      }
    } catch (error) {
      last = error;
    }
    if (page) {
      calling('asking the page what work it shows');
      const work = await pageWork(page).catch(() => undefined);
      if (work && (work.busy || work.mark !== mark)) deadline = Date.now() + timeout;
      mark = work?.mark;
      shown = work ? ` (the page showed ${work.busy ? 'work under way' : 'no work'}: "${work.mark}")` : '';
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  waitingFor('');
  const idle = page
    ? ` (the page showed no work under way for ${timeout / 1000} s${mark ? `; last: "${mark}"` : ''})`
    : '';
  throw new Error(
    `timed out waiting for ${what}${idle}${last instanceof Error ? ` (${last.message.split('\n')[0]})` : ''}`,
  );
}

/** Waits for `locator` to be visible while the page shows work under way (see `until`). */
export async function shown(locator: Locator, what: string, timeout = 20_000): Promise<void> {
  await until(what, () => locator.first().isVisible(), timeout, locator.page());
}

/** What one question produced. */
export interface Asked {
  status: string;
  flags: string[];
  answer: string;
  chips: string[];
  /** Enter → verdict, as the page measured it. */
  ms: number;
}

/** The page, by its handles. */
export class AppPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto(BASE_URL);
    await this.ready();
  }

  async reload(): Promise<void> {
    await this.page.reload();
    await this.ready();
  }

  /**
   * Waits until the library is open. While it comes back (a model loading, the index restored)
   * the page marks the library busy, so this waits on that progress, not on a clock: a reload
   * that had to load the tiny model on a loaded machine once took over 20 s in Firefox.
   */
  ready(): Promise<unknown> {
    return until(
      'the app to be ready',
      () => this.page.locator('[data-testid=app][data-ready=true]').isVisible(),
      20_000,
      this.page,
    );
  }

  rows(): Locator {
    return this.page.getByTestId('document');
  }

  row(text: string): Locator {
    return this.rows().filter({ hasText: text });
  }

  /** Clicks "Load sample manuals" and returns the page's indexing time. */
  async loadSample(): Promise<number> {
    await this.page.getByTestId('load-sample').click();
    return this.ingested();
  }

  /** Hands files to the file input and returns the page's ingest time. */
  async addFiles(files: { name: string; text: string }[]): Promise<number> {
    const payload = files.map((file) => ({ name: file.name, mimeType: 'text/plain', buffer: Buffer.from(file.text) }));
    await this.page.getByTestId('file-input').setInputFiles(payload);
    return this.ingested();
  }

  /** Hands files with binary content (PDF, Word) to the file input; returns once they are handed over. */
  async dropBinary(files: { name: string; bytes: Uint8Array }[]): Promise<void> {
    const payload = files.map((file) => ({
      name: file.name,
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(file.bytes),
    }));
    await this.page.getByTestId('file-input').setInputFiles(payload);
  }

  /** Hands files with binary content to the file input and returns the page's ingest time. */
  async addBinaryFiles(files: { name: string; bytes: Uint8Array }[]): Promise<number> {
    await this.dropBinary(files);
    return this.ingested();
  }

  /** Waits for the summary of the latest ingest; returns the page's ingest time. */
  async ingested(): Promise<number> {
    const summary = this.page.getByTestId('ingest-summary');
    await shown(summary, 'the ingest summary', 60_000);
    return Number(await summary.getAttribute('data-ms'));
  }

  /** Types a question, presses Enter and waits (up to `timeout` ms) for the verdict. */
  async ask(question: string, timeout?: number): Promise<Asked> {
    const box = this.page.getByTestId('question');
    await box.fill(question);
    await box.press('Enter');
    return this.answered(question, timeout);
  }

  /** Waits for the checked answer to `question` and reads it. */
  async answered(question: string, timeout?: number): Promise<Asked> {
    await until(
      `the verdict on "${question}"`,
      () =>
        this.page.evaluate((asked) => {
          const panel = document.querySelector('[aria-labelledby=answer-title]');
          return Boolean(
            panel?.querySelector('[data-testid=verdict]') &&
            panel.querySelector('.asked')?.textContent?.includes(asked),
          );
        }, question),
      timeout,
      this.page,
    );
    return this.page.evaluate(() => {
      const verdict = document.querySelector<HTMLElement>('[data-testid=verdict]');
      const answer = document.querySelector<HTMLElement>('[data-testid=answer]');
      const timing = document.querySelector<HTMLElement>('[data-testid=answer-timing]');
      return {
        status: verdict?.dataset.status ?? '',
        flags: [...document.querySelectorAll<HTMLElement>('[data-testid=warning]')].map(
          (item) => item.dataset.flag ?? '',
        ),
        answer: answer?.textContent ?? '',
        chips: [...(answer?.querySelectorAll<HTMLElement>('[data-testid=citation]') ?? [])].map(
          (chip) => chip.dataset.cite ?? '',
        ),
        ms: Number(timing?.dataset.ms ?? NaN),
      };
    });
  }

  /** Opens settings, reads the storage facts, closes settings. */
  async storageFacts(): Promise<{
    kind: string;
    restore: string;
    embedded: number;
    bytes: number;
    idbBytes: number | undefined;
  }> {
    await this.page.getByTestId('open-settings').click();
    await this.page.getByTestId('storage-size').waitFor();
    // No helper functions inside: tsx would wrap them in a `__name` call the page does not have.
    const [kind, size, embedded] = await this.page.evaluate(() =>
      ['storage-kind', 'storage-size', 'embedded-session'].map((id) => ({
        ...document.querySelector<HTMLElement>(`[data-testid=${id}]`)?.dataset,
      })),
    );
    const facts = {
      kind: kind?.kind ?? '',
      restore: kind?.restore ?? '',
      embedded: Number(embedded?.count),
      bytes: Number(size?.bytes),
      idbBytes: size?.idbBytes === undefined ? undefined : Number(size.idbBytes),
    };
    await this.page.getByTestId('settings').getByRole('button', { name: 'Close' }).click();
    return facts;
  }

  /** Opens the settings dialog. */
  async openSettings(): Promise<Locator> {
    const settings = this.page.getByTestId('settings');
    // A try that failed may have left it open (a modal dialog covers the button): reuse it.
    if (!(await settings.isVisible())) await this.page.getByTestId('open-settings').click();
    await settings.getByTestId('embedding-settings').waitFor();
    return settings;
  }

  /** Closes the settings dialog. */
  async closeSettings(): Promise<void> {
    await this.page.getByTestId('settings').getByRole('button', { name: 'Close' }).click();
  }

  /**
   * In the open settings, chooses models from the app's `models/` folder (the embedder, and a
   * reranker when given), applies them and waits until the embedder named is in use.
   */
  async useLocalModels(embedder: string, reranker?: string, timeout = 60_000, judge?: string): Promise<void> {
    const settings = this.page.getByTestId('settings');
    // A change still under way (left by a try that failed) first ends: the choices are disabled until then.
    await until(
      'the previous model change to end',
      async () => (await settings.getByTestId('cancel-models').count()) === 0,
      timeout,
      this.page,
    );
    await settings.getByTestId('embedding-model').selectOption('local');
    await settings.getByTestId('local-model-id').fill(embedder);
    if (reranker) {
      await settings.getByTestId('reranker').selectOption('local');
      await settings.getByTestId('local-reranker-id').fill(reranker);
    }
    if (judge) {
      await settings.getByTestId('claim-judge').selectOption('local');
      await settings.getByTestId('local-judge-id').fill(judge);
    }
    await settings.getByTestId('apply-models').click();
    const outcome = await until(
      `the embedder ${embedder} in use`,
      async () => {
        if (await settings.getByTestId('models-error').count()) return 'error';
        const model = (await settings.getByTestId('embedder-in-use').getAttribute('data-model')) ?? '';
        return model.includes(embedder) && !(await settings.getByTestId('cancel-models').count()) ? 'applied' : '';
      },
      timeout,
      this.page,
    ).catch(async (error: unknown) => {
      // Say where it stood: loading (how far), re-embedding (how far), or idle.
      const text = async (id: string) =>
        (
          (await settings
            .getByTestId(id)
            .textContent({ timeout: 1000 })
            .catch(() => '')) ?? ''
        )
          .replace(/\s+/g, ' ')
          .trim();
      const busy = (await settings.getByTestId('cancel-models').count()) > 0;
      const shown = [
        `in use: ${await text('embedder-in-use')}`,
        busy ? 'still busy (Stop shown)' : 'idle',
        (await text('model-download')) || 'no download shown',
        (await text('model-starting')) || 'not starting the models',
        (await text('reembed-progress')) || 'no re-embedding shown',
      ].join('; ');
      throw new Error(`${error instanceof Error ? error.message : String(error)}; settings showed: ${shown}`);
    });
    if (outcome === 'error') {
      throw new Error(`the models were not applied: ${await settings.getByTestId('models-error').textContent()}`);
    }
  }

  async setViewer(label: string): Promise<void> {
    await this.page.getByTestId('viewer').selectOption(label);
  }
}
