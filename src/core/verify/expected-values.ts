/**
 * What values can answer a question part: the quantity dimensions its answer type allows,
 * narrowed by the attribute it names ("spin speed" wants rpm, "clearance" a length).
 */
import { extractQuantities, sameQuantity, type Quantity, type QuantityDimension } from '../text/quantities.js';
import { questionSentence } from '../question/analyse-question.js';
import type { QuestionPart } from '../types.js';

/** Every measured dimension: what a part asking for "a quantity" without naming one accepts. */
export const MEASURES: readonly QuantityDimension[] = [
  'length',
  'mass',
  'volume',
  'power',
  'energy',
  'voltage',
  'current',
  'electric-frequency',
  'speed',
  'pressure',
  'sound',
  'percent',
  'data',
  'data-rate',
  'count',
  'temperature',
  'duration',
  'money',
];

/** Attribute words and the dimension they ask for. */
const ATTRIBUTE_DIMENSIONS: ReadonlyArray<readonly [RegExp, QuantityDimension[]]> = [
  [/\b(?:spin|rotation)\b|\brpm\b/i, ['speed']],
  [/\b(?:far ahead|in advance|how soon|beforehand)\b/i, ['duration']],
  [
    /\b(?:clearance|gap|distance|width|height|depth|length|wide|narrow|tall|deep|thick|thin|far(?! ahead| in advance)|close|near|apart|space)\b/i,
    ['length'],
  ],
  // A zoom or a magnification is a factor: "up to a factor of four", "4x".
  [/\b(?:zoom(?:ed|ing|s)?|magnif(?:y|ies|ied|ication))\b/i, ['count']],
  [/\b(?:weight|weigh|heavy|kg|kilos?)\b/i, ['mass']],
  // An age is years ("3 years old") or a bare number ("children under the age of 3").
  [/\bage\b|\bhow old\b/i, ['duration', 'count']],
  [/\b(?:litres?|liters?|volume)\b/i, ['volume']],
  [/\b(?:kwh|energy|consumption)\b/i, ['energy']],
  [/\b(?:power|wattage|watts?)\b/i, ['power']],
  [/\b(?:voltage|volts?)\b/i, ['voltage']],
  [/\b(?:current|amps?|fuse|circuit breaker|breaker)\b/i, ['current']],
  [/\b(?:noise|loud|decibels?|db)\b/i, ['sound']],
  [/\b(?:pressure)\b/i, ['pressure']],
  [/\b(?:memory|ram|disk|disc|file size|download|gigabytes?|megabytes?|gb|mb)\b/i, ['data']],
  // Room and storage may be of data, of space or of volume ("how much room around the fridge").
  [/\b(?:storage|room|space)\b/i, ['data', 'length', 'volume']],
  [/\b(?:bandwidth|throughput|transfer rate|data rate|bit ?rate)\b/i, ['data-rate']],
  // A picture's rates are in hertz or frames ("60Hz", "120 fps"), its resolution in pixels ("3840 x 2160").
  [/\b(?:refresh rate|frame rate|sample rate|sampling rate|hz|hertz|fps)\b/i, ['electric-frequency', 'count']],
  [/\bresolution\b/i, ['count']],
  [/\b(?:temperature|degrees|hot)\b/i, ['temperature']],
  [/\b(?:cost|price|charge|fee|pay)\b/i, ['money']],
  [/\b(?:battery|charge|charged)\b/i, ['percent', 'energy', 'duration']],
  // A rating or class is often a code: "IP68", "Class 2", "Energy class A".
  [/\b(?:rating|rated|class|grade|certification|certified|standard)\b/i, ['identifier']],
];

/** A letter grade after the word that gives it. */
const LETTER_GRADE = /\b(?:class|classed|rated|rating|grade|graded|category)\s+[A-G](?:\+{1,3})?(?![\p{L}\p{N}])/iu;

/** A period a count is asked per: "each year", "per month", "a week", "annually". */
const PER_PERIOD =
  /\b(?:each|per|a|every) (?:year|month|week|day|hour|shift)\b|\b(?:annually|yearly|monthly|weekly|daily)\b/i;

