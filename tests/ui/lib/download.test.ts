import { describe, expect, it } from 'vitest';
import { questionSlug } from '../../../src/ui/lib/download.js';
import { NetworkLog } from '../../../src/ui/lib/network-log.svelte.js';

describe('questionSlug', () => {
  it('turns a question into a file-name slug', () => {
    expect(questionSlug('How do I switch on the child lock on my DW-480 dishwasher?')).toBe(
      'how-do-i-switch-on-the-child-lock-on-my-dw-480-dishwasher',
    );
    expect(questionSlug('Garantie für den Trockner – wie lange?')).toBe('garantie-fur-den-trockner-wie-lange');
    expect(questionSlug('???')).toBe('answer');
    expect(questionSlug('a'.repeat(100))).toHaveLength(60);
  });
});

describe('NetworkLog', () => {
  it('counts requests by host and those to other hosts', () => {
    const log = new NetworkLog('http://localhost:4173');
    log.urls = [
      'http://localhost:4173/',
      'http://localhost:4173/assets/app.js',
      'blob:http://localhost:4173/1234',
      'https://huggingface.co/model.onnx',
    ];
    expect(log.hosts.map((item) => [item.host, item.count, item.own])).toEqual([
      ['localhost:4173', 2, true],
      ['blob: (in the page)', 1, true],
      ['huggingface.co', 1, false],
    ]);
    expect(log.foreign).toBe(1);
    log.urls = log.urls.slice(0, 3);
    expect(log.foreign).toBe(0);
  });
});
