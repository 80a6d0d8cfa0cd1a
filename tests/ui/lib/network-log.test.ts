import { describe, expect, it } from 'vitest';
import { NetworkLog } from '../../../src/ui/lib/network-log.svelte.js';

const ORIGIN = 'http://localhost:4173';

describe('NetworkLog', () => {
  it("counts the page's and the workers' requests by host; only other hosts left the machine", () => {
    const log = new NetworkLog(ORIGIN);
    log.urls = [`${ORIGIN}/`, `${ORIGIN}/assets/index.js`, 'blob:http://localhost:4173/1'];
    log.receive({ kind: 'worker-requests', worker: 'engine worker', instance: 'a', urls: [`${ORIGIN}/models/x.onnx`] });
    log.receive({
      kind: 'worker-requests',
      worker: 'answer model worker',
      instance: 'b',
      urls: ['https://huggingface.co/m/resolve/main/params_shard_0.bin'],
    });
    expect(log.hosts).toEqual([
      { host: 'localhost:4173', count: 3, fromWorkers: 1, own: true },
      { host: 'blob: (in the page)', count: 1, fromWorkers: 0, own: true },
      { host: 'huggingface.co', count: 1, fromWorkers: 1, own: false },
    ]);
    expect(log.total).toBe(5);
    expect(log.foreign).toBe(1);
  });

  it("replaces a worker's list with its latest report, and ignores replay requests", () => {
    const log = new NetworkLog(ORIGIN);
    log.receive({ kind: 'worker-requests', worker: 'engine worker', instance: 'a', urls: [`${ORIGIN}/a`] });
    log.receive({
      kind: 'worker-requests',
      worker: 'engine worker',
      instance: 'a',
      urls: [`${ORIGIN}/a`, `${ORIGIN}/b`],
    });
    log.receive({ kind: 'replay' });
    expect(log.total).toBe(2);
    expect(log.foreign).toBe(0);
  });

  it('records the workers that cannot report, so the panel never claims a count it cannot see', () => {
    const log = new NetworkLog(ORIGIN);
    expect(log.unobserved).toEqual([]);
    log.receive({ kind: 'worker-unobserved', worker: 'engine worker' });
    log.receive({ kind: 'worker-unobserved', worker: 'engine worker' });
    expect(log.unobserved).toEqual(['engine worker']);
  });
});
