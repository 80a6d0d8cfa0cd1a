import { describe, expect, it } from 'vitest';
import { extractQuantities } from '../../../src/core/text/quantities.js';
import { isRetired } from '../../../src/core/text/retired-values.js';

/** The raw values of `text` that it says no longer hold. */
const retired = (text: string) =>
  extractQuantities(text)
    .filter((quantity) => isRetired(text, quantity))
    .map((quantity) => quantity.raw);

describe('isRetired', () => {
  it('takes the value a sentence says no longer holds, never the new one', () => {
    expect(retired('From 1 May the deposit is no longer €50; it is €80.')).toEqual(['€50']);
    expect(retired('The service interval has been extended from 12 months: it is now 18 months.')).toEqual([
      '12 months',
    ]);
    expect(retired('Set the thermostat to 21 °C instead of 19 °C.')).toEqual(['19 °C']);
    expect(retired('The limit of 30 minutes no longer applies.')).toEqual(['30 minutes']);
    expect(retired('Sessions, previously 45 minutes, now last an hour.')).toEqual(['45 minutes']);
  });

  it('takes nothing from a sentence that only states values', () => {
    expect(retired('The deposit is €80 and the key fee €15.')).toEqual([]);
    expect(retired('Temperatures range from 50 °C to 275 °C.')).toEqual([]);
  });
});
