import { describe, expect, it } from 'vitest';
import { HashingEmbedder } from '../../../src/core/embed/hashing-embedder.js';
import { MemoEmbedder } from '../../../src/core/embed/memo-embedder.js';
import { RecordingFakeEmbedder } from '../../fakes/recording-embedder.js';

describe('MemoEmbedder', () => {
  it("sends each passage and query text to the model once, and returns the model's vectors in order", async () => {
    const inner = new RecordingFakeEmbedder('fake-recording', 16);
    const memo = new MemoEmbedder(inner);
    expect(memo.modelId).toBe(inner.modelId);
    const first = await memo.embedDocuments(['a pump', 'a filter', 'a pump']);
    const second = await memo.embedDocuments(['a filter', 'a drum']);
    expect(inner.calls.filter((call) => call.kind === 'documents').map((call) => call.texts)).toEqual([
      ['a pump', 'a filter'],
      ['a drum'],
    ]);
    const direct = await new HashingEmbedder({ dimensions: 16 }).embedDocuments(['a pump', 'a filter', 'a drum']);
    expect(first).toEqual([direct[0], direct[1], direct[0]]);
    expect(second).toEqual([direct[1], direct[2]]);
    await memo.embedQuery('how often?');
    await memo.embedQuery('how often?');
    expect(inner.calls.filter((call) => call.kind === 'query')).toHaveLength(1);
    expect(memo.embedded).toBe(4);
  });

  it('hands out copies: changing a returned vector changes nothing it returns later', async () => {
    const memo = new MemoEmbedder(new HashingEmbedder({ dimensions: 16 }));
    const [vector] = await memo.embedDocuments(['a pump']);
    const before = Array.from(vector!);
    vector!.fill(0);
    expect(Array.from((await memo.embedDocuments(['a pump']))[0]!)).toEqual(before);
  });
});
