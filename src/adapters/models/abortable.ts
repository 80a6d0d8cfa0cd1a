/**
 * Waiting on a promise that cannot itself be cancelled (a model load) while honouring an
 * `AbortSignal`: the caller stops waiting; the work goes on and stays memoised for next time.
 */
import { RagError, throwIfAborted } from '../../core/errors.js';
import type { AbortSignalLike } from '../../core/ports.js';

/** Resolves like `promise`, or rejects with `RagError('ABORTED')` as soon as the signal fires. */
export function abortable<T>(promise: Promise<T>, signal: AbortSignalLike | undefined): Promise<T> {
  if (!signal) return promise;
  throwIfAborted(signal);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new RagError('ABORTED'));
    signal.addEventListener('abort', onAbort);
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
