/**
 * Questions that ask for a name, and sentences that give one. "Who was the Emperor before?",
 * "a book by which writer?", "which app…", "what's that feature called?" are answered by a name
 * the question does not hold ("Balduran", "Martin Amis", "Family Link", "Find My Mobile"); a
 * sentence that only repeats the question's own names ("The Emperor is a mind flayer who appears
 * in Baldur's Gate 3") restates what was asked about.
 */
import { contentTerms } from '../text/terms.js';

/** Verbs and pronouns after "which" / "what" that make it ask about an event or a fact, not for a member of a kind. */
const NOT_A_KIND =
  /^(?:is|are|am|was|were|do|does|did|can|could|will|would|should|shall|must|may|might|has|have|had|happens?|happened|i|you|we|it|they|he|she|this|that|these|those|the|a|an|if|else|amount|size|time|date|day|year|percentage|number|temperature|price|cost)\b/i;

/** True when the part asks for a name: who, whom, which (or what) member of a kind, what a thing is called. */
export function asksForName(part: string): boolean {
  const text = part.replace(/\s+/g, ' ');
  if (/\b(?:who|whom)\b/i.test(text) && !/\bwho (?:can|may|should|must) (?:i|we|you)\b/i.test(text)) return true;
  if (/\b(?:what(?:['’]s| is| are)?|how) (?:\w+ ){0,3}(?:called|named)\b|\bthe name of\b|\bwhat name\b/i.test(text))
    return true;
  for (const match of text.matchAll(/\b(?:which|what)\s+(\S+)/gi)) if (!NOT_A_KIND.test(match[1] ?? '')) return true;
  return false;
}

/** Words that end the kind a "which" / "what" names ("which vector store did …", "which app does …"). */
const KIND_ENDS =
  /^(?:is|are|am|was|were|do|does|did|can|could|will|would|should|shall|must|may|might|has|have|had|i|you|we|it|they|he|she|to|in|on|of|for|from|with|by|that|and|or)$/i;

/**
 * The terms of what a name is asked for as: the kind after "which" / "what" ("a book by which
 * writer" → writer; "which vector store did …" → vector, store) and the words of "what is it
 * called". A sentence answers them with a name, not by repeating them ("Loosely adapted from
 * Martin Amis' novel"), so they are never what a sentence must hold.
 */
export function askedKindTerms(part: string): string[] {
  const text = part.replace(/\s+/g, ' ');
  if (!asksForName(text)) return [];
  const words: string[] = [];
  for (const match of text.matchAll(/\b(?:which|what)\s+((?:[\p{L}\d'’-]+\s*){1,3})/giu)) {
    const after = (match[1] ?? '').trim().split(' ');
    if (NOT_A_KIND.test(after[0] ?? '')) continue;
    for (const word of after) {
      if (KIND_ENDS.test(word)) break;
      // A capitalised word names the thing the kind belongs to ("which Gleam operator"), not the kind.
      if (!/^\p{Lu}/u.test(word)) words.push(word);
    }
  }
  for (const match of text.matchAll(/\b(called|named|name)\b/giu)) words.push(match[1] ?? '');
  return contentTerms(words.join(' '));
}

/** A speaker's label or a note's ("DOCTOR:", "NOTE"): not a name the sentence gives. */
const LABEL = /^(?:[\p{Lu}?]{2,}[?!]?:|NOTE|TIP|CAUTION|WARNING|IMPORTANT)\s*/u;

/** True when the sentence names something the question does not: the name a "who" or "which" question asks for. */
export function givesNewName(sentence: string, part: string): boolean {
  const asked = new Set(contentTerms(part.replace(/['’]s\b/g, '')));
  const text = sentence.trim().replace(LABEL, '');
  const tokens = [...text.matchAll(/[\p{L}\d][\p{L}\d'’.+_-]*/gu)];
  // A term a manual defines before a colon ("High: Get a full-screen alert…") is a name, first word or not.
  const defined = /^[^:.;]{1,40}:\s/u.exec(text)?.[0].length ?? 0;
  for (const [index, match] of tokens.entries()) {
    const token = match[0].replace(/(?:['’]s?|[.-]+)$/u, '');
    if (!isName(token, index === 0 && match.index >= defined)) continue;
    const terms = contentTerms(token);
    if (terms.length > 0 && terms.every((term) => !asked.has(term))) return true;
  }
  return false;
}

/** Small words inside a name ("Link to Windows", "Bank of America"). */
const CONNECTOR = /^(?:of|to|for|the|and|on|in|de|du|von|van)$/;

/**
 * The names a sentence gives that the question does not hold, as written and in order: runs of
 * names ("Find My Mobile", "NFC") with at least one word the question lacks, each with the word
 * that follows it ("feature" in "the NFC feature is enabled"), which says what kind of thing it names.
 */
export function namesGiven(sentence: string, question: string): { name: string; next: string }[] {
  const asked = new Set(contentTerms(question.replace(/['’]s\b/g, '')));
  const text = sentence.trim().replace(LABEL, '');
  const tokens = [...text.matchAll(/[\p{L}\d][\p{L}\d'’.+_-]*/gu)];
  const defined = /^[^:.;]{1,40}:\s/u.exec(text)?.[0].length ?? 0;
  const found: { name: string; next: string }[] = [];
  let run: string[] = [];
  let runEnd = -1;
  const close = (next: string) => {
    // A lone letter ("C" of "45 °C") names nothing.
    const name = run.join(' ');
    if (name.length > 1 && contentTerms(name).some((term) => !asked.has(term))) found.push({ name, next });
    run = [];
  };
  for (const [index, match] of tokens.entries()) {
    const token = match[0].replace(/(?:['’]s?|[.-]+)$/u, '');
    const joined = run.length > 0 && /^ $/.test(text.slice(runEnd, match.index));
    // "Link to Windows", "Bank of America": a small word between two names is part of the name.
    const following = tokens[index + 1];
    const bridges =
      joined &&
      CONNECTOR.test(token) &&
      following !== undefined &&
      following.index === match.index + match[0].length + 1 &&
      isName(following[0], false);
    // A number after a name is part of it: "Quick 30", "Windows 11".
    const numbered = joined && /^\d[\d.]*$/.test(token);
    const name = bridges || numbered || isName(token, index === 0 && match.index >= defined);
    if (!name || !joined) close(joined ? token : '');
    if (name) {
      run.push(token);
      runEnd = match.index + match[0].length;
    }
  }
  close('');
  return found;
}

/**
 * A name as written: a capitalised word (not the sentence's first, which is capitalised whatever
 * it is), an acronym, or a word with digits ("M2", "GPT-4", "F8", "802.11n").
 */
function isName(token: string, first: boolean): boolean {
  if (/\d/u.test(token) && /\p{L}/u.test(token)) return true;
  if (/^\p{Lu}{2,}/u.test(token)) return true;
  return !first && /^\p{Lu}/u.test(token);
}
