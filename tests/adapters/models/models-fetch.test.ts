// @vitest-environment node
// `npm run models:fetch` against a local server that serves the fixture models in the hub's
// layout (and a fake WebLLM build: a config, a tokenizer, a weights manifest, two shards, a library).
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelsFetch } from '../../../scripts/models-fetch.js';
import { NODE_ENCODER_RUNTIME } from '../../../src/adapters/models/choose-runtime.js';
import { findLlmModel } from '../../../src/adapters/models/model-catalogue.js';
import { configureTransformers } from '../../../src/adapters/models/transformers-env.js';
import { TransformersEmbedder } from '../../../src/adapters/models/transformers-embedder.js';
import { resolveLlmSource } from '../../../src/adapters/models/webllm-app-config.js';
import { FIXTURE_MODELS, TINY_BGE_LIKE } from './fixture-models.js';

const WEIGHTS = 'mlc-ai/Qwen2.5-0.5B-Instruct-q4f32_1-MLC';
const LIB = 'Qwen2-0.5B-Instruct-q4f32_1_cs1k-webgpu.wasm';
let work: string;
let hub: string;
let server: Server;
let host: string;
const requests: string[] = [];

async function put(path: string, content: string | Uint8Array) {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, content);
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'footnote-models-fetch-'));
  hub = join(work, 'hub');
  await put(join(hub, WEIGHTS, 'mlc-chat-config.json'), JSON.stringify({ tokenizer_files: ['tokenizer.json'] }));
  await put(join(hub, WEIGHTS, 'tokenizer.json'), '{"model":{}}');
  const records = [
    { dataPath: 'params_shard_0.bin', nbytes: 3000 },
    { dataPath: 'params_shard_1.bin', nbytes: 1500 },
  ];
  await put(join(hub, WEIGHTS, 'tensor-cache.json'), JSON.stringify({ records }));
  await put(join(hub, WEIGHTS, 'params_shard_0.bin'), new Uint8Array(3000).fill(7));
  await put(join(hub, WEIGHTS, 'params_shard_1.bin'), new Uint8Array(1500).fill(9));
  await put(join(hub, 'webllm-libs', LIB), new Uint8Array([0, 97, 115, 109]));
  server = createServer((request, response) => {
    const url = decodeURIComponent(request.url ?? '');
    requests.push(`${request.method} ${url}`);
    const match = /^\/([^/]+\/[^/]+)\/resolve\/main\/(.+)$/.exec(url);
    const candidates = match
      ? [join(FIXTURE_MODELS, match[1]!, match[2]!), join(hub, match[1]!, match[2]!)]
      : [join(hub, url.slice(1))];
    const file = candidates.find((path) => existsSync(path) && !path.endsWith('/'));
    if (!file) {
      response.statusCode = 404;
      return response.end('Entry not found');
    }
    const body = readFileSync(file);
    response.setHeader('content-length', body.length);
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(work, { recursive: true, force: true });
});

function args(out: string, extra: string[] = []) {
  return [
    ...['--embedder', 'local/tiny-embed', '--reranker', 'local/tiny-rerank', '--llm', 'qwen2.5-0.5b'],
    ...['--variant', 'f32', '--dtypes', 'fp32,fp16,q8', '--host', host, '--lib-host', `${host}webllm-libs/`],
    ...['--out', out, ...extra],
  ];
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1));
}

