/**
 * Slugs for ids: lower case, runs of anything but letters and digits become one hyphen, no
 * leading or trailing hyphen. `"Care & Cleaning"` → `care-cleaning`.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
