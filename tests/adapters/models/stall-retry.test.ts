import { describe, expect, it } from 'vitest';
import { startLimitMs, startWithRetries, type StartTry } from '../../../src/adapters/models/stall-retry.js';

/** Fake starts (named as fakes): each try's outcome in turn, `never` being a start that stalls. */
function fakeStarts(outcomes: ('never' | 'ok' | 'fail' | { okAfterMs: number })[]) {
  const stopped: number[] = [];
  const start = (attempt: number): StartTry<string> => {
    const outcome = outcomes[attempt - 1];
    const started =
      outcome === 'ok'
        ? Promise.resolve(`started on try ${attempt}`)
        : outcome === 'fail'
          ? Promise.reject(new Error(`failed on try ${attempt}`))
          : outcome === 'never'
            ? new Promise<string>(() => undefined)
            : new Promise<string>((resolve) =>
                setTimeout(() => resolve(`started on try ${attempt}`), outcome?.okAfterMs),
              );
    return { started, stop: async () => void stopped.push(attempt) };
  };
  return { start, stopped };
}

describe('startWithRetries', () => {
  it('a start that stalls is stopped and started again; the next one that finishes is used', async () => {
    const fake = fakeStarts(['never', 'never', 'ok']);
    const stalled: number[] = [];
    const started = await startWithRetries(fake.start, 20, (attempt) => stalled.push(attempt));
    expect(started).toBe('started on try 3');
    expect(fake.stopped).toEqual([1, 2]);
    expect(stalled).toEqual([1, 2]);
  });

  it('a start that finishes in time is used at once, and one that fails fails the whole', async () => {
    expect(await startWithRetries(fakeStarts(['ok']).start, 20)).toBe('started on try 1');
    const failing = fakeStarts(['fail', 'ok']);
    await expect(startWithRetries(failing.start, 20)).rejects.toThrow('failed on try 1');
    expect(failing.stopped).toEqual([]);
  });

  it('the last try has no time limit: a slow machine is not failed for being slow', async () => {
    const fake = fakeStarts(['never', 'never', { okAfterMs: 60 }]);
    expect(await startWithRetries(fake.start, 20)).toBe('started on try 3');
    expect(fake.stopped).toEqual([1, 2]);
  });

  it('gives a start 20 s, and 40 s a GB of file', () => {
    expect(startLimitMs(98e6)).toBe(23_920);
    expect(startLimitMs(1e9)).toBe(60_000);
  });
});
