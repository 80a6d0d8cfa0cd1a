/**
 * The checker's paraphrase lexicon: words that mean the same in questions and answers about
 * products, manuals, warranties and services ("pass to the buyer" / "transfer to the new
 * owner", "how big" / "capacity"), phrases that stand for one word ("washing machine",
 * "hooked up"), and broader words that cover a narrower one in a rule ("the appliance" covers
 * "the dishwasher"). Written as general English classes, not from one corpus; the lexical judge
 * stays literal about everything else (numbers, dates, part numbers, names and polarity are
 * checked as facts, never through this list).
 *
 * Words are written plainly and stemmed here with the index's own stemmer, so a class reads as
 * English and cannot drift from what `contentTerms` produces.
 */
import { contentTerms } from './terms.js';
import { WORDNET_CLASSES } from './wordnet-classes.js';

/**
 * Classes of words one checker term stands for. Each class maps to its first word's stem. A word
 * with two common meanings is left out rather than merged ("last": final, or lasts).
 */
const SYNONYM_CLASSES: readonly (readonly string[])[] = [
  // Bounds and amounts.
  ['maximum', 'highest', 'max'],
  ['minimum', 'lowest', 'min'],
  ['total', 'overall', 'altogether', 'combined', 'entire', 'whole'],
  ['capacity', 'holds', 'hold', 'volume', 'size'],
  ['weight', 'weigh', 'weighs'],
  ['height'],
  ['width'],
  ['depth'],
  ['noise', 'loudness', 'decibel', 'decibels', 'sound'],
  ['temperature', 'degrees'],
  ['speed', 'rpm'],
  ['frequency', 'interval', 'often', 'regularly'],
  ['duration', 'period', 'lasts'],
  ['cost', 'price', 'charge', 'charged', 'fee', 'fees', 'pay', 'paid', 'payment'],
  ['gap', 'space', 'clearance', 'distance'],
  // Things and places.
  ['container', 'reservoir', 'compartment', 'tank', 'receptacle'],
  ['interior', 'inside', 'cavity', 'internal', 'inner', 'chamber'],
  ['exterior', 'outside', 'outer', 'external'],
  ['home', 'house', 'property', 'flat', 'apartment', 'dwelling', 'premises'],
  ['buyer', 'acquirer'],
  ['owner', 'owners', 'owned', 'own'],
  ['warranty', 'guarantee', 'guaranteed'],
  ['receipt', 'invoice'],
  ['manual', 'handbook', 'guide', 'instructions'],
  ['technician', 'engineer', 'mechanic', 'serviceman'],
  ['appointment', 'booking', 'visit'],
  ['error', 'fault', 'alarm'],
  ['smell', 'odour', 'odor', 'stink'],
  ['programme', 'program', 'cycle'],
  ['detergent', 'soap'],
  ['tap', 'faucet', 'supply'],
  // Actions and states.
  ['connect', 'connected', 'hook', 'hooked', 'attach', 'attached', 'plug', 'plumb'],
  ['disconnect', 'detach', 'unplug'],
  ['transfer', 'transferred', 'transferable', 'pass', 'passes', 'passed', 'assign'],
  ['sell', 'sold', 'sale', 'resell'],
  ['buy', 'bought', 'purchase', 'purchased'],
  ['repair', 'fix', 'fixed', 'mend'],
  ['replace', 'replacement', 'swap', 'substitute', 'exchange'],
  ['defect', 'defective', 'faulty', 'broken', 'break', 'malfunction', 'failure', 'fail', 'fails'],
  ['start', 'begin', 'starts', 'begins', 'launch'],
  ['finish', 'end', 'ends', 'complete', 'completed', 'done'],
  ['stop', 'halt', 'pause', 'interrupt'],
  ['cancel', 'abort', 'terminate'],
  ['remove', 'removal'],
  ['clean', 'cleaning', 'wipe', 'wiped'],
  ['drain', 'empty', 'emptying'],
  ['leak', 'leaks', 'leaking', 'drip', 'dripping', 'seep'],
  ['allow', 'allowed', 'permit', 'permitted'],
  ['forbid', 'forbidden', 'prohibit', 'prohibited', 'banned'],
  ['require', 'required', 'requirement', 'necessary', 'mandatory'],
  ['contact', 'call', 'phone'],
  ['install', 'installed', 'installation', 'mount', 'mounted'],
  ['register', 'registration', 'registered', 'enrol', 'activate'],
  ['store', 'storage'],
  ['include', 'included', 'includes'],
  ['exclude', 'excluded', 'exclusion', 'except'],
  ['return', 'returned', 'returns'],
  ['child', 'children', 'kid', 'kids', 'toddler'],
  ['button', 'buttons', 'control', 'controls', 'knob', 'knobs'],
  ['advance', 'ahead', 'beforehand', 'prior'],
  ['recommend', 'recommended', 'advise', 'advised', 'suggest'],
];

