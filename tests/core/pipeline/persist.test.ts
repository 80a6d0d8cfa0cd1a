import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileIndexStore } from '../../../src/adapters/node/file-index-store.js';
import { HashingEmbedder } from '../../../src/core/embed/hashing-embedder.js';
import { ExtractiveGenerator } from '../../../src/core/generate/extractive-generator.js';
import { answerQuestion } from '../../../src/core/pipeline/answer-question.js';
import { createEngine } from '../../../src/core/pipeline/engine.js';
import { restoreIndex, saveIndex } from '../../../src/core/pipeline/persist.js';
import type { IndexStore } from '../../../src/core/ports.js';
import { markdown } from '../../helpers/documents.js';
import { engineWith } from '../../helpers/engine.js';
import { MemoryIndexStore } from '../../fakes/memory-index-store.js';

const files = {
  'dw.md': markdown(
    { id: 'dw' },
    '## 2. Warranty\n\nThe DW-480 warranty lasts 2 years.\n\n## 7. Care\n\nClean the coarse filter every 4 weeks.\n',
  ),
  'staff.md': markdown({ id: 'staff', access: 'staff' }, '## 1. Codes\n\nThe DW-480 reset code is R-4817.\n'),
};

async function roundTrip(store: IndexStore) {
  const engine = await engineWith(files);
  await saveIndex(engine, store);
  const fresh = createEngine({ embedder: new HashingEmbedder(), generator: new ExtractiveGenerator() });
  expect(await restoreIndex(fresh, store)).toBe('restored');
  for (const question of ['How often should the DW-480 filter be cleaned?', 'What is the DW-480 reset code?']) {
    const [before, after] = await Promise.all([answerQuestion(engine, question), answerQuestion(fresh, question)]);
    expect(after.retrieved.map((item) => item.passage.cite)).toEqual(before.retrieved.map((item) => item.passage.cite));
    expect(after.answer.text).toBe(before.answer.text);
  }
  const staff = await answerQuestion(fresh, 'What is the DW-480 reset code?', { retrieval: { viewer: 'staff' } });
  expect(staff.answer.text).toContain('R-4817');
}

describe('saving and restoring the index', () => {
  it('restores identical answers from memory (structured clone, as IndexedDB)', async () => {
    await roundTrip(new MemoryIndexStore());
  });

  it('restores identical answers from a file', async () => {
    await roundTrip(new FileIndexStore(join(await mkdtemp(join(tmpdir(), 'footnote-')), 'index.bin')));
  });

  it('refuses an index saved under another embedder, dimension or chunker (re-index instead)', async () => {
    const store = new MemoryIndexStore();
    await saveIndex(await engineWith(files), store);
    const otherModel = createEngine({
      embedder: new HashingEmbedder({ dimensions: 128 }),
      generator: new ExtractiveGenerator(),
    });
    expect(await restoreIndex(otherModel, store)).toBe('stale');
    expect(otherModel.index.passages.size).toBe(0);
    const otherChunker = createEngine({
      embedder: new HashingEmbedder(),
      generator: new ExtractiveGenerator(),
      chunking: { maxChars: 500 },
    });
    expect(await restoreIndex(otherChunker, store)).toBe('stale');
    expect(await restoreIndex(otherModel, new MemoryIndexStore())).toBe('empty');
  });

  it('reads a missing or corrupt index file as empty', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'footnote-'));
    const store = new FileIndexStore(join(folder, 'index.bin'));
    expect(await store.load()).toBeUndefined();
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(folder, 'index.bin'), 'not an index');
    expect(await store.load()).toBeUndefined();
  });
});
