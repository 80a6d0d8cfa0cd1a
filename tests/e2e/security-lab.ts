/**
 * The security scenarios' lab: a browser context opened on the test build with the obeying fake
 * model (`?fake-llm=evil`), the planted library of `tests/fixtures/security/` dropped in, and
 * recorders for everything that could betray a leak or a run payload: every request of the
 * context (page and workers, with headers and bodies), requests to the attacker's hosts (routed
 * and aborted, never fulfilled), `dialog` events and Content-Security-Policy violations.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext } from 'playwright-core';
import { CANARIES, PWN_FLAG, SECURITY_FILES } from '../fakes/evil-payloads.js';
import { AppPage } from './app-page.js';
import { loadAnswerModel } from './scenarios-answer-model.js';
import { BASE_URL } from './server.js';

/** Text of the planted documents that must never travel in a request (PI-20), canaries first. */
export const DOCUMENT_SUBSTRINGS = [
  ...Object.values(CANARIES),
  'registration number',
  'SC-77',
  'LH-220',
  'FL-3',
  'rotates 360 degrees',
  'boils dry',
  'EN 60335',
  'citric acid',
];

/** Hosts the attacker's payloads point at; requests to them are recorded and aborted. */
export const ATTACKER_PATTERNS = ['**://attacker.test/**', '**://example.com/**'];

/** A request as recorded. */
export interface Recorded {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

/** A CSP violation as the page saw it. */
export interface Violation {
  violatedDirective: string;
  effectiveDirective: string;
  blockedURI: string;
}

const VIOLATIONS = '__footnoteCspViolations';

/** True for a request to anything but the app's own origin (or in-page `blob:`/`data:`). */
export function leftTheMachine(url: string): boolean {
  return !(url.startsWith(BASE_URL) || url.startsWith('data:') || url.startsWith('blob:') || url === 'about:blank');
}

/** See the module comment. */
export class SecurityLab {
  readonly requests: Recorded[] = [];
  readonly aborted: string[] = [];
  readonly dialogs: string[] = [];
  /** Requests the browser refused before they left (`net::ERR_BLOCKED_BY_CSP` and the like), with the reason. */
  readonly blocked: { url: string; reason: string }[] = [];

  private constructor(
    readonly context: BrowserContext,
    readonly app: AppPage,
  ) {}

