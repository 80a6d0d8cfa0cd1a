/**
 * The part of a claim that a passage must state: without connectives ("However,"), the lead
 * "Sources disagree:", an attribution to a source ("The v2 manual says", "According to the FAQ,")
 * and the quotation marks around a quote.
 */
import { extractQuantities, parseNumber } from '../text/quantities.js';
import { contentTerms } from '../text/terms.js';
import { DISAGREEMENT_LEAD } from './statement-kinds.js';

const CONNECTIVE =
  /^(?:yes|no)\.\s+|^(?:and|but|also|however|moreover|additionally|furthermore|so|then|yes|no|in addition|note that|please note(?: that)?|whereas|while|although)\b[,:]?\s*/i;
/** Words that name a source, so that "The v2 manual says …" is an attribution, not content. */
const SOURCE_NOUN =
  /\b(?:manual|guide|bulletin|notice|card|sheet|catalogue|catalog|policy|faq|document|passage|source|section|table|thread|post|reply|note|leaflet|label|revision|edition|version|errata|erratum|schedule|procedure|sop|handbook|memo|circular|plan|v\d+)\b|\(\s*v?\d/i;
const ATTRIBUTION =
  /^([^"“.]{0,160}?)\b(?:says?|said|states?|stated|notes?|noted|reads?|specif(?:ies|y|ied)|explains?|indicates?|lists?|listed|mentions?|gives?|gave|prints?|printed|shows?|showed|reproduces?|reproduced|quotes?|quoted|outlines?|outlined)(?: that)?[:,]?\s+/i;
const ACCORDING =
  /^(?:according to [^,]{1,120}|(?:based on|from|going by|per) (?:the|these|those|your|my|its) (?:[\w-]+ ){0,2}?(?:passages?|documents?|sources?|manuals?|guides?|context|information|excerpts?|notes|texts?)),\s*/i;
/**
 * A lead that only frames what follows: "Here's the quick version:", "For reference,", "In
 * practice,", "First,". The passage must state what follows it, not the frame.
 */
const FRAME =
  /^(?:here(?:['’]s| is| are)\b[^:]{0,40}:|(?:for reference|for example|for instance|in practice|in short|in other words|in general|in fact|basically|put simply|simply put|to be clear|that said|on top of that|first(?: of all)?|second(?:ly)?|third(?:ly)?|finally|lastly|next|after that|then|overall|typically|usually|in the end|in total|all in all)\s*,)\s*/i;
/**
 * A hedge inside a claim that only says the list is not whole: "It includes, among others, a, b
 * and c", "such as, for example, a". The passage must state the items, not the hedge.
 */
const INNER_HEDGE = /,?\s*\b(?:among(?:st)? others|among other things|for example|for instance|e\.g\.)(?:,|(?=\s))/gi;

/**
 * A short reply before a dash: "Not a digital one, no —", "Yes, it can —", "Sadly no -". It
 * answers the yes/no question, the statement after the dash says what the passage does.
 */
const REPLY =
  /^(?:[\p{L}'’]+[\s,]+){0,6}?(?:yes|no|nope|yep)(?:[,.!]\s*(?:[\p{L}'’]+\s+){0,3}?|\s*)\s*(?:[—–]|-(?=\s))\s*/iu;

/**
 * A closing attribution: "… 3 hours according to the Parking Policy, last updated in March 2025",
 * "… costs $50 under the 2025-26 charges schedule", "… (per section 5 of the manual)". It names
 * the source, not the fact; the source's revision and date are the citation's business.
 */
const CLOSING_ATTRIBUTION = new RegExp(
  String.raw`[,;]?\s*\(?\b(?:according to|under|per|as (?:stated|given|set out|listed|printed|specified) in|in line with)\s+` +
    // A few words naming the source ("Revision 4 of the fire safety"), never a place or a purpose ("the sink as described in").
    String.raw`(?:(?!(?:in|on|at|under|as|by|with|for|to|from|into|described|shown)\b)[\w'’-]+\s+){0,5}?` +
    String.raw`(?:manual|guide|bulletin|notice|sheet|policy|faq|document|revision|edition|version|errata|schedule|procedure|sop|handbook|memo|circular|plan)s?\b` +
    String.raw`(?:[^.;()]{0,60})\)?$`,
  'i',
);

/**
 * A value reported as a source's figure: "Every two weeks was the figure in the older v2 manual",
 * "$40 is the fee in the parking policy". The source is where the value is, not what it is
 * about: the claim is the value, which the cited passage must state.
 */
const REPORTED_VALUE =
  /^(.{1,60}?)\s+(?:was|is|were|are)\s+(?:the|its|their)\s+(?:[\w-]+\s+)?(?:figure|value|number|interval|setting|limit|amount|price|fee|rate)s?\s+(?:in|from|of|given in|printed in|listed in)\s+(.{1,80})$/i;

/** The value a source is said to give, when the claim only reports it (`REPORTED_VALUE`). */
function reportedValue(text: string): string | undefined {
  const match = REPORTED_VALUE.exec(text);
  if (!match || !SOURCE_NOUN.test(match[2] ?? '')) return undefined;
  const value = match[1] ?? '';
  return extractQuantities(value).length > 0 ? value : undefined;
}

/**
 * "four techniques: a, b, c and d", "Two reasons: …, and …": a count, a few words, a colon, a
 * list. Not a number inside a compound word ("the day-two encounter: …").
 */
const ENUMERATED =
  /(?<![\p{L}\d'’-])(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)((?:\s+[\p{L}'’-]+){1,4}?)\s*:\s*([^:]+)$/iu;

/** Items of a list written out: "a, b and c", "a, b, and c", "a and b". */
function listItems(list: string): number {
  const items = list.split(/\s*,\s*/).filter((item) => item.trim().length > 0);
  const last = items[items.length - 1] ?? '';
  // With the serial comma the last item starts with "and"/"or" and is whole; without it, the last
  // "and"/"or" joins the last two items.
  if (items.length > 1 && /^(?:and|or)\s/i.test(last)) return items.length;
  return items.length + (/\s(?:and|or)\s/i.test(last) ? 1 : 0);
}

/**
 * The claim without a count that its own list makes good: "He considered four techniques:
 * quantisation, pruning, distillation and AirLLM" asks the passage for the four items, not for
 * the word "four". A count its list does not match stays.
 */
export function withoutEnumeratedCount(text: string): string {
  const match = ENUMERATED.exec(text);
  if (!match) return text;
  const count = parseNumber(match[1] ?? '');
  if (count === undefined || count < 2 || listItems(match[3] ?? '') !== count) return text;
  return `${text.slice(0, match.index)}${(match[2] ?? '').trimStart()}: ${match[3]}`;
}

/** The core of `claim` to be checked against the cited passages. */
export function claimCore(claim: string): string {
  let text = claim.trim().replace(DISAGREEMENT_LEAD, '');
  for (let guard = 0; guard < 3; guard++) {
    const before = text;
    text = text.replace(REPLY, '').replace(CONNECTIVE, '').replace(ACCORDING, '').replace(FRAME, '');
    const attribution = ATTRIBUTION.exec(text);
    const rest = attribution ? text.slice(attribution[0].length) : '';
    if (attribution && (SOURCE_NOUN.test(attribution[1] ?? '') || /^["“]/.test(rest)) && rest.length > 0) text = rest;
    if (text === before) break;
  }
  text = text
    .replace(INNER_HEDGE, '')
    .trim()
    .replace(/[.!?]+$/, '');
  const closing = CLOSING_ATTRIBUTION.exec(text);
  // Only when something is left to check: "The schedule is in the manual" stays whole.
  if (closing && contentTerms(text.slice(0, closing.index)).length >= 2) text = text.slice(0, closing.index);
  text = reportedValue(text) ?? text;
  const quoted = /^["“']([^"”]+)["”']$/.exec(text);
  return withoutEnumeratedCount((quoted?.[1] ?? text).trim().replace(/[.!?]+$/, ''));
}
