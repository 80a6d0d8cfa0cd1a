/**
 * Model names: the product identifiers a question or a claim is about (`DW-480`, `WM-720`,
 * `OV 350`, `dw480`). They decide which document answers a question, so the question analyser
 * carries them from one part to the next and the checker insists they appear in a cited passage.
 */

/**
 * Two to four letters, an optional hyphen or space, two to four digits and up to two letters.
 * Not preceded or followed by a hyphenated continuation, so the `FLT-0480` inside the part
 * number `DW-FLT-0480` is not taken for a model, and one-letter error codes (`E24`) never match.
 */
const MODEL_PATTERN = /(?<![\p{L}\p{N}-])([A-Za-z]{2,4})[- ]?(\d{2,4})([A-Za-z]{0,2})(?![\p{L}\p{N}]|-[\p{L}\p{N}])/gu;

/** Letter runs that look like a model prefix but are units or ordinary words before a number. */
const NOT_MODEL_PREFIXES = new Set([
  'mm',
  'cm',
  'km',
  'kg',
  'mg',
  'ml',
  'kw',
  'kwh',
  'mw',
  'hz',
  'khz',
  'rpm',
  'ms',
  'min',
  'mins',
  'hr',
  'hrs',
  'sec',
  'secs',
  'the',
  'and',
  'for',
  'at',
  'to',
  'of',
  'in',
  'on',
  'by',
  'or',
  'is',
  'are',
  'be',
  'up',
  'over',
  'than',
  'from',
  'with',
  'per',
  'all',
  'page',
  'step',
  'no',
  'nos',
  'eur',
  'usd',
  'gbp',
  'chf',
  'iso',
  'en',
  'iec',
  'din',
  'ip',
  'ipx',
  'about',
  'only',
  'each',
  'every',
  'last',
  'next',
  'year',
  'may',
  'june',
  'july',
  'sept',
  'oct',
  'nov',
  'dec',
  'jan',
  'feb',
  'mar',
  'apr',
  'aug',
  'sep',
  'into',
  'what',
  'does',
  'was',
  'were',
]);

/** A model name found in a text, with its canonical spelling (`DW-480`). */
export interface ModelNameMatch {
  /** As written, e.g. `dw480`. */
  raw: string;
  /** Upper case, letters and digits joined by one hyphen, e.g. `DW-480`. */
  canonical: string;
  start: number;
  end: number;
}

/** Every model name in `text`, in order, with offsets. */
export function findModelNames(text: string): ModelNameMatch[] {
  const found: ModelNameMatch[] = [];
  for (const match of text.matchAll(MODEL_PATTERN)) {
    const [raw, letters = '', digits = '', suffix = ''] = match;
    if (NOT_MODEL_PREFIXES.has(letters.toLowerCase())) continue;
    // Written in lower case without a hyphen ("page12") is a word, not a model; "dw-480" is fine.
    const separator = raw.charAt(letters.length);
    const upper = letters === letters.toUpperCase();
    // "runs 1200" and "page12" are words before numbers; "OV 350", "dw-480" and "dw480" are models.
    if (separator === ' ' && !upper) continue;
    if (/\d/.test(separator) && !upper && letters.length > 2) continue;
    const canonical = `${letters.toUpperCase()}-${digits}${suffix.toUpperCase()}`;
    found.push({ raw, canonical, start: match.index, end: match.index + raw.length });
  }
  return found;
}

/** The distinct canonical model names in `text` (`DW-480`, `WM-720`…), in order of appearance. */
export function modelNames(text: string): string[] {
  return [...new Set(findModelNames(text).map((match) => match.canonical))];
}
