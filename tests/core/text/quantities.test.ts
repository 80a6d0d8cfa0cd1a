import { describe, expect, it } from 'vitest';
import {
  extractQuantities,
  namedUnits,
  identifierKey,
  parseNumber,
  rawNumbers,
  quantityStated,
  sameQuantity,
  type Quantity,
} from '../../../src/core/text/quantities.js';

/** The single quantity in `text`; fails when there is not exactly one. */
function one(text: string): Quantity {
  const found = extractQuantities(text);
  expect(found, `quantities of "${text}"`).toHaveLength(1);
  return found[0] as Quantity;
}

function same(a: string, b: string): boolean {
  return sameQuantity(one(a), one(b));
}

describe('extractQuantities', () => {
  it('reads "everyday" ending its clause as "every day", and "everyday life" as no frequency', () => {
    expect(extractQuantities('the Party would make MPs do Tai chi everyday.')).toMatchObject([
      { dimension: 'frequency' },
    ]);
    expect(extractQuantities('in everyday life')).toEqual([]);
  });

  it('reads imperial lengths, written out or as symbols', () => {
    expect(one('within 3.2 ft')).toMatchObject({ dimension: 'length', unit: 'mm' });
    expect(one('within 3.2 ft').value).toBeCloseTo(975.36);
    expect(same('1 yard', '3 feet')).toBe(true);
    expect(same('2 yd', '6 ft')).toBe(true);
    expect(one('a range of 30 miles').dimension).toBe('length');
  });

  it('reads number words', () => {
    expect(one('two years').value).toBe(one('2 years').value);
    expect(one('twenty-four hours').value).toBe(86_400);
    expect(one('a dozen').value).toBe(12);
    expect(one('seventeen').value).toBe(17);
  });

  it('reads thousands separators and decimals', () => {
    expect(one('1,200 rpm')).toMatchObject({ value: 1200, unit: 'rpm', dimension: 'speed' });
    expect(one('2.5 kg').value).toBe(2.5);
    expect(one('2,5 kg').value).toBe(2.5);
    expect(one('12,500').value).toBe(12_500);
  });

  it('reads ranges with any connector', () => {
    for (const text of ['10–15 mm', '10-15 mm', '10 to 15 mm', 'between 10 and 15 millimetres', '1–1.5 cm']) {
      const range = one(text);
      expect(range.dimension).toBe('length');
      expect(range.max! - range.value).toBeGreaterThan(0);
    }
    expect(same('10–15 mm', 'between 10 and 15 millimetres')).toBe(true);
  });

  it('keeps offsets that slice back to the raw text', () => {
    const text = 'Lasts two years; spin at 1,200 rpm; part DW-FLT-0480 since March 2026.';
    for (const quantity of extractQuantities(text)) {
      expect(text.slice(quantity.start, quantity.end)).toBe(quantity.raw);
    }
  });

  it('does not read the digits of identifiers or dates as numbers', () => {
    const dimensions = extractQuantities('Order DW-FLT-0480 for the DW-480 (E24) on 2026-03-01.').map(
      (q) => q.dimension,
    );
    expect(dimensions).toEqual(['identifier', 'identifier', 'identifier', 'date']);
  });

  it('reads a release number of three parts as an identifier, not a decimal', () => {
    expect(one('Stardew Valley 1.6.7 was released')).toMatchObject({
      dimension: 'identifier',
      unit: 'version',
      key: '1.6.7',
    });
    // "v2.10.1" and "2.10.1" name one release.
    expect(one('version v2.10.1')).toMatchObject({ dimension: 'identifier', key: '2.10.1' });
    expect(one('about 1.6 times faster')).toMatchObject({ dimension: 'count', value: 1.6 });
  });

  it('reads one-digit error codes as identifiers', () => {
    expect(one('Error E4')).toMatchObject({ dimension: 'identifier', unit: 'code', key: 'E4' });
  });

  it('reads a negative temperature', () => {
    expect(one('store at -5 °C').value).toBe(-5);
  });

  it('reads sizes and rates of data, the longest unit first ("GB/s" is not "GB")', () => {
    expect(same('eight gigabytes of memory', 'with 8 GB of memory')).toBe(true);
    expect(same('8GB of RAM', '8 GiB')).toBe(true);
    expect(same('50 MB of free disk space', '50 megabytes')).toBe(true);
    expect(same('2 TB', '2 GB')).toBe(false);
    expect(one('1,555 GB/s of memory bandwidth')).toMatchObject({
      dimension: 'data-rate',
      unit: 'B/s',
      value: 1.555e12,
    });
    expect(same('900 gigabytes per second', '900 GB/s')).toBe(true);
    expect(one('a 100 Mbps link')).toMatchObject({ dimension: 'data-rate', unit: 'bit/s' });
    expect(same('100 Mbps', '100 MB/s')).toBe(false);
    // Bits per second as people write them: "GBit/s", "Gbits/s".
    expect(same('at least 50 Gbit/s', 'a network card with at least 50 GBit/s bandwidth')).toBe(true);
    expect(same('50 Gbit/s', '+50Gbits/s network cards')).toBe(true);
    expect(same('50 Gbit/s', '50 GB/s')).toBe(false);
    expect(one('costs 20 GBP')).toMatchObject({ dimension: 'money', unit: 'GBP' });
  });
});

