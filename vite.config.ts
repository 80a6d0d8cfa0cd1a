/**
 * Vite config for the browser app (docs/library-notes.md §4): `appType: 'mpa'` so a missing file
 * is a real 404, ES-module workers, cross-origin isolation headers, a strict Content-Security-Policy
 * added to the built page only (the dev server injects inline styles, which the policy forbids),
 * pdf.js's data files (character maps, standard fonts, wasm decoders) served from the app
 * itself under `pdfjs/`, and the installable app: a web manifest and a Workbox service worker (built only, `offlineApp`).
 * `BASE=/sub/path/` builds for a sub-path (GitHub Pages).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig, type Plugin } from 'vite';

const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Referrer-Policy': 'no-referrer',
};

/**
 * Where models may come from besides the app itself: the model hub and its file hosts, and the
 * WebLLM model libraries (docs/reliability.md OUT-09). A deployment that serves every model from its
 * own `models/` folder builds with `FOOTNOTE_MODEL_HUB=off` and keeps `connect-src 'self'`.
 */
const MODEL_HOSTS =
  process.env.FOOTNOTE_MODEL_HUB === 'off'
    ? []
    : [
        'https://huggingface.co',
        'https://cdn-lfs.huggingface.co',
        'https://cdn-lfs-us-1.huggingface.co',
        'https://cdn-lfs-us-1.hf.co',
        'https://cas-bridge.xethub.hf.co',
        'https://raw.githubusercontent.com',
      ];

/** Nothing is fetched from anywhere but this origin and the model hosts, and no image or frame can carry data out. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  ["connect-src 'self'", ...MODEL_HOSTS].join(' '),
  "img-src 'self' data: blob:",
  "style-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

function contentSecurityPolicy(): Plugin {
  return {
    name: 'footnote-csp',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY },
        injectTo: 'head-prepend',
      },
    ],
  };
}

/** pdf.js's data folders, served as `<base>pdfjs/<folder>/<file>` (see `browser-parsers.ts`). */
const PDFJS_FOLDERS = ['cmaps', 'standard_fonts', 'wasm', 'iccs'];
const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

function pdfjsFiles(): { path: string; file: string }[] {
  return PDFJS_FOLDERS.flatMap((folder) =>
    readdirSync(join(pdfjsRoot, folder))
      .filter((name) => !name.startsWith('LICENSE'))
      .map((name) => ({ path: `pdfjs/${folder}/${name}`, file: join(pdfjsRoot, folder, name) })),
  );
}

/** Emits pdf.js's data files into the build and serves them in development: no CDN. */
function pdfjsAssets(): Plugin {
  return {
    name: 'footnote-pdfjs-assets',
    generateBundle() {
      for (const { path, file } of pdfjsFiles()) {
        this.emitFile({ type: 'asset', fileName: path, source: readFileSync(file) });
      }
    },
    configureServer(server) {
      const files = new Map(pdfjsFiles().map(({ path, file }) => [path, file]));
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '').split('?')[0]?.slice(server.config.base.length) ?? '';
        const file = files.get(path);
        if (!file) return next();
        response.setHeader('Content-Type', path.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream');
        response.end(readFileSync(file));
      });
    },
  };
}

/** Bytes of the largest file precached: ONNX Runtime's wasm (26,861,777 bytes in 1.31.0-dev), with room to grow. */
const LARGEST_PRECACHED_FILE = 28 * 1024 * 1024;

/** Files the app cannot start, parse or embed offline without; the build fails when one is not precached. */
const MUST_PRECACHE = [
  /^index\.html$/,
  /^assets\/ort-wasm-simd-threaded\.asyncify-[\w-]+\.wasm$/,
  /^assets\/ort-wasm-simd-threaded\.asyncify-[\w-]+\.mjs$/,
  /^assets\/engine-worker-[\w-]+\.js$/,
  /^assets\/parse-worker-[\w-]+\.js$/,
  /^assets\/pdf\.worker\.min-[\w-]+\.mjs$/,
  /^pdfjs\/cmaps\//,
  /^pdfjs\/standard_fonts\//,
  /^sample\.footnote-pack$/,
];

/**
 * The installable app (vite-plugin-pwa, `generateSW`): the web manifest and a service worker
 * that precaches the app shell, its workers, ONNX Runtime's files, the pdf.js data text
 * extraction reads, and the sample pack. Model files are not precached and not copied: the
 * worker only lets a failed request under `<base>models/` fall back to the copy transformers.js
 * or WebLLM already keeps in Cache Storage (a plain `fetch` of a model's `config.json`, WebLLM's
 * `HEAD` probe), so nothing is stored twice and removing a model from those caches removes it
 * everywhere. A new version waits for the person to reload (`registerType: 'prompt'`, see
 * `src/ui/pwa.ts`). Responses come from the cache with the headers they were fetched
 * with, COOP/COEP included, so the page stays cross-origin isolated offline.
 */
