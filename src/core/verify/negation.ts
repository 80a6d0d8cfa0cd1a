/**
 * Polarity: whether a statement is negated ("is not covered", "never", "excluded"). A claim
 * whose polarity differs from the evidence it rests on says the opposite of it.
 */

/** Words that negate what follows or state an exclusion. */
const NEGATION =
  /\b(?:not|no|never|none|nothing|neither|nor|cannot|without|exclud(?:ed|es|ing)?|exclusions?|except|n['’]t)\b|\b\w+n['’]t\b|\bun(?!screw|plug|pack|load|til|der|it|ion|iform|ique|iver)[a-z]{4,}(?:ed|able)\b/i;
/** Negation words that only bound a quantity or add emphasis: they do not flip a statement. */
const NOT_A_NEGATION =
  /\b(?:no|not) (?:more|less|later|earlier|fewer|longer than|sooner) than\b|\bnot only\b|\bno matter\b|\bnot exceed(?:ing)?\b|\bwithout (?:delay|tools?)\b/gi;

/** True when `text` is negated. */
export function isNegated(text: string): boolean {
  return NEGATION.test(text.replace(NOT_A_NEGATION, ' '));
}
