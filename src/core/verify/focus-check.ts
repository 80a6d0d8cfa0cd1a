/**
 * The focus rule of the check: a part about a code or name (`E21`, `DW-480`) is answered only by
 * a claim about that code. A claim that, with the sentence it rests on, names another member of
 * the family and not the asked one (the `E30` row for `E21`) answers another question; a focus the
 * readable library never names is missing whatever the answer says.
 */
import { namesOnlySiblingsOf } from '../question/focus.js';
import { extractIdentifiers, identifierKey } from '../text/quantities.js';
import type { QuestionPart } from '../types.js';
import type { CheckedClaim } from './check-claims.js';

/** The missing-evidence message of a part whose focus the library never names, if it has one. */
export function absentFocusMessage(part: QuestionPart): string | undefined {
  const absent = part.absentFocus ?? [];
  if (absent.length === 0) return undefined;
  const names = absent.map((item) => item.name);
  const listed = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
  return `No document mentions ${listed}.`;
}

/** True when the claim, with its evidence sentence, names another member of a focus identifier's family and not the identifier. */
export function aboutAnotherMember(part: QuestionPart, item: CheckedClaim): boolean {
  const focus = (part.focus ?? []).map(identifierKey);
  if (focus.length === 0) return false;
  return namesOnlySiblingsOf(focus, namedKeys(item));
}

/** Identifiers the claim names, in its own words and in the sentence of the passage it was judged on. */
function namedKeys(item: CheckedClaim): string[] {
  const texts = [item.core];
  const { evidence } = item.claim;
  const judged = evidence && item.passages.find((passage) => passage.passage.cite === evidence.cite);
  if (evidence && judged) texts.push(judged.passage.text.slice(evidence.start, evidence.end));
  return extractIdentifiers(texts.join('\n')).map((found) => found.key ?? '');
}
