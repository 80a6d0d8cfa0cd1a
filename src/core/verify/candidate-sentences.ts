/**
 * The sentences of a claim's cited passages that a model (the embedder's meaning, an NLI model)
 * compares it with: the closest by words; for a claim with values (numbers with units,
 * durations, counts), only sentences that state every one of them, so that a value is never
 * confirmed by a sentence about something else that does not hold it.
 */
import { extractQuantities, quantityStated } from '../text/quantities.js';
import { isQuestion } from './evidence-text.js';
import { closestSentences } from './lexical-judge.js';

/** How many sentences a claim is compared with. */
export const CANDIDATE_SENTENCES = 6;

/** The sentences of `evidence` a model compares `core` with, closest by words first. */
export function candidateSentences(core: string, evidence: readonly string[], count = CANDIDATE_SENTENCES): string[] {
  const values = claimValues(core);
  // A question ("What is NVLink, and is it useful?", an FAQ's heading) states nothing: however
  // close in meaning, it confirms no claim.
  const statements = closestSentences(core, evidence, Number.POSITIVE_INFINITY).filter(
    (sentence) => !isQuestion(sentence),
  );
  if (values.length === 0) return withClauses(statements.slice(0, count));
  const holding = statements.filter((sentence) => {
    const stated = extractQuantities(sentence);
    return values.every((value) => quantityStated(value, stated));
  });
  return withClauses(holding.slice(0, count)).filter((sentence) => {
    const stated = extractQuantities(sentence);
    return values.every((value) => quantityStated(value, stated));
  });
}

/** Where a long sentence's clauses part: ", and", ", but", ", as", ", so", ", which", ", while" …, semicolons. */
const CLAUSE_BREAK = /\s*;\s+|,\s+(?=(?:and|but|as|so|which|while|whereas|although|though|because)\s)/gi;

/** Words from which a sentence is long enough that its clauses are compared on their own too. */
const LONG_SENTENCE = 25;

/**
 * The sentences, each long one followed by its clauses: a claim that states one clause of a long
 * sentence ("He ran it on his M1 MacBook with 8 GB of memory" ← "I knew that limiting it to my M1
 * MacBook with 8 GB of memory would limit …, but I decided to do it anyway …") is compared with
 * that clause, not with the whole sentence whose other clauses dilute its meaning.
 */
function withClauses(sentences: readonly string[]): string[] {
  return sentences.flatMap((sentence) => {
    const glosses = parentheticalGlosses(sentence);
    if (sentence.split(/\s+/).length < LONG_SENTENCE) return [sentence, ...glosses];
    const clauses = sentence.split(CLAUSE_BREAK).filter((clause) => clause.split(/\s+/).length >= 4);
    return clauses.length > 1 ? [sentence, ...clauses, ...glosses] : [sentence, ...glosses];
  });
}

/**
 * What a parenthesis says about the word before it, as a sentence of its own: "drinking txakoli
 * (a lightly effervescent white wine that is very popular in the region)" gives "txakoli: a
 * lightly effervescent white wine that is very popular in the region", which a claim that
 * defines the word ("Txakoli is a white wine with a light fizz") restates. Only a parenthesis of
 * four words or more, after a word: an abbreviation or a page reference glosses nothing.
 */
function parentheticalGlosses(sentence: string): string[] {
  const glosses: string[] = [];
  for (const match of sentence.matchAll(/([\p{L}\d][\p{L}\d'’-]*)\s*\(([^()]{12,300})\)/gu)) {
    const inner = (match[2] ?? '').trim();
    if (inner.split(/\s+/).length >= 4) glosses.push(`${match[1]}: ${inner}`);
  }
  return glosses;
}

/** The claim's values: numbers with their units, durations, counts (not codes and model names). */
export function claimValues(core: string) {
  return extractQuantities(core).filter((quantity) => quantity.dimension !== 'identifier');
}
