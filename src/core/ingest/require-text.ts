import { RagError } from '../errors.js';

/** Throws `NO_TEXT` naming the file when `text` has nothing but white space. */
export function requireText(text: string, file: string): void {
  if (text.trim() === '') throw new RagError('NO_TEXT', { file });
}
