/**
 * Words that exclude each other in the same slot: a side, a direction, an end of a range, a state.
 * A claim that says "front camera" where the sentence it rests on says "rear camera", "drag to
 * the right" where it says "to the left", "is removed" where it says "remains", says the opposite
 * of that sentence without any negation.
 */

const side = (source: string) => new RegExp(source, 'i');

/**
 * The pairs. "On" and "off" count only as a state ("is on", "turn it off", "the off position"):
 * "on" is above all a preposition. "Up" and "down" only after a motion ("swipe up"). Pairs a
 * paraphrase turns round with the sentence ("before" and "after", "first" and "last") are left out.
 */
const PAIRS: readonly [RegExp, RegExp][] = [
  [side(String.raw`\bfront\b`), side(String.raw`\brear\b`)],
  [
    side(String.raw`\bleft\b(?!\s+(?:over|behind|out|unattended|on|in)\b)`),
    side(String.raw`\bright\b(?!\s+(?:away|now)\b|-click)`),
  ],
  [side(String.raw`\btop\b`), side(String.raw`\bbottom\b`)],
  [side(String.raw`\bupper\b`), side(String.raw`\blower\b`)],
  [side(String.raw`\binner\b`), side(String.raw`\bouter\b`)],
  [side(String.raw`\binternal\b`), side(String.raw`\bexternal\b`)],
  [side(String.raw`\bhorizontal(?:ly)?\b`), side(String.raw`\bvertical(?:ly)?\b`)],
  [side(String.raw`\bclockwise\b`), side(String.raw`\b(?:counter-?|anti-?)clockwise\b`)],
  [side(String.raw`\bminimum\b`), side(String.raw`\bmaximum\b`)],
  [side(String.raw`\bincreas(?:e|es|ed|ing)\b`), side(String.raw`\bdecreas(?:e|es|ed|ing)\b`)],
  [side(String.raw`\benabl(?:e|es|ed|ing)\b`), side(String.raw`\bdisabl(?:e|es|ed|ing)\b`)],
  [
    side(String.raw`\b(?:remains?|remained|stays?|stayed|kept|retained)\b`),
    side(String.raw`\b(?:removed|deleted|erased|wiped)\b`),
  ],
  [
    side(String.raw`\b(?:swipe|slide|drag|scroll|flick|pull|push|move)\s+(?:[\w-]+\s+)?up\b`),
    side(String.raw`\b(?:swipe|slide|drag|scroll|flick|pull|push|move)\s+(?:[\w-]+\s+)?down\b`),
  ],
  [
    side(
      String.raw`\b(?:is|are|was|were|be|turns?|turned|switch(?:es|ed)?|sets?|toggled?|stays?|remains?)\s+(?:it\s+|them\s+)?on\b(?!\s+(?:the|a|an|your|its|their|this|that)\b)|\bon position\b`,
    ),
    side(
      String.raw`\b(?:is|are|was|were|be|turns?|turned|switch(?:es|ed)?|sets?|toggled?|stays?|remains?)\s+(?:it\s+|them\s+)?off\b|\boff position\b`,
    ),
  ],
];

/**
 * Why `claim` says the opposite of `sentence` by a word of a pair, if it does: the claim has one
 * side and not the other, the sentence the other side and not the claim's.
 */
export function oppositeWord(claim: string, sentence: string): string | undefined {
  for (const [one, other] of PAIRS) {
    for (const [said, stated] of [
      [one, other],
      [other, one],
    ] as const) {
      const claimed = said.exec(claim);
      if (!claimed || stated.test(claim)) continue;
      const found = stated.exec(sentence);
      if (!found || said.test(sentence)) continue;
      return `the passage says "${found[0]}" where the claim says "${claimed[0]}"`;
    }
  }
  return undefined;
}
