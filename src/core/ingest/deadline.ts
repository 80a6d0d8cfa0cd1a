/**
 * A time budget for a promise. The core cannot stop synchronous work (a worker supervisor does
 * that); this settles the caller's promise in time and lets the late result be dropped quietly.
 */

// The timer is cleared as soon as the promise settles, so that a pending budget never keeps a
// process alive (the timer functions are declared in `core/platform.d.ts`).

/** Settles like `promise`, or with `onTimeout()` after `ms` milliseconds, whichever is first. */
export function withDeadline<T>(promise: Promise<T>, ms: number, onTimeout: () => T): Promise<T> {
  if (!Number.isFinite(ms) || ms <= 0) return promise;
  promise.catch(() => undefined);
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => resolve(onTimeout()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
