/**
 * Bridging questions: "the part number of the filter for the machine whose drum holds 9 kg"
 * names its subject only by a description. The description is looked up first ("machine whose
 * drum holds 9 kg" → the passage saying "the WM-720 drum holds 9 kg"), the model it names
 * replaces the description, and the question is retrieved again for both parts: the bridge
 * (which machine) and the rewritten question (the WM-720's filter part number).
 */
import type { SearchIndex } from '../index/search-index.js';
import type { CallOptions, Embedder } from '../ports.js';
import { analyseQuestion, modelNames } from '../question/analyse-question.js';
import { splitUnits } from '../text/sentences.js';
import { contentTerms } from '../text/terms.js';
import type { QuestionPart } from '../types.js';
import { retrieve, type RetrievalOptions } from './retrieve.js';

/** A description resolved to the model it describes. */
export interface Bridge {
  /** The description as written: "the Calder machine whose drum holds 9 kg". */
  description: string;
  model: string;
  /** The question with the description replaced: "… of the filter for the WM-720?" */
  question: string;
  /** The parts to retrieve and answer: the bridge first, then the rewritten question's. */
  parts: QuestionPart[];
}

/** "the <head> whose|that|which <clause>" with a head of at most four words. */
const DESCRIPTION = /\b(?:the|a|an)\s+((?:[\p{L}-]+\s+){0,3}?[\p{L}-]+)\s+(whose|that|which)\s+([^?,;]+)/iu;

/** Share of the clause's terms a sentence must state to identify the model. */
const BRIDGE_COVERAGE = 0.6;

/** Resolves a described subject to a model name, when the question names none and the library says which. */
export async function resolveBridge(
  index: SearchIndex,
  embedder: Embedder | undefined,
  question: string,
  options: RetrievalOptions,
  call?: CallOptions,
): Promise<Bridge | undefined> {
  const match = DESCRIPTION.exec(question);
  if (!match || modelNames(question).length > 0) return undefined;
  const [description, head = '', relative = '', clause = ''] = match;
  const bridgeText = `${head} ${relative} ${clause}`.trim();
  const [bridgePart] = analyseQuestion(`Which ${bridgeText}?`);
  if (!bridgePart) return undefined;
  const found = await retrieve(index, embedder, [bridgePart], { ...options, topK: 3 }, call);
  const clauseTerms = new Set(contentTerms(clause));
  for (const item of found.passages) {
    for (const unit of splitUnits(item.passage.text)) {
      const terms = new Set(contentTerms(unit.text));
      const covered = [...clauseTerms].filter((term) => terms.has(term)).length;
      if (clauseTerms.size === 0 || covered / clauseTerms.size < BRIDGE_COVERAGE) continue;
      const models = modelNames(unit.text).length > 0 ? modelNames(unit.text) : modelNames(item.passage.title);
      const [model] = models;
      if (!model || models.length > 1) continue;
      const rewritten = question.replace(description, `the ${model}`);
      return { description, model, question: rewritten, parts: [bridgePart, ...analyseQuestion(rewritten)] };
    }
  }
  return undefined;
}
