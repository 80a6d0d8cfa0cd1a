/**
 * Receipts: the last answer saved as JSON and inert Markdown, with the models, settings and
 * library hash it was made with; and a receipt read back and checked against the library.
 */
import { makeReceipt } from '../../core/export/answer-receipt.js';
import { checkReceipt } from '../../core/export/check-receipt.js';
import { libraryHashOf } from '../../core/export/hashes.js';
import { parseReceipt } from '../../core/export/parse-receipt.js';
import { receiptToMarkdown } from '../../core/export/receipt-markdown.js';
import type { AnswerResult } from '../../core/pipeline/answer-question.js';
import type { Engine } from '../../core/pipeline/engine.js';
import type { AskRetrieval, OpenedReceipt, SavedReceipt } from './protocol.js';

/** An answer and the retrieval settings it was asked with, kept for its receipt. */
export interface LastAnswer {
  result: AnswerResult;
  retrieval: AskRetrieval;
}

/** The receipt of `last`, answered by `engine`; throws when there is no answer yet. */
export function saveReceipt(engine: Engine, last: LastAnswer | undefined): SavedReceipt {
  if (!last) throw new Error('There is no answer to save yet: ask a question first.');
  const { result, retrieval } = last;
  const receipt = makeReceipt(result, {
    embedderId: engine.embedder.modelId,
    generatorId: engine.generator.id,
    ...(engine.reranker ? { rerankerId: engine.reranker.id } : {}),
    ...(engine.judge ? { judgeId: engine.judge.id } : {}),
    settings: { viewer: retrieval.viewer, mode: retrieval.mode, topK: retrieval.topK },
    libraryHash: libraryHashOf(engine),
  });
  return { question: receipt.question, json: JSON.stringify(receipt, null, 2), markdown: receiptToMarkdown(receipt) };
}

/** Reads the receipt `text` (from the file `name`) and checks its passages against `engine`'s library. */
export function openReceipt(engine: Engine, name: string, text: string): OpenedReceipt {
  const receipt = parseReceipt(text, { name });
  return { receipt, check: checkReceipt(receipt, engine) };
}