describe('models:fetch', () => {
  it('puts what a deployment needs under the output folder, in the layouts the app reads', async () => {
    const out = join(work, 'out');
    const lines: string[] = [];
    const report = await modelsFetch(args(out), (line) => lines.push(line));
    expect((await filesUnder(out)).sort()).toEqual([
      'footnote-models.json',
      'local/tiny-embed/config.json',
      'local/tiny-embed/onnx/model.onnx',
      'local/tiny-embed/onnx/model_quantized.onnx',
      'local/tiny-embed/tokenizer.json',
      'local/tiny-embed/tokenizer_config.json',
      'local/tiny-rerank/config.json',
      'local/tiny-rerank/onnx/model.onnx',
      'local/tiny-rerank/onnx/model_quantized.onnx',
      'local/tiny-rerank/tokenizer.json',
      'local/tiny-rerank/tokenizer_config.json',
      `${WEIGHTS}/resolve/main/mlc-chat-config.json`,
      `${WEIGHTS}/resolve/main/params_shard_0.bin`,
      `${WEIGHTS}/resolve/main/params_shard_1.bin`,
      `${WEIGHTS}/resolve/main/tensor-cache.json`,
      `${WEIGHTS}/resolve/main/tokenizer.json`,
      `webllm-libs/${LIB}`,
    ]);
    expect(report.downloaded).toHaveLength(16);
    expect(await readFile(join(out, 'local/tiny-embed/onnx/model.onnx'))).toEqual(
      await readFile(join(FIXTURE_MODELS, 'local/tiny-embed/onnx/model.onnx')),
    );
    expect(lines.join('\n')).toMatch(/no fp16 build; skipping/);
    const manifest = JSON.parse(await readFile(join(out, 'footnote-models.json'), 'utf8'));
    expect(manifest).toEqual({
      encoders: { 'local/tiny-embed': ['fp32', 'q8'], 'local/tiny-rerank': ['fp32', 'q8'] },
      llms: ['Qwen2.5-0.5B-Instruct-q4f32_1-MLC'],
    });
  });

  it('the app then loads from the folder without the hub', async () => {
    const out = join(work, 'out');
    configureTransformers({ localModelPath: out, offlineOnly: true, cache: false });
    const embedder = new TransformersEmbedder({ model: TINY_BGE_LIKE, runtime: NODE_ENCODER_RUNTIME });
    expect(await embedder.embedQuery('cat')).toHaveLength(8);
    const modelsUrl = 'http://127.0.0.1:4173/models/';
    const model = findLlmModel('qwen2.5-0.5b')!;
    const resolved = await resolveLlmSource(model, model.f32!, {
      modelsUrl,
      offlineOnly: true,
      fetch: async (url) => ({
        ok: existsSync(join(out, url.slice(modelsUrl.length))),
        headers: { get: () => 'application/json' },
      }),
    });
    expect(resolved?.source.kind).toBe('self-hosted');
  });

  it('a second run skips complete files (checking their sizes) and downloads nothing', async () => {
    const out = join(work, 'out');
    requests.length = 0;
    const report = await modelsFetch(args(out), () => undefined);
    expect(report.downloaded).toEqual([]);
    expect(report.skipped).toHaveLength(16);
    expect(requests.filter((line) => line.startsWith('GET') && line.includes('params_shard'))).toEqual([]);
  });

  it('a 404 stops the run with a message naming the file, and leaves no partial file', async () => {
    const out = join(work, 'out-404');
    await rm(join(hub, WEIGHTS, 'params_shard_1.bin'));
    const run = modelsFetch(args(out), () => undefined);
    await expect(run).rejects.toThrow(/cannot download .*params_shard_1\.bin: HTTP 404/);
    const left = await filesUnder(out);
    expect(left).toContain(`${WEIGHTS}/resolve/main/params_shard_0.bin`);
    expect(left.filter((path) => path.includes('params_shard_1'))).toEqual([]);
  });

  it('a file shorter than its manifest says is refused and removed', async () => {
    const out = join(work, 'out-short');
    await put(join(hub, WEIGHTS, 'params_shard_1.bin'), new Uint8Array(100));
    await expect(modelsFetch(args(out), () => undefined)).rejects.toThrow(
      /params_shard_1\.bin: got 100 bytes, expected 1500/,
    );
    expect((await filesUnder(out)).filter((path) => path.includes('params_shard_1'))).toEqual([]);
  });

  it('says what to pass when nothing is asked for, or the model is unknown', async () => {
    await expect(modelsFetch([], () => undefined)).rejects.toThrow(/nothing to fetch/);
    await expect(modelsFetch(['--llm', 'gpt-9'], () => undefined)).rejects.toThrow(/unknown --llm "gpt-9"/);
  });
});
