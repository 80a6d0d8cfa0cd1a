/**
 * Splits a question into the texts of the parts an answer must cover: one per question
 * sentence, and both sides of "and" / "as well as" / "also" where the right side asks something
 * of its own. Noun phrases ("care and cleaning", "hot and cold water") and conditions ("if the
 * door is open and the light blinks") stay whole.
 */
import { isAbbreviation } from '../text/sentences.js';
import { findModelNames } from './model-names.js';

/** Words that open a question of their own on the right of "and". */
const WH_WORDS = 'what|which|how|who|whom|whose|where|why';
/** Prepositions that may come before a question word: "and above what hardness…". */
const PREPOSITIONS = 'above|below|at|for|in|on|to|from|with|by|under|over|after|before|during|within|of|until';
/** Auxiliaries that open a yes-no question ("and does it cover…") or follow "when" as a question. */
const AUXILIARIES = 'is|are|was|were|does|do|did|can|could|will|would|should|shall|must|may|has|have|had';
/** "if I forget it, which button resets it": a condition, then a question of its own. */
const CONDITIONED_QUESTION = `if\\s[^,?]{1,120},\\s*(?:${WH_WORDS}|when|${AUXILIARIES})\\b`;
/** A coordinator and what follows it, when what follows is a question of its own. */
const CLAUSE_SPLIT = new RegExp(
  `,?\\s+(?:and(?:\\s+also)?|as well as|also|plus|but)\\s+(?=(?:(?:also|separately|then|secondly|additionally),?\\s+)?(?:(?:(?:${PREPOSITIONS})\\s+)?(?:${WH_WORDS})\\b|when\\s+(?:${AUXILIARIES})\\b|(?:if so,?\\s+)(?=\\S)|${CONDITIONED_QUESTION}|(?:${AUXILIARIES})\\s+(?:it|they|the|this|that|these|those|its|their|there|i|we|you|my|our|a|an)\\b))`,
  'gi',
);
/** A coordinator followed by a determiner: "the capacity and the spin speed". */
const PHRASE_SPLIT = /,?\s+(?:and|as well as)\s+(?=(?:the|its|their|his|her)\s)/gi;
/** Words after which "and" belongs to a condition or relative clause, not to the question. */
const SUBORDINATORS =
  /\b(if|when|whenever|unless|while|whose|that|which|who|after|before|until|where|because|so that)\b/i;
/** Question openers, to take the "What is " of "What is the capacity" for a second phrase. */
const DETERMINER = /\b(the|its|their|his|her|a|an)\s/i;

/** Stands for an abbreviation's full stop while a text is cut into sentences. */
const KEPT_STOP = '\u2024';

/**
 * `text` with the full stop after each abbreviation ("offer, e.g. 30 minutes", "the part no. of
 * the filter") kept from ending a sentence: the list the passages are cut by (`isAbbreviation`).
 */
function keepAbbreviationStops(text: string): string {
  return text.replace(/([A-Za-z.]+)\.(?=\s)/g, (whole, word: string) =>
    isAbbreviation(word) ? `${word}${KEPT_STOP}` : whole,
  );
}

function restoreStops(text: string): string {
  return text.replaceAll(KEPT_STOP, '.');
}

/** The sentences of `text`, cut after ".", "!" or "?" but not after an abbreviation. */
export function sentencesOf(text: string): string[] {
  return keepAbbreviationStops(text)
    .split(/(?<=[.!?])\s+(?=\S)/)
    .map(restoreStops);
}

/** The texts of the question's parts, without trailing punctuation; at least one. */
export function splitQuestion(question: string): string[] {
  // A dash before a question reads as a sentence end: "my manual says 3 months - is that right?"
  const text = question
    .replace(/\s+/g, ' ')
    .trim()
    .replace(new RegExp(`\\s[-–—]\\s+(?=(?:${WH_WORDS}|when|${AUXILIARIES})\\b)`, 'gi'), '. ');
  if (text === '') return [''];
  const parts = questionSentences(keepAbbreviationStops(text))
    .flatMap(splitClauses)
    .flatMap(splitPhrases)
    .map(restoreStops);
  const cleaned = parts.map(clean).filter((part) => part.length > 0);
  return cleaned.length > 0 ? cleaned : [clean(text)];
}

/**
 * Question sentences; a statement before a question ("My DW-480 shows E24. What does it mean?")
 * is context and is joined to the question that follows it.
 */
