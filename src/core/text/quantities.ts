/**
 * Quantities in text, normalised so that different spellings of one value compare equal:
 * "two years" = "2-year" = "24 months"; "20 ms" = "20 milliseconds" = "0.02 s"; "1,200 rpm" =
 * "1200 RPM"; "DW-FLT-0480" = "dw flt 0480". The checker uses them to insist that every number,
 * unit, date and identifier of a claim appears in a cited passage.
 *
 * One concept, several tables: this file is longer than the house norm because splitting the
 * unit tables from the scanner would only scatter one grammar over several files.
 */
/** What a quantity measures. Values compare only within one dimension (and canonical unit). */
export type QuantityDimension =
  | 'duration'
  | 'frequency'
  | 'length'
  | 'temperature'
  | 'mass'
  | 'volume'
  | 'power'
  | 'energy'
  | 'voltage'
  | 'current'
  | 'electric-frequency'
  | 'speed'
  | 'pressure'
  | 'sound'
  | 'money'
  | 'percent'
  | 'data'
  | 'data-rate'
  | 'date'
  | 'time'
  | 'identifier'
  | 'count';

/** A number with its unit, or an identifier or a date, found in a text. */
export interface Quantity {
  /** As written: `two years`, `10–15 mm`, `DW-FLT-0480`. */
  raw: string;
  /** In the canonical unit: seconds for durations and periods, mm, °C, kg, l, W… (the lower bound of a range). */
  value: number;
  /** Upper bound of a range (`10–15 mm` → 15), in the canonical unit. */
  max?: number;
  /** Canonical unit: `s`, `mm`, `C`, `kg`, `l`, `W`, `EUR`, `%`, `B` (bytes), `B/s`, `bit/s`, `model`, `part`, `code`, `version`, `day`, `month`, `clock` (a time of day, in minutes after midnight), `` for counts. */
  unit: string;
  dimension: QuantityDimension;
  /** Comparison key of identifiers (upper case, no hyphens or spaces) and dates (`2026-03`, `2026-03-01`). */
  key?: string;
  start: number;
  end: number;
}

const YEAR = 365.25 * 86_400;
type UnitRow = readonly [pattern: string, unit: string, dimension: QuantityDimension, factor: number];

/** Units written as words: matched case-insensitively, never followed by a letter. */
// prettier-ignore
const WORD_UNITS: readonly UnitRow[] = [
  ['(?:working|business|calendar|school) days?', 's', 'duration', 86_400],
  ['years?|yrs?', 's', 'duration', YEAR], ['months?', 's', 'duration', YEAR / 12],
  ['weeks?|wks?', 's', 'duration', 7 * 86_400], ['days?', 's', 'duration', 86_400],
  ['hours?|hrs?', 's', 'duration', 3_600], ['minutes?|mins?', 's', 'duration', 60],
  ['seconds?|secs?', 's', 'duration', 1], ['milliseconds?', 's', 'duration', 0.001],
  ['millimet(?:re|er)s?', 'mm', 'length', 1], ['centimet(?:re|er)s?', 'mm', 'length', 10],
  ['kilomet(?:re|er)s?', 'mm', 'length', 1e6], ['met(?:re|er)s?', 'mm', 'length', 1000],
  ['inch(?:es)?', 'mm', 'length', 25.4], ['feet|foot', 'mm', 'length', 304.8], ['yards?', 'mm', 'length', 914.4],
  ['miles?', 'mm', 'length', 1_609_344],
  ['degrees? (?:celsius|centigrade|c)|degrees?', 'C', 'temperature', 1],
  ['kilo(?:gram)?s?', 'kg', 'mass', 1], ['grams?', 'kg', 'mass', 0.001], ['pounds?|lbs?', 'kg', 'mass', 0.45359237],
  ['millilit(?:re|er)s?', 'l', 'volume', 0.001], ['lit(?:re|er)s?', 'l', 'volume', 1],
  ['kilowatt[- ]hours?', 'Wh', 'energy', 1000], ['watt[- ]hours?', 'Wh', 'energy', 1],
  ['kilowatts?', 'W', 'power', 1000], ['watts?', 'W', 'power', 1], ['volts?', 'V', 'voltage', 1],
  ['milliamps?|milliamperes?', 'A', 'current', 0.001], ['amps?|amperes?', 'A', 'current', 1],
  ['hertz', 'Hz', 'electric-frequency', 1], ['revolutions per minute', 'rpm', 'speed', 1],
  ['bars?', 'bar', 'pressure', 1], ['decibels?', 'dB', 'sound', 1],
  ['euros?', 'EUR', 'money', 1], ['dollars?', 'USD', 'money', 1], ['per ?cent', '%', 'percent', 1],
  // Sizes and rates of data; binary and decimal prefixes count alike (documents and answers mix them for one value).
  ['terabytes? (?:per|a) second', 'B/s', 'data-rate', 1e12], ['gigabytes? (?:per|a) second', 'B/s', 'data-rate', 1e9],
  ['megabytes? (?:per|a) second', 'B/s', 'data-rate', 1e6], ['terabytes?|tebibytes?', 'B', 'data', 1e12],
  ['gigabytes?|gibibytes?|gigs?', 'B', 'data', 1e9], ['megabytes?|mebibytes?|megs?', 'B', 'data', 1e6],
  ['kilobytes?|kibibytes?', 'B', 'data', 1e3], ['bytes?', 'B', 'data', 1],
];