describe('times of day', () => {
  it('reads clock times in minutes after midnight, with or without am and pm', () => {
    expect(one('opens at 07:30')).toMatchObject({ dimension: 'time', unit: 'clock', value: 450 });
    expect(one('closes at 6.30 pm').value).toBe(18 * 60 + 30);
    expect(one('from 7 am').value).toBe(420);
    expect(one('at 12 p.m. sharp').value).toBe(720);
    expect(one('until midnight').value).toBe(0);
    expect(same('7:30 pm', '19:30')).toBe(true);
    expect(same('07:30', '07:00')).toBe(false);
    // Both ends of opening hours, not a count "30 to 22".
    expect(extractQuantities('open from 05:30 to 22:00').map((quantity) => quantity.raw)).toEqual(['05:30', '22:00']);
  });

  it('leaves ratios, decimals and release numbers alone', () => {
    expect(extractQuantities('a 16:9 picture').some((quantity) => quantity.dimension === 'time')).toBe(false);
    expect(extractQuantities('it needs 6.30 GB').some((quantity) => quantity.dimension === 'time')).toBe(false);
    expect(extractQuantities('version 1.6.7').some((quantity) => quantity.dimension === 'time')).toBe(false);
    expect(extractQuantities('a score of 25:00').some((quantity) => quantity.dimension === 'time')).toBe(false);
  });
});

describe('sameQuantity', () => {
  it.each([
    ['two years', '2 years'],
    ['two years', '24 months'],
    ['2-year', 'two years'],
    ['a week', '7 days'],
    ['20 ms', '20 milliseconds'],
    ['20 ms', '0.02 s'],
    ['90 minutes', '1.5 hours'],
    ['45 mm', '4.5 cm'],
    ['1.2 m', '1200 millimetres'],
    ['65 °C', '65 degrees Celsius'],
    ['65°C', '65 ºC'],
    ['9 kg', '9000 g'],
    ['1.5 l', '1500 ml'],
    ['12 litres', '12 l'],
    ['2,200 W', '2.2 kW'],
    ['230 V', '230 volts'],
    ['10 A', '10 amps'],
    ['50 Hz', '50 hertz'],
    ['1,200 rpm', '1200 RPM'],
    ['€89.90', '89.90 EUR'],
    ['EUR 89.90', '89,90 €'],
    ['15%', '15 per cent'],
    ['every 4 weeks', 'every four weeks'],
    ['every 2 weeks', 'fortnightly'],
    ['once a week', 'weekly'],
    ['twice a year', 'every 6 months'],
    ['every other day', 'every 2 days'],
    ['every day', 'Tai chi everyday.'],
    ['DW-FLT-0480', 'dw-flt-0480'],
    ['DW-FLT-0480', 'DWFLT0480'],
    ['March 2026', '2026-03-01'],
    ['1 March 2026', 'March 1, 2026'],
  ])('%s = %s', (a, b) => {
    expect(same(a, b)).toBe(true);
  });

  it.each([
    ['two years', '3 years'],
    ['2 years', '2 months'],
    ['20 ms', '20 s'],
    ['every 4 weeks', 'monthly'],
    ['65 °C', '65 kg'],
    ['€89.90', '$89.90'],
    ['DW-FLT-0480', 'DW-FLT-0481'],
    ['E24', 'E25'],
    ['March 2026', 'April 2026'],
    ['10–15 mm', '10–20 mm'],
    ['1,200 rpm', '1,400 rpm'],
  ])('%s ≠ %s', (a, b) => {
    expect(same(a, b)).toBe(false);
  });
});

