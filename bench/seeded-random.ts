/**
 * Seeded pseudo-random numbers for the benchmark: the same seed gives the same corpus, vectors
 * and queries on every machine, so runs can be compared. Never `Math.random`.
 */

/** A source of uniform numbers in [0, 1). */
export type RandomSource = () => number;

/** Mulberry32: a tiny, fast 32-bit generator; plenty for synthetic data, useless for security. */
export function mulberry32(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number in [minimum, maximum], both included. */
export function randomInteger(random: RandomSource, minimum: number, maximum: number): number {
  return minimum + Math.floor(random() * (maximum - minimum + 1));
}

/** One item of a non-empty list, uniformly. */
export function pickOne<T>(random: RandomSource, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pickOne: the list is empty');
  return item;
}

/** A standard normal number (Box–Muller), so that normalised vectors are uniform on the sphere. */
export function randomGaussian(random: RandomSource): number {
  const radius = Math.sqrt(-2 * Math.log(1 - random()));
  return radius * Math.cos(2 * Math.PI * random());
}

/** A 32-bit FNV-1a hash of a text, for seeding per-text generators. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}
