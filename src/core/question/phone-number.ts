/**
 * A number to call, asked for and given: "What's the 24-hour phone number for the lift
 * contractor?", "what number do I call?" ask for digits; "1800 285 483", "+61 2 9876 5432",
 * "1-800-SAMSUNG" give them, "the call center phone number" only names one.
 */

/** A question that asks for a telephone number, by name or by the act of calling. */
const ASKS =
  /\b(?:(?:tele)?phone|contact|hotline|helpline|help ?line|support|service|emergency|call(?:[- ]?(?:cent(?:er|re)|back))?|fax|mobile)\s+(?:number|no\.?|#)s?\b|\b(?:what|which)(?:['’]s| is)?\s+(?:the\s+)?number\b[^?]{0,40}\b(?:call|ring|dial|phone|text|reach)\b/i;

/** A run of digits as a telephone number is written, spaced, dashed or bracketed. */
const DIGIT_RUN = /\+?\(?\d[\d\s().-]{4,}\d/g;
/** A number spelled partly in letters: "1-800-SAMSUNG", "1300 FIX NOW". */
const VANITY = /\b1[- ]?[38]\d{2}[- ]?[A-Z]{3,}\b/;
/** Digits a telephone number has at least (short service numbers such as "13 14 50" have six). */
const MIN_DIGITS = 6;

/** True when `question` asks for a telephone number. */
export function asksForPhoneNumber(question: string): boolean {
  return ASKS.test(question);
}

/** True when `text` gives a telephone number: six or more digits in one run, or a number spelled in letters. */
export function holdsPhoneNumber(text: string): boolean {
  if (VANITY.test(text)) return true;
  return [...text.matchAll(DIGIT_RUN)].some((match) => match[0].replace(/\D/g, '').length >= MIN_DIGITS);
}
