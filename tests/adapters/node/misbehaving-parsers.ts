/**
 * A parsers module for the supervisor tests (docs/reliability.md IN-22, after Tika's MockParser):
 * each extension misbehaves in one way; `.txt` and the other core formats behave.
 */
import { parentPort } from 'node:worker_threads';
import { DEFAULT_PARSERS } from '../../../src/core/ingest/parse-document.js';
import type { ParseOptions } from '../../../src/core/ingest/parse-document.js';
import type { DocumentParser, ParserInput } from '../../../src/core/ports.js';

const never = () => new Promise<never>(() => undefined);

function parser(
  extension: string,
  parse: (input: ParserInput, options?: ParseOptions) => Promise<never>,
): DocumentParser {
  return { format: 'text', extensions: [extension], parse };
}

/** The misbehaving parsers, then the core's. */
export function createParsers(): DocumentParser[] {
  return [
    parser('.throws', () => Promise.reject({ custom: 'object' })),
    parser('.hangs', never),
    parser('.spins', () => {
      for (;;) {
        /* busy */
      }
    }),
    parser('.hogs', () => {
      const hog: number[][] = [];
      for (;;) hog.push(Array.from({ length: 100_000 }, Math.random));
    }),
    parser('.garbles', () => {
      parentPort?.postMessage('not a protocol message');
      return never();
    }),
    parser('.exits', () => {
      process.exit(3);
    }),
    parser('.stalls', (input, options) => {
      options?.onProgress?.({ file: input.name, page: 1, pages: 9 });
      return never();
    }),
    ...DEFAULT_PARSERS,
  ];
}
