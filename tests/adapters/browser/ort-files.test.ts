import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ortWasmPaths, ortWasmThreads } from '../../../src/adapters/browser/models/ort-files.js';

afterEach(() => vi.unstubAllGlobals());

describe('ortWasmThreads', () => {
  it('uses every core up to 4 where the page is cross-origin isolated, one thread otherwise', () => {
    expect(ortWasmThreads({ crossOriginIsolated: true, navigator: { hardwareConcurrency: 2 } })).toBe(2);
    expect(ortWasmThreads({ crossOriginIsolated: true, navigator: { hardwareConcurrency: 16 } })).toBe(4);
    expect(ortWasmThreads({ crossOriginIsolated: true, navigator: {} })).toBe(1);
    expect(ortWasmThreads({ crossOriginIsolated: false, navigator: { hardwareConcurrency: 8 } })).toBe(1);
  });

  it('uses one thread in Firefox, where a threaded session in the engine worker sometimes never starts', () => {
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0';
    const chromium =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/143.0.0.0 Safari/537.36';
    expect(
      ortWasmThreads({ crossOriginIsolated: true, navigator: { hardwareConcurrency: 8, userAgent: firefox } }),
    ).toBe(1);
    expect(
      ortWasmThreads({ crossOriginIsolated: true, navigator: { hardwareConcurrency: 8, userAgent: chromium } }),
    ).toBe(4);
  });
});

/** Every source file under `folder`. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(?:ts|js|svelte)$/.test(entry.name) ? [path] : [];
  });
}

describe('no CDN at run time (OUT-11)', () => {
  it('OUT-11: the ONNX Runtime .wasm and .mjs come from the page’s own origin, never a CDN', () => {
    vi.stubGlobal('location', new URL('https://footnote.example.org/sub/assets/engine-worker-abc.js'));
    const paths = ortWasmPaths();
    for (const [kind, href] of Object.entries(paths)) {
      const url = new URL(href);
      expect(url.origin, kind).toBe('https://footnote.example.org');
      expect(url.pathname, kind).toMatch(new RegExp(`ort-wasm-simd-threaded\\.asyncify.*\\.${kind}$`));
    }
  });

  it('OUT-11: no source file names a CDN (jsDelivr, unpkg, cdnjs, esm.sh, Skypack)', () => {
    const cdn = /cdn\.jsdelivr\.net|unpkg\.com|cdnjs\.cloudflare\.com|esm\.sh|cdn\.skypack\.dev/;
    const named = sourceFiles(join(process.cwd(), 'src')).filter((file) => cdn.test(readFileSync(file, 'utf8')));
    expect(named).toEqual([]);
  });
});