/** Unit symbols: matched case-sensitively, never followed by a letter or digit. */
// prettier-ignore
const SYMBOL_UNITS: readonly UnitRow[] = [
  ['ms', 's', 'duration', 0.001], ['s', 's', 'duration', 1], ['min', 's', 'duration', 60], ['h', 's', 'duration', 3_600],
  ['mm', 'mm', 'length', 1], ['cm', 'mm', 'length', 10], ['km', 'mm', 'length', 1e6], ['m', 'mm', 'length', 1000],
  ['ft', 'mm', 'length', 304.8], ['yd', 'mm', 'length', 914.4],
  ['° ?C|º ?C|°', 'C', 'temperature', 1], ['kg', 'kg', 'mass', 1], ['mg', 'kg', 'mass', 1e-6], ['g', 'kg', 'mass', 0.001],
  ['ml|mL', 'l', 'volume', 0.001], ['cl', 'l', 'volume', 0.01], ['dl', 'l', 'volume', 0.1], ['l|L', 'l', 'volume', 1],
  ['kWh', 'Wh', 'energy', 1000], ['Wh', 'Wh', 'energy', 1], ['kW', 'W', 'power', 1000], ['W', 'W', 'power', 1],
  ['V', 'V', 'voltage', 1], ['mA', 'A', 'current', 0.001], ['A', 'A', 'current', 1],
  ['kHz', 'Hz', 'electric-frequency', 1000], ['Hz', 'Hz', 'electric-frequency', 1],
  ['rpm|RPM|U/min', 'rpm', 'speed', 1], ['km/h', 'km/h', 'speed', 1], ['kPa', 'bar', 'pressure', 0.01],
  ['MPa', 'bar', 'pressure', 10], ['psi', 'bar', 'pressure', 0.0689476], ['dB\\(A\\)|dBA|dB', 'dB', 'sound', 1],
  ['%', '%', 'percent', 1], ['€', 'EUR', 'money', 1], ['EUR', 'EUR', 'money', 1], ['USD', 'USD', 'money', 1],
  ['GBP', 'GBP', 'money', 1],
  ['TB/s', 'B/s', 'data-rate', 1e12], ['GB/s', 'B/s', 'data-rate', 1e9], ['MB/s', 'B/s', 'data-rate', 1e6],
  ['kB/s|KB/s', 'B/s', 'data-rate', 1e3], ['Tbps|T[bB]its?/s|Tb/s', 'bit/s', 'data-rate', 1e12],
  ['Gbps|G[bB]its?/s|Gb/s', 'bit/s', 'data-rate', 1e9], ['Mbps|M[bB]its?/s|Mb/s', 'bit/s', 'data-rate', 1e6],
  ['kbps|k[bB]its?/s|kb/s', 'bit/s', 'data-rate', 1e3], ['TB|TiB', 'B', 'data', 1e12], ['GB|GiB', 'B', 'data', 1e9],
  ['MB|MiB', 'B', 'data', 1e6], ['kB|KB|KiB', 'B', 'data', 1e3],
];

