/**
 * `npm run models:fetch -- --embedder ID [--reranker ID] [--judge ID] --llm KEY|MODEL_ID [--variant f16|f32|both]
 *   [--dtypes fp32,fp16,q8] [--host URL] [--lib-host URL] [--out public/models]`
 *
 * Puts the model files a deployment needs under `public/models/` (on a machine with internet),
 * so the app runs offline and in classrooms without touching the hub: transformers.js models (the
 * embedder, the reranker, the NLI model that checks claims: `--judge Xenova/nli-deberta-v3-xsmall`) in
 * its `localModelPath` layout (`<id>/<file>`), WebLLM builds in the hub layout
 * (`mlc-ai/<name>/resolve/main/…`, `webllm-libs/<lib>.wasm`). Complete files are skipped, so an
 * interrupted run resumes; a failed file leaves nothing behind and stops the run with its name.
 * `--host` points at a mirror in the hub layout; `--lib-host` at a copy of WebLLM's model libraries.
 * Writes `footnote-models.json` listing what the folder holds.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { transformersPlan, webllmPlan, type PlannedFile } from '../src/adapters/models/deployment-files.js';
import { fetchFiles, type FileProgress } from '../src/adapters/models/fetch-files.js';
import { findLlmModel, type LlmVariant } from '../src/adapters/models/model-catalogue.js';
import type { DtypeName } from '../src/adapters/models/transformers-library.js';
import { WEBLLM_LIB_PREFIX, WEBLLM_WEIGHTS_HOST } from '../src/adapters/models/webllm-app-config.js';

const USAGE = `usage: npm run models:fetch -- [--embedder ID]... [--reranker ID] [--judge ID] [--llm KEY|MODEL_ID]... [--variant f16|f32|both]
       [--dtypes fp32,fp16,q8] [--host URL] [--lib-host URL] [--out public/models]`;

/** What `footnote-models.json` records. */
interface Manifest {
  encoders: Record<string, string[]>;
  llms: string[];
}

/** What a run fetched. */
export interface FetchSummary {
  downloaded: string[];
  skipped: string[];
  bytes: number;
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url).catch((error: unknown) => {
    throw new Error(`cannot read ${url}: ${error instanceof Error ? error.message : String(error)}`);
  });
  if (!response.ok) throw new Error(`cannot read ${url}: HTTP ${response.status}`);
  return response.json();
}

function llmVariantsFor(name: string, which: string): LlmVariant[] {
  const model = findLlmModel(name);
  if (!model) throw new Error(`unknown --llm "${name}": use a catalogue key (e.g. qwen2.5-0.5b) or a WebLLM model id`);
  const exact = [model.f16, model.f32].find((variant) => variant?.modelId === name);
  if (exact) return [exact];
  const wanted = which === 'f16' ? [model.f16] : which === 'f32' ? [model.f32] : [model.f16, model.f32];
  return wanted.filter((variant): variant is LlmVariant => !!variant);
}

function progressPrinter(log: (line: string) => void): (progress: FileProgress) => void {
  let lastTenth = -1;
  return (progress) => {
    if (progress.status === 'skip') log(`✓ ${progress.path} (complete, skipped)`);
    if (progress.status === 'done') log(`↓ ${progress.path} ${(progress.loaded / 2 ** 20).toFixed(1)} MB`);
    if (progress.status === 'download' && progress.total && progress.total > 8 * 2 ** 20) {
      const tenth = Math.floor((progress.loaded / progress.total) * 10);
      if (tenth !== lastTenth) log(`  ${progress.path} ${tenth * 10}%`);
      lastTenth = tenth === 10 ? -1 : tenth;
    }
  };
}

async function readManifest(path: string): Promise<Manifest> {
  const text = await readFile(path, 'utf8').catch(() => '');
  return text ? (JSON.parse(text) as Manifest) : { encoders: {}, llms: [] };
}

/** Runs the command with `args` (as after `--`); lines of progress go to `log`. */
export async function modelsFetch(args: string[], log: (line: string) => void): Promise<FetchSummary> {
  const { values } = parseArgs({
    args,
    options: {
      embedder: { type: 'string', multiple: true, default: [] },
      reranker: { type: 'string', multiple: true, default: [] },
      judge: { type: 'string', multiple: true, default: [] },
      llm: { type: 'string', multiple: true, default: [] },
      variant: { type: 'string', default: 'both' },
      dtypes: { type: 'string', default: 'fp32,fp16,q8' },
      host: { type: 'string', default: WEBLLM_WEIGHTS_HOST },
      'lib-host': { type: 'string', default: WEBLLM_LIB_PREFIX },
      out: { type: 'string', default: 'public/models' },
    },
  });
  const encoders = [...values.embedder, ...values.reranker, ...values.judge];
  if (encoders.length + values.llm.length === 0) throw new Error(`nothing to fetch\n${USAGE}`);
  const dtypes = values.dtypes.split(',').map((dtype) => dtype.trim()) as DtypeName[];
  const manifest = await readManifest(join(values.out, 'footnote-models.json'));
  const files: PlannedFile[] = [];
  for (const id of encoders) {
    const plan = await transformersPlan(id, values.host, dtypes);
    if (plan.files.length === 0) throw new Error(`${id}: none of ${dtypes.join(', ')} is available on ${values.host}`);
    if (plan.unavailable.length > 0) log(`${id}: no ${plan.unavailable.join(', ')} build; skipping those`);
    files.push(...plan.files);
    manifest.encoders[id] = dtypes.filter((dtype) => !plan.unavailable.includes(dtype));
  }
  for (const name of values.llm) {
    for (const variant of llmVariantsFor(name, values.variant)) {
      files.push(...(await webllmPlan(variant, values.host, values['lib-host'], getJson)).files);
      if (!manifest.llms.includes(variant.modelId)) manifest.llms.push(variant.modelId);
    }
  }
  const report = await fetchFiles(files, values.out, progressPrinter(log));
  await mkdir(values.out, { recursive: true });
  await writeFile(join(values.out, 'footnote-models.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  log(
    `${report.downloaded.length} downloaded (${(report.bytes / 2 ** 20).toFixed(1)} MB), ${report.skipped.length} already complete, in ${values.out}`,
  );
  return report;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  modelsFetch(process.argv.slice(2), (line) => process.stderr.write(`${line}\n`)).catch((error: unknown) => {
    process.stderr.write(`models:fetch: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
