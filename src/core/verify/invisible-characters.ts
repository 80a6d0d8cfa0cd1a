/**
 * Invisible characters that smuggle instructions past a reader (docs/reliability.md PI-09):
 * zero-width characters, Unicode tag characters and bidirectional overrides. Legitimate uses are
 * spared: emoji flag tag sequences (🏴 + tags + U+E007F), zero-width joiners inside emoji sequences
 * or scripts that need them, and a byte-order mark at the very start.
 */

/** A run of invisible characters, with offsets (UTF-16) into the text. */
export interface InvisibleRun {
  start: number;
  end: number;
  /** Number of code points in the run. */
  count: number;
}

const ZERO_WIDTH = /[\u200B-\u200F\u2060-\u2064\uFEFF]/u;
const BIDI = /[\u202A-\u202E\u2066-\u2069]/u;
const JOINERS = /[\u200C\u200D]/u;
const WAVING_BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;

/** True for a Unicode tag character (U+E0000–U+E007F). */
function isTag(codePoint: number): boolean {
  return codePoint >= 0xe0000 && codePoint <= 0xe007f;
}

/** Runs of invisible characters in `text`, in order. */
export function findInvisibleCharacters(text: string): InvisibleRun[] {
  const points = [...text].map((character, index) => ({ character, code: character.codePointAt(0) ?? 0, index }));
  const offsets: number[] = [];
  let offset = 0;
  for (const point of points) {
    offsets.push(offset);
    offset += point.character.length;
  }
  const flagged = points.map((point, position) => isSmuggling(points, position, offsets[position] ?? 0));
  const runs: InvisibleRun[] = [];
  flagged.forEach((isFlagged, position) => {
    if (!isFlagged) return;
    const start = offsets[position] ?? 0;
    const end = start + (points[position]?.character.length ?? 1);
    const last = runs[runs.length - 1];
    if (last && last.end === start) {
      last.end = end;
      last.count++;
    } else {
      runs.push({ start, end, count: 1 });
    }
  });
  return runs;
}

type Point = { character: string; code: number };

function isSmuggling(points: Point[], position: number, offset: number): boolean {
  const point = points[position];
  if (!point) return false;
  if (isTag(point.code)) return !inFlagSequence(points, position);
  if (BIDI.test(point.character)) return true;
  if (!ZERO_WIDTH.test(point.character)) return false;
  if (point.code === 0xfeff && offset === 0) return false;
  if (JOINERS.test(point.character)) return !joinsLegitimately(points[position - 1], points[position + 1]);
  return true;
}

/** Tags that spell a subdivision flag: 🏴 then tag letters/digits then the cancel tag. */
function inFlagSequence(points: Point[], position: number): boolean {
  let first = position;
  while (first > 0 && isTag(points[first - 1]?.code ?? 0)) first--;
  let last = position;
  while (last + 1 < points.length && isTag(points[last + 1]?.code ?? 0)) last++;
  if (points[first - 1]?.code !== WAVING_BLACK_FLAG || points[last]?.code !== CANCEL_TAG) return false;
  for (let index = first; index < last; index++) {
    const code = points[index]?.code ?? 0;
    const letterOrDigit = (code >= 0xe0061 && code <= 0xe007a) || (code >= 0xe0030 && code <= 0xe0039);
    if (!letterOrDigit) return false;
  }
  return last - first >= 2 && last - first <= 7;
}

/** A joiner between two emoji, or between two letters of a script that uses joiners (Arabic, Indic…). */
function joinsLegitimately(before: Point | undefined, after: Point | undefined): boolean {
  if (!before || !after) return false;
  const emoji = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F/u;
  if (emoji.test(before.character) && emoji.test(after.character)) return true;
  const joiningScript =
    /[\p{Script=Arabic}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Kannada}\p{Script=Telugu}\p{Script=Tamil}\p{Script=Gujarati}\p{Script=Gurmukhi}\p{Script=Syriac}]/u;
  return joiningScript.test(before.character) || joiningScript.test(after.character);
}
