/**
 * File names to file kinds.
 */

/** The lower-case extension of a file name, with the dot (`.md`), or '' when there is none. */
export function extensionOf(name: string): string {
  return /\.[^./\\]+$/.exec(name)?.[0].toLowerCase() ?? '';
}
