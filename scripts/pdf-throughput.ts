/**
 * PDF parse throughput in Node (`npx tsx scripts/pdf-throughput.ts [pages]`): generates a PDF
 * of 200 pages (numbered sections, 35 lines of text a page) with pdf-lib, then times the Node
 * PDF parser on it, in this thread and in the supervised worker, after one warm-up parse (the
 * first parse also loads pdf.js). Prints pages per second.
 */
import { createNodeParsers } from '../src/adapters/node/node-parsers.js';
import { ParseSupervisor } from '../src/adapters/node/parse-supervisor.js';
import { chunkDocument } from '../src/core/chunk/chunk-document.js';
import { parseSafely, type ParseResult } from '../src/core/ingest/parse-safely.js';
import { makeLongPdf } from './make-fixtures.js';

const pages = Number(process.argv[2] ?? 200);
const runs = 3;

async function timed(parse: () => Promise<ParseResult>): Promise<{ ms: number; result: ParseResult }> {
  const started = performance.now();
  const result = await parse();
  return { ms: performance.now() - started, result };
}

function report(label: string, times: number[], result: ParseResult): void {
  if (!result.ok) throw new Error(result.error.message);
  const best = Math.min(...times);
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? best;
  const passages = chunkDocument(result.document).length;
  process.stdout.write(
    `${label.padEnd(22)} ${(pages / (median / 1000)).toFixed(0).padStart(5)} pages/s (median of ${times.length}: ${median.toFixed(0)} ms; best ${best.toFixed(0)} ms) · ${result.document.text.length} chars · ${passages} passages\n`,
  );
}

const bytes = await makeLongPdf(pages);
process.stdout.write(`generated ${pages}-page PDF: ${(bytes.length / 1024).toFixed(0)} KB · Node ${process.version}\n`);
const parsers = createNodeParsers();
const input = { name: `long-${pages}.pdf`, bytes };
const inThread: number[] = [];
let last: ParseResult | undefined;
const warm = await timed(() => parseSafely(input, { parsers }));
process.stdout.write(`first parse (loads pdf.js): ${warm.ms.toFixed(0)} ms\n`);
for (let run = 0; run < runs; run++) {
  const { ms, result } = await timed(() => parseSafely(input, { parsers }));
  inThread.push(ms);
  last = result;
}
report('in this thread', inThread, last!);
const supervisor = new ParseSupervisor();
const inWorker: number[] = [];
await supervisor.parse(input);
for (let run = 0; run < runs; run++) {
  const { ms, result } = await timed(() => supervisor.parse(input));
  inWorker.push(ms);
  last = result;
}
await supervisor.close();
report('supervised worker', inWorker, last!);
