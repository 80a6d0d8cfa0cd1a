/**
 * Vite config for the browser app (TECH-NOTES §4): `appType: 'mpa'` so a missing file is a real
 * 404, ES-module workers, cross-origin isolation headers, and a strict Content-Security-Policy
 * added to the built page only (the dev server injects inline styles, which the policy forbids).
 */
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig, type Plugin } from 'vite';

const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Referrer-Policy': 'no-referrer',
};

/** Nothing is fetched from anywhere but this origin, and no image or frame can carry data out. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "connect-src 'self'",
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

export default defineConfig({
  base: process.env.BASE ?? '/',
  appType: 'mpa',
  plugins: [svelte(), contentSecurityPolicy()],
  worker: { format: 'es' },
  // Scan the worker too, so the dev server does not discover its dependencies late and reload the page.
  optimizeDeps: { entries: ['index.html', 'src/adapters/browser/engine-worker.ts'] },
  server: { headers: isolation },
  preview: { headers: isolation },
  build: { target: 'es2022' },
});
