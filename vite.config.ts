/**
 * Vite config for the browser app (TECH-NOTES §4): `appType: 'mpa'` so a missing file is a real
 * 404, ES-module workers, cross-origin isolation headers, a strict Content-Security-Policy
 * added to the built page only (the dev server injects inline styles, which the policy forbids),
 * and pdf.js's data files (character maps, standard fonts, wasm decoders) served from the app
 * itself under `pdfjs/`.
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
 * WebLLM model libraries (RELIABILITY §2.3). A deployment that serves every model from its own
 * `models/` folder builds with `FOOTNOTE_MODEL_HUB=off` and keeps `connect-src 'self'`.
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

export default defineConfig({
  base: process.env.BASE ?? '/',
  appType: 'mpa',
  plugins: [svelte(), contentSecurityPolicy(), pdfjsAssets()],
  worker: { format: 'es' },
  // Scan the worker too, so the dev server does not discover its dependencies late and reload the page.
  optimizeDeps: {
    entries: ['index.html', 'src/adapters/browser/engine-worker.ts', 'src/adapters/browser/parse/parse-worker.ts'],
    // Pre-bundling would move these away from their wasm and worker files (TECH-NOTES §4).
    exclude: ['@huggingface/transformers', 'onnxruntime-web', '@mlc-ai/web-llm'],
  },
  server: { headers: isolation },
  preview: { headers: isolation },
  build: { target: 'es2022' },
});
