/**
 * Saving a file the page made: a Blob URL, clicked through a temporary `download` link. The URL
 * is kept (and shown as a link) until the next file of the same kind replaces it.
 */
import { keepSavedFile } from './test-hooks.js';

/** A file the page made, ready to save again. */
export interface SavedFile {
  name: string;
  url: string;
}

/** Makes a Blob URL for `data`, starts its download as `name` and returns both. */
export function saveFile(data: BlobPart, name: string, type: string, previous?: SavedFile): SavedFile {
  if (previous) URL.revokeObjectURL(previous.url);
  const blob = new Blob([data], { type });
  keepSavedFile(name, blob);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  return { name, url };
}

/** A file-name slug of a question: lower case letters, digits and dashes, at most 60 characters. */
export function questionSlug(question: string): string {
  const slug = question
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'answer';
}
