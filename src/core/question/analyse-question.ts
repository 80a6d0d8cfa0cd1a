/**
 * The analyse stage: a question becomes the parts an answer must cover, each with the terms a
 * passage must mention and the kind of value it asks for. Retrieval searches per part; the
 * checker names any part that nothing covers.
 */
import { contentTerms } from '../text/terms.js';
import type { QuestionPart } from '../types.js';
import { answerType } from './answer-type.js';
import { focusIdentifiers } from './focus.js';
import { modelNames } from './model-names.js';
import { asksForName } from './names.js';
import { sentencesOf, splitQuestion } from './split-question.js';

/** Model names (`DW-480`, `WM-720`…) in a text, re-exported as the analyser's entity extraction. */
export { modelNames } from './model-names.js';

/**
 * Words by which a later part points back at what an earlier one asks about: a pronoun ("switch
 * it on"), a demonstrative ("that setting", "those two"), an ordinal of a list the question gave
 * ("the second"), "the same", "one" ("which one").
 */
const POINTS_BACK =
  /\b(?:it|its|they|them|their|that|this|those|these|there|the (?:first|second|third|last|other|same|former|latter)|(?:which|that|this|the other) one)\b/i;

/** A part with fewer own content terms than this borrows the previous part's ("and if so, for how long"). */
const MIN_OWN_TERMS = 1;

/**
 * Splits `question` into the parts an answer must cover; always at least one.
 *
 * "How long is the DW-480 warranty and how often should its filter be cleaned?" gives
 * `how long is the DW-480 warranty` (duration) and `how often should its filter be cleaned`
 * (frequency), the second with the term `dw-480` carried over from the first.
 */
export function analyseQuestion(question: string): QuestionPart[] {
  const texts = [...new Set(splitQuestion(question))];
  const models = texts.map(modelNames);
  const allModels = [...new Set(models.flat())];
  const parts: QuestionPart[] = [];
  texts.forEach((text, index) => {
    const own = models[index] ?? [];
    const carried = own.length > 0 ? [] : carriedModels(models, index, allModels);
    const sentence = questionSentence(text);
    const asked = withoutTopic(sentence);
    const askedTerms = termsOf(asked);
    // A statement around the question ("Our washer shows E21. How often…", "The mesh on my
    // filter has torn. What part number do I need?") is context: its words help retrieval and
    // count, discounted, in coverage.
    const ownTerms = termsOf(text);
    const previous = parts[parts.length - 1];
    const borrowed = previous && countNonModelTerms(ownTerms) < MIN_OWN_TERMS ? previous.terms : [];
    // A part that points back ("where do I switch it on") is about what the part before it asks:
    // its words set the scene, as a statement before a question does. Where a model is named or
    // carried, "it" is that model ("the DW-480's rated power, and how loud is it?").
    // …unless the part before asks which one ("Which DW-480 programme is the quickest, and how long
    // does it take?"): then "it" is what that part asks for.
    const named = own.length > 0 || (carried.length > 0 && !(previous && asksForName(questionSentence(previous.text))));
    const antecedent = previous && !named && borrowed.length === 0 && POINTS_BACK.test(asked) ? previous : undefined;
    const lent = antecedent ? antecedent.terms.filter((term) => !ownTerms.includes(term)) : [];
    const settingTerms = termsOf(settingNames(sentence).join(' '));
    const contextTerms = [...new Set([...sceneTerms(text, [...askedTerms, ...settingTerms]), ...lent])];
    const entityTerms = [...own, ...carried].flatMap((model) => contentTerms(model));
    const terms = [...new Set([...ownTerms, ...entityTerms, ...borrowed, ...lent])];
    const part: QuestionPart = { text, terms, expects: answerType(asked) };
    if (contextTerms.length > 0) part.contextTerms = contextTerms;
    if (antecedent)
      part.antecedent = antecedent.antecedent ? `${antecedent.antecedent} ${antecedent.text}` : antecedent.text;
    const focus = focusIdentifiers([text, ...carried].join('\n'));
    if (focus.length > 0) part.focus = focus;
    parts.push(part);
  });
  return parts.length > 0 ? parts : [{ text: question.trim(), terms: [], expects: 'text' }];
}

/**
 * The model names a part without any inherits: those of the nearest part before it that names
 * one, else those of the nearest part after it ("What is the capacity and the spin speed of the
 * WM-720" names the model only in the second part).
 */
function carriedModels(models: string[][], index: number, allModels: string[]): string[] {
  for (let before = index - 1; before >= 0; before--) {
    const found = models[before];
    if (found && found.length > 0) return found;
  }
  for (let after = index + 1; after < models.length; after++) {
    const found = models[after];
    if (found && found.length > 0) return found;
  }
  return allModels;
}

/**
 * The question of a part that carries a statement before it ("My manual says 1 year. Is that
 * right"), or after it ("Is it OK to sit on the door? It's a DW-480"): its last sentence that
 * asks, else its last sentence.
 */
export function questionSentence(text: string): string {
  const sentences = sentencesOf(text);
  return [...sentences].reverse().find((sentence) => /\?\s*$/.test(sentence)) ?? sentences.pop() ?? text;
}

/**
 * A topic set before a colon ("For the OV-350 hinge recall: how long does the repair take")
 * is context, as a statement before the question is: the question is what follows the colon.
 */
const TOPIC =
  /^[^:?]{3,80}:\s+(?=(?:what|which|how|who|whom|whose|where|why|when|is|are|does|do|can|could|will|would|should|must)\b)/i;

/**
 * A setting given before a comma ("In Baldur's Gate 3, who was…", "For the chatbot he built to
 * run on an 8 GB MacBook, which vector store…", "Coming from Python, what do I put…") is context
 * too. Only settings that open with a preposition of place or reference: a condition ("If I
 * wipe the phone, will…", "After a claim, how soon…") says what is asked about.
 */
const SETTING =
  /^(?:in|for|on|at|within|regarding|as for|according to|coming from)\b[^,?]{3,100},\s+(?=(?:what|which|how|who|whom|whose|where|why|when|is|are|was|were|does|do|did|can|could|will|would|should|must)\b)/i;

function withoutTopic(sentence: string): string {
  return sentence.replace(TOPIC, '').replace(SETTING, '');
}

/**
 * The names in a setting ("In Gleam, can…", "In The Zone of Interest, where…"): what the
 * question is about, not scene, though the setting's other words are.
 */
function settingNames(sentence: string): string[] {
  const setting = SETTING.exec(sentence.replace(TOPIC, ''))?.[0] ?? '';
  return setting.replace(/^\S+/, '').match(/\p{Lu}[\p{L}\d'’-]*/gu) ?? [];
}

/** Terms of the statement before the question, less the question's own and the statement's codes and names. */
function sceneTerms(text: string, askedTerms: string[]): string[] {
  const referents = new Set(termsOf((text.match(/\b[A-Z0-9][A-Z0-9-]*[A-Z0-9]\b/g) ?? []).join(' ')));
  return termsOf(text).filter((term) => !askedTerms.includes(term) && !referents.has(term));
}

function termsOf(text: string): string[] {
  return contentTerms(text.replace(/['’]s\b/g, '')).filter(isMeaningfulTerm);
}

/** Single letters ("a" slips through the stop list) never decide relevance; digits may ("9 kg"). */
function isMeaningfulTerm(term: string): boolean {
  return term.length > 1 || /\d/.test(term);
}

function countNonModelTerms(terms: string[]): number {
  return terms.filter((term) => modelNames(term).length === 0).length;
}
