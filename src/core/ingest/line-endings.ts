/**
 * Line endings: CRLF and lone CR become LF, so that every stage sees one kind of line break.
 * Offsets into the normalised text map back to the decoded file text through the list of
 * collapsed CRLFs (docs/reliability.md IN-17).
 */

/** Normalised text and where it lost characters. */
export interface NormalisedText {
  /** The text with LF line breaks only. */
  text: string;
  /** Offsets in `text` of the LFs that were CRLF (ascending). */
  crlfOffsets: number[];
}

/** Replaces CRLF and lone CR by LF, recording where a CRLF was collapsed. */
export function normaliseLineEndings(original: string): NormalisedText {
  if (!original.includes('\r')) return { text: original, crlfOffsets: [] };
  const crlfOffsets: number[] = [];
  let text = '';
  let from = 0;
  for (let index = original.indexOf('\r'); index !== -1; index = original.indexOf('\r', from)) {
    text += original.slice(from, index) + '\n';
    if (original[index + 1] === '\n') {
      crlfOffsets.push(text.length - 1);
      from = index + 2;
    } else from = index + 1;
  }
  text += original.slice(from);
  return { text, crlfOffsets };
}

/** How many entries of the ascending list `offsets` are below `offset`. */
function countBelow(offsets: readonly number[], offset: number): number {
  let low = 0;
  let high = offsets.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((offsets[middle] ?? 0) < offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The offset in the decoded file text (after the BOM, before line-ending normalisation) of
 * offset `offset` of a document's `text`. `original.slice(originalOffset(d, s), originalOffset(d, e))`
 * is the passage `d.text.slice(s, e)` as the file wrote it (CRLFs included).
 */
export function originalOffset(
  document: { textOffset: number; crlfOffsets?: readonly number[] },
  offset: number,
): number {
  return document.textOffset + offset + countBelow(document.crlfOffsets ?? [], offset);
}

/** Moves a list of CRLF offsets of a whole text to a slice of it starting at `start`. */
export function crlfOffsetsFrom(crlfOffsets: readonly number[], start: number): number[] {
  return crlfOffsets.slice(countBelow(crlfOffsets, start)).map((offset) => offset - start);
}

/** Offset in the original text of offset `offset` of the whole normalised text. */
export function originalOffsetOf(crlfOffsets: readonly number[], offset: number): number {
  return offset + countBelow(crlfOffsets, offset);
}
