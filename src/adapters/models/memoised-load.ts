/**
 * A model loader that loads once and shares the promise, and forgets a failed load so that a
 * retry really retries (STYLE: "Model loaders are memoised, and a failed load is evicted").
 */

/** A memoised loader. */
export interface MemoisedLoad<T> {
  /** The loaded value; starts the load on first call, or again after a failure. */
  get(): Promise<T>;
  /** True once a load has succeeded. */
  readonly loaded: boolean;
  /** Forgets the loaded value (after `dispose`). */
  reset(): void;
}

/** Wraps `load` so it runs once at a time and a failure is evicted. */
export function memoisedLoad<T>(load: () => Promise<T>): MemoisedLoad<T> {
  let pending: Promise<T> | undefined;
  let loaded = false;
  return {
    get() {
      pending ??= load().then(
        (value) => {
          loaded = true;
          return value;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    get loaded() {
      return loaded;
    },
    reset() {
      pending = undefined;
      loaded = false;
    },
  };
}
