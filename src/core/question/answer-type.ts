/**
 * What kind of value a question part asks for. The checker uses it to tell an answer that
 * covers a part ("every 4 weeks" for "how often") from one that only restates a related fact
 * (the warranty duration for "is water damage covered").
 */
import type { AnswerType } from '../types.js';

/** Words that open a yes-no question ("Is the filter dishwasher-safe?"). */
const YES_NO_OPENERS = new Set([
  'is',
  'are',
  'was',
  'were',
  'does',
  'do',
  'did',
  'can',
  'could',
  'will',
  'would',
  'should',
  'shall',
  'must',
  'may',
  'might',
  'has',
  'have',
  'had',
  'isn’t',
  "isn't",
  "doesn't",
  "can't",
]);

/** Nouns whose "how long" asks for a length, not a duration ("how long is the drain hose"). */
const LENGTH_NOUNS = /\b(hose|cable|cord|pipe|tube|length|wire|lead)s?\b/;
/**
 * "How long can it be" with no participle after it asks what length a thing may have (the cable
 * of the part before): a duration is asked with a verb ("how long can it be left on", "how long
 * does it take").
 */
const HOW_LONG_BE =
  /\bhow long (?:can|could|may|might|should|must) (?:it|they|this|that|these|those) be\b(?!\s+\w+(?:ed|en)\b)(?!\s+(?:left|kept|held|run|on|off|away|out|stored|used)\b)/;

/** Measured attributes: "what is the capacity", "the maximum load"… ask for a quantity. */
const QUANTITY_NOUNS =
  /\b(capacity|clearance|distance|gap|weight|load|size|dimensions?|width|height|depth|length|volume|voltage|current|power|wattage|frequency rating|speed|pressure|consumption|rating|amperage|fuse|noise level|spin speed|amount|maximum|minimum|refresh rate|frame rate|sample rate|sampling rate|bit ?rate)\b|\b(screen|display|video|image|picture|native|monitor|camera|photo) resolution\b|\bresolution\b.*\b(screen|display|video|tv|monitor|graphics|camera|pixels?)\b/;

