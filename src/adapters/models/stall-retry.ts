/**
 * Starting a model again when a start stalls (docs/library-notes.md §6.1). wllama's `loadModel`
 * in Firefox ESR 153 now and then never finishes: loading SmolLM2-135M (98 MB) in a fresh page
 * again and again, 23 of 360 loads were not done after 60 s where about 6 s is usual, whatever the
 * file was read from (wllama's own cache 11 of 120, with one thread 3 of those 40; the Cache API 7
 * of 120; memory 5 of 120). In CI the page once stopped answering for the whole try. A start that
 * takes far longer than it should is stopped (its worker ended) and the model started again in a
 * new runtime; the last try has no time limit, so a machine that is only slow is never failed for
 * it.
 */

/** One try at starting: what it resolves to, and how to end it. */
export interface StartTry<T> {
  started: Promise<T>;
  /** Ends this try (its worker); a `started` that never settles may stay so. */
  stop(): Promise<void>;
}

const STALLED = Symbol('stalled');

/** Tries, in all; every one but the last has a time limit. */
export const START_TRIES = 3;

/** How long starting a model of `bytes` may take before it is taken for stalled: 20 s, and 40 s a GB. */
export function startLimitMs(bytes: number): number {
  return Math.round(20_000 + (bytes / 1e9) * 40_000);
}

/**
 * Runs `start` until a try finishes within `limitMs` (the last try without a limit). A try that
 * fails fails the whole (it did not stall); `onStalled` hears each stalled try before the next.
 */
export async function startWithRetries<T>(
  start: (attempt: number) => StartTry<T>,
  limitMs: number,
  onStalled: (attempt: number) => void = () => undefined,
  tries = START_TRIES,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const current = start(attempt);
    if (attempt >= tries) return current.started;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stalled = new Promise<typeof STALLED>((resolve) => (timer = setTimeout(() => resolve(STALLED), limitMs)));
    const outcome = await Promise.race([current.started, stalled]).finally(() => clearTimeout(timer));
    if (outcome !== STALLED) return outcome as T;
    current.started.catch(() => undefined);
    await current.stop().catch(() => undefined);
    onStalled(attempt);
  }
}
