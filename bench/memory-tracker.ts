/**
 * Samples `process.memoryUsage()` after each phase of one size's run and keeps the peaks. Samples
 * are taken without forcing a collection, so garbage not yet collected counts: the peaks are what
 * the process really held at those moments, not the live size of the index. Typed arrays keep
 * their contents outside the JS heap, so the vector store's floats show in `arrayBuffers` (and
 * the resident set), not in `heapUsed`: read the two together.
 */

/** Memory at the end of one phase, in bytes. */
export interface MemorySample {
  phase: string;
  heapUsedBytes: number;
  /** Bytes held by ArrayBuffers (typed-array contents), outside the JS heap. */
  arrayBuffersBytes: number;
  rssBytes: number;
}

/** The samples of one run and their peaks. */
export interface MemoryReport {
  peakHeapUsedBytes: number;
  peakArrayBuffersBytes: number;
  peakRssBytes: number;
  /** The operating system's peak resident set of the whole process so far (earlier sizes included). */
  processMaxRssBytes: number;
  samples: MemorySample[];
}

/** Collects memory samples for one size. */
export class MemoryTracker {
  private readonly samples: MemorySample[] = [];

  /** Records memory now, under the name of the phase that just ended. */
  sample(phase: string): void {
    const usage = process.memoryUsage();
    this.samples.push({
      phase,
      heapUsedBytes: usage.heapUsed,
      arrayBuffersBytes: usage.arrayBuffers,
      rssBytes: usage.rss,
    });
  }

  /** The samples so far, with the highest heap and resident set seen. */
  report(): MemoryReport {
    return {
      peakHeapUsedBytes: Math.max(0, ...this.samples.map((sample) => sample.heapUsedBytes)),
      peakArrayBuffersBytes: Math.max(0, ...this.samples.map((sample) => sample.arrayBuffersBytes)),
      peakRssBytes: Math.max(0, ...this.samples.map((sample) => sample.rssBytes)),
      processMaxRssBytes: process.resourceUsage().maxRSS * 1024,
      samples: [...this.samples],
    };
  }
}

/** Runs a full collection when the process was started with `--expose-gc`; true when it ran. */
export function collectGarbage(): boolean {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) return false;
  collect();
  return true;
}