describe('quantityStated', () => {
  it('accepts an end of a stated range and a bare number inside a measure', () => {
    expect(quantityStated(one('15 mm'), extractQuantities('a gap of 10–15 mm'))).toBe(true);
    expect(quantityStated(one('2'), extractQuantities('two years'))).toBe(true);
    expect(quantityStated(one('2026'), extractQuantities('issued on 2026-03-01'))).toBe(true);
  });

  it('rejects a number that the evidence does not state', () => {
    expect(quantityStated(one('3 years'), extractQuantities('The warranty lasts two years.'))).toBe(false);
    expect(quantityStated(one('12 mm'), extractQuantities('a gap of 10–15 mm'))).toBe(false);
  });
});

describe('helpers', () => {
  it('parses numbers and identifier keys', () => {
    expect(parseNumber('ninety-nine')).toBe(99);
    expect(parseNumber('three hundred')).toBe(300);
    expect(parseNumber('lots')).toBeUndefined();
    expect(identifierKey('dw-flt 0480')).toBe('DWFLT0480');
  });
});

describe('scale words', () => {
  const values = (text: string) => extractQuantities(text).map((q) => [q.value, q.unit, q.max]);

  it('multiply the number before them, in digits or words, with a unit after or a currency before', () => {
    expect(values('roughly 1 million characters')).toEqual([[1e6, '', undefined]]);
    expect(values('one million characters')).toEqual([[1e6, '', undefined]]);
    expect(values('twenty thousand users')).toEqual([[2e4, '', undefined]]);
    expect(values('3 billion parameters')).toEqual([[3e9, '', undefined]]);
    expect(values('1.5 million euros')).toEqual([[1.5e6, 'EUR', undefined]]);
    expect(values('$2.3 million')).toEqual([[2.3e6, 'USD', undefined]]);
    expect(values('2–3 million users')).toEqual([[2e6, '', 3e6]]);
    // "one" alone without a unit is no quantity; "one of the apps" stays none.
    expect(values('one of the apps')).toEqual([]);
  });

  it('read "m", "bn" and "k" after an amount of money as scales, and "35m" without a currency as a length', () => {
    expect(values('Up to €35m or 7%')).toEqual([
      [35e6, 'EUR', undefined],
      [7, '%', undefined],
    ]);
    expect(values('a $2bn deal and a £10k prize')).toEqual([
      [2e9, 'USD', undefined],
      [1e4, 'GBP', undefined],
    ]);
    expect(extractQuantities('a 35m cable')[0]?.dimension).toBe('length');
  });

  it('make a claim of another magnitude a different value: 1.5 billion is not 1.5 million', () => {
    const [million] = extractQuantities('1.5 million copies');
    const [billion] = extractQuantities('1.5 billion copies');
    const [digits] = extractQuantities('1,500,000 copies');
    expect(sameQuantity(million!, billion!)).toBe(false);
    expect(sameQuantity(million!, digits!)).toBe(true);
    expect(rawNumbers({ raw: '2–3 million' })).toEqual([2e6, 3e6]);
  });
});

describe('namedUnits', () => {
  it('reads a unit symbol written alone and a unit word after "in" or "per"', () => {
    expect(namedUnits("What's the heat rejection capacity of the cooling towers in kW?")).toEqual(['kW']);
    expect(namedUnits('How big is the tank in litres?')).toEqual(['litres']);
    expect(namedUnits('What is it charged per hour?')).toEqual(['hour']);
    expect(namedUnits('Is the download speed given in MB/s or Mbps?')).toEqual(['MB/s', 'Mbps']);
  });

  it('reads no unit in ordinary words, one-letter symbols or units inside words', () => {
    expect(namedUnits('What does the A button do in the menu?')).toEqual([]);
    expect(namedUnits('Which hours are the kWatts shown in the status bar?')).toEqual([]);
    expect(namedUnits('How many hours of battery life?')).toEqual([]);
  });
});
