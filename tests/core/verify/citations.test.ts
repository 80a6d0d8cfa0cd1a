import { describe, expect, it } from 'vitest';
import { knownIds, parseCitations, resolveCitation } from '../../../src/core/verify/citations.js';
import { makePassage } from './make-passage.js';

const ids = (answer: string, isKnown?: (id: string) => boolean) =>
  parseCitations(answer, isKnown).map((citation) => citation.id);

describe('parseCitations', () => {
  it('reads single, comma-separated and adjacent groups', () => {
    expect(ids('A [a#1]. B [a#1, b#2]. C [c#3][d#4].')).toEqual(['a#1', 'a#1', 'b#2', 'c#3', 'd#4']);
  });

  it('ignores Markdown links, images, footnotes and bracketed prose', () => {
    expect(
      ids('See [the manual](https://x.test) and ![img](https://x.test/a.png) [1] [Source: Ministry] [S-1].'),
    ).toEqual([]);
  });

  it('reads a citation that closes a line leading into a list, not a link definition', () => {
    expect(ids('The oven takes these trays [a#2]:\n- the wire rack\n\n[a#3]: https://x.test/a')).toEqual(['a#2']);
  });

  it('reads a bare document id only when it is known', () => {
    const isKnown = (id: string) => id === 'dw480-manual-v3';
    expect(ids('Lasts two years [dw480-manual-v3]. Also [dw490-manual].', isKnown)).toEqual(['dw480-manual-v3']);
  });

  it('keeps offsets of the bracket group', () => {
    const answer = 'Two years [a#2].';
    const [citation] = parseCitations(answer);
    expect(answer.slice(citation?.start, citation?.end)).toBe('[a#2]');
  });
});

describe('resolveCitation', () => {
  const given = [makePassage('text', { cite: 'manual#4.2' }), makePassage('text', { cite: 'faq#salt' })];

  it('accepts a given id, its section id and its document id', () => {
    expect(resolveCitation('faq#salt', given).status).toBe('valid');
    expect(resolveCitation('manual#4', given).passages.map((item) => item.passage.cite)).toEqual(['manual#4.2']);
    expect(resolveCitation('faq', given).status).toBe('valid');
  });

  it('tells an id that exists but was not given from one that exists nowhere', () => {
    const exists = (cite: string) => cite === 'manual#9';
    expect(resolveCitation('manual#9', given, exists).status).toBe('not-given');
    expect(resolveCitation('S-9999#1', given, exists).status).toBe('unknown');
    expect(knownIds(given, exists)('manual')).toBe(true);
  });
});
