/**
 * The part of a claim that a passage must state: without connectives ("However,"), the lead
 * "Sources disagree:", an attribution to a source ("The v2 manual says", "According to the FAQ,")
 * and the quotation marks around a quote.
 */
import { DISAGREEMENT_LEAD } from './statement-kinds.js';

const CONNECTIVE =
  /^(?:and|but|also|however|moreover|additionally|furthermore|so|then|yes|no|in addition|note that|please note(?: that)?|whereas|while|although)\b[,:]?\s*/i;
/** Words that name a source, so that "The v2 manual says …" is an attribution, not content. */
const SOURCE_NOUN =
  /\b(?:manual|guide|bulletin|notice|card|sheet|catalogue|catalog|policy|faq|document|passage|source|section|table|thread|post|reply|note|leaflet|label|revision|v\d+)\b|\(\s*v?\d/i;
const ATTRIBUTION =
  /^([^"“.]{0,160}?)\b(?:says?|states?|notes?|reads?|specif(?:ies|y)|explains?|indicates?|lists?|mentions?|gives?)(?: that)?[:,]?\s+/i;
const ACCORDING = /^according to [^,]{1,120},\s*/i;

/** The core of `claim` to be checked against the cited passages. */
export function claimCore(claim: string): string {
  let text = claim.trim().replace(DISAGREEMENT_LEAD, '');
  for (let guard = 0; guard < 3; guard++) {
    const before = text;
    text = text.replace(CONNECTIVE, '').replace(ACCORDING, '');
    const attribution = ATTRIBUTION.exec(text);
    const rest = attribution ? text.slice(attribution[0].length) : '';
    if (attribution && (SOURCE_NOUN.test(attribution[1] ?? '') || /^["“]/.test(rest)) && rest.length > 0) text = rest;
    if (text === before) break;
  }
  text = text.trim().replace(/[.!?]+$/, '');
  const quoted = /^["“']([^"”]+)["”']$/.exec(text);
  return (quoted?.[1] ?? text).trim().replace(/[.!?]+$/, '');
}
