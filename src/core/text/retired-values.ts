/**
 * Values a sentence says no longer hold: "from 1 October the rate is no longer $0.35 per kWh",
 * "the interval was changed from 90 days", "250 Pa no longer applies". Documents that update
 * others say so in words; the old value they name is a version of the fact, not its current value.
 */
import type { Quantity } from './quantities.js';

/**
 * Words right before a value that retire it: "is no longer $0.35", "changed from 90 days",
 * "instead of 250 Pa"; no other number between ("changed from 90 days to 60 days" retires 90 only).
 */
const RETIRED_BEFORE =
  /(?:\bno longer\b|\b(?:chang|mov|increas|reduc|rais|lower|cut|extend|shorten|updat|revis|correct|amend)\w* from|\binstead of|\b(?:previously|formerly|used to be))[^.;:!?\d]{0,30}$/i;
/** Words right after a value that retire it: "250 Pa no longer applies", "21 persons is no longer correct". */
const RETIRED_AFTER =
  /^[^.;:!?\d]{0,25}\b(?:no longer (?:appl|valid|correct|in (?:force|effect)|used)|has been (?:withdrawn|replaced|superseded))/i;

/**
 * True when the unit says `quantity` no longer holds ("from 1 October the rate is no longer
 * $0.35 per kWh"): a document that retires a value is another version of the fact stating it.
 */
export function isRetired(text: string, quantity: Quantity): boolean {
  return RETIRED_BEFORE.test(text.slice(0, quantity.start)) || RETIRED_AFTER.test(text.slice(quantity.end));
}

/**
 * The values of the sentence after one that retires `retired` that replace them: of a retired
 * value's kind and unit, not retired themselves ("… is no longer $0.35 per kWh." then "The new
 * rate is $0.42 per kWh." gives $0.42). The checker and the answerer both ask it.
 */
export function replacingValues(
  retired: readonly Quantity[],
  nextText: string,
  nextValues: readonly Quantity[],
): Quantity[] {
  return nextValues.filter(
    (value) =>
      !isRetired(nextText, value) &&
      retired.some((old) => old.dimension === value.dimension && old.unit === value.unit),
  );
}
