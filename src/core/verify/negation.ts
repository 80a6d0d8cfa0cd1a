/**
 * Polarity: whether a statement is negated ("is not covered", "never", "excluded"). A claim
 * whose polarity differs from the evidence it rests on says the opposite of it.
 */
import { checkTerms } from './term-weights.js';

/** Negation words and exclusions, and verbs that say a thing does not happen ("unable to", "failed to", "ruled out"). */
const NEGATION_WORD = String.raw`\b(?:not|no|never|none|nothing|nobody|no one|nowhere|neither|nor|cannot|without|exclud(?:ed|es|ing)?|exclusions?|except|n['’]t|unable to|fail(?:s|ed)? to|rul(?:e|es|ed|ing) out)\b|\b\w+n['’]t\b`;
/** Words that begin with "un" without negating anything ("unscrew", "until", "unit", "unless"…). */
const NOT_UN = String.raw`(?!screw|plug|pack|load|til|der|it\b|its|ion|iform|ique|iver|less)`;
/** A participle or adjective with a negating "un-" ("unregistered", "unsuitable"). */
const UN_ADJECTIVE = String.raw`\bun${NOT_UN}[a-z]{4,}(?:ed|able)\b`;

const NEGATION = new RegExp(`${NEGATION_WORD}|${UN_ADJECTIVE}`, 'i');
/** Any word with a negating "un-", its root captured ("uninstall" → "install"). */
const UN_WORD = new RegExp(String.raw`\bun${NOT_UN}([a-z]{4,})\b`, 'gi');

/** Negation words that only bound a quantity or add emphasis: they do not flip a statement. */
const NOT_A_NEGATION =
  /\b(?:no|not) (?:more|less|later|earlier|fewer|longer than|sooner) than\b|\b(?:no|not) [a-z]+er than\b|\bnot only\b|\bno matter\b|\bnot exceed(?:ing)?\b|\bwithout (?:delay|tools?)\b/gi;

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
  const cleaned = text.replace(NOT_A_NEGATION, ' ');
  let otherTerms: Set<string> | undefined;
  for (const match of cleaned.matchAll(NEGATION_WORDS)) {
    // A colon does not end it: "does not cover: damage to the drum, …" negates the list it opens.
    const after = cleaned.slice(match.index + match[0].length).split(/[.,;!?()]/)[0] ?? '';
    const scope = checkTerms(after.trim().split(/\s+/).slice(0, NEGATION_SCOPE).join(' '));
    otherTerms ??= new Set(checkTerms(other));
    if (scope.length === 0 || scope.some((term) => otherTerms!.has(term))) return true;
  }
  return false;
}

function isNegatedAgainst(text: string, other: string): boolean {
  if (negationBears(text, other)) return true;
  for (const match of text.matchAll(UN_WORD)) {
    const root = (match[1] ?? '').toLowerCase();
    if (new RegExp(`(?<![a-z])(?:un)?${root}`, 'i').test(other)) return true;
  }
  return false;
}
