/**
 * The charset an HTML file declares in its first kilobyte (`<meta charset="…">` or the
 * `http-equiv="Content-Type"` form), read as ASCII as the HTML standard's prescan does.
 */

const PRESCAN_BYTES = 1024;

/** The declared charset label, or undefined when the file declares none. */
export function declaredHtmlCharset(bytes: Uint8Array): string | undefined {
  let head = '';
  const end = Math.min(bytes.length, PRESCAN_BYTES);
  for (let index = 0; index < end; index++) head += String.fromCharCode(bytes[index] ?? 0);
  const withoutComments = head.replace(/<!--[\s\S]*?-->/g, '');
  for (const match of withoutComments.matchAll(/<meta\b[^>]*>/gi)) {
    const tag = match[0];
    const direct = /\bcharset\s*=\s*["']?\s*([\w.:-]+)/i.exec(tag);
    if (direct?.[1]) return direct[1].toLowerCase();
  }
  return undefined;
}
