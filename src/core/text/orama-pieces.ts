/**
 * The pieces Orama's English tokenizer normalizes one by one: it lower-cases the whole value and
 * splits it with its `SPLITTERS.english` (`@orama/orama`, `components/tokenizer/languages.js`).
 * Callers that look each piece's normalization up in a table instead of asking the tokenizer
 * again start here, so that they split exactly as it does.
 */

/** Orama's `SPLITTERS.english`, flags included. */
const SPLITTER = /[^A-Za-zàèéìòóù0-9_'-]+/gim;

/** The lower-cased value split as Orama's `tokenize` splits it (empty pieces included). */
export function oramaPieces(value: string): string[] {
  return value.toLowerCase().split(SPLITTER);
}
