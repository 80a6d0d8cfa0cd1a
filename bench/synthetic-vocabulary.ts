/**
 * The vocabulary of the synthetic manuals: real appliance-manual words at the head (the most
 * frequent ranks), then made-up words built from syllables, drawn with a Zipf–Mandelbrot
 * distribution so that a few terms appear in most passages and most terms in few, as in real text.
 */
import { pickOne, type RandomSource } from './seeded-random.js';

/** Real words, roughly in order of how often a manual uses them; they take the top ranks. */
const MANUAL_WORDS = `
  appliance filter water door drain pump hose cycle programme temperature setting button display
  detergent rinse seal valve motor drum basket tray rack shelf panel cover lid handle cable plug
  socket fuse power supply voltage warranty service engineer installation level floor wall tap
  inlet outlet pressure flow limescale softener salt aid tablet powder liquid fabric wash dry spin
  speed load capacity noise vibration leak error code fault reset restart cancel start pause delay
  timer hour minute week month year clean cleaning descale remove replace check inspect tighten
  loosen open close fit insert press hold turn rotate release lock unlock child safety lamp light
  bulb fan grille vent duct extractor hob oven grill plate ring burner flame ignition gas electric
  induction cookware pan pot glass ceramic enamel stainless steel aluminium plastic rubber gasket
  spring hinge screw bolt nut washer bracket clip connector sensor thermostat element heater coil
  compressor refrigerant freezer fridge compartment drawer ice maker dispenser frost defrost
  humidity condensation moisture odour smell residue stain spot streak mould bacteria hygiene
  sanitise steam vapour fill empty tank reservoir container bottle cartridge mesh screen sieve
  trap coarse fine microfilter sump impeller arm spray nozzle jet hole blockage clog debris food
  grease fat oil dust lint fluff pocket coin hairpin thread label symbol indicator beep alarm
  signal mode eco quick intensive delicate cotton synthetic wool mixed duvet baby sport outdoor
  energy consumption rating class efficiency standby network app remote update firmware manual
  guide instructions chapter page figure table specification dimension height width depth
  weight kilogram litre degree celsius fahrenheit watt ampere hertz frequency phase earth neutral
  live circuit breaker residual current device regulation standard compliance disposal recycling
  packaging transport damage defect repair spare part accessory kit customer support dealer
  registration purchase receipt proof guarantee period extension exclusion misuse commercial
  household domestic normal wear tear
`
  .split(/\s+/)
  .filter((word) => word.length > 0);

const ONSETS = [
  'b',
  'c',
  'd',
  'f',
  'g',
  'h',
  'k',
  'l',
  'm',
  'n',
  'p',
  'r',
  's',
  't',
  'v',
  'z',
  'br',
  'cl',
  'dr',
  'fl',
  'gr',
  'pl',
  'st',
  'tr',
];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'ou'];
const CODAS = ['', '', 'n', 'r', 's', 'l', 'x', 'nd', 'rt', 'st'];

/** A made-up word of two to four syllables. */
function inventWord(random: RandomSource): string {
  const syllables = 2 + Math.floor(random() * 3);
  let word = '';
  for (let index = 0; index < syllables; index++) {
    word += pickOne(random, ONSETS) + pickOne(random, VOWELS) + pickOne(random, CODAS);
  }
  return word;
}

/** `size` distinct words: the real manual words first, then invented ones. */
export function buildVocabulary(size: number, random: RandomSource): string[] {
  const words = new Set(MANUAL_WORDS.slice(0, size));
  while (words.size < size) words.add(inventWord(random));
  return [...words];
}

/** The shape of a Zipf–Mandelbrot law: weight of rank r is 1 / (r + offset)^exponent. */
export interface ZipfShape {
  exponent: number;
  offset: number;
}

/** Mandelbrot's fit for English text (exponent about 1, offset about 2.7), applied to content words. */
export const ENGLISH_ZIPF: ZipfShape = { exponent: 1, offset: 2.7 };

/** Draws items with probability proportional to 1 / (rank + offset)^exponent (rank 1 is the first item). */
export function createZipfSampler<T>(
  items: readonly T[],
  random: RandomSource,
  shape: ZipfShape = ENGLISH_ZIPF,
): () => T {
  const cumulative = new Float64Array(items.length);
  let total = 0;
  items.forEach((_, index) => {
    total += 1 / Math.pow(index + 1 + shape.offset, shape.exponent);
    cumulative[index] = total;
  });
  return () => {
    const target = random() * total;
    let low = 0;
    let high = items.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return items[low]!;
  };
}