// prettier-ignore
const SMALL = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven',
  'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const WORD_NUMBER = `(?:(?:a |half a )?dozen|(?:${TENS.join('|')})(?:[- ](?:${SMALL.slice(1, 10).join('|')}))?|${SMALL.join('|')})(?: hundred)?`;
const DIGIT_NUMBER = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?`;
/** "a year", "an hour": one, but only before a unit of time. */
const ARTICLE_ONE = String.raw`(?:half an?|a quarter of an?|an?)(?= (?:year|month|week|day|hour|minute|second)s?\b)`;
const NUMBER = new RegExp(
  String.raw`(?<![\p{L}\p{N}.,])(?:${DIGIT_NUMBER}|(?:${WORD_NUMBER}|${ARTICLE_ONE})(?![\p{L}]))`,
  'giu',
);
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAME = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;

/** Words that make a bare "C" after a number read as degrees. */
const TEMPERATURE_TALK =
  /\b(?:temperatures?|temp|degrees?|hot|hotter|cool|cooler|cold|colder|warm|warmer|heat|heats|heated|thermal|celsius)\b/i;

/**
 * Every quantity in `text`, in order of appearance, with offsets into `text`. Identifiers and
 * dates are read first, then frequencies ("every 4 weeks"), then numbers with or without units;
 * a span is read once.
 */
export function extractQuantities(text: string): Quantity[] {
  const found: Quantity[] = [];
  let masked = text;
  const take = (items: Quantity[]) => {
    for (const item of items) {
      if (masked.slice(item.start, item.end).includes('\u0000')) continue;
      found.push(item);
      masked = masked.slice(0, item.start) + '\u0000'.repeat(item.end - item.start) + masked.slice(item.end);
    }
  };
  take(findDates(masked));
  take(findTimes(masked));
  take(findIdentifiers(masked));
  // "1-3 C better temperatures", "heat it to 90 C": a bare C after a number is degrees Celsius
  // where the text speaks of temperature (one character for one, so offsets stay).
  if (TEMPERATURE_TALK.test(text)) masked = masked.replace(/(?<=\d ?)C(?![\p{L}\p{N}])/gu, '°');
  take(findFrequencies(masked));
  take(findMeasures(masked, text));
  return found.sort((a, b) => a.start - b.start);
}

/**
 * Only the identifiers of `text` (codes, model and part numbers, release numbers), read as
 * `extractQuantities` reads them (dates first, so "2026-03-01" is not a code), without the rest.
 */
export function extractIdentifiers(text: string): Quantity[] {
  const dates = findDates(text);
  const masked = dates.reduce(
    (current, date) => current.slice(0, date.start) + ' '.repeat(date.end - date.start) + current.slice(date.end),
    text,
  );
  const found: Quantity[] = [];
  for (const item of findIdentifiers(masked)) {
    if (found.some((other) => other.start < item.end && item.start < other.end)) continue;
    found.push(item);
  }
  return found;
}

function findDates(text: string): Quantity[] {
  const dates: Quantity[] = [];
  const iso = /(?<![\p{N}-])(\d{4})-(\d{2})(?:-(\d{2}))?(?![\p{N}])/gu;
  for (const match of text.matchAll(iso)) {
    dates.push(
      makeDate(match[0], match.index, Number(match[1]), Number(match[2]), match[3] ? Number(match[3]) : undefined),
    );
  }
  const named = new RegExp(
    String.raw`\b(?:(\d{1,2})(?:st|nd|rd|th)?(?: of)? )?${MONTH_NAME}\.?(?: (\d{1,2})(?:st|nd|rd|th)?,?)? (\d{4})\b`,
    'gi',
  );
  for (const match of text.matchAll(named)) {
    const month = MONTHS.indexOf((match[2] ?? '').slice(0, 3).toLowerCase()) + 1;
    const day = match[1] ?? match[3];
    dates.push(makeDate(match[0], match.index, Number(match[4]), month, day ? Number(day) : undefined));
  }
  return dates.filter((date) => date.key !== undefined);
}

function makeDate(raw: string, start: number, year: number, month: number, day?: number): Quantity {
  const valid = month >= 1 && month <= 12 && (day === undefined || (day >= 1 && day <= 31));
  const pad = (n: number) => String(n).padStart(2, '0');
  const key = valid ? `${year}-${pad(month)}${day === undefined ? '' : `-${pad(day)}`}` : undefined;
  const value = Date.UTC(year, month - 1, day ?? 1) / 86_400_000;
  const unit = day === undefined ? 'month' : 'day';
  return { raw, value, unit, dimension: 'date', ...(key ? { key } : {}), start, end: start + raw.length };
}

/** "am" or "pm" after a time, dotted or not. */
const MERIDIEM = String.raw`\s?([ap])\.?m\.?(?![\p{L}])`;

/**
 * Times of day: "07:30", "22:00", "7:30 pm", "6.30 am", "7 am", "noon", "midnight"; in minutes
 * after midnight. A time with a colon needs two digits of minutes ("16:9" is a ratio); one with a
 * dot or none needs am or pm ("6.30" alone is a number).
 */
function findTimes(text: string): Quantity[] {
  const times: Quantity[] = [];
  const clock = new RegExp(
    String.raw`(?<![\p{L}\p{N}:.,])([01]?\d|2[0-4])(?::([0-5]\d)(?::[0-5]\d)?(?:${MERIDIEM})?|(?:\.([0-5]\d))?${MERIDIEM})(?![\p{N}]|:\d)`,
    'giu',
  );
  for (const match of text.matchAll(clock)) {
    const meridiem = (match[3] ?? match[5] ?? '').toLowerCase();
    let hours = Number(match[1]);
    const minutes = Number(match[2] ?? match[4] ?? 0);
    if (meridiem) {
      if (hours < 1 || hours > 12) continue;
      hours = (hours % 12) + (meridiem === 'p' ? 12 : 0);
    }
    if (hours * 60 + minutes > 24 * 60) continue;
    times.push(clockTime(match[0], match.index, hours * 60 + minutes));
  }
  for (const match of text.matchAll(/\b(noon|midday|midnight)\b/gi)) {
    times.push(clockTime(match[0], match.index, match[1]!.toLowerCase() === 'midnight' ? 0 : 12 * 60));
  }
  return times.sort((a, b) => a.start - b.start);
}

function clockTime(raw: string, start: number, minutes: number): Quantity {
  return { raw, value: minutes, unit: 'clock', dimension: 'time', start, end: start + raw.length };
}

/** Part numbers (`DW-FLT-0480`), model names (`DW-480`, `wm720`), codes (`E24`) and release numbers (`1.6.7`). */
function findIdentifiers(text: string): Quantity[] {
  const ids: Quantity[] = [];
  const hyphenated =
    /(?<![\p{L}\p{N}-])(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9]+(?:-[A-Z0-9]+)+(?![\p{L}\p{N}]|-[\p{L}\p{N}])/giu;
  const solid = /(?<![\p{L}\p{N}-])[A-Z]{1,5}\d{1,6}[A-Z]?(?![\p{L}\p{N}]|-[\p{L}\p{N}])/gu;
  for (const pattern of [hyphenated, solid]) {
    for (const match of text.matchAll(pattern)) {
      if (/^\d/.test(match[0])) continue; // "2-YEAR" reads as a measure, not an identifier
      const upper = match[0].toUpperCase();
      const kind = /^[A-Z]{2,4}-?\d{2,4}[A-Z]{0,2}$/.test(upper)
        ? 'model'
        : /^[A-Z]{1,2}-?\d{1,3}$/.test(upper)
          ? 'code'
          : 'part';
      ids.push(identifier(match[0], match.index, kind));
    }
  }
  // Model names as people write them: "dw-480", "OV 350" (a currency code before a number is money).
  const model =
    /(?<![\p{L}\p{N}-])(?:[A-Za-z]{2,4}-\d{2,4}|(?!EUR|USD|GBP)[A-Z]{2,4} \d{2,4})(?![\p{L}\p{N}]|-[\p{L}\p{N}])/gu;
  for (const match of text.matchAll(model)) ids.push(identifier(match[0], match.index, 'model'));
  // Release numbers of three or more parts ("1.6.7", "v2.10.1") name a release; they are not 1.6.
  const version = /(?<![\p{L}\p{N}.])v?\d+(?:\.\d+){2,}(?![\p{L}\p{N}]|\.\d)/gu;
  for (const match of text.matchAll(version)) ids.push(identifier(match[0], match.index, 'version'));
  return ids.sort((a, b) => a.start - b.start || b.end - a.end);
}

function identifier(raw: string, start: number, unit: string): Quantity {
  return { raw, value: 0, unit, dimension: 'identifier', key: identifierKey(raw), start, end: start + raw.length };
}

/** The comparison key of an identifier: upper case, hyphens and spaces removed; "v0.3.0" is "0.3.0". */
export function identifierKey(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/[-\s‐‑–]/g, '')
    .replace(/^V(?=\d+(?:\.\d+)+$)/, '');
}

const PERIOD_WORDS: Record<string, number> = {
  hourly: 3_600,
  daily: 86_400,
  nightly: 86_400,
  weekly: 7 * 86_400,
  fortnightly: 14 * 86_400,
  monthly: YEAR / 12,
  quarterly: YEAR / 4,
  yearly: YEAR,
  annually: YEAR,
  annual: YEAR,
};
const TIME_UNIT = String.raw`(year|month|week|day|hour|minute)s?`;
/** Words that make "N <word> a day" a measure or a duration, not a count of things in a period. */
const MEASURE_WORD =
  /^(?:kg|kilo(?:gram)?s?|grams?|mm|cm|km|met(?:re|er)s?|lit(?:re|er)s?|ml|kwh?|watts?|volts?|amps?|hours?|minutes?|seconds?|days?|weeks?|months?|years?|times|percent|per|every|each|euros?|dollars?|pounds?|cents?|degrees?|more|less|fewer|extra|of|or|and|to)$/i;

/** "every 4 weeks", "every other day", "weekly", "twice a year", "every 30 cycles". */
function findFrequencies(text: string): Quantity[] {
  const result: Quantity[] = [];
  const every = new RegExp(String.raw`\bevery (other |(${WORD_NUMBER}|\d+) )?(${TIME_UNIT}|([a-z]+?)s?)\b`, 'gi');
  for (const match of text.matchAll(every)) {
    const count = match[1] === 'other ' ? 2 : match[2] ? (parseNumber(match[2]) ?? 1) : 1;
    const timeUnit = match[4];
    if (!timeUnit && !match[2]) continue; // "every time", "every cycle": not a stated frequency
    const value = timeUnit ? count * unitSeconds(timeUnit) : count;
    const unit = timeUnit ? 's' : 'cycle';
    result.push({
      raw: match[0],
      value,
      unit,
      dimension: 'frequency',
      start: match.index,
      end: match.index + match[0].length,
    });
  }
  // "…Tai chi everyday." ends its clause: the adverb "every day" written as one word ("everyday life" is not).
  for (const match of text.matchAll(/\beveryday\b(?=\s*(?:[.,;:!?)]|$))/gi)) {
    const end = match.index + match[0].length;
    result.push({
      raw: match[0],
      value: unitSeconds('day'),
      unit: 's',
      dimension: 'frequency',
      start: match.index,
      end,
    });
  }
  const times = new RegExp(
    String.raw`\b(once|twice|(${WORD_NUMBER}|\d+) times) (?:a|an|per|each|every) ${TIME_UNIT}\b`,
    'gi',
  );
  for (const match of text.matchAll(times)) {
    const head = (match[1] ?? '').toLowerCase();
    const count = head === 'once' ? 1 : head === 'twice' ? 2 : (parseNumber(match[2] ?? '') ?? 1);
    const value = unitSeconds(match[3] ?? 'day') / count;
    result.push({
      raw: match[0],
      value,
      unit: 's',
      dimension: 'frequency',
      start: match.index,
      end: match.index + match[0].length,
    });
  }
  // "two whole-building drills a year", "3 inspections per month": a count of things in a period.
  const counted = new RegExp(
    String.raw`\b(${WORD_NUMBER}|\d+)((?:\s+[a-z][a-z-]{2,}){1,4}?)\s+(?:a|an|per|each) ${TIME_UNIT}\b`,
    'gi',
  );
  for (const match of text.matchAll(counted)) {
    const words = (match[2] ?? '').trim().split(/\s+/);
    if (words.some((word) => MEASURE_WORD.test(word))) continue; // "2 kg a day" is a measure
    const count = parseNumber(match[1] ?? '') ?? 0;
    if (count < 1 || count > 1000) continue;
    result.push({
      raw: match[0],
      value: unitSeconds(match[3] ?? 'day') / count,
      unit: 's',
      dimension: 'frequency',
      start: match.index,
      end: match.index + match[0].length,
    });
  }
  for (const match of text.matchAll(new RegExp(`\\b(${Object.keys(PERIOD_WORDS).join('|')})\\b`, 'gi'))) {
    const value = PERIOD_WORDS[(match[1] ?? '').toLowerCase()] ?? 0;
    result.push({
      raw: match[0],
      value,
      unit: 's',
      dimension: 'frequency',
      start: match.index,
      end: match.index + match[0].length,
    });
  }
  return result.sort((a, b) => a.start - b.start || b.end - a.end);
}

function unitSeconds(word: string): number {
  const row = WORD_UNITS.find(
    ([pattern, , dimension]) => dimension === 'duration' && new RegExp(`^(?:${pattern})$`, 'i').test(word),
  );
  return row ? row[3] : 86_400;
}

const UNIT_GAP = String.raw`(?: ?-? ?)`;
const WORD_UNIT_RE = new RegExp(`${UNIT_GAP}(${[...WORD_UNITS].map((row) => row[0]).join('|')})(?![\\p{L}])`, 'iuy');
/** Every spelling of a unit symbol, longest first, each alternative on its own: "GB/s" before "GB". */
const SYMBOL_SPELLINGS = SYMBOL_UNITS.flatMap((row) => row[0].split('|')).sort((a, b) => b.length - a.length);
const SYMBOL_UNIT_RE = new RegExp(`${UNIT_GAP}(${SYMBOL_SPELLINGS.join('|')})(?![\\p{L}\\p{N}])`, 'uy');
/** A unit symbol of two letters or more written alone ("in kW", "the GB figure"): case-sensitive, as in text. */
const LONE_SYMBOL_RE = new RegExp(
  `(?<![\\p{L}\\p{N}])(${SYMBOL_SPELLINGS.filter((spelling) => /^[\p{L}/]{2,}$/u.test(spelling)).join('|')})(?![\\p{L}\\p{N}])`,
  'gu',
);
/** A unit named after "in" or "per" ("in litres", "in degrees", "per hour"). */
const NAMED_AFTER_IN_RE = new RegExp(
  String.raw`\b(?:in|per)\s+(${[...WORD_UNITS].map((row) => row[0]).join('|')})(?![\p{L}])`,
  'giu',
);

/**
 * The units a text names without a number: a unit symbol anywhere ("the heat rejection capacity
 * in kW"), a unit word after "in" or "per" ("in litres"). A question that names one says in which
 * unit the value asked for comes, not what it is about.
 */
export function namedUnits(text: string): string[] {
  return [...text.matchAll(LONE_SYMBOL_RE), ...text.matchAll(NAMED_AFTER_IN_RE)].map((match) => match[1] ?? '');
}

const RANGE_RE = new RegExp(String.raw` ?(?:–|—|-|to|and) ?(${DIGIT_NUMBER}|${WORD_NUMBER})(?![\p{L}\p{N}])`, 'iuy');
const MONEY_PREFIX = /(€|\$|£|EUR|USD|GBP) ?$/;

/** Numbers, ranges and the unit after them; a currency sign before them. */
function findMeasures(masked: string, text: string): Quantity[] {
  const result: Quantity[] = [];
  let consumed = 0;
  for (const match of masked.matchAll(NUMBER)) {
    if (match.index < consumed) continue;
    const written = parseNumber(match[0]);
    if (written === undefined) continue;
    let end = match.index + match[0].length;
    // "1.5 million", "twenty thousand": the scale word multiplies the number before it.
    const prefix = MONEY_PREFIX.exec(masked.slice(Math.max(0, match.index - 4), match.index));
    const ownScale = scaleAt(masked, end) ?? (prefix ? scaleAt(masked, end, MONEY_SCALE_RE, MONEY_SCALES) : undefined);
    let value = written * (ownScale?.factor ?? 1);
    end = ownScale?.end ?? end;
    let unit = readUnit(masked, end);
    let max: number | undefined;
    const range = readRange(masked, unit?.end ?? end, match.index);
    if (range) {
      // "2–3 million": the scale after a range bears on both ends.
      const rangeScale = scaleAt(masked, range.end);
      max = range.value * (rangeScale?.factor ?? 1);
      if (rangeScale && !ownScale) value *= rangeScale.factor;
      end = rangeScale?.end ?? range.end;
      unit = readUnit(masked, end) ?? unit;
    }
    end = unit && unit.end > end ? unit.end : end;
    const start = prefix ? match.index - prefix[0].length : match.index;
    const row: UnitRow | undefined = prefix ? ['', currency(prefix[1] ?? ''), 'money', 1] : unit?.row;
    if (!row && !ownScale && /^(an?|one)$/i.test(match[0])) continue;
    const sign = row?.[2] === 'temperature' && /(^|[\s(])[-−]$/.test(masked.slice(0, match.index)) ? -1 : 1;
    const factor = (row?.[3] ?? 1) * sign;
    const scaled = (n: number) => Number((n * factor).toPrecision(12));
    result.push({
      raw: text.slice(sign < 0 ? start - 1 : start, end),
      value: scaled(value),
      ...(max === undefined ? {} : { max: scaled(max) }),
      unit: row?.[1] ?? '',
      dimension: row?.[2] ?? 'count',
      start: sign < 0 ? start - 1 : start,
      end,
    });
    consumed = end;
  }
  return result;
}

/** Scale words after a number, and what they multiply it by. */
const SCALES: Readonly<Record<string, number>> = { thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12 };
const SCALE_RE = /\s+(thousand|million|billion|trillion)(?![\p{L}])/iuy;

/** The scale word right after `at` ("1.5 million"), with what it multiplies by and where it ends. */
function scaleAt(
  text: string,
  at: number,
  pattern = SCALE_RE,
  factors = SCALES,
): { factor: number; end: number } | undefined {
  pattern.lastIndex = at;
  const match = pattern.exec(text);
  return match ? { factor: factors[(match[1] ?? '').toLowerCase()]!, end: at + match[0].length } : undefined;
}

/** Short scales after an amount of money: "€35m", "$2bn", "£10k" (without a currency, "35m" is a length). */
const MONEY_SCALES: Readonly<Record<string, number>> = { k: 1e3, m: 1e6, mn: 1e6, bn: 1e9, b: 1e9, tn: 1e12 };
const MONEY_SCALE_RE = /\s?(k|m|mn|bn|b|tn)(?![\p{L}\p{N}])/iuy;

function currency(sign: string): string {
  return sign === '€' || sign === 'EUR' ? 'EUR' : sign === '£' || sign === 'GBP' ? 'GBP' : 'USD';
}

function readUnit(text: string, at: number): { row: UnitRow; end: number } | undefined {
  let best: { row: UnitRow; end: number } | undefined;
  for (const [pattern, rows] of [
    [WORD_UNIT_RE, WORD_UNITS],
    [SYMBOL_UNIT_RE, SYMBOL_UNITS],
  ] as const) {
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match || (best && best.end >= at + match[0].length)) continue;
    const written = match[1] ?? '';
    const flags = rows === WORD_UNITS ? 'i' : '';
    const row = rows.find(([source]) => new RegExp(`^(?:${source})$`, flags).test(written));
    if (row) best = { row, end: at + match[0].length };
  }
  return best;
}

function readRange(text: string, at: number, numberStart: number): { value: number; end: number } | undefined {
  RANGE_RE.lastIndex = at;
  const match = RANGE_RE.exec(text);
  if (!match) return undefined;
  const connector = match[0].trim().split(/\s/)[0]?.toLowerCase();
  if (connector === 'and' && !/\bbetween $/i.test(text.slice(0, numberStart))) return undefined;
  const value = parseNumber(match[1] ?? '');
  return value === undefined ? undefined : { value, end: at + match[0].length };
}

/** "1,200" → 1200, "2,5" → 2.5, "twenty-four" → 24, "a dozen" → 12; undefined when not a number. */
export function parseNumber(written: string): number | undefined {
  const text = written.trim().toLowerCase();
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) return Number(text.replace(/,/g, ''));
  if (/^\d+([.,]\d+)?$/.test(text)) return Number(text.replace(',', '.'));
  if (text === 'a' || text === 'an') return 1;
  if (/^half an?$/.test(text)) return 0.5;
  if (/^a quarter of an?$/.test(text)) return 0.25;
  if (/dozen/.test(text)) return text.startsWith('half') ? 6 : 12;
  const hundred = / hundred$/.test(text);
  const words = text.replace(/ hundred$/, '').split(/[- ]/);
  let total = 0;
  for (const word of words) {
    const small = SMALL.indexOf(word);
    const tens = TENS.indexOf(word);
    if (small >= 0) total += small;
    else if (tens >= 0) total += (tens + 2) * 10;
    else return undefined;
  }
  return hundred ? total * 100 : total;
}

/** Relative tolerance of `sameQuantity`: absorbs rounding in conversions, not real differences. */
export const QUANTITY_TOLERANCE = 0.005;

/** True when `a` and `b` state the same value: same dimension and unit, values within tolerance. */
export function sameQuantity(a: Quantity, b: Quantity): boolean {
  if (a.dimension !== b.dimension) return false;
  if (a.dimension === 'identifier') return a.key === b.key;
  if (a.dimension === 'date') return sameDate(a, b);
  if (a.unit !== b.unit) return false;
  return close(a.value, b.value) && close(a.max ?? a.value, b.max ?? b.value);
}

function sameDate(a: Quantity, b: Quantity): boolean {
  if (!a.key || !b.key) return false;
  const length = Math.min(a.key.length, b.key.length);
  return a.key.slice(0, length) === b.key.slice(0, length);
}

function close(a: number, b: number): boolean {
  return Math.abs(a - b) <= QUANTITY_TOLERANCE * Math.max(Math.abs(a), Math.abs(b), 1e-9);
}

/**
 * True when `claim` is stated by one of `evidence`: the same quantity, an end of a stated range
 * ("15 mm" in "10–15 mm"), a bare number equal to a stated measure's number ("2" in "2 years"),
 * or a year equal to a stated date's year. What a checker asks of every number in a claim.
 */
export function quantityStated(claim: Quantity, evidence: readonly Quantity[]): boolean {
  return evidence.some((stated) => {
    if (sameQuantity(claim, stated)) return true;
    if (
      claim.dimension === stated.dimension &&
      claim.unit === stated.unit &&
      claim.max === undefined &&
      stated.max !== undefined
    ) {
      return close(claim.value, stated.value) || close(claim.value, stated.max);
    }
    // "six weeks" (the interval) is stated by "every 6 weeks".
    if (claim.dimension === 'duration' && stated.dimension === 'frequency' && stated.unit === 's')
      return close(claim.value, stated.value);
    if (claim.dimension === 'count' && stated.dimension === 'date')
      return stated.key?.slice(0, 4) === String(claim.value);
    if (claim.dimension === 'count') return rawNumbers(stated).some((n) => close(n, claim.value));
    return false;
  });
}

/** The numbers as written in a quantity ("2" and "5" of "2–5 years"), for bare-number claims. */
export function rawNumbers(quantity: Pick<Quantity, 'raw'>): number[] {
  const numbers = [...quantity.raw.matchAll(new RegExp(`${DIGIT_NUMBER}|${WORD_NUMBER}`, 'gi'))].flatMap((match) => {
    const value = parseNumber(match[0]);
    return value === undefined ? [] : [{ value, end: match.index + match[0].length }];
  });
  // A scale word after the last number ("2–3 million") bears on every number before it that has none.
  return numbers.map(({ value, end }) => {
    const scale = scaleAt(quantity.raw, end) ?? scaleAt(quantity.raw, numbers[numbers.length - 1]!.end);
    return Number((value * (scale?.factor ?? 1)).toPrecision(12));
  });
}
