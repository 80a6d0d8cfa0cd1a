/**
 * The identifiers a library names (error codes, model and part numbers, release numbers), each
 * with the passages that name it in their title, heading or text. The question's focus is
 * looked up here: a code no readable passage names is said to be missing, not answered with a
 * neighbouring one.
 */
import { extractIdentifiers } from '../text/quantities.js';
import type { IdentifierMention, SearchIndex } from './search-index.js';

/** The identifiers of `index` by comparison key; built once per state of the passages. */
export function libraryIdentifiers(index: SearchIndex): Map<string, IdentifierMention> {
  if (index.identifiers) return index.identifiers;
  const table = new Map<string, IdentifierMention>();
  for (const passage of index.passages.values()) {
    const seen = new Set<string>();
    for (const found of extractIdentifiers(`${passage.title}\n${passage.heading}\n${passage.text}`)) {
      const key = found.key ?? '';
      if (key === '' || seen.has(key)) continue;
      seen.add(key);
      const mention = table.get(key);
      if (mention) mention.cites.push(passage.cite);
      else table.set(key, { raw: found.raw, cites: [passage.cite] });
    }
  }
  index.identifiers = table;
  return table;
}
