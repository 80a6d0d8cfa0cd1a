/**
 * Text from a model or a document, split where it writes a Markdown image or link, so that the
 * answer can show them without fetching or following anything (docs/reliability.md PI-02, PI-03,
 * PI-05, OUT-02):
 *
 * - an image (`![alt](url)`, `![alt][ref]`) becomes a notice, "[external image removed: alt]";
 *   nothing is loaded;
 * - a link to an `http:`/`https:` address becomes a `link`: the page shows its full destination
 *   and opens it only after a confirm step;
 * - a link to any other address (`javascript:`, `vbscript:`, `data:`, `file:`, entity-encoded or
 *   relative ones, or one with a user name before the host) becomes an `inert` piece: its words
 *   and destination, as text;
 * - a linked image becomes the image notice and then the link.
 */

/** One piece of untrusted text. */
export type InertPiece =
  | { kind: 'text'; text: string }
  | { kind: 'image'; alt: string; source: string }
  | { kind: 'link'; label: string; href: string }
  | { kind: 'inert'; label: string; destination: string };

/**
 * A linked image (`[![alt](src)](href)`), an image, a reference image, or a link whose label is
 * not an image (so a linked image never becomes a link to the image's address).
 */
const MARKDOWN =
  /\[!\[([^\]\n]*)\]\(([^)\n]*)\)\]\(([^)\n]*)\)|!\[([^\]\n]*)\]\(([^)\n]*)\)|!\[([^\]\n]*)\]\[([^\]\n]*)\]|\[(?!!\[)([^\]\n]*)\]\(([^)\n]*)\)/g;

/** Splits `text` at Markdown images and links. */
export function inertPieces(text: string): InertPiece[] {
  const pieces: InertPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(MARKDOWN)) {
    if (match.index > last) pieces.push({ kind: 'text', text: text.slice(last, match.index) });
    last = match.index + match[0].length;
    const [, linkedAlt, linkedSource, linkedHref, alt, source, refAlt, ref, label = '', destination = ''] = match;
    if (linkedAlt !== undefined) {
      pieces.push({ kind: 'image', alt: linkedAlt, source: firstToken(linkedSource ?? '') });
      pieces.push(linkPiece(linkedAlt || 'image link', firstToken(linkedHref ?? '')));
    } else if (alt !== undefined) pieces.push({ kind: 'image', alt, source: firstToken(source ?? '') });
    else if (refAlt !== undefined) pieces.push({ kind: 'image', alt: refAlt, source: `[${ref ?? ''}]` });
    else pieces.push(linkPiece(label, firstToken(destination)));
  }
  if (last < text.length) pieces.push({ kind: 'text', text: text.slice(last) });
  return pieces;
}

/** A web address a person may open after confirming, or undefined for anything else. */
export function webAddress(destination: string): string | undefined {
  try {
    const url = new URL(destination);
    // "https://bank.example@evil.test/" reads as the bank but goes to evil.test: shown as text.
    if (url.username !== '' || url.password !== '') return undefined;
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function linkPiece(label: string, destination: string): InertPiece {
  const href = webAddress(destination);
  return href ? { kind: 'link', label, href } : { kind: 'inert', label, destination };
}

/** The destination of `(url "title")` or `(<url>)`. */
function firstToken(destination: string): string {
  return (destination.trim().split(/\s+/)[0] ?? '').replace(/^<|>$/g, '');
}
