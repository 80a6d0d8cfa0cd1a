/**
 * The app as a static host serves it from a sub-path (GitHub Pages style): `BASE=/footnote/
 * vite build` into a temporary folder (once per run), served under `/footnote/` only by a tiny
 * file server that, like such hosts, knows nothing but files (no fallback page: a missing file
 * is a 404) and sets the cross-origin isolation headers. It logs every path asked for, so a
 * test can see that nothing was looked for outside the prefix.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, isAbsolute, join, normalize, relative as relativePath, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIXTURE_MODELS, ROOT } from './server.js';

/** The sub-path the app is built for and served under. */
export const SUB_PATH = '/footnote/';

const VITE = fileURLToPath(new URL('../../node_modules/vite/bin/vite.js', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** A running sub-path site. */
export interface SubPathSite {
  /** `http://localhost:<port>/footnote/` */
  url: string;
  /** Every path asked for, in order. */
  paths: string[];
  /** Appends a comment to `sw.js` as served: the browser then sees a new version of the app. */
  changeServiceWorker(): void;
  /** Drops every connection from now on (`false` answers again): the network is off for the page and its service worker alike. */
  setOffline(offline: boolean): void;
  stop(): Promise<void>;
}

let built: Promise<string> | undefined;

/** Builds the app for `SUB_PATH` into a temporary folder (once), with the tiny fixture models in its `models/local/`. */
export function buildSubPath(): Promise<string> {
  built ??= new Promise<string>((resolve, reject) => {
    const outDir = mkdtempSync(join(tmpdir(), 'footnote-sub-path-'));
    process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
    const child = spawn(process.execPath, [VITE, 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
      cwd: ROOT,
      env: { ...process.env, BASE: SUB_PATH, VITE_FOOTNOTE_TEST_HOOKS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`BASE=${SUB_PATH} vite build failed (${code}):\n${output}`));
      cpSync(FIXTURE_MODELS, join(outDir, 'models', 'local'), { recursive: true });
      resolve(outDir);
    });
  });
  return built;
}

/** Serves `folder` under `SUB_PATH` on a free port. */
export async function serveSubPath(folder: string): Promise<SubPathSite> {
  const paths: string[] = [];
  let serviceWorkerSuffix = '';
  let offline = false;
  const server: Server = createServer((request, response) => {
    if (offline) {
      request.socket.destroy();
      return;
    }
    const path = decodedPath(request.url);
    if (path === undefined) {
      response.writeHead(400, { 'Content-Type': 'text/plain' }).end('Bad request');
      return;
    }
    paths.push(path);
    response.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    response.setHeader('Cross-Origin-Embedder-Policy', 'require-corp');
    response.setHeader('Cache-Control', 'no-cache');
    const file = path.startsWith(SUB_PATH) ? fileFor(folder, path.slice(SUB_PATH.length)) : undefined;
    if (!file) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    let body = readFileSync(file);
    if (path === `${SUB_PATH}sw.js`) body = Buffer.concat([body, Buffer.from(serviceWorkerSuffix)]);
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}${SUB_PATH}`,
    paths,
    changeServiceWorker: () => (serviceWorkerSuffix += `\n// changed ${Date.now()}\n`),
    setOffline: (value) => {
      offline = value;
      if (value) server.closeAllConnections();
    },
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The request's path, decoded; undefined when it is not valid percent-encoding (`%E0%A4%A`). */
function decodedPath(url: string | undefined): string | undefined {
  try {
    return decodeURIComponent(new URL(url ?? '/', 'http://localhost').pathname);
  } catch {
    return undefined;
  }
}

/** The file a path inside the site names (a folder's `index.html`), or undefined. */
function fileFor(folder: string, relative: string): string | undefined {
  const file = normalize(join(folder, relative.endsWith('/') || relative === '' ? `${relative}index.html` : relative));
  // Inside the folder, not a sibling whose name starts with the folder's (`site` and `site-old`).
  const inside = relativePath(folder, file);
  if (inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return undefined;
  try {
    return statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}
