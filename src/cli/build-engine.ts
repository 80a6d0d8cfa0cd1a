/**
 * Shared set-up of the Node commands: read a corpus folder, build an engine with the chosen
 * generator and retrieval, and index the corpus.
 */
import { readFile } from 'node:fs/promises';
import { CompletionGenerator } from '../adapters/models/completion-generator.js';
import { createNodeEmbedder, createNodeNli, createNodeReranker } from '../adapters/models/node-models.js';
import { loadLlamaRuntime } from '../adapters/node/llama-runtime.js';
import { loadCorpus } from '../adapters/node/load-corpus.js';
import { HashingEmbedder } from '../core/embed/hashing-embedder.js';
import { RagError } from '../core/errors.js';
import { parseScriptedAnswers } from '../core/evaluate/question-set.js';
import { ExtractiveGenerator } from '../core/generate/extractive-generator.js';
import { ScriptedGenerator } from '../core/generate/scripted-generator.js';
import { createEngine, type Engine } from '../core/pipeline/engine.js';
import { ingestDocuments, type IngestReport } from '../core/pipeline/ingest-documents.js';
import type { Embedder, Generator } from '../core/ports.js';
import type { RetrievalMode } from '../core/retrieve/retrieve.js';
import type { Fusion } from '../core/retrieve/fuse.js';
import { nliJudge } from '../core/verify/nli-judge.js';

/** Command-line settings shared by `eval` and `ask`. */
export interface EngineSettings {
  corpus: string;
  generator: 'extractive' | 'scripted' | 'llama';
  answers?: string;
  /** A GGUF model file, for the `llama` generator. */
  model?: string;
  /** CPU threads of the `llama` generator. */
  threads?: number;
  retrieval: RetrievalMode;
  fusion: Fusion;
  topK: number;
  coverageWeight?: number;
  /** A transformers.js model folder (config.json, tokenizer.json, onnx/model.onnx); the hashing embedder when absent. */
  embedder?: string;
  /** A cross-encoder model folder; no reranking when absent. */
  rerank?: string;
  /** An NLI cross-encoder model folder that confirms paraphrased claims; words (and meaning) only when absent. */
  judge?: string;
}

/** An indexed engine and what indexing reported. */
export interface BuiltEngine {
  engine: Engine;
  ingest: IngestReport;
  loadFailures: { file: string; message: string }[];
  /** Things worth knowing that did not stop a file: duplicates skipped, pages without text, guessed encodings. */
  notices: string[];
}

async function makeGenerator(settings: EngineSettings): Promise<Generator> {
  if (settings.generator === 'extractive') return new ExtractiveGenerator();
  if (settings.generator === 'llama') {
    if (!settings.model) {
      throw new RagError('INVALID_OPTION', {
        option: '--model',
        detail: 'the llama generator needs --model FILE.gguf',
      });
    }
    const runtime = await loadLlamaRuntime(settings.model, {
      ...(settings.threads ? { threads: settings.threads } : {}),
    }).catch((error: unknown) => {
      throw new RagError('INVALID_OPTION', {
        option: '--model',
        detail: error instanceof Error ? error.message : String(error),
      });
    });
    return new CompletionGenerator({ runtime, kind: 'llama' });
  }
  if (!settings.answers) {
    throw new RagError('INVALID_OPTION', {
      option: '--answers',
      detail: 'the scripted generator needs --answers FILE',
    });
  }
  const text = await readFile(settings.answers, 'utf8').catch(() => {
    throw new RagError('INVALID_OPTION', { option: '--answers', detail: `cannot read ${settings.answers}` });
  });
  return new ScriptedGenerator(parseScriptedAnswers(text, settings.answers));
}

async function makeEmbedder(settings: EngineSettings): Promise<Embedder> {
  return settings.embedder ? createNodeEmbedder(settings.embedder) : new HashingEmbedder();
}

/** Reads the corpus and builds an indexed engine. */
export async function buildEngine(settings: EngineSettings): Promise<BuiltEngine> {
  const corpus = await loadCorpus(settings.corpus);
  const engine = createEngine({
    embedder: await makeEmbedder(settings),
    generator: await makeGenerator(settings),
    ...(settings.rerank ? { reranker: await createNodeReranker(settings.rerank) } : {}),
    ...(settings.judge ? { judge: nliJudge(await createNodeNli(settings.judge)) } : {}),
    clock: () => performance.now(),
    retrieval: {
      mode: settings.retrieval,
      topK: settings.topK,
      fusion: settings.fusion,
      ...(settings.coverageWeight === undefined ? {} : { coverageWeight: settings.coverageWeight }),
    },
  });
  const ingest = await ingestDocuments(engine, corpus.documents);
  return {
    engine,
    ingest,
    loadFailures: [...corpus.failures, ...ingest.failed.map((f) => ({ file: f.sourceName, message: f.message }))],
    notices: [
      ...corpus.duplicates.map((duplicate) => duplicate.message),
      ...corpus.documents.flatMap((document) =>
        (document.warnings ?? []).map((warning) => `${document.sourceName}: ${warning}`),
      ),
    ],
  };
}

/** Validates a choice-valued option. */
export function choice<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  option: string,
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new RagError('INVALID_OPTION', { option, detail: `expected one of ${allowed.join(', ')}, got "${value}"` });
}

/** Validates a whole-number option. */
export function wholeNumber(value: string | undefined, option: string, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) {
    throw new RagError('INVALID_OPTION', { option, detail: `expected a whole number ≥ 1, got "${value}"` });
  }
  return number;
}

/** Validates a share option (a number from 0 to 1). */
export function share(value: string, option: string): number {
  const number = Number(value);
  if (!(number >= 0 && number <= 1)) {
    throw new RagError('INVALID_OPTION', { option, detail: `expected a number from 0 to 1, got "${value}"` });
  }
  return number;
}

/** Prints a `RagError` (or any error) and sets a failing exit code. */
export function reportError(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`footnote: ${message}\n`);
  process.exitCode = error instanceof RagError ? 2 : 1;
}
