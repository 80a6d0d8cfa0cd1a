/**
 * The files and the seeded delay of the ST-04 drill (a tab closed mid-write): many small notes,
 * each with parts that questions can find, generated from a seed so that a failing run can be
 * repeated with `E2E_SEED=<seed>`.
 */

/** The seed of the drill: `E2E_SEED`, or a fixed one. */
export const DRILL_SEED = Number(process.env.E2E_SEED ?? 20_240_607);

/** A seeded generator (mulberry32): the same seed gives the same files and the same delay. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const PARTS = ['valve', 'filter', 'hinge', 'gasket', 'spring', 'bracket', 'nozzle', 'lever', 'seal', 'clamp'];
const MACHINES = ['kettle', 'heater', 'mixer', 'pump', 'drill', 'fan', 'dryer', 'oven'];

/** One dropped note. */
export interface DrillFile {
  name: string;
  title: string;
  text: string;
}

/** `count` notes of `parts` sections each, from `random`. */
export function drillFiles(random: () => number, count = 40, parts = 6): DrillFile[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  return Array.from({ length: count }, (_, index) => {
    const number = String(index + 1).padStart(2, '0');
    const title = `Drill note ${number}`;
    const sections = Array.from({ length: parts }, (_, part) => {
      const machine = pick(MACHINES);
      const piece = pick(PARTS);
      const turns = 1 + Math.floor(random() * 9);
      return (
        `## Part ${part + 1}: the ${machine} ${piece}\n\n` +
        `The ${machine} ${piece} of note ${number} needs ${turns} turns before it holds. ` +
        `Check the ${piece} after every ${turns * 10} hours of use, and replace it when it rattles.`
      );
    });
    return { name: `drill-${number}.md`, title, text: [`# ${title}`, ...sections].join('\n\n') };
  });
}

/** Questions about parts of the first, a middle and the last notes (present or not after the close). */
export function drillQuestions(files: readonly DrillFile[]): string[] {
  return [0, Math.floor(files.length / 2), files.length - 1].map((index) => {
    const heading = /## Part \d+: the (\w+) (\w+)/.exec(files[index]?.text ?? '');
    return `How many turns does the ${heading?.[1] ?? 'kettle'} ${heading?.[2] ?? 'valve'} need?`;
  });
}