function offlineApp(): Plugin[] {
  // Loaded untyped: its declarations need the optional `@vite-pwa/assets-generator` and the
  // WebWorker lib, neither of which this Node type check (no skipLibCheck) has.
  const { VitePWA } = createRequire(import.meta.url)('vite-plugin-pwa') as { VitePWA(options: object): Plugin[] };
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    strategies: 'generateSW',
    // The glob below already has the icons; the plugin adds the manifest itself.
    includeManifestIcons: false,
    manifest: {
      name: 'Footnote',
      short_name: 'Footnote',
      description: 'Answers from your own documents, with footnotes. Runs in this tab; nothing is sent anywhere.',
      theme_color: '#1f3a5f',
      background_color: '#ffffff',
      display: 'standalone',
      icons: [
        { src: 'icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{html,js,mjs,css,wasm,svg,png,bcmap,pfb,ttf,footnote-pack}'],
      // Models are the libraries' to cache; pdf.js's image decoders and colour profiles are only
      // read when a page is drawn, and Footnote only extracts text.
      globIgnores: ['models/**', 'pdfjs/wasm/**', 'pdfjs/iccs/**'],
      maximumFileSizeToCacheInBytes: LARGEST_PRECACHED_FILE,
      manifestTransforms: [requirePrecached],
      clientsClaim: true,
      cleanupOutdatedCaches: true,
      // Only the page itself falls back to the cached index.html (with any query string); a
      // missing model, pdf.js or asset file stays a 404, as `appType: 'mpa'` makes it online.
      navigateFallback: 'index.html',
      navigateFallbackAllowlist: [/^(?:\/[^/?]+)*\/(?:index\.html)?(?:\?.*)?$/],
      navigateFallbackDenylist: [/\/(?:models|pdfjs|assets|icons)\//],
      runtimeCaching: [modelFilesFromLibraryCaches('GET'), modelFilesFromLibraryCaches('HEAD')],
    },
  });
}

/** Fails the build when a file in `MUST_PRECACHE` is missing from the precache manifest (e.g. grown past the size limit). */
async function requirePrecached<Entry extends { url: string }>(entries: Entry[]) {
  const missing = MUST_PRECACHE.filter((pattern) => !entries.some((entry) => pattern.test(entry.url)));
  if (missing.length > 0) {
    throw new Error(`Not precached (larger than ${LARGEST_PRECACHED_FILE} bytes, or not built): ${missing.join(', ')}`);
  }
  return { manifest: entries, warnings: [] };
}

/**
 * Requests under `<base>models/` go to the network; when that fails (offline), the answer is
 * the same URL from any cache, i.e. transformers.js' or WebLLM's own copy, headers only for a
 * HEAD. The two functions run in the service worker: they are serialised, so they use nothing
 * from this file.
 */
function modelFilesFromLibraryCaches(method: 'GET' | 'HEAD') {
  return {
    method,
    urlPattern: ({ url }: { url: URL }) =>
      url.href.startsWith(
        `${(globalThis as unknown as { registration: { scope: string } }).registration.scope}models/`,
      ),
    handler: 'NetworkOnly' as const,
    options: {
      plugins: [
        {
          handlerDidError: async ({ request }: { request: Request }) => {
            const cached = await caches.match(request.url, { ignoreMethod: true, ignoreVary: true });
            if (!cached || request.method !== 'HEAD') return cached;
            return new Response(null, { status: cached.status, headers: cached.headers });
          },
        },
      ],
    },
  };
}

export default defineConfig({
  base: process.env.BASE ?? '/',
  appType: 'mpa',
  plugins: [svelte(), contentSecurityPolicy(), pdfjsAssets(), offlineApp()],
  worker: { format: 'es' },
  // Scan the worker too, so the dev server does not discover its dependencies late and reload the page.
  optimizeDeps: {
    entries: ['index.html', 'src/adapters/browser/engine-worker.ts', 'src/adapters/browser/parse/parse-worker.ts'],
    // Pre-bundling would move these away from their wasm and worker files (docs/library-notes.md §4).
    exclude: ['@huggingface/transformers', 'onnxruntime-web', '@mlc-ai/web-llm', '@wllama/wllama'],
  },
  server: { headers: isolation },
  preview: { headers: isolation },
  build: { target: 'es2022' },
});
