import { describe, expect, it } from 'vitest';
import { asksForPhoneNumber, holdsPhoneNumber } from '../../../src/core/question/phone-number.js';

describe('a number to call', () => {
  it('is asked for by name or by the act of calling', () => {
    expect(asksForPhoneNumber("What is Samsung's customer service phone number for this TV?")).toBe(true);
    expect(asksForPhoneNumber("What's the 24-hour phone number for the lift contractor?")).toBe(true);
    expect(asksForPhoneNumber('what number do I call')).toBe(true);
    expect(asksForPhoneNumber("If I put my ex's number on the blocked list, where do their calls end up?")).toBe(false);
    expect(asksForPhoneNumber('What is the part number of the filter?')).toBe(false);
  });

  it('is given by its digits, not by naming it', () => {
    expect(holdsPhoneNumber('Call the contractor on 1800 285 483 at any hour.')).toBe(true);
    expect(holdsPhoneNumber('Ring +61 (2) 9876-5432.')).toBe(true);
    expect(holdsPhoneNumber('Call 1-800-SAMSUNG for help.')).toBe(true);
    expect(holdsPhoneNumber('You can view the call center phone number in About This TV.')).toBe(false);
    expect(holdsPhoneNumber('The repair takes 30 minutes on 12 May 2025.')).toBe(false);
  });
});
