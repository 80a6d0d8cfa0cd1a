import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HashingEmbedder } from '../../../src/core/embed/hashing-embedder.js';
import { messageTokens } from '../../../src/core/generate/count-tokens.js';
import type { CallOptions, GenerateRequest, Generator } from '../../../src/core/ports.js';
import { LibraryService } from '../../../src/adapters/browser/library-service.js';
import type { FileProgress } from '../../../src/adapters/browser/protocol.js';
import type { SourceDocument } from '../../../src/core/types.js';
import { parseFile } from '../../helpers/documents.js';
import { RecordingFakeEmbedder } from '../../fakes/recording-embedder.js';
import { file, injected, manual, serviceNote } from './files.js';
import { storeOf } from '../../helpers/service-store.js';
import type { LibraryStore } from '../../../src/adapters/browser/library-store.js';

let counter = 0;
const uniqueName = () => `service-test-${++counter}-${Date.now()}`;
const publicView = { viewer: 'public', mode: 'hybrid', topK: 6 } as const;

afterEach(() => vi.restoreAllMocks());

describe('LibraryService', () => {
  it('ingests files and reports each one', async () => {
    const service = await LibraryService.open({ name: uniqueName() });
    const progress: FileProgress[] = [];
    const outcome = await service.ingest([manual(), file('empty.txt', ''), file('blob.txt', 'a\u0000b\u0000c')], {
      onProgress: (item) => progress.push(item),
    });
    expect(outcome.report.added).toEqual(['kettle-manual']);
    expect(outcome.report.failed.map((item) => item.sourceName)).toEqual(['empty.txt', 'blob.txt']);
    expect(outcome.report.failed[0]?.message).toMatch(/empty\.txt.*empty/);
    const finals = new Map(progress.map((item) => [item.name, item]));
    expect(finals.get('kettle-manual.md')).toMatchObject({ status: 'indexed', outcome: 'added' });
    expect(finals.get('empty.txt')?.status).toBe('failed');
    expect(progress.some((item) => item.name === 'kettle-manual.md' && item.status === 'embedding')).toBe(true);
    // After embedding, the page hears what happens next: into the index, then into storage.
    const steps = progress.filter((item) => item.name === 'kettle-manual.md').map((item) => item.status);
    expect(steps.filter((status, at) => status !== steps[at - 1]).slice(-3)).toEqual(['indexing', 'saving', 'indexed']);
    expect(outcome.library.documents.map((item) => item.id)).toEqual(['kettle-manual']);
    expect(outcome.library.storage.kind).toBe('indexeddb');
  });

  it('restores the library after a reload without embedding anything', async () => {
    const name = uniqueName();
    const first = await LibraryService.open({ name });
    await first.ingest([manual(), serviceNote()]);
    const before = await first.ask('How long is the KT-100 warranty?', publicView);
    const second = await LibraryService.open({ name });
    const state = second.state();
    expect(state.storage.restore).toBe('restored');
    expect(state.embeddedThisSession).toBe(0);
    expect(state.documents.map((item) => item.id)).toEqual(['kettle-manual', 'kettle-service']);
    const after = await second.ask('How long is the KT-100 warranty?', publicView);
    expect(after.result.answer.text).toBe(before.result.answer.text);
    expect(after.result.retrieved.map((item) => item.passage.cite)).toEqual(
      before.result.retrieved.map((item) => item.passage.cite),
    );
  });

  it('rebuilds the index from the records, without embedding, when the saved index is missing', async () => {
    const name = uniqueName();
    const first = await LibraryService.open({ name });
    await first.ingest([manual()]);
    await (storeOf(first) as LibraryStore & { clear(): Promise<void> }).clear();
    const second = await LibraryService.open({ name });
    expect(second.state().storage.restore).toBe('rebuilt');
    expect(second.state().embeddedThisSession).toBe(0);
    const outcome = await second.ask('How often should I descale the KT-100?', publicView);
    expect(outcome.result.answer.text).toMatch(/4 weeks/);
  });

  it('keeps what two tabs added, rebuilding (not re-embedding) on the next start', async () => {
    const name = uniqueName();
    const first = await LibraryService.open({ name });
    const second = await LibraryService.open({ name });
    await first.ingest([manual()]);
    await second.ingest([serviceNote()]);
    await first.ingest([injected()]);
    const reopened = await LibraryService.open({ name });
    expect(reopened.state().storage.restore).toBe('rebuilt');
    expect(reopened.state().embeddedThisSession).toBe(0);
    expect(reopened.state().documents.map((item) => item.id)).toEqual([
      'kettle-forum',
      'kettle-manual',
      'kettle-service',
    ]);
  });

  it('re-embeds from the stored text when the embedder changed (stale buster)', async () => {
    const name = uniqueName();
    await (await LibraryService.open({ name })).ingest([manual()]);
    const other = await LibraryService.open({ name, embedder: new HashingEmbedder({ dimensions: 128 }) });
    expect(other.state().storage.restore).toBe('reindexed');
    expect(other.state().embeddedThisSession).toBeGreaterThan(0);
    expect(other.state().documents.map((item) => item.id)).toEqual(['kettle-manual']);
  });

  it('replaces a changed file as a new revision, embedding only the changed passages', async () => {
    const service = await LibraryService.open({ name: uniqueName() });
    const first = await service.ingest([manual(24)]);
    const second = await service.ingest([manual(36)]);
    expect(second.report.replaced).toEqual(['kettle-manual']);
    expect(second.report.embedded).toBeGreaterThan(0);
    expect(second.report.embedded).toBeLessThan(first.report.embedded);
    expect(second.report.reused).toBeGreaterThan(0);
    const third = await service.ingest([manual(36)]);
    expect(third.report.unchanged).toEqual(['kettle-manual']);
  });

  it('IN-19: a changed file of the same name replaces the old whole; a replace that fails to save keeps the old whole', async () => {
    const name = uniqueName();
    const service = await LibraryService.open({ name });
    await service.ingest([manual(24)]);
    const texts = async (from: LibraryService) =>
      (await from.ask('Is the KT-100 warranty 24, 36 or 48 months?', publicView)).result.retrieved
        .map((item) => item.passage.text)
        .join('\n');
    expect((await service.ingest([manual(36)])).report.replaced).toEqual(['kettle-manual']);
    for (const from of [service, await LibraryService.open({ name })]) {
      expect(await texts(from)).toContain('36 months');
      expect(await texts(from)).not.toContain('24 months');
      expect(from.state().documents).toEqual([expect.objectContaining({ id: 'kettle-manual', passages: 3 })]);
    }
    const store = storeOf(service);
    vi.spyOn(store, 'writeDocument').mockRejectedValueOnce(new DOMException('disk I/O', 'UnknownError'));
    expect((await service.ingest([manual(48)])).report.failed).toHaveLength(1);
    for (const from of [service, await LibraryService.open({ name })]) {
      expect(await texts(from)).toContain('36 months');
      expect(await texts(from)).not.toMatch(/24 months|48 months/);
    }
  });

  it('embeds before the transaction opens: a slow embedder causes no TransactionInactiveError (ST-16)', async () => {
    class SlowEmbedder extends HashingEmbedder {
      override async embedDocuments(texts: string[], options?: CallOptions) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return super.embedDocuments(texts, options);
      }
    }
    const name = uniqueName();
    const service = await LibraryService.open({ name, embedder: new SlowEmbedder() });
    const outcome = await service.ingest([manual()]);
    expect(outcome.report.failed).toEqual([]);
    const reopened = await LibraryService.open({ name, embedder: new SlowEmbedder() });
    expect(reopened.state().documents).toHaveLength(1);
  });

  it('leaves a document absent, in the index and the storage, when its write fails', async () => {
    const name = uniqueName();
    const service = await LibraryService.open({ name });
    const store = storeOf(service);
    vi.spyOn(store, 'writeDocument').mockRejectedValueOnce(new DOMException('disk I/O', 'UnknownError'));
    const outcome = await service.ingest([manual()]);
    expect(outcome.report.failed[0]?.message).toMatch(/could not be saved \(UnknownError/);
    expect(outcome.library.storage.notice).toBeUndefined();
    expect(outcome.library.documents).toEqual([]);
    expect((await service.ask('How long is the KT-100 warranty?', publicView)).result.retrieved).toEqual([]);
    expect((await LibraryService.open({ name })).state().documents).toEqual([]);
  });

  it('stops an ingest when aborted and keeps the documents finished before', async () => {
    const service = await LibraryService.open({ name: uniqueName() });
    const controller = new AbortController();
    const outcome = await service.ingest([manual(), serviceNote()], {
      signal: controller.signal,
      onProgress: (item) => {
        if (item.status === 'indexed') controller.abort();
      },
    });
    expect(outcome.library.documents.map((item) => item.id)).toEqual(['kettle-manual']);
    expect(outcome.report.failed).toEqual([
      { sourceName: 'kettle-service.md', message: 'Stopped before it was indexed.' },
    ]);
  });

  it('changes access and supersedes in place, reusing vectors', async () => {
    const service = await LibraryService.open({ name: uniqueName() });
    await service.ingest([manual(), serviceNote()]);
    const embedded = service.state().embeddedThisSession;
    const staff = { ...publicView, viewer: 'staff' } as const;
    const asked = 'How do I reset the KT-100 thermostat?';
    expect((await service.ask(asked, staff)).result.given.some((item) => item.passage.docId === 'kettle-service')).toBe(
      true,
    );
    const state = await service.updateDocument('kettle-service', {
      access: 'engineering',
      supersedes: ['kettle-manual'],
    });
    expect(state.documents.find((item) => item.id === 'kettle-service')).toMatchObject({
      access: 'engineering',
      supersedes: ['kettle-manual'],
    });
    expect(service.state().embeddedThisSession).toBe(embedded);
    const after = await service.ask(asked, staff);
    expect(after.result.retrieved.some((item) => item.passage.docId === 'kettle-service')).toBe(false);
    await expect(service.updateDocument('kettle-service', { access: '<b>', supersedes: [] })).rejects.toThrow(
      /not an access label/,
    );
  });

  it('sets a revision and date in Edit, says they were set there, and refuses a date that is not one', async () => {
    const service = await LibraryService.open({ name: uniqueName() });
    await service.ingest([manual()]);
    const before = service.state().documents.find((item) => item.id === 'kettle-manual')!;
    const changes = { access: before.access, supersedes: [], revision: 'Rev. D', date: '2026-02-03' };
    const state = await service.updateDocument('kettle-manual', changes);
    expect(state.documents.find((item) => item.id === 'kettle-manual')).toMatchObject({
      revision: 'Rev. D',
      date: '2026-02-03',
      origin: { revision: 'set in Edit', date: 'set in Edit' },
    });
    const kept = await service.updateDocument('kettle-manual', { ...changes, revision: 'Rev. E' });
    expect(kept.documents.find((item) => item.id === 'kettle-manual')?.origin).toEqual({
      revision: 'set in Edit',
      date: 'set in Edit',
    });
    await expect(service.updateDocument('kettle-manual', { ...changes, date: '2026-02-30' })).rejects.toThrow(
      /not a date: write it as YYYY-MM-DD/,
    );
    await expect(service.updateDocument('kettle-manual', { ...changes, revision: ' ' })).rejects.toThrow(/revision/);
    expect(service.state().documents.find((item) => item.id === 'kettle-manual')?.revision).toBe('Rev. E');
  });

  it('never hands a restricted document to a viewer who may not read it', async () => {
    const service = await LibraryService.open({ name: uniqueName() });
    await service.ingest([manual(), serviceNote()]);
    expect(await service.documentText('kettle-service', 'public')).toBeUndefined();
    expect((await service.documentText('kettle-service', 'staff'))?.text).toMatch(/9 seconds/);
    const outcome = await service.ask('How do I reset the KT-100 thermostat?', publicView);
    expect(outcome.result.retrieved.every((item) => item.passage.access === 'public')).toBe(true);
  });

  it('removes documents and clears the library, for good', async () => {
    const name = uniqueName();
    const service = await LibraryService.open({ name });
    await service.ingest([manual(), serviceNote()]);
    expect((await service.remove('kettle-service')).documents.map((item) => item.id)).toEqual(['kettle-manual']);
    expect((await LibraryService.open({ name })).state().documents.map((item) => item.id)).toEqual(['kettle-manual']);
    expect((await service.clear()).documents).toEqual([]);
    const reopened = await LibraryService.open({ name });
    expect(reopened.state().documents).toEqual([]);
    expect(reopened.state().storage.restore).toBe('empty');
  });

  it('marks instruction-like passages', async () => {
    const service = await LibraryService.open({ name: uniqueName() });
    await service.ingest([injected(), manual()]);
    const outcome = await service.ask('How long does the KT-100 take to boil a litre?', publicView);
    const spans = Object.entries(outcome.injections);
    expect(spans.length).toBeGreaterThan(0);
    expect(spans[0]?.[0]).toMatch(/^kettle-forum#/);
  });

  it('works in memory when storage is off', async () => {
    const service = await LibraryService.open({ memoryOnly: true });
    const outcome = await service.ingest([manual()]);
    expect(outcome.library.storage).toMatchObject({ kind: 'memory', reason: 'Storage is turned off.' });
    expect((await service.ask('How long is the KT-100 warranty?', publicView)).result.answer.text).toMatch(/24 months/);
    expect(await service.estimate()).toMatchObject({ libraryBytes: expect.any(Number) });
  });
});

describe('LibraryService: documents parsed on the page', () => {
  const parsed = async (name: string, text: string, changes: Partial<SourceDocument> = {}) => ({
    name,
    document: { ...(await parseFile(name, text)), ...changes },
  });

  it('indexes them, shows warnings and "partially indexed", and keeps those facts across a reload', async () => {
    const name = uniqueName();
    const service = await LibraryService.open({ name });
    const scan = await parsed('scan.md', '# Scan\n\nPage one text about the boiler.', {
      format: 'pdf',
      sourceName: 'scan.pdf',
      warnings: ['page 2 has no extractable text: scanned?'],
      partial: true,
      pageCount: 2,
    });
    const outcome = await service.ingestDocuments([scan]);
    expect(outcome.report.added).toEqual(['scan']);
    const expected = {
      id: 'scan',
      format: 'pdf',
      partial: true,
      pageCount: 2,
      warnings: ['page 2 has no extractable text: scanned?'],
    };
    expect(outcome.library.documents[0]).toMatchObject(expected);
    await service.saveIndex();
    const reopened = await LibraryService.open({ name });
    expect(reopened.state().storage.restore).toBe('restored');
    expect(reopened.state().documents[0]).toMatchObject(expected);
  });

  it('gives a PDF and a Word file of the same name their own ids; the same name again is a new revision', async () => {
    const service = await LibraryService.open({ name: uniqueName() });
    const pdf = await parsed('manual.md', '# Manual\n\nThe PDF says 6 weeks.', {
      format: 'pdf',
      sourceName: 'manual.pdf',
    });
    const word = await parsed('manual.md', '# Guide\n\nThe Word file says 50 mm.', {
      format: 'docx',
      sourceName: 'manual.docx',
    });
    await service.ingestDocuments([pdf]);
    const outcome = await service.ingestDocuments([word]);
    expect(outcome.library.documents.map((item) => [item.id, item.sourceName])).toEqual([
      ['manual-docx', 'manual.docx'],
      ['manual', 'manual.pdf'],
    ]);
    const again = await parsed('manual.md', '# Manual\n\nThe PDF now says 8 weeks.', {
      format: 'pdf',
      sourceName: 'manual.pdf',
    });
    expect((await service.ingestDocuments([again])).report.replaced).toEqual(['manual']);
  });

  it('IN-18: skips a file whose bytes are already in the library, naming the one it duplicates', async () => {
    const service = await LibraryService.open({ name: uniqueName() });
    const text = '# Pump\n\nThe pump runs 4 hours.';
    await service.ingestDocuments([await parsed('pump.md', text)]);
    const progress: FileProgress[] = [];
    const outcome = await service.ingestDocuments([await parsed('pump copy.md', text)], {
      onProgress: (item) => progress.push(item),
    });
    expect(outcome.report.skipped).toEqual([
      { sourceName: 'pump copy.md', message: 'pump copy.md: already in the library (same bytes as pump.md); skipped.' },
    ]);
    expect(progress.at(-1)).toMatchObject({ status: 'skipped', documentId: 'pump' });
    expect(outcome.library.documents.map((item) => item.id)).toEqual(['pump']);
    await service.remove('pump');
    expect((await service.ingestDocuments([await parsed('pump copy.md', text)])).report.added).toEqual(['pump-copy']);
  });
});

describe('LibraryService: changing models', () => {
  it('re-embeds the library for another embedder, with progress, and opens with it next time without embedding', async () => {
    const name = uniqueName();
    const service = await LibraryService.open({ name });
    await service.ingest([manual(), serviceNote()]);
    const passages = service.engine.index.passages.size;
    const progress: { passagesDone: number; documentsDone: number }[] = [];
    const model = new RecordingFakeEmbedder('fake-model-v1', 32);
    const state = await service.setEmbedder(model, { onProgress: (item) => progress.push(item) });
    expect(model.embeddedTexts).toBe(passages);
    expect(progress.at(-1)).toMatchObject({
      documentsDone: 2,
      documentsTotal: 2,
      passagesDone: passages,
      passagesTotal: passages,
    });
    expect(state.documents.map((item) => item.id)).toEqual(['kettle-manual', 'kettle-service']);
    expect(service.engine.embedder.modelId).toBe('fake-model-v1');
    expect((await service.ask('How long is the KT-100 warranty?', publicView)).result.answer.text).toMatch(/24 months/);
    expect(await service.setEmbedder(new RecordingFakeEmbedder('fake-model-v1', 32))).toMatchObject({
      documents: state.documents,
    });
    const reopened = await LibraryService.open({ name, embedder: new RecordingFakeEmbedder('fake-model-v1', 32) });
    expect(reopened.state().storage.restore).toBe('restored');
    expect(reopened.state().embeddedThisSession).toBe(0);
  });

  it('changes nothing when the re-embedding is stopped half-way', async () => {
    const name = uniqueName();
    const service = await LibraryService.open({ name });
    await service.ingest([manual(), serviceNote()]);
    const before = await service.ask('How long is the KT-100 warranty?', publicView);
    const controller = new AbortController();
    await expect(
      service.setEmbedder(new RecordingFakeEmbedder('fake-model-v2', 32), {
        signal: controller.signal,
        onProgress: (item) => item.documentsDone === 1 && controller.abort(),
      }),
    ).rejects.toThrow(/stopped/);
    expect(service.engine.embedder.modelId).toBe(new HashingEmbedder().modelId);
    const after = await service.ask('How long is the KT-100 warranty?', publicView);
    expect(after.result.retrieved.map((item) => item.passage.cite)).toEqual(
      before.result.retrieved.map((item) => item.passage.cite),
    );
    expect((await LibraryService.open({ name })).state().storage.restore).toBe('restored');
  });

  it("fits the prompt to a model's context window: lower-ranked passages are left out and listed", async () => {
    const service = await LibraryService.open({ memoryOnly: true });
    await service.ingest([manual(), serviceNote(), injected()]);
    const sent: GenerateRequest[] = [];
    const generator: Generator = {
      id: 'fake-model',
      window: { contextTokens: 700, answerTokens: 256, countTokens: (messages) => messageTokens(messages) },
      generate: async (request) => {
        sent.push(request);
        return { text: 'x', usage: { prompt: 0, completion: 0 }, finishReason: 'stop', decidedBy: 'model' };
      },
    };
    service.setGenerator(generator);
    const fitted = await service.ask('How long is the KT-100 warranty, and how often should I descale it?', publicView);
    expect(fitted.result.prompt.omitted.length).toBeGreaterThan(0);
    expect(sent[0]!.prompt.messages).toEqual(fitted.result.prompt.messages);
    service.setGenerator(undefined);
    const extractive = await service.ask('How long is the KT-100 warranty?', publicView);
    expect(extractive.result.answer.decidedBy).toBe('code');
  });
});
