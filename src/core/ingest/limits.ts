/**
 * Size caps, checked before a file is read (docs/reliability.md IN-07): a browser checks
 * `File.size`, Node checks `stat().size`, and the parse wrapper checks the bytes it is given.
 */
import { RagError } from '../errors.js';
import { extensionOf } from './file-kind.js';

/** Largest file accepted, in bytes, by kind of file. */
export interface SizeLimits {
  /** `.md`, `.txt`, `.html` and other text formats. */
  text: number;
  pdf: number;
  /** `.docx` and `.docm`. */
  docx: number;
}

const MB = 1024 * 1024;

/** The default caps: 50 MB of text, 200 MB of PDF, 100 MB of Word. */
export const DEFAULT_SIZE_LIMITS: Readonly<SizeLimits> = { text: 50 * MB, pdf: 200 * MB, docx: 100 * MB };

/** Which cap applies to a file name. */
export function sizeKindOf(name: string): keyof SizeLimits {
  const extension = extensionOf(name);
  if (extension === '.pdf') return 'pdf';
  if (extension === '.docx' || extension === '.docm') return 'docx';
  return 'text';
}

/** `12.3 MB`, `512 KB`, `80 bytes`. */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1).replace(/\.0$/, '')} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** Throws `FILE_TOO_LARGE` naming the file when `size` is over its cap. */
export function checkFileSize(name: string, size: number, limits: Readonly<SizeLimits> = DEFAULT_SIZE_LIMITS): void {
  const kind = sizeKindOf(name);
  const limit = limits[kind];
  if (size > limit) {
    throw new RagError('FILE_TOO_LARGE', { file: name, size: formatBytes(size), limit: formatBytes(limit), kind });
  }
}
