import { describe, expect, it } from 'vitest';
import { fuse } from '../../../src/core/retrieve/fuse.js';
import { DEFAULT_RETRIEVAL_OPTIONS, retrieve, type RetrievalOptions } from '../../../src/core/retrieve/retrieve.js';
import { analyseQuestion } from '../../../src/core/question/analyse-question.js';
import { markdown } from '../../helpers/documents.js';
import { RecordingFakeEmbedder } from '../../fakes/recording-embedder.js';
import { engineWith } from '../../helpers/engine.js';

const files = {
  'v2.md': markdown(
    { id: 'dw-v2', date: '2025-01-01' },
    '## 2. Warranty\n\nThe DW-480 warranty lasts 1 year.\n\n## 7. Care\n\nClean the coarse filter every 2 weeks.\n',
  ),
  'v3.md': markdown(
    { id: 'dw-v3', date: '2026-01-01', supersedes: 'dw-v2' },
    '## 2. Warranty\n\nThe DW-480 warranty lasts 2 years.\n\n## 7. Care\n\nClean the coarse filter every 4 weeks.\n',
  ),
  'wm.md': markdown(
    { id: 'wm' },
    '## 7. Maintenance\n\nClean the WM-720 drain pump filter every 3 months.\n\n## 8. Drum\n\nThe WM-720 drum holds 9 kg.\n',
  ),
  'bulletin.md': markdown(
    { id: 'sb', date: '2026-07-01', supersedes: 'wm#7' },
    '## 1. Change\n\nClean the WM-720 drain pump filter every 6 weeks.\n',
  ),
  'staff.md': markdown(
    { id: 'staff', access: 'staff' },
    '## 1. Service mode\n\nEnter WM-720 service mode with reset code R-4817.\n',
  ),
};

async function ask(question: string, options: Partial<RetrievalOptions> = {}) {
  const engine = await engineWith(files);
  return retrieve(engine.index, engine.embedder, analyseQuestion(question), {
    ...DEFAULT_RETRIEVAL_OPTIONS,
    ...options,
  });
}

describe('retrieve', () => {
  it.each(['lexical', 'vector', 'hybrid'] as const)('%s search finds the passage that answers', async (mode) => {
    const result = await ask('How much laundry does the WM-720 drum hold?', { mode });
    expect(result.passages[0]?.passage.cite).toBe('wm#8');
    expect(result.passages.map((item) => item.rank)).toEqual(result.passages.map((_, index) => index + 1));
  });

  it('never retrieves what the viewer may not read, and does for a viewer who may', async () => {
    const publicResult = await ask('What is the WM-720 service mode reset code?');
    expect(publicResult.passages.map((item) => item.passage.docId)).not.toContain('staff');
    expect(publicResult.access).toEqual(['public']);
    const staffResult = await ask('What is the WM-720 service mode reset code?', { viewer: 'staff' });
    expect(staffResult.passages[0]?.passage.cite).toBe('staff#1');
  });

  it('marks superseded passages and brings in the passage that supersedes them (document and section level)', async () => {
    const manual = await ask('How often should the coarse filter be cleaned?', { topK: 1, mode: 'lexical' });
    const cites = manual.passages.map((item) => item.passage.cite);
    expect(cites).toContain('dw-v3#7');
    const old = manual.passages.find((item) => item.passage.cite === 'dw-v2#7');
    expect(old?.supersededBy).toEqual(['dw-v3#7']);
    const pump = await ask('How often should the WM-720 drain pump filter be cleaned?');
    const manualPassage = pump.passages.find((item) => item.passage.cite === 'wm#7');
    expect(manualPassage?.supersededBy).toEqual(['sb']);
    expect(pump.passages.map((item) => item.passage.cite)).toContain('sb#1');
  });

  it('retrieves for every part of a question with several parts', async () => {
    const result = await ask('How long is the DW-480 warranty and how much does the WM-720 drum hold?', { topK: 2 });
    const cites = result.passages.map((item) => item.passage.cite);
    expect(cites).toContain('wm#8');
    expect(cites.some((cite) => cite.endsWith('#2'))).toBe(true);
    expect(result.parts).toHaveLength(2);
  });

  it('searches a part that points back together with the part it points at', async () => {
    const embedder = new RecordingFakeEmbedder();
    const engine = await engineWith({ 'wm.md': files['wm.md'] }, { embedder });
    const parts = analyseQuestion('Which part of the washer must be cleaned every 3 months, and how do I reach it?');
    embedder.calls.length = 0;
    await retrieve(engine.index, engine.embedder, parts, { ...DEFAULT_RETRIEVAL_OPTIONS, mode: 'vector' });
    expect(embedder.calls.map((call) => call.texts[0])).toEqual([
      'Which part of the washer must be cleaned every 3 months',
      'Which part of the washer must be cleaned every 3 months how do I reach it',
    ]);
  });

  it('reports low coverage when nothing covers the question', async () => {
    const result = await ask('Does the oven have a steam cleaning mode?');
    expect(result.parts[0]!.relevant).toBe(0);
  });

  it('validates its options loudly', async () => {
    await expect(ask('filter', { topK: 0 })).rejects.toMatchObject({ code: 'INVALID_OPTION' });
  });
});

describe('fuse', () => {
  const lexical = [
    { cite: 'a', score: 9 },
    { cite: 'b', score: 3 },
  ];
  const vector = [
    { cite: 'b', score: 0.9 },
    { cite: 'c', score: 0.3 },
  ];

  it('reciprocal rank fusion rewards agreement between the lists', () => {
    const fused = fuse(lexical, vector, 'rrf');
    expect(fused.map((hit) => hit.cite)).toEqual(['b', 'a', 'c']);
    expect(fused[0]).toMatchObject({ lexicalScore: 3, vectorScore: 0.9 });
  });

  it('weighted fusion divides each list by its maximum, as Orama does', () => {
    const fused = fuse(lexical, vector, 'weighted', { text: 0.5, vector: 0.5 });
    expect(fused.find((hit) => hit.cite === 'a')?.score).toBeCloseTo(0.5);
    expect(fused.find((hit) => hit.cite === 'b')?.score).toBeCloseTo(0.5 * (3 / 9) + 0.5);
  });
});
