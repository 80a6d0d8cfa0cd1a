import { describe, expect, it } from 'vitest';
import { writesOut } from '../../../src/core/text/acronyms.js';

describe('writesOut', () => {
  it('reads a camel-case name and its number as the short form', () => {
    expect(writesOut('PS5', 'released for the PlayStation 5, Xbox Series X|S and PC')).toBe(true);
    expect(writesOut('PS 5', 'for the PlayStation 5')).toBe(true);
  });

  it('reads capitalised words, skipping little words between them', () => {
    expect(writesOut('EU', 'the European Union adopted the AI Act')).toBe(true);
    expect(writesOut('USA', 'born in the United States of America')).toBe(true);
    expect(writesOut('NFC', 'uses Near Field Communication to pay')).toBe(true);
  });

  it('wants the same number, the letters in order and capitals', () => {
    expect(writesOut('PS4', 'released for the PlayStation 5')).toBe(false);
    expect(writesOut('PS5', 'the PlayStation and, later, 5 more')).toBe(false);
    expect(writesOut('EU', 'each user of the app')).toBe(false);
    expect(writesOut('UE', 'the European Union')).toBe(false);
    expect(writesOut('EU', 'the European Commission')).toBe(false);
  });

  it('takes only short forms', () => {
    expect(writesOut('Europe', 'the European Union')).toBe(false);
    expect(writesOut('E', 'the European Union')).toBe(false);
  });
});
