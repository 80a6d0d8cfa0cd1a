/**
 * `npm run bench:embed [-- --corpus DIR] [--queries 20]`
 *
 * Measures the real embedding models `npm run models:local` laid out, in Node (onnxruntime-node
 * on the CPU), beside the built-in hashing embedder: passages per second embedding a corpus's
 * passages (title, heading and text, as the index embeds them) and milliseconds per query, for
 * each data type (fp32 and q8), and the size of each file. A benchmark, not a test: nothing here
 * asserts a timing. The browser's numbers (WASM in Chromium and Firefox, WebGPU) are printed by
 * `npm run test:e2e` under "Measured".
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createNodeEmbedder } from '../src/adapters/models/node-models.js';
import { loadCorpus } from '../src/adapters/node/load-corpus.js';
import { chunkDocument } from '../src/core/chunk/chunk-document.js';
import { HashingEmbedder } from '../src/core/embed/hashing-embedder.js';
import { embeddingText } from '../src/core/pipeline/ingest-documents.js';
import type { Embedder } from '../src/core/ports.js';
import { DEFAULT_OUT } from '../scripts/local-models/manifest.js';
import { machineInfo } from './machine-info.js';

const QUESTIONS = [
  'How much room on the disk do I need to build it?',
  'How do I switch the phone off?',
  'What does the error code mean?',
  'How often should the filter be cleaned?',
];

async function measure(
  embedder: Embedder,
  texts: string[],
  queries: number,
): Promise<{ perSecond: number; queryMs: number }> {
  await embedder.embedDocuments(texts.slice(0, 4));
  const started = performance.now();
  for (let start = 0; start < texts.length; start += embedder.maxBatchSize) {
    await embedder.embedDocuments(texts.slice(start, start + embedder.maxBatchSize));
  }
  const perSecond = texts.length / ((performance.now() - started) / 1000);
  const times: number[] = [];
  for (let index = 0; index < queries; index++) {
    const begun = performance.now();
    await embedder.embedQuery(`${QUESTIONS[index % QUESTIONS.length]} (${index})`);
    times.push(performance.now() - begun);
  }
  times.sort((a, b) => a - b);
  return { perSecond, queryMs: times[Math.floor(times.length / 2)]! };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { corpus: { type: 'string', default: 'corpus' }, queries: { type: 'string', default: '20' } },
  });
  const corpus = await loadCorpus(values.corpus);
  const texts = corpus.documents.flatMap((document) => chunkDocument(document)).map(embeddingText);
  const queries = Number(values.queries);
  const machine = machineInfo();
  console.log(`Node ${machine.node}, ${machine.cores} cores (${machine.cpuModel})`);
  console.log(`${texts.length} passages of ${values.corpus}; median of ${queries} queries\n`);
  console.log('| model | data type | file | passages/s | query ms |');
  console.log('| --- | --- | --- | --- | --- |');
  const hashing = await measure(new HashingEmbedder(), texts, queries);
  console.log(`| hashing (built in) | - | - | ${hashing.perSecond.toFixed(0)} | ${hashing.queryMs.toFixed(2)} |`);
  const folders = existsSync(DEFAULT_OUT)
    ? readdirSync(DEFAULT_OUT)
        .filter((name) => !name.startsWith('.'))
        .sort()
    : [];
  if (folders.length === 0) console.log('\n(no real models: run npm run models:local)');
  for (const name of folders) {
    for (const dtype of ['fp32', 'q8'] as const) {
      const file = join(DEFAULT_OUT, name, 'onnx', dtype === 'q8' ? 'model_quantized.onnx' : 'model.onnx');
      if (!existsSync(file)) continue;
      const embedder = await createNodeEmbedder(join(DEFAULT_OUT, name), { dtype });
      const result = await measure(embedder, texts, queries);
      await embedder.dispose();
      const megabytes = (statSync(file).size / 1e6).toFixed(0);
      console.log(
        `| ${name} | ${dtype} | ${megabytes} MB | ${result.perSecond.toFixed(1)} | ${result.queryMs.toFixed(1)} |`,
      );
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
