/**
 * The two browsers the end-to-end tests drive, both Debian's own builds (never
 * `playwright install`): Chromium through CDP and Firefox ESR through WebDriver BiDi.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserType } from 'playwright-core';

const require = createRequire(import.meta.url);
const playwright = require('playwright-core') as { chromium: BrowserType; firefox: BrowserType };

/** A browser the suite runs in. */
export interface BrowserSpec {
  name: 'chromium' | 'firefox';
  executable: string;
  launch(): Promise<Browser>;
}

/** The command that installs both browsers; printed when one is missing. */
export const INSTALL_COMMAND = 'apt-get install -y chromium firefox-esr';

/** Chromium first, then Firefox ESR. */
export const BROWSERS: readonly BrowserSpec[] = [
  {
    name: 'chromium',
    executable: '/usr/bin/chromium',
    launch: () =>
      playwright.chromium.launch({
        executablePath: '/usr/bin/chromium',
        args: [
          '--no-sandbox',
          '--headless=new',
          '--disable-background-networking',
          '--disable-component-update',
          '--no-first-run',
        ],
      }),
  },
  {
    name: 'firefox',
    executable: '/usr/bin/firefox-esr',
    launch: () => {
      acceptUnsupportedBidiCommands();
      // Stock Firefox has no Juggler protocol; the `moz-firefox` channel drives it over WebDriver BiDi.
      return playwright.firefox.launch({
        channel: 'moz-firefox',
        executablePath: '/usr/bin/firefox-esr',
        timeout: 60_000,
      });
    },
  },
];

/**
 * Chromium with SwiftShader's software WebGPU adapter (docs/library-notes.md §5.1): an adapter without
 * `shader-f16`, 1 GiB buffers. Pages must be on http://localhost (a secure context).
 */
export function launchChromiumWithWebGpu(): Promise<Browser> {
  return playwright.chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--headless=new',
      '--enable-unsafe-webgpu',
      '--use-webgpu-adapter=swiftshader',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/** Browsers whose executable is missing. */
export function missingBrowsers(): BrowserSpec[] {
  return BROWSERS.filter((browser) => !existsSync(browser.executable));
}

/** BiDi commands Playwright 1.65 sends that Firefox ESR 153 does not know yet, and that the suite does not need. */
const UNSUPPORTED_BIDI_COMMANDS = new Set(['emulation.setMediaFeaturesOverride']);
let patched = false;

/**
 * Playwright sets `prefers-color-scheme` on every new BiDi context with a command Firefox ESR
 * answers "unknown command", which fails `newContext()`. The suite never emulates media, so
 * that one command is answered locally with an empty success.
 */
function acceptUnsupportedBidiCommands(): void {
  if (patched) return;
  patched = true;
  const core = require('playwright-core/lib/coreBundle') as {
    server: {
      WebSocketTransport: { prototype: { send(message: BidiMessage): void; onmessage?: (message: unknown) => void } };
    };
  };
  const prototype = core.server.WebSocketTransport.prototype;
  const send = prototype.send;
  prototype.send = function (this: typeof prototype, message: BidiMessage) {
    if (message.method && UNSUPPORTED_BIDI_COMMANDS.has(message.method)) {
      setTimeout(() => this.onmessage?.({ type: 'success', id: message.id, result: {} }), 0);
      return;
    }
    send.call(this, message);
  };
}

interface BidiMessage {
  id: number;
  method?: string;
}
