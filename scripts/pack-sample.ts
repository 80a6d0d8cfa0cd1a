/**
 * `npm run pack:sample`
 *   Builds the sample pack (the sample corpus as a library pack, hashing embedder, default
 *   settings) into `public/sample.footnote-pack`, which the app offers as "Import sample pack".
 *   The bytes depend only on the corpus and the code: rerun it after changing either, and commit
 *   the result (a test fails while the committed pack is out of date).
 *
 * `npm run pack:sample -- --corpus DIR --out FILE [--title TEXT] [--viewer LABEL]`
 *   Packs any folder of .md, .txt, .html, .pdf and .docx files (a teacher's own), keeping only
 *   what LABEL may read when `--viewer` is given (`--viewer public` leaves staff-only files out).
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildFolderPack } from '../src/adapters/export/folder-pack.js';
import { buildSamplePack, SAMPLE_PACK_PATH } from '../src/adapters/export/sample-pack.js';
import { readLibraryPack } from '../src/core/export/library-pack.js';

const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: 'corpus' },
    out: { type: 'string' },
    title: { type: 'string' },
    viewer: { type: 'string' },
  },
});
const corpus = values.corpus ?? 'corpus';
const isSample = resolve(corpus) === resolve('corpus') && !values.title && !values.viewer;
const out = values.out ?? (isSample ? SAMPLE_PACK_PATH : 'library.footnote-pack');
const started = performance.now();
const built = isSample
  ? { bytes: await buildSamplePack(corpus), failures: [] }
  : await buildFolderPack(corpus, {
      ...(values.title ? { title: values.title } : {}),
      ...(values.viewer ? { viewer: values.viewer } : {}),
    });
const { manifest } = readLibraryPack(built.bytes);
await writeFile(out, built.bytes);
for (const failure of built.failures) process.stderr.write(`skipped ${failure.file}: ${failure.message}\n`);
const seconds = ((performance.now() - started) / 1000).toFixed(2);
process.stdout.write(
  `${out}: ${built.bytes.length} bytes, ${manifest.documents.length} documents, ${manifest.passages} passages, ` +
    `embedder ${manifest.buster.embedderId}${manifest.viewer ? `, for viewer "${manifest.viewer}"` : ''} (${seconds} s)\n`,
);