/** Phrases that stand for one word of a class: rewritten before stemming, in questions and in claims. */
const PHRASES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bwashing[- ]machines?\b/gi, 'washer'],
  [/\bdish[- ]?washers?\b/gi, 'dishwasher'],
  [/\bnew owners?\b/gi, 'buyer'],
  [/\bnext owners?\b/gi, 'buyer'],
  [/\b(?:hook|hooks|hooked|hooking)\s+(?:it\s+|them\s+)?up\b/gi, 'connect'],
  [/\b(?:plug|plugs|plugged|plugging)\s+(?:it\s+|them\s+)?in\b/gi, 'connect'],
  [/\b(?:send|sent|sending|bring|take|ship)\s+(?:it\s+|them\s+|\w+\s+)?back\b/gi, 'return'],
  [/\btop (?=speed|temperature|setting)/gi, 'maximum '],
  [/\bself[- ]clean(?:ing|s)?\b/gi, 'clean'],
  [/\bin total\b/gi, 'total'],
  [/\bproof of purchase\b/gi, 'receipt'],
  [/\bhow (?:big|large|much space)\b/gi, 'capacity'],
  [/\bhow (?:hot|warm|cold)\b/gi, 'temperature'],
  [/\bhow heavy\b/gi, 'weight'],
  [/\bhow (?:loud|noisy|quiet)\b/gi, 'noise'],
  [/\bhow (?:tall|high)\b/gi, 'height'],
  [/\bhow wide\b/gi, 'width'],
  [/\bhow deep\b/gi, 'depth'],
  [/\bhow fast\b/gi, 'speed'],
  [/\bhow (?:far|long) (?:ahead|in advance|beforehand)\b/gi, 'advance'],
  [/\bhow much notice\b/gi, 'advance'],
  [/\bcall[- ]out\b/gi, 'visit'],
  [/\bpower (?:supply|socket|outlet)\b/gi, 'socket'],
];

/**
 * Broader words and the narrower ones they cover: a rule about "the appliance" is about the
 * washing machine, and "the machine" in a claim may name the washing machine of its passage.
 */
const BROADER: Readonly<Record<string, readonly string[]>> = {
  washer: ['appliance', 'machine'],
  dishwasher: ['appliance', 'machine'],
  oven: ['appliance'],
  fridge: ['appliance'],
  refrigerator: ['appliance'],
  freezer: ['appliance'],
  dryer: ['appliance', 'machine'],
  kettle: ['appliance'],
  machine: ['appliance'],
  hob: ['appliance'],
  cooker: ['appliance'],
};

function stem(word: string): string | undefined {
  return contentTerms(word)[0];
}

/**
 * Each stem's class: the hand-written classes first, then WordNet's (wordnet-classes.ts). A word
 * keeps the class it was first given, and a WordNet class never joins a hand-written one: its
 * other words form a class of their own ("min minute" must not make "minute" a "minimum").
 */
function buildClasses(): Map<string, string> {
  const map = new Map<string, string>();
  const stems = (words: readonly string[]) => words.map(stem).filter((item): item is string => item !== undefined);
  for (const words of SYNONYM_CLASSES) {
    const list = stems(words);
    const head = list[0];
    if (head === undefined) continue;
    for (const item of list) if (!map.has(item)) map.set(item, head);
  }
  for (const line of WORDNET_CLASSES) {
    const free = stems(line.split(' ')).filter((item) => !map.has(item));
    for (const item of free) map.set(item, free[0]!);
  }
  return map;
}

const CLASS_OF = buildClasses();

/** The class a stem belongs to, named by its first word's stem; the stem itself when it has none. */
export function paraphraseClass(term: string): string {
  return CLASS_OF.get(term) ?? term;
}

/** `text` with the lexicon's phrases written as single words. */
export function rewritePhrases(text: string): string {
  return PHRASES.reduce((result, [pattern, word]) => result.replace(pattern, ` ${word} `), text);
}

/** The phrases of `text`: for each, the stems its words would give and the one word it stands for. */
export function phrasesIn(text: string): { stems: string[]; word: string }[] {
  const found: { stems: string[]; word: string }[] = [];
  for (const [pattern, word] of PHRASES) {
    for (const match of text.matchAll(new RegExp(pattern.source, pattern.flags))) {
      found.push({ stems: contentTerms(match[0]), word });
    }
  }
  return found;
}

function buildRelated(): { broader: Map<string, string[]>; narrower: Map<string, string[]> } {
  const broader = new Map<string, string[]>();
  const narrower = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, from: string, to: string) => map.set(from, [...(map.get(from) ?? []), to]);
  for (const [narrow, broad] of Object.entries(BROADER)) {
    const key = stem(narrow);
    if (key === undefined) continue;
    for (const word of broad) {
      const other = stem(word);
      if (other === undefined) continue;
      add(broader, paraphraseClass(key), paraphraseClass(other));
      add(narrower, paraphraseClass(other), paraphraseClass(key));
    }
  }
  return { broader, narrower };
}

const RELATED = buildRelated();

/** Canonical terms broader than `term` ("applianc" and "machin" for "washer"); empty when none. */
export function broaderTerms(term: string): readonly string[] {
  return RELATED.broader.get(term) ?? [];
}

/** Canonical terms narrower than `term` ("washer", "dishwash"… for "applianc"); empty when none. */
export function narrowerTerms(term: string): readonly string[] {
  return RELATED.narrower.get(term) ?? [];
}
