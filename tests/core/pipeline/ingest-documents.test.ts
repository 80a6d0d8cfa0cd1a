import { describe, expect, it } from 'vitest';
import { ExtractiveGenerator } from '../../../src/core/generate/extractive-generator.js';
import { createEngine } from '../../../src/core/pipeline/engine.js';
import { ingestDocuments } from '../../../src/core/pipeline/ingest-documents.js';
import { markdown, parseFile } from '../../helpers/documents.js';
import { RecordingFakeEmbedder } from '../../fakes/recording-embedder.js';

const body = (warranty: string) =>
  `## 1. Safety\n\nKeep children away.\n\n## 2. Warranty\n\nThe warranty lasts ${warranty}.\n\n## 3. Care\n\nClean the filter every 4 weeks.\n`;

describe('ingestDocuments', () => {
  it('embeds only the passages whose text changed when a document is re-ingested', async () => {
    const embedder = new RecordingFakeEmbedder();
    const engine = createEngine({ embedder, generator: new ExtractiveGenerator() });
    const first = await ingestDocuments(engine, [
      await parseFile('m.md', markdown({ id: 'm', revision: 'v1' }, body('1 year'))),
    ]);
    expect(first).toMatchObject({ added: ['m'], passages: 3, embedded: 3, reused: 0 });
    const second = await ingestDocuments(engine, [
      await parseFile('m.md', markdown({ id: 'm', revision: 'v2' }, body('2 years'))),
    ]);
    expect(second).toMatchObject({ replaced: ['m'], embedded: 1, reused: 2 });
    expect(embedder.calls.at(-1)?.texts).toEqual([expect.stringContaining('2 years')]);
    const third = await ingestDocuments(engine, [
      await parseFile('m.md', markdown({ id: 'm', revision: 'v2' }, body('2 years'))),
    ]);
    expect(third).toMatchObject({ unchanged: ['m'], embedded: 0 });
    expect(engine.index.passages.get('m#2')?.text).toContain('2 years');
    expect(engine.index.documents.get('m')?.revision).toBe('v2');
  });

  it('reports a duplicate document id naming both files and keeps the first', async () => {
    const engine = createEngine({ embedder: new RecordingFakeEmbedder(), generator: new ExtractiveGenerator() });
    const report = await ingestDocuments(engine, [
      await parseFile('a.md', markdown({ id: 'same' }, body('1 year'))),
      await parseFile('b.md', markdown({ id: 'same' }, body('9 years'))),
    ]);
    expect(report.added).toEqual(['same']);
    expect(report.failed).toEqual([
      { sourceName: 'b.md', message: expect.stringMatching(/b\.md: document id "same" is already used by a\.md/) },
    ]);
    expect(engine.index.passages.get('same#2')?.text).toContain('1 year');
  });

  it('leaves the index as it was when embedding fails for a document', async () => {
    const embedder = new RecordingFakeEmbedder();
    const engine = createEngine({ embedder, generator: new ExtractiveGenerator() });
    await ingestDocuments(engine, [await parseFile('m.md', markdown({ id: 'm' }, body('1 year')))]);
    embedder.embedDocuments = async () => {
      throw new Error('GPU lost');
    };
    const report = await ingestDocuments(engine, [await parseFile('m.md', markdown({ id: 'm' }, body('5 years')))]);
    expect(report.failed).toEqual([{ sourceName: 'm.md', message: 'm.md: GPU lost' }]);
    expect(engine.index.passages.get('m#2')?.text).toContain('1 year');
    expect(engine.index.passages.size).toBe(3);
  });

  it('stops when aborted', async () => {
    const engine = createEngine({ embedder: new RecordingFakeEmbedder(), generator: new ExtractiveGenerator() });
    const controller = new AbortController();
    controller.abort();
    await expect(
      ingestDocuments(engine, [await parseFile('m.md', body('1 year'))], { signal: controller.signal }),
    ).rejects.toMatchObject({ code: 'ABORTED' });
  });
});
