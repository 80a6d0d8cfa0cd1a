/**
 * Building the app and serving it with `vite preview` on a fixed port, started and stopped by
 * PID.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const VITE = fileURLToPath(new URL('../../node_modules/vite/bin/vite.js', import.meta.url));

/** The port `npm run preview` uses; `E2E_PORT` picks another (two checkouts testing at once). */
export const PORT = Number(process.env.E2E_PORT ?? 4173);
/** Where the built app is served. */
export const BASE_URL = `http://localhost:${PORT}/`;

/** Where the tiny fixture models are served in the test build: the app's own `models/local/`. */
export const FIXTURE_MODELS = fileURLToPath(new URL('../fixtures/models/local/', import.meta.url));

/**
 * Runs `vite build` as a test build (`VITE_FOOTNOTE_TEST_HOOKS=1`: the fake WebLLM engine can be
 * chosen) and serves the tiny fixture models as the app's `models/local/`; throws with the
 * build's output when it fails.
 */
export function build(): void {
  const result = spawnSync(process.execPath, [VITE, 'build', '--logLevel', 'warn'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, VITE_FOOTNOTE_TEST_HOOKS: '1' },
  });
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stdout}\n${result.stderr}`);
  cpSync(FIXTURE_MODELS, fileURLToPath(new URL('../../dist/models/local/', import.meta.url)), { recursive: true });
  // The real MiniLM of `npm run models:local` (vite copied public/models/local/ already), also
  // self-hosted under the catalogue id the page offers, so that accepting the offer loads it here.
  const realMiniLm = fileURLToPath(new URL('../../public/models/local/all-MiniLM-L6-v2/', import.meta.url));
  if (existsSync(realMiniLm)) {
    cpSync(realMiniLm, fileURLToPath(new URL('../../dist/models/Xenova/all-MiniLM-L6-v2/', import.meta.url)), {
      recursive: true,
    });
  }
  const halfHosted = fileURLToPath(new URL(`../../dist/models/${HALF_HOSTED_LLM}/resolve/main/`, import.meta.url));
  mkdirSync(halfHosted, { recursive: true });
  writeFileSync(
    `${halfHosted}mlc-chat-config.json`,
    JSON.stringify({ context_window_size: 4096, tokenizer_files: ['tokenizer.json'] }),
  );
}

/**
 * A WebLLM build "self-hosted" by the test build with its chat config only: its model library
 * and weights answer 404, so loading it runs WebLLM's real download code into a failure.
 */
export const HALF_HOSTED_LLM = 'mlc-ai/SmolLM2-360M-Instruct-q4f32_1-MLC';

/** A running preview server. */
export interface Server {
  pid: number;
  stop(): Promise<void>;
}

/** Starts `vite preview` and waits until it answers. */
export async function serve(): Promise<Server> {
  const child = spawn(process.execPath, [VITE, 'preview', '--port', String(PORT), '--strictPort'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const server = { pid: child.pid ?? -1, stop: () => stop(child) };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`vite preview exited (${child.exitCode}):\n${output}`);
    if (await answers(BASE_URL)) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.stop();
  throw new Error(`vite preview did not answer on ${BASE_URL} within 30 s:\n${output}`);
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url);
    return response.ok;
  } catch {
    return false;
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      if (child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
    }, 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    process.kill(child.pid as number, 'SIGTERM');
  });
}