  /** Opens the lab at `query` (the obeying model by default); drops the planted files unless `files` is empty. */
  static async open(browser: Browser, query = '?fake-llm=evil', files: readonly string[] = SECURITY_FILES) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const lab = new SecurityLab(context, new AppPage(page));
    context.on('request', (request) => {
      lab.requests.push({
        url: request.url(),
        method: request.method(),
        headers: request.headers(),
        body: request.postData() ?? '',
      });
    });
    context.on('requestfailed', (request) => {
      const reason = request.failure()?.errorText ?? '';
      if (/csp|content.security/i.test(reason)) lab.blocked.push({ url: request.url(), reason });
    });
    for (const pattern of ATTACKER_PATTERNS) {
      await context.route(pattern, (route) => {
        lab.aborted.push(route.request().url());
        return route.abort('blockedbyclient');
      });
    }
    page.on('dialog', (dialog) => {
      lab.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss().catch(() => undefined);
    });
    await page.addInitScript((key) => {
      const seen: unknown[] = [];
      (window as unknown as Record<string, unknown>)[key] = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push({
          violatedDirective: event.violatedDirective,
          effectiveDirective: event.effectiveDirective,
          blockedURI: event.blockedURI,
        }),
      );
    }, VIOLATIONS);
    await page.goto(`${BASE_URL}${query}`);
    await lab.app.ready();
    if (files.length > 0) {
      await lab.app.addFiles(
        await Promise.all(
          files.map(async (name) => ({ name, text: await readFile(`tests/fixtures/security/${name}`, 'utf8') })),
        ),
      );
    }
    if (query.includes('fake-llm=evil')) {
      await loadAnswerModel(lab.app, 'fake:evil');
      await lab.app.closeSettings();
    }
    return lab;
  }

  /** The CSP violations the page has reported so far. */
  violations(): Promise<Violation[]> {
    return this.app.page.evaluate((key) => (window as unknown as Record<string, Violation[]>)[key] ?? [], VIOLATIONS);
  }

  /**
   * Requests that left the machine: any request to another host that the page's policy did not
   * block first (a blocked one is reported as a request that failed with the policy's reason).
   */
  foreign(): string[] {
    const blocked = new Set(this.blocked.map((item) => item.url));
    return this.requests.map((request) => request.url).filter((url) => leftTheMachine(url) && !blocked.has(url));
  }

  /**
   * Nothing left the machine, nothing reached the attacker, no payload ran, no dialog opened, and
   * the rendered page holds no element that could fetch from another origin.
   */
  async assertNothingLeftOrRan(where: string): Promise<void> {
    assert.deepEqual(this.foreign(), [], `${where}: requests that left the machine`);
    assert.deepEqual(this.aborted, [], `${where}: requests to the attacker`);
    assert.deepEqual(this.dialogs, [], `${where}: dialogs`);
    const page = this.app.page;
    assert.equal(
      await page.evaluate((flag) => (window as unknown as Record<string, unknown>)[flag], PWN_FLAG),
      undefined,
      `${where}: window.${PWN_FLAG} was set`,
    );
    assert.deepEqual(await liveCarriers(this.app), [], `${where}: elements that could fetch or run`);
    // A garak-style detector on the rendered markup: carriers and handlers exist only as escaped text.
    const markup = await page.evaluate(() => document.body.innerHTML);
    assert.doesNotMatch(
      markup,
      /<(?:img|iframe|frame|link|meta|video|audio|source|svg|math|script|object|embed|base)\b/i,
      where,
    );
    assert.doesNotMatch(markup, /<[a-z][^>]*\s(?:on[a-z]+|srcdoc|formaction)\s*=/i, `${where}: an event handler`);
  }

  close(): Promise<void> {
    return this.context.close();
  }
}

/**
 * Elements of the page that could fetch from another origin or run code: any `src`, `href`,
 * `poster`, `srcset`, `data`, `action`, `background`, `xlink:href` or CSS `url(` to another
 * origin or to a `javascript:`/`vbscript:`/`data:`/`file:` address, and any frame, object, embed,
 * media element, `<meta http-equiv>` or script in the body. Described as short strings.
 */
export function liveCarriers(app: AppPage): Promise<string[]> {
  return app.page.evaluate(() => {
    const found: string[] = [];
    const attributes = ['src', 'href', 'poster', 'srcset', 'data', 'action', 'background', 'xlink:href', 'formaction'];
    for (const element of document.querySelectorAll('*')) {
      const tag = element.tagName.toLowerCase();
      for (const name of attributes) {
        const value = element.getAttribute(name);
        if (value === null) continue;
        const schemes =
          /^\s*(?:javascript|vbscript|data|file):/i.test(value) && !(tag === 'link' && /^data:/.test(value));
        let offOrigin: boolean;
        try {
          const url = new URL(value.split(/\s+/)[0] ?? '', location.href);
          offOrigin = url.protocol !== 'blob:' && url.protocol !== 'data:' && url.origin !== location.origin;
        } catch {
          offOrigin = false;
        }
        if (schemes || offOrigin) found.push(`<${tag} ${name}="${value.slice(0, 80)}">`);
      }
      const style = element.getAttribute('style') ?? '';
      if (/url\s*\(/i.test(style)) found.push(`<${tag} style="${style.slice(0, 80)}">`);
    }
    const dangerous = 'iframe, frame, object, embed, video, audio, source, img, image, math, meta[http-equiv], base';
    for (const element of document.body.querySelectorAll(`${dangerous}, script`)) {
      found.push(`<${element.tagName.toLowerCase()}> in the body`);
    }
    return found;
  });
}
