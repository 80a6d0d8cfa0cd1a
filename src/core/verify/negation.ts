/**
 * Polarity: whether a statement is negated ("is not covered", "never", "excluded"). A claim
 * whose polarity differs from the evidence it rests on says the opposite of it.
 */
import { checkTerms } from './term-weights.js';

/**
 * Negation words and exclusions, verbs that say a thing does not happen ("unable to", "failed
 * to", "ruled out"), and idioms that say it is not possible ("off the table", "out of the question").
 */
const NEGATION_WORD = String.raw`\b(?:not|no|never|none|nothing|nobody|no one|nowhere|neither|nor|cannot|without|exclud(?:ed|es|ing)?|exclusions?|except|n['’]t|unable to|fail(?:s|ed)? to|rul(?:e|es|ed|ing) out|off the table|out of the question)\b|\b\w+n['’]t\b`;
/** Words that begin with "un" without negating anything ("unscrew", "until", "unit", "unless"…). */
const NOT_UN = String.raw`(?!screw|plug|pack|load|til|der|it\b|its|ion|iform|ique|iver|less)`;
/** A participle or adjective with a negating "un-" ("unregistered", "unsuitable"). */
const UN_ADJECTIVE = String.raw`\bun${NOT_UN}[a-z]{4,}(?:ed|able)\b`;

const NEGATION = new RegExp(`${NEGATION_WORD}|${UN_ADJECTIVE}`, 'i');
/** Any word with a negating "un-", its root captured ("uninstall" → "install"). */
const UN_WORD = new RegExp(String.raw`\bun${NOT_UN}([a-z]{4,})\b`, 'gi');

/**
 * Negation words that only bound a quantity or add emphasis, and "if not", which sets a condition
 * ("whoever enters first (if not Cad)", said "unless it's Cad" in other words): they do not flip
 * a statement.
 */
const NOT_A_NEGATION =
  /\b(?:no|not) (?:more|less|later|earlier|fewer|longer than|sooner) than\b|\b(?:no|not) [a-z]+er than\b|\bnot only\b|\bno matter\b|\bnot exceed(?:ing)?\b|\bwithout (?:delay|tools?)\b|\bif not\b/gi;

/** True when `text` is negated (an "un-" participle counts: see `polarityDiffers` for comparing two texts). */
export function isNegated(text: string): boolean {
  return NEGATION.test(text.replace(NOT_A_NEGATION, ' '));
}

/**
 * True when `claim` and `evidence` differ in polarity. Negation words count on each side; an
 * "un-" word counts as a negation only where the other side speaks of the same thing
 * ("unregistered" against "has not been registered" or "registered", "uninstall" against
 * "install"): "unbalanced load" alone is a state, not a negation of what the other side says.
 */
export function polarityDiffers(claim: string, evidence: string): boolean {
  const [plainClaim, plainEvidence] = [withoutCode(claim), withoutCode(evidence)];
  if (bothNegateAlike(plainClaim, plainEvidence)) return false;
  return isNegatedAgainst(plainClaim, plainEvidence) !== isNegatedAgainst(plainEvidence, plainClaim);
}

/**
 * Code in a text: a span in backticks, or a call written as code (a name, dotted or not, its
 * parentheses right after it, one level of calls inside: `mo.stop(form.value is None, …)`).
 */
const CODE = /`[^`\n]+`|[\p{L}_$][\p{L}\d_$.]*\((?:[^()\n]|\([^()\n]*\))*\)/gu;

/** `text` with its code blanked out: "is None" or "!= null" in code negates nothing the sentence says. */
export function withoutCode(text: string): string {
  return text.replace(CODE, ' ');
}

/** How many words after a negation it governs (its scope, as NegEx counts it), within its clause. */
const NEGATION_SCOPE = 5;
const NEGATION_WORDS = new RegExp(NEGATION_WORD, 'gi');

/**
 * True when a negation word of `text` bears on `other`: a content word in its scope (the few
 * words after it, up to a comma or full stop) is one `other` uses, as the checker reads words
 * (its paraphrase classes: "not permitted" bears on "allowed"), or the scope has no content word
 * ("it is not."). "I would not be able to access large models" does not negate "runs on an M1
 * MacBook with 8 GB of memory"; "is not covered" does negate "is covered".
 */
function negationBears(text: string, other: string): boolean {
  let otherTerms: Set<string> | undefined;
  for (const scope of negationScopes(text)) {
    // Single letters ("a", "I") are no content the scope can share.
    const terms = checkTerms(scope).filter((term) => term.length > 1 || /\d/.test(term));
    otherTerms ??= new Set(checkTerms(other));
    if (terms.length === 0 || terms.some((term) => otherTerms!.has(term))) return true;
  }
  return false;
}

/** The scope of each negation word of `text`: the few words after it, within its clause. */
function negationScopes(text: string): string[] {
  const cleaned = text.replace(NOT_A_NEGATION, ' ');
  return [...cleaned.matchAll(NEGATION_WORDS)].map((match) => {
    // A colon does not end it: "does not cover: damage to the drum, …" negates the list it opens.
    const after = cleaned.slice(match.index + match[0].length).split(/[.,;!?()]/)[0] ?? '';
    return after.trim().split(/\s+/).slice(0, NEGATION_SCOPE).join(' ');
  });
}

/**
 * True when both texts negate the same word ("Dicts aren't used much" and "Dicts are generally
 * not used much in Gleam"): the first word after a negation of each, glue left out, is the same,
 * where the content words alone may miss it ("used much" has none). Only that head counts: "does
 * not stop when the door opens" and "does not restart when the door opens" negate two things.
 */
function bothNegateAlike(text: string, other: string): boolean {
  const heads = (value: string) =>
    negationScopes(value)
      .map((scope) => plainWords(scope)[0]?.replace(/s$/, ''))
      .filter((head): head is string => head !== undefined);
  const otherHeads = new Set(heads(other));
  return heads(text).some((head) => otherHeads.has(head));
}

/** Words too common to tie a negation to anything: articles, pronouns, prepositions, auxiliaries. */
const GLUE = new Set(
  'a an the it its they them this that these those there to of in on at by for from with as and or be is are was were been being have has had do does did can could will would shall should may might must'.split(
    ' ',
  ),
);

/** The lower-case words of `text` that are not glue. */
function plainWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\d]+/gu) ?? []).filter((word) => !GLUE.has(word));
}

/** Endings an "un-" word's root may carry on either side: "unlock" and "unlocks" share "lock". */
const ROOT_ENDING = /(?:s|es|ed|ing)$/;

const UN_ADJECTIVE_WORD = new RegExp(`^${UN_ADJECTIVE}$`, 'i');

function isNegatedAgainst(text: string, other: string): boolean {
  if (negationBears(text, other)) return true;
  for (const match of text.matchAll(UN_WORD)) {
    const word = (match[1] ?? '').toLowerCase();
    const stem = word.replace(ROOT_ENDING, '');
    const root = stem.length >= 4 ? stem : word;
    if (new RegExp(`(?<![a-z])(?:un)?${root}`, 'i').test(other)) return true;
    // "unavailable while a recording is in progress" against "cannot be accessed while a
    // recording is in progress": a negating participle or adjective meets a negation in the other.
    if (UN_ADJECTIVE_WORD.test(match[0]) && negationBears(other, text)) return true;
  }
  return false;
}