/** Dimensions a value answering `part` may have; undefined when any statement can answer it. */
export function answerDimensions(part: QuestionPart): ReadonlySet<QuantityDimension> | undefined {
  switch (part.expects) {
    case 'duration':
      return new Set(['duration']);
    case 'frequency':
      // "How many times does one have to vanish?" ← "five times": a count, unless asked per period.
      return new Set(
        /\bhow many times\b/i.test(part.text) && !PER_PERIOD.test(part.text)
          ? ['frequency', 'duration', 'count']
          : ['frequency', 'duration'],
      );
    case 'temperature':
      return new Set(['temperature']);
    case 'date':
      // "When …?" may be answered by a time from something: "six months after it enters into
      // force", "if you expect to need it for longer than a year". "What date …?" wants a date.
      // "What time does reception open?" wants a time of day ("07:00"), as "when" may.
      return new Set(asksWhen(part) ? ['date', 'time', 'count', 'duration'] : ['date', 'time', 'count']);
    case 'price':
      return new Set(['money']);
    case 'part-number':
    case 'code':
      return new Set(['identifier']);
    case 'quantity': {
      const named = ATTRIBUTE_DIMENSIONS.filter(([pattern]) => pattern.test(part.text)).flatMap(
        ([, dimensions]) => dimensions,
      );
      // "How many drills do we have each year?" ← "two drills a year": a count per period.
      const perPeriod = PER_PERIOD.test(part.text) ? (['frequency'] as const) : [];
      // A share of the most there is answers any measure: "how loud" ← "capped at 46%", "how much charge" ← "30% battery".
      // A rating names no measure of its own: any measure, or a code ("rated 1800 W", "IP68").
      const measured = named.filter((dimension) => dimension !== 'identifier');
      // "How many" counts things; a price answers "how much", never "how many bays are there".
      const unnamed = /\bhow many\b/i.test(part.text)
        ? MEASURES.filter((dimension) => dimension !== 'money')
        : MEASURES;
      const base = measured.length > 0 ? [...measured, 'percent' as const] : unnamed;
      return new Set([...(named.includes('identifier') ? [...base, 'identifier' as const] : base), ...perPeriod]);
    }
    default:
      return undefined;
  }
}

/** True when the part's question opens with "when" ("My box shows nothing. When is it available?"). */
function asksWhen(part: QuestionPart): boolean {
  return /^\W*when\b/i.test(questionSentence(part.text));
}

/**
 * A condition that answers "When …?" as a date would: "only available when the input signal is set
 * to RGB444", "once the drum has stopped", "as soon as the light goes out".
 */
const CONDITION =
  /\b(?:when|whenever|once|as soon as|only if|only after)\s+(?:the|a|an|it|its|you|your|they|this|that)\b/i;

/**
 * True when one of `quantities` can answer `part` (always true for parts that take any text). An
 * identifier must be of the kind asked (a model number for "model number", a part number
 * otherwise), and any value must be new: what the question states (the model it names, the 15%
 * it sets out from) is not its answer. A "When …?" part is also answered by a condition.
 */
export function valueAnswers(part: QuestionPart, quantities: readonly Quantity[], text = ''): boolean {
  const dimensions = answerDimensions(part);
  if (!dimensions) return true;
  if (part.expects === 'date' && asksWhen(part) && CONDITION.test(text)) return true;
  // A rating may be a letter grade: "rated B", "energy class A+".
  if (dimensions.has('identifier') && part.expects === 'quantity' && LETTER_GRADE.test(text)) return true;
  const named = extractQuantities(part.text);
  const asksModel = /\bmodel\b/i.test(part.text);
  return quantities.some((quantity) => {
    if (!dimensions.has(quantity.dimension)) return false;
    // What the part states is not what it asks: "when did Alan Wake 2 come out" ← not "Alan Wake 2
    // updates", "at 15% utilisation, how long…" ← not the 15%.
    if (named.some((stated) => sameQuantity(stated, quantity))) return false;
    if (quantity.dimension !== 'identifier') return true;
    if (asksModel) return quantity.unit === 'model';
    // Only a quantity part that names a rating lets a code in (see ATTRIBUTE_DIMENSIONS), and a
    // rating may look like a model name ("IP68").
    if (part.expects === 'quantity') return true;
    return quantity.unit !== 'model' && (part.expects === 'code' || quantity.unit === 'part');
  });
}
