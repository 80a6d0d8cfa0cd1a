/**
 * What an answer says about a focus identifier the library never names: that no document
 * mentions it, and, when the library names others of its family, which ones, with the passage
 * that lists them ("No document mentions E99; the documents name E21, E24 and E30 [manual#8].").
 */
import type { AbsentFocus, QuestionPart } from '../types.js';

/** One sentence for one absent focus identifier. */
export function absentFocusSentence(absent: AbsentFocus): string {
  if (absent.siblings.length === 0) return `No document mentions ${absent.name}.`;
  const cites = absent.cites.map((cite) => ` [${cite}]`).join('');
  const others = absent.more > 0 ? [...absent.siblings, `${absent.more} more`] : absent.siblings;
  const scope = absent.with ? ` for ${absent.with}` : '';
  return `No document mentions ${absent.name}, only ${listed(others)}${scope}${cites}.`;
}

/** True when a part asks about something the library does not have: a focus absent while others of its family are named. */
export function isNearMiss(part: QuestionPart): boolean {
  return (part.absentFocus ?? []).some((absent) => absent.siblings.length > 0);
}

/** The sentences for all of a part's absent focus identifiers. */
export function absentFocusSentences(part: QuestionPart): string[] {
  return (part.absentFocus ?? []).map(absentFocusSentence);
}

function listed(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
