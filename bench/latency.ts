/**
 * Timing helpers: run something once per input, keep each duration, summarise as percentiles.
 */
import { performance } from 'node:perf_hooks';

/** Percentiles of a set of durations, in milliseconds. */
export interface LatencySummary {
  samples: number;
  p50Ms: number;
  p95Ms: number;
  meanMs: number;
}

/** The nearest-rank percentile (0–100) of sorted values. */
export function percentile(sorted: readonly number[], rank: number): number {
  if (sorted.length === 0) return Number.NaN;
  const position = Math.max(0, Math.ceil((rank / 100) * sorted.length) - 1);
  return sorted[Math.min(position, sorted.length - 1)]!;
}

/** p50, p95 and mean of durations in milliseconds. */
export function summariseLatencies(durations: readonly number[]): LatencySummary {
  const sorted = [...durations].sort((left, right) => left - right);
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    samples: sorted.length,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    meanMs: sorted.length > 0 ? total / sorted.length : Number.NaN,
  };
}

/** Milliseconds one call takes, with its result. */
export async function timed<T>(work: () => Promise<T> | T): Promise<{ result: T; milliseconds: number }> {
  const started = performance.now();
  const result = await work();
  return { result, milliseconds: performance.now() - started };
}

/**
 * Runs `work` on each input after `warmup` untimed runs (so the JIT has compiled the path) and
 * summarises the timed runs.
 */
export async function measureLatency<T>(
  inputs: readonly T[],
  work: (input: T) => Promise<unknown> | unknown,
  warmup: number,
): Promise<LatencySummary> {
  for (const input of inputs.slice(0, warmup)) await work(input);
  const durations: number[] = [];
  for (const input of inputs) durations.push((await timed(() => work(input))).milliseconds);
  return summariseLatencies(durations);
}
