/**
 * `npm run bench [-- --sizes 1000,10000,100000] [--queries 50] [--large-queries 20] [--warmup 3] [--seed 20240601]`
 *
 * Measures the index, not a model: chunking throughput, insert throughput, query latency per
 * retrieval mode beside the raw vector search alone and a plain dot-product scan (the floor),
 * snapshot size, save and load time, and peak memory, at each size of synthetic passages with
 * seeded random 384-dimensional unit vectors. Prints a table; writes `bench/results.json`.
 * A benchmark, not a test: nothing here asserts a timing.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { formatTable } from './format-table.js';
import { machineInfo } from './machine-info.js';
import { measureSize, type SizeResult, type SizeSettings } from './measure-size.js';
import { collectGarbage } from './memory-tracker.js';

const RESULTS_PATH = fileURLToPath(new URL('./results.json', import.meta.url));
const DIMENSIONS = 384;
/**
 * Above this many passages a lexical query takes seconds on a small machine: fewer queries (and
 * one warm-up) keep the default run within about five minutes.
 */
const LARGE_SIZE = 10_000;

const USAGE = `usage: npm run bench -- [--sizes 1000,10000,100000] [--queries 50] [--large-queries 20] [--warmup 3] [--seed 20240601]
  --queries        timed queries per mode up to ${LARGE_SIZE.toLocaleString('en-US')} passages
  --large-queries  timed queries per mode above that (lexical search takes seconds there)
  --warmup         untimed queries per mode first (at most 1 above ${LARGE_SIZE.toLocaleString('en-US')} passages)`;

/** The run's settings, from the command line. */
interface BenchSettings {
  sizes: number[];
  queries: number;
  largeQueries: number;
  warmup: number;
  seed: number;
}

/** The settings of one size: fewer queries and one warm-up above `LARGE_SIZE`. */
function sizeSettings(settings: BenchSettings, passages: number): SizeSettings {
  const large = passages > LARGE_SIZE;
  return {
    passages,
    queries: large ? settings.largeQueries : settings.queries,
    warmup: large ? Math.min(1, settings.warmup) : settings.warmup,
    seed: settings.seed,
    dimensions: DIMENSIONS,
  };
}

function readSettings(): BenchSettings | undefined {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '1000,10000,100000' },
      queries: { type: 'string', default: '50' },
      'large-queries': { type: 'string', default: '20' },
      warmup: { type: 'string', default: '3' },
      seed: { type: 'string', default: '20240601' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return undefined;
  return {
    sizes: values.sizes.split(',').map((size) => wholeNumber(size, '--sizes', 10)),
    queries: wholeNumber(values.queries, '--queries', 1),
    largeQueries: wholeNumber(values['large-queries'], '--large-queries', 1),
    warmup: wholeNumber(values.warmup, '--warmup', 0),
    seed: wholeNumber(values.seed, '--seed', 0),
  };
}

function wholeNumber(text: string, option: string, minimum: number): number {
  const value = Number(text.trim().replace(/_/g, ''));
  if (!Number.isInteger(value) || value < minimum)
    throw new Error(`${option}: expected a whole number ≥ ${minimum}, got "${text}"`);
  return value;
}

function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}

/** A small run whose numbers are thrown away, so that the first size is not measured on cold code. */
async function warmUp(settings: BenchSettings): Promise<void> {
  progress('warming up (200 passages, discarded)…');
  await measureSize({ passages: 200, queries: 5, warmup: 0, seed: settings.seed + 1, dimensions: DIMENSIONS });
}

async function measureAll(settings: BenchSettings): Promise<SizeResult[]> {
  const results: SizeResult[] = [];
  for (const passages of settings.sizes) {
    collectGarbage();
    progress(`measuring ${passages.toLocaleString('en-US')} passages…`);
    const result = await measureSize(sizeSettings(settings, passages));
    progress(`  done in ${result.seconds.toFixed(1)} s`);
    results.push(result);
  }
  return results;
}

async function main(): Promise<void> {
  const settings = readSettings();
  if (!settings) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const started = performance.now();
  const date = new Date().toISOString();
  await warmUp(settings);
  const sizes = await measureAll(settings);
  const totalSeconds = (performance.now() - started) / 1000;
  const machine = machineInfo();
  process.stdout.write(`\n${formatTable(sizes)}\n\n`);
  process.stdout.write(
    `${machine.cpuModel}, ${machine.cores} cores, Node ${machine.node}; total ${totalSeconds.toFixed(1)} s\n`,
  );
  const results = { date, machine, settings: { ...settings, dimensions: DIMENSIONS }, totalSeconds, sizes };
  await writeFile(RESULTS_PATH, `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(`results written to bench/results.json\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
