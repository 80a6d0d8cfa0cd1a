// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { onceEach } from '../../../src/ui/lib/collect-files.js';

const picked = (path: string, text: string, lastModified = 1_700_000_000_000) => ({
  file: new File([text], path.split('/').pop()!, { lastModified }),
  path,
  inFolder: path.includes('/'),
});

describe('onceEach', () => {
  it('reads a file dropped twice once and names it; files that only share a name stay', () => {
    const a = picked('manual.pdf', 'one');
    const { picked: kept, repeated } = onceEach([a, picked('manual.pdf', 'one'), picked('notes.md', 'two')]);
    expect(kept.map((item) => item.path)).toEqual(['manual.pdf', 'notes.md']);
    expect(repeated).toEqual(['manual.pdf']);
    const other = onceEach([a, picked('manual.pdf', 'a different file')]);
    expect(other.picked).toHaveLength(2);
    expect(other.repeated).toEqual([]);
  });
});
