/**
 * A question part as a clause for a warning: "How often should the WM-720 filter be cleaned" →
 * `how often the WM-720 filter should be cleaned`; "Is water damage covered" → `whether water
 * damage is covered`. Where the word order cannot be told, the part is quoted instead.
 */

const BE_OR_MODAL = new Set([
  'is',
  'are',
  'was',
  'were',
  'can',
  'could',
  'should',
  'will',
  'would',
  'must',
  'may',
  'might',
  'shall',
  'has',
  'have',
  'had',
]);
const DO = new Set(['do', 'does', 'did']);
const WH = /^(?:what|which|how|when|where|who|whom|whose|why)$/i;
/** Verbs common in questions about appliances, to find where the subject ends after "does". */
const VERBS = new Set([
  'cover',
  'include',
  'need',
  'require',
  'use',
  'have',
  'work',
  'fit',
  'take',
  'support',
  'come',
  'pass',
  'apply',
  'allow',
  'hold',
  'accept',
  'contain',
  'run',
  'heat',
  'clean',
  'drain',
  'spin',
  'stop',
  'lock',
  'open',
  'start',
  'make',
  'get',
  'go',
  'transfer',
  'extend',
  'void',
  'affect',
  'mean',
  'cost',
  'last',
  'reach',
  'weigh',
  'consume',
  'draw',
  'show',
  'say',
  'recommend',
  'charge',
  'offer',
  'happen',
  'indicate',
  'do',
  'find',
  'book',
  'call',
  'replace',
  'order',
  'register',
  'set',
  'put',
  'leave',
  'switch',
  'turn',
]);
/** Words that open a clause saying when, why or on what condition. */
const SUBORDINATE = /^(?:when|whenever|if|while|because|after|before|since|until|once|unless|although|though)$/i;
/** Personal pronouns: a subject of one word. */
const PRONOUN = /^(?:i|you|we|they|it|he|she|there)$/i;
/** Words that open a noun phrase or name a subject: after "which serial numbers are", anything else means the wh-phrase is the subject. */
const SUBJECT_START =
  /^(?:the|a|an|my|your|our|its|their|this|that|these|those|i|you|we|it|they|he|she|\p{Lu}.*|\d.*)$/u;

/** The part as a clause ("whether …", "how often …"), or the part in quotes. */
export function partClause(part: string): string {
  const words = part
    .trim()
    .replace(/[?.!]+$/, '')
    .split(/\s+/)
    .filter(Boolean);
  const first = words[0]?.toLowerCase() ?? '';
  if (BE_OR_MODAL.has(first) || DO.has(first)) {
    const clause = declarative(first, words.slice(1));
    return clause ? `whether ${clause}` : quoted(part);
  }
  if (!WH.test(first)) return quoted(part);
  const auxIndex = words.findIndex(
    (word, index) => index > 0 && (BE_OR_MODAL.has(word.toLowerCase()) || DO.has(word.toLowerCase())),
  );
  if (auxIndex < 0) return lowerFirst(words.join(' '));
  const aux = (words[auxIndex] ?? '').toLowerCase();
  const rest = words.slice(auxIndex + 1);
  if (rest.length === 0 || isVerbish(rest[0] ?? '') || !SUBJECT_START.test(rest[0] ?? ''))
    return lowerFirst(words.join(' '));
  const clause = declarative(aux, rest);
  return clause ? lowerFirst(`${words.slice(0, auxIndex).join(' ')} ${clause}`) : quoted(part);
}

/** "is" + "water damage covered" → "water damage is covered"; "does" + "the warranty cover X" → "the warranty covers X". */
function declarative(aux: string, rest: string[]): string | undefined {
  // A pronoun is the whole subject: the verb comes next ("should I buy" → "I should buy").
  const pronoun = PRONOUN.test(rest[0] ?? '') && rest.length > 1;
  if (DO.has(aux)) {
    const verbIndex = pronoun ? 1 : rest.findIndex((word, index) => index > 0 && VERBS.has(word.toLowerCase()));
    if (verbIndex < 0) return undefined;
    const verb = rest[verbIndex] ?? '';
    const conjugated = aux === 'does' ? thirdPerson(verb) : verb;
    return [...rest.slice(0, verbIndex), conjugated, ...rest.slice(verbIndex + 1)].join(' ');
  }
  if (pronoun) return [rest[0], aux, ...rest.slice(1)].join(' ');
  const verbIndex = firstVerb(rest);
  const innerAux = rest.findIndex(
    (word, index) => index > 0 && (BE_OR_MODAL.has(word.toLowerCase()) || DO.has(word.toLowerCase())),
  );
  // "the Emperor when he was still human": the verb goes before a clause that says when or why.
  const subordinate = rest.findIndex((word, index) => index > 0 && SUBORDINATE.test(word));
  if (subordinate > 0 && (verbIndex < 0 || verbIndex > subordinate) && (innerAux < 0 || innerAux > subordinate))
    return [...rest.slice(0, subordinate), aux, ...rest.slice(subordinate)].join(' ');
  // "the highest temperature the oven can be set to": a clause of its own follows; the verb goes last.
  if (verbIndex < 0 || (innerAux >= 0 && innerAux < verbIndex)) return [...rest, aux].join(' ');
  return [...rest.slice(0, verbIndex), aux, ...rest.slice(verbIndex)].join(' ');
}

/**
 * Where the verb after the subject starts: "be"/"been"/"have" first, then a participle, then a
 * known verb. A verb after "to" is an infinitive inside the predicate ("was STICI-note meant to
 * run on" → "STICI-note was meant to run on"), not where it starts.
 */
function firstVerb(rest: string[]): number {
  const find = (test: (word: string) => boolean) =>
    rest.findIndex((word, index) => index > 0 && rest[index - 1]?.toLowerCase() !== 'to' && test(word.toLowerCase()));
  const auxiliary = find((word) => word === 'be' || word === 'been' || word === 'have');
  if (auxiliary >= 0) return auxiliary;
  const participle = find(isParticiple);
  return participle >= 0 ? participle : find((word) => VERBS.has(word));
}

/** A past participle: a regular one ("covered", "taken") or a common irregular one ("meant", "built"). */
function isParticiple(word: string): boolean {
  return /^[a-z]{3,}(?:ed|en)$/.test(word) || IRREGULAR_PARTICIPLES.has(word);
}

const IRREGULAR_PARTICIPLES = new Set(
  'meant made kept left sold built bought brought caught found held told sent spent lost paid taught thought won hung dealt felt heard laid'.split(
    ' ',
  ),
);

function isVerbish(word: string): boolean {
  const lower = word.toLowerCase();
  return (
    lower === 'be' ||
    lower === 'been' ||
    isParticiple(lower) ||
    VERBS.has(lower) ||
    /^(?:set|put|hooked|kept|left|sold|run)$/.test(lower)
  );
}

function thirdPerson(verb: string): string {
  if (/(?:s|sh|ch|x|z|o)$/.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  if (verb === 'have') return 'has';
  return `${verb}s`;
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

function quoted(part: string): string {
  return `"${part.trim().replace(/[?.!]+$/, '')}?"`;
}
