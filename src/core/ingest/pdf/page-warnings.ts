/**
 * Warnings about pages, grouped so that a 500-page scan gives one line, not 500:
 * "page 4 has no extractable text: scanned?", "pages 4–9, 12 have no extractable text: scanned?".
 */

/** `4`, `4–9, 12`: ascending page numbers as ranges. */
export function pageRanges(pages: readonly number[]): string {
  const parts: string[] = [];
  let index = 0;
  while (index < pages.length) {
    const first = pages[index] ?? 0;
    let last = first;
    while (pages[index + 1] === last + 1) last = pages[++index] ?? last;
    parts.push(first === last ? `${first}` : `${first}–${last}`);
    index++;
  }
  return parts.join(', ');
}

/** The warning for pages without a text layer. */
export function noTextWarning(pages: readonly number[]): string {
  const one = pages.length === 1;
  return `${one ? 'page' : 'pages'} ${pageRanges(pages)} ${one ? 'has' : 'have'} no extractable text: scanned?`;
}

/** The warning for a page that could not be read. */
export function unreadablePageWarning(page: number, reason: string): string {
  return `page ${page} could not be read (${reason}); it was skipped`;
}