/** Ordered rules: the first that matches decides. Identifiers before measures before dates. */
const RULES: ReadonlyArray<readonly [AnswerType, RegExp]> = [
  [
    'part-number',
    /\b(part|spare|order|article|catalog(ue)?|replacement|model)[- ]?(number|no\.?|#|code)\b|\bpart ?numbers?\b|\bsku\b/,
  ],
  [
    'price',
    /\b(cost|costs|price|prices|priced|fee|fees|charge|charged|revenues?|turnover|income|profits?|earnings|(do|does|did|will|would|should|must) (i|you|we|they|one) (\w+ )?(pay|spend)|pay for|paid for|how much (is|does|do|will) .*\b(pay|cost))\b/,
  ],
  ['temperature', /\b(what|which)\b.*\btemperatures?\b|\bhow (hot|cold|warm)\b|\btemperature (setting|range)\b/],
  ['frequency', /\bhow (often|frequently|regularly)\b|\bhow many times\b|\bat what interval\b|\bwhat interval\b/],
  [
    'duration',
    /\bhow (long|soon)\b|\bhow much time\b|\b(for )?how many (seconds|minutes|hours|days|weeks|months|years)\b|\bwhat (is the )?(duration|warranty period|period)\b/,
  ],
  [
    'quantity',
    /\bhow (many|much|big|large|small|heavy|light|wide|narrow|tall|high|low|deep|thick|thin|far|close|near|fast|slow|loud|bright|strong|powerful|old)\b|\b(what|which) age\b/,
  ],
  [
    'date',
    /\b(what|which) (date|day|year|month)\b|\bsince when\b|\bby when\b|\bas of when\b|\beffective date\b|^when (is|was|were|did|will|does)\b|\bwhat time (is|are|was|were|do|does|did|will|would|should|must|can|could)\b|\b(at|by|until|till) what time\b/,
  ],
];

/** "What is the longest / shortest …": a time limit. */
const SUPERLATIVE_DURATION =
  /^what(?:['’]s| is| was)? the (longest|shortest)\b(?! \w+ (?:name|word|title|route|road|river|one)\b)/;
/** "What is the most / fewest / biggest …" followed by what can be counted or measured. */
const SUPERLATIVE_AMOUNT =
  /^what(?:['’]s| is| are| was)? the (most|fewest|least|maximum|minimum|max|min|biggest|largest|smallest|highest|lowest)\b[^?]{0,40}\b(i|you|we|it|they|one) (can|could|may|might|will)\b/;

/** A battery's charge asked for: "how much charge", "how much battery". */
const BATTERY_CHARGE = /\bhow much (battery|charge)\b(?! (is|do|does|will|would) (it|they|you|we) (charge|cost))/;
/** Words that make "charge" a fee. */
const FEE_TALK = /\b(charged? (for|to|by)|pay|paid|fees?|costs?|price|bill(ed)?)\b/;

/** Error and fault codes: "which error code", "what code is shown". */
const CODE_QUESTION = /\b(error|fault|service|display)? ?codes?\b/;
/** A code already named in the part ("what does E24 mean") asks for its meaning, not a code. */
const NAMED_CODE = /\b[A-Z]{1,2}-?\d{1,3}\b/;

/**
 * The answer type `part` expects. `part` is one question part as written; case is ignored
 * except to recognise a code already named in it.
 */
export function answerType(part: string): AnswerType {
  // A leading condition does not decide the type: "If I sell my house, does the warranty pass…".
  const text = part
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(if|when|after|before|once|while|since|for)\b[^,]{0,80},\s*/, '');
  const opener = /^[\p{L}’']+/u.exec(text)?.[0] ?? '';
  if (YES_NO_OPENERS.has(opener) || /^(tell me )?whether\b/.test(text)) return 'yes-no';
  // "How much charge does the phone need?" asks how full a battery is, not for a fee.
  if (BATTERY_CHARGE.test(text) && !FEE_TALK.test(text)) return 'quantity';
  for (const [type, pattern] of RULES) {
    if (!pattern.test(text)) continue;
    if (type === 'duration' && /\bhow long\b/.test(text) && (LENGTH_NOUNS.test(text) || HOW_LONG_BE.test(text)))
      return 'quantity';
    return type;
  }
  // "What does code E30 mean" names its code right after the word: it asks for the meaning.
  const codeNamedAfter = /\bcodes? [a-z]{1,2}-?\d{1,3}\b/.test(text);
  if (/^(what|which)\b( \w+){0,2} codes?\b/.test(text) && !codeNamedAfter) return 'code';
  if (CODE_QUESTION.test(text) && /\bcodes?\b/.test(text) && !NAMED_CODE.test(stripModels(part))) {
    return 'code';
  }
  const head = askedHead(text);
  if (
    /^(what|which)\b/.test(text) &&
    (QUANTITY_NOUNS.test(head) || (/\bresolution\b/.test(head) && QUANTITY_NOUNS.test(text)))
  )
    return 'quantity';
  // "What's the longest I can set…", "What's the most fingerprints I can register?" ask for a
  // limit; "at what percentage" for a share.
  if (SUPERLATIVE_DURATION.test(text)) return 'duration';
  if (SUPERLATIVE_AMOUNT.test(text) || /\b(what|which) (battery )?(percentage|percent)\b/.test(text)) return 'quantity';
  return 'text';
}

/**
 * What a "what"/"which" question asks for: its words before the first preposition or condition
 * ("which GPU specs matter most" of "… for deep learning speed"; "what is the maximum load" of
 * "… of the shelf"). A measure named after it is what the thing asked for is about, not the thing
 * ("what resolution …", though, is told a screen's by the words after it: "… as a monitor").
 */
function askedHead(text: string): string {
  return (
    text.split(/\s(?:for|in|on|at|with|to|from|during|under|over|when|if|while|after|before|because)\s/)[0] ?? text
  );
}

/** Removes model names so that `DW-480` is not taken for an error code. */
function stripModels(part: string): string {
  return part.replace(/\b[A-Za-z]{2,4}-?\d{2,4}[A-Za-z]{0,2}\b/g, ' ');
}
