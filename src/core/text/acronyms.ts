/**
 * Short forms written out: "PS5" is "PlayStation 5", "EU" the "European Union", "USA" the
 * "United States of America". An answer abbreviates what its passage spells out (and a model
 * does so more often than not); the name and identifier checks read the long form as stating
 * the short one.
 */

/** Little words a long form may hold that its short form leaves out ("United States of America"). */
const SKIPPED = new Set(['of', 'and', 'the', 'for', 'on', 'in', '&']);

/** A short form: two to five capitals, optionally a number after it ("PS5", "PS 5", "EU", "GPT-4"). */
const SHORT = /^(\p{Lu}{2,5})(?:[-\s]?(\d+))?$/u;

/**
 * The capitalised pieces of `word`: a word written in camel case counts as one piece per capital
 * ("PlayStation" → "Play", "Station"); a word in lower case has none.
 */
function capitalPieces(word: string): string[] {
  return word.match(/\p{Lu}[\p{Ll}]*/gu) ?? [];
}

/**
 * True when `text` writes `short` out: words whose capitalised pieces start, in order, with the
 * short form's letters (little words between them skipped), followed by its number where it has
 * one. Each piece gives one letter, so "PS5" ← "PlayStation 5" and "EU" ← "European Union", but
 * not "Eco Unit 5" for "EU5" when the 5 is elsewhere, nor "each user" (lower case).
 */
export function writesOut(short: string, text: string): boolean {
  const match = SHORT.exec(short.trim());
  if (!match) return false;
  const letters = match[1]!;
  const number = match[2];
  const words = text.match(/[\p{L}\p{N}&]+/gu) ?? [];
  for (let start = 0; start < words.length; start++) {
    let at = 0;
    let index = start;
    for (; index < words.length && at < letters.length; index++) {
      const word = words[index]!;
      if (at > 0 && SKIPPED.has(word.toLowerCase())) continue;
      const pieces = capitalPieces(word);
      if (pieces.length === 0 || word[0] !== pieces[0]![0]) break;
      const initials = pieces.map((piece) => piece[0]).join('');
      if (!letters.startsWith(initials, at)) break;
      at += initials.length;
    }
    if (at < letters.length) continue;
    if (number === undefined || words[index] === number) return true;
  }
  return false;
}
