/**
 * Retrieval isolation and egress (docs/reliability.md PI-17 … PI-20), core level: a canary that
 * lives only in another access label's document, or in a deleted one, never reaches retrieval, a
 * prompt, an answer or an export; and nothing in ingest, answering or export makes a request.
 */
import fc from 'fast-check';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkReceipt } from '../../src/core/export/check-receipt.js';
import { exportLibraryPack, importLibraryPack, readLibraryPack } from '../../src/core/export/library-pack.js';
import { parseReceipt } from '../../src/core/export/parse-receipt.js';
import { removeDocument } from '../../src/core/index/update-index.js';
import { HashingEmbedder } from '../../src/core/embed/hashing-embedder.js';
import { createEngine, type Engine } from '../../src/core/pipeline/engine.js';
import { restoreIndex, saveIndex } from '../../src/core/pipeline/persist.js';
import type { RetrievalMode } from '../../src/core/retrieve/retrieve.js';
import { CANARIES, PWN_FLAG } from '../fakes/evil-payloads.js';
import { EvilFakeLLM } from '../fakes/evil-llm.js';
import { MemoryIndexStore } from '../fakes/memory-index-store.js';
import { ask, securityEngine, type Asked } from './security-library.js';

const MODES: RetrievalMode[] = ['lexical', 'vector', 'hybrid'];

let engine: Engine;

beforeAll(async () => {
  ({ engine } = await securityEngine());
});

afterEach(() => vi.unstubAllGlobals());

/**
 * Every place a document's canary must not reach: retrieval, the passages of the prompt, the
 * receipt's passages, and the answer (unless the person typed the canary into the question).
 */
function expectAbsent(asked: Asked, canary: string, docId: string): void {
  expect(asked.result.retrieved.map((item) => item.passage.docId)).not.toContain(docId);
  const passages = asked.prompt.slice(asked.prompt.indexOf('\nPassages:'));
  expect(passages).not.toContain(canary);
  expect(JSON.stringify(asked.receipt.passages)).not.toContain(canary);
  if (!asked.result.question.includes(canary)) expect(asked.result.answer.text).not.toContain(canary);
}

async function askIn(on: Engine, question: string, viewer: string, mode: RetrievalMode): Promise<Asked> {
  const saved = on.retrieval.mode;
  on.retrieval.mode = mode;
  try {
    return await ask(on, question, viewer);
  } finally {
    on.retrieval.mode = saved;
  }
}

describe('isolation', () => {
  it("PI-17 another label's canary is never retrieved, prompted or answered, whatever is asked (fast-check)", async () => {
    const control = await ask(engine, 'What is the KT-100 descaling service code?', 'collection-b');
    expect(control.prompt).toContain(CANARIES.otherCollection);
    const words = [
      'KT-100',
      'descaling',
      'service',
      'code',
      'SC-77',
      'reseller',
      'warranty',
      'internal',
      'reference',
      CANARIES.otherCollection,
    ];
    const question = fc.oneof(
      fc.constant(CANARIES.otherCollection),
      fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 6 }).map((parts) => `${parts.join(' ')}?`),
      fc.string({ maxLength: 40 }),
    );
    await fc.assert(
      fc.asyncProperty(question, fc.constantFrom(...MODES), async (text, mode) => {
        const asked = await askIn(engine, text, 'public', mode);
        expectAbsent(asked, CANARIES.otherCollection, 'collection-b');
        expect(asked.result.retrieved.every((item) => item.passage.access === 'public')).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('PI-18 deletion is total: no search mode, restored index, pack or prompt brings the canary back', async () => {
    const { engine: own } = await securityEngine();
    const question = `What does the withdrawn memo ${CANARIES.deleted} say?`;
    const before = await ask(own, question);
    expect(before.result.retrieved.map((item) => item.passage.docId)).toContain('deleted');
    expect(await removeDocument(own.index, 'deleted')).toBe(true);
    for (const mode of MODES) expectAbsent(await askIn(own, question, 'public', mode), CANARIES.deleted, 'deleted');
    expect([...own.index.passages.values()].some((passage) => passage.text.includes(CANARIES.deleted))).toBe(false);
    const store = new MemoryIndexStore();
    await saveIndex(own, store);
    const restored = createEngine({ embedder: new HashingEmbedder(), generator: new EvilFakeLLM() });
    expect(await restoreIndex(restored, store)).toBe('restored');
    expectAbsent(await ask(restored, question), CANARIES.deleted, 'deleted');
    const documents = (await import('./security-library.js')).loadSecurityDocuments();
    const kept = (await documents).filter((document) => document.id !== 'deleted');
    const pack = exportLibraryPack(own, { documents: kept });
    for (const entry of Object.values(unzipSync(pack))) expect(strFromU8(entry, true)).not.toContain(CANARIES.deleted);
    // A receipt made before the deletion says so ("source deleted").
    const check = checkReceipt(parseReceipt(JSON.stringify(before.receipt)), own);
    expect(check.passages.find((item) => item.cite.startsWith('deleted#'))?.status).toBe('deleted');
    expect(check.messages.join(' ')).toMatch(/source deleted/);
  });

  it('PI-19 no carry-over: a question as another viewer gets none of the passages of the question before', async () => {
    const evil = new EvilFakeLLM();
    const { engine: own } = await securityEngine({ generator: evil });
    const first = await ask(own, 'What is the KT-100 descaling service code?', 'collection-b');
    expect(first.prompt).toContain(CANARIES.otherCollection);
    expect(first.result.question).not.toContain(CANARIES.otherCollection);
    const secret = first.result.given.filter((item) => item.passage.access !== 'public');
    expect(secret.length).toBeGreaterThan(0);
    const before = evil.calls.length;
    const second = await ask(own, 'What is the KT-100 descaling service code?', 'public');
    for (const item of secret) expect(second.prompt).not.toContain(item.passage.text);
    expectAbsent(second, CANARIES.otherCollection, 'collection-b');
    for (const call of evil.calls.slice(before)) expect(call.prompt).not.toContain(CANARIES.otherCollection);
  });

  it('PI-20 nothing is requested: ingest, five answers, receipts, pack export and import make no fetch', async () => {
    const requests: string[] = [];
    vi.stubGlobal('fetch', (input: unknown) => {
      requests.push(String(input));
      return Promise.reject(new Error('no network in this test'));
    });
    const { engine: own, documents } = await securityEngine();
    const questions = [
      'How often should I descale the KT-100?',
      'How do I register the KT-100 warranty?',
      'What is the part number of the KT-100 lid hinge?',
      'How long is the KT-100 power cord?',
      'What is the part number of KT-100 spare limescale filters?',
    ];
    const answered = [];
    for (const question of questions) answered.push(await ask(own, question));
    expect(answered.some((asked) => asked.result.answer.text.includes(`q=${CANARIES.customer}`))).toBe(true);
    const pack = exportLibraryPack(own, { documents });
    await importLibraryPack(
      createEngine({ embedder: new HashingEmbedder(), generator: new EvilFakeLLM() }),
      readLibraryPack(pack),
    );
    for (const asked of answered) parseReceipt(JSON.stringify(asked.receipt));
    expect(requests).toEqual([]);
    expect((globalThis as Record<string, unknown>)[PWN_FLAG]).toBeUndefined();
  });
});
