/**
 * The library of the security tests: the kettle manual and the planted documents of
 * `tests/fixtures/security/`, indexed with the hashing embedder, answered by the evil fake
 * model (or another generator), with helpers that make each answer's receipt and Markdown.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HashingEmbedder } from '../../src/core/embed/hashing-embedder.js';
import { makeReceipt, type AnswerReceipt } from '../../src/core/export/answer-receipt.js';
import { receiptToMarkdown } from '../../src/core/export/receipt-markdown.js';
import { parseDocument } from '../../src/core/ingest/parse-document.js';
import { answerQuestion, type AnswerResult } from '../../src/core/pipeline/answer-question.js';
import { createEngine, type Engine, type EngineDependencies } from '../../src/core/pipeline/engine.js';
import { ingestDocuments } from '../../src/core/pipeline/ingest-documents.js';
import type { SourceDocument } from '../../src/core/types.js';
import { EvilFakeLLM } from '../fakes/evil-llm.js';
import { SECURITY_FILES } from '../fakes/evil-payloads.js';

/** The folder of the planted documents. */
export const SECURITY_FIXTURES = 'tests/fixtures/security';

/** Parses fixture files with the real parsers. */
export async function loadSecurityDocuments(files: readonly string[] = SECURITY_FILES): Promise<SourceDocument[]> {
  return Promise.all(
    files.map(async (name) =>
      parseDocument({
        name,
        bytes: new Uint8Array(await readFile(join(SECURITY_FIXTURES, name))),
        modified: '2026-06-01',
      }),
    ),
  );
}

/** An engine over the security library, answered by `EvilFakeLLM` unless another generator is given. */
export async function securityEngine(
  dependencies: Partial<EngineDependencies> = {},
  files: readonly string[] = SECURITY_FILES,
): Promise<{ engine: Engine; evil: EvilFakeLLM; documents: SourceDocument[] }> {
  const evil = new EvilFakeLLM();
  const engine = createEngine({ embedder: new HashingEmbedder(), generator: evil, ...dependencies });
  const documents = await loadSecurityDocuments(files);
  const report = await ingestDocuments(engine, documents);
  if (report.failed.length > 0) throw new Error(report.failed.map((failure) => failure.message).join('; '));
  return { engine, evil, documents };
}

/** An answer with its receipt and the receipt's Markdown. */
export interface Asked {
  result: AnswerResult;
  receipt: AnswerReceipt;
  markdown: string;
  /** The prompt's messages, joined. */
  prompt: string;
}

/** Asks `question` as `viewer` and exports the answer. */
export async function ask(engine: Engine, question: string, viewer = 'public'): Promise<Asked> {
  const result = await answerQuestion(engine, question, { retrieval: { viewer } });
  const receipt = makeReceipt(result, {
    embedderId: engine.embedder.modelId,
    generatorId: engine.generator.id,
    settings: { viewer, mode: engine.retrieval.mode, topK: engine.retrieval.topK },
    created: '2026-12-01T10:00:00.000Z',
  });
  return {
    result,
    receipt,
    markdown: receiptToMarkdown(receipt),
    prompt: result.prompt.messages.map((message) => message.content).join('\n\n'),
  };
}
