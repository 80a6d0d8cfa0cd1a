/**
 * Reading an answer receipt back from its JSON: a file from anywhere, so every field is checked
 * for type and bounds and copied into fresh objects. A bad receipt throws a `RagError` naming
 * the problem (`details.problem`); nothing in it runs, and showing it renders text only.
 */
import { RagError } from '../errors.js';
import { RECEIPT_FORMAT, RECEIPT_VERSION, type AnswerReceipt } from './answer-receipt.js';
import { exportError } from './export-errors.js';
import {
  asInteger,
  asJson,
  asNumber,
  asObject,
  asOneOf,
  asString,
  optional,
  own,
  ShapeError,
  type JsonValue,
} from './json-shape.js';
import {
  list,
  NAME,
  readAnswer,
  readPart,
  readPassage,
  readPrompt,
  readVerdict,
  STAGES,
  TEXT,
} from './read-receipt-parts.js';

/** Options of `parseReceipt`. */
export interface ParseReceiptOptions {
  /** The file name, for messages; default "answer receipt". */
  name?: string;
  /** Longest receipt accepted, in characters; default 20 million. */
  maxLength?: number;
}

/** Reads a receipt; throws `RagError` (`PARSE_FAILED` with `details.problem`) when it is not a usable one. */
export function parseReceipt(text: string, options: ParseReceiptOptions = {}): AnswerReceipt {
  const name = options.name ?? 'answer receipt';
  const maxLength = options.maxLength ?? 20_000_000;
  if (text.length > maxLength) throw exportError(name, 'too-large', `it is longer than ${maxLength} characters`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw exportError(name, 'damaged', 'not valid JSON');
  }
  try {
    return readReceipt(value, name);
  } catch (error) {
    if (error instanceof RagError) throw error;
    if (error instanceof ShapeError) throw exportError(name, 'shape', error.message);
    throw exportError(name, 'damaged', error instanceof Error ? error.message : String(error));
  }
}

function readReceipt(value: unknown, name: string): AnswerReceipt {
  const record = asObject(value, '');
  if (own(record, 'format') !== RECEIPT_FORMAT) {
    throw exportError(name, 'not-footnote', `not a Footnote answer receipt: its format is not "${RECEIPT_FORMAT}"`);
  }
  const version = asInteger(own(record, 'version'), 'version', 1);
  if (version > RECEIPT_VERSION) {
    throw exportError(name, 'newer-version', `made by a newer Footnote (receipt version ${version}). Update Footnote`);
  }
  const field = (key: string) => own(record, key);
  const models = asObject(field('models'), 'models');
  const ms = asObject(field('ms'), 'ms');
  const receipt: AnswerReceipt = {
    format: RECEIPT_FORMAT,
    version,
    created: asString(field('created'), 'created', 40),
    question: asString(field('question'), 'question', TEXT),
    parts: list(field('parts'), 'parts', readPart),
    passages: list(field('passages'), 'passages', readPassage),
    prompt: readPrompt(field('prompt')),
    answer: readAnswer(field('answer')),
    verdict: readVerdict(field('verdict')),
    trace: list(field('trace'), 'trace', (item, path) => {
      const step = asObject(item, path);
      return {
        stage: asOneOf(own(step, 'stage'), `${path}.stage`, STAGES),
        decidedBy: asOneOf(own(step, 'decidedBy'), `${path}.decidedBy`, ['code', 'model'] as const),
        ms: asNumber(own(step, 'ms'), `${path}.ms`),
      };
    }),
    ms: {
      retrieve: asNumber(own(ms, 'retrieve'), 'ms.retrieve'),
      generate: asNumber(own(ms, 'generate'), 'ms.generate'),
      verify: asNumber(own(ms, 'verify'), 'ms.verify'),
    },
    models: {
      generator: asString(own(models, 'generator'), 'models.generator', NAME),
      embedder: asString(own(models, 'embedder'), 'models.embedder', NAME),
    },
    settings: asJson(asObject(field('settings'), 'settings'), 'settings') as Record<string, JsonValue>,
  };
  const reranker = optional(own(models, 'reranker'), (item) => asString(item, 'models.reranker', NAME));
  if (reranker !== undefined) receipt.models.reranker = reranker;
  const judge = optional(own(models, 'judge'), (item) => asString(item, 'models.judge', NAME));
  if (judge !== undefined) receipt.models.judge = judge;
  const library = optional(field('libraryHash'), (item) => asString(item, 'libraryHash', 64));
  if (library !== undefined) receipt.libraryHash = library;
  return receipt;
}