function questionSentences(text: string): string[] {
  const sentences = text
    .match(/(?:[^?.!;]|\.(?=\S))+(?:[?.!;]+|$)/g)
    ?.map((s) => s.trim())
    .filter(Boolean) ?? [text];
  const result: string[] = [];
  let context = '';
  for (const sentence of sentences) {
    if (isQuestionSentence(sentence)) {
      result.push(`${context}${sentence}`);
      context = '';
    } else {
      context += `${sentence} `;
    }
  }
  if (context.trim() !== '') {
    if (result.length === 0) result.push(context.trim());
    else result[result.length - 1] += ` ${context.trim()}`;
  }
  return result;
}

function isQuestionSentence(sentence: string): boolean {
  if (sentence.endsWith('?')) return true;
  const opener = new RegExp(
    `^(?:(?:${WH_WORDS}|when|${AUXILIARIES})\\b|tell me|list|explain|describe|name|give|find|show)`,
    'i',
  );
  return opener.test(sentence);
}

/** Both sides of a coordinator whose right side is a question of its own. */
function splitClauses(sentence: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (const match of sentence.matchAll(CLAUSE_SPLIT)) {
    const left = sentence.slice(start, match.index);
    if (isInsideCondition(left, match.index + match[0].length, sentence)) continue;
    pieces.push(left);
    start = match.index + match[0].length;
  }
  pieces.push(sentence.slice(start));
  // A bare question word asks nothing of its own: "How long do I have, and how?" is one part.
  return pieces.reduce<string[]>((merged, piece) => {
    if (merged.length > 0 && BARE_QUESTION_WORD.test(piece))
      merged[merged.length - 1] = `${merged.at(-1)!}, and ${piece.trim()}`;
    else merged.push(piece);
    return merged;
  }, []);
}

/** A right side that asks by inversion, "can I …", "does it …", or starts a condition of its own question. */
const INVERTED_QUESTION = new RegExp(
  `^(?:(?:${AUXILIARIES})\\s+(?:i|you|we|they|it|he|she)\\b|${CONDITIONED_QUESTION})`,
  'i',
);

/** A clause that is only a question word ("and how?", "and why?"). */
const BARE_QUESTION_WORD = new RegExp(`^\\s*(?:${WH_WORDS}|when)\\s*[?.!]*\\s*$`, 'i');

/**
 * True when the coordinator sits inside a condition ("if the door is open and the light…"). A
 * right side opening with a question word still splits: "if it beeps, what … and what …".
 */
function isInsideCondition(left: string, rightStart: number, sentence: string): boolean {
  // An auxiliary before a subject pronoun asks ("…, and can I use it while…"); a condition goes on with a verb.
  if (INVERTED_QUESTION.test(sentence.slice(rightStart))) return false;
  const lastComma = left.lastIndexOf(',');
  const clause = lastComma >= 0 ? left.slice(lastComma + 1) : left;
  if (!SUBORDINATORS.test(clause.replace(/^\s*(what|which|how|who|where|why|when)\b/i, ''))) return false;
  return !new RegExp(`^(?:also\\s+)?(?:${WH_WORDS})\\b`, 'i').test(sentence.slice(rightStart));
}

/**
 * "What is the capacity and the spin speed of the WM-720" → "What is the capacity", "What is
 * the spin speed of the WM-720"; "… of the DW-480 and the WM-720" → the same question for each
 * model. Coordinated nouns without a determiner are one phrase and stay whole.
 */
function splitPhrases(clause: string): string[] {
  const match = [...clause.matchAll(PHRASE_SPLIT)][0];
  if (!match) return [clause];
  const left = clause.slice(0, match.index);
  const right = clause.slice(match.index + match[0].length);
  if (SUBORDINATORS.test(left.replace(/^\s*(what|which|how|who|where|why|when)\b/i, ''))) return [clause];
  if (/\b(between|both|compare|compared|versus|vs)\b/i.test(left)) return [clause];
  const rightModel = /^the\s+(\S+)\s*[?.!]*$/i.exec(right)?.[1];
  const leftModels = findModelNames(left);
  const lastLeftModel = leftModels[leftModels.length - 1];
  if (rightModel && findModelNames(rightModel).length === 1 && lastLeftModel) {
    const swapped = left.slice(0, lastLeftModel.start) + rightModel + left.slice(lastLeftModel.end);
    return [left, swapped];
  }
  const determiner = DETERMINER.exec(left);
  if (!determiner || determiner.index === 0) return [clause];
  return [left, `${left.slice(0, determiner.index)}${right}`];
}

function clean(part: string): string {
  return part
    .replace(/^[\s,;:]+|[\s,;:]+$/g, '')
    .replace(/^(?:and|also|plus|but)\s+/i, '')
    .replace(/^(?:separately|then|secondly|additionally),?\s+/i, '')
    .replace(/[?.!;]+$/g, '')
    .trim();
}
