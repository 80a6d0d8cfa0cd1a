/**
 * The parts of an answer receipt (question parts, passages, prompt, answer, verdict), each read
 * from untrusted JSON into a fresh object, every field checked for type and bounds.
 */
import type { GenerationMetrics } from '../ports.js';
import type {
  AbsentFocus,
  AnswerType,
  Claim,
  ClaimEvidence,
  FlagName,
  Prompt,
  QuestionPart,
  RagWarning,
  TraceStep,
  Verdict,
} from '../types.js';
import type { ReceiptAnswer, ReceiptPassage } from './answer-receipt.js';
import {
  asArray,
  asBoolean,
  asInteger,
  asJson,
  asNumber,
  asObject,
  asOneOf,
  asString,
  asStringArray,
  optional,
  own,
} from './json-shape.js';

const FLAGS: readonly FlagName[] = [
  'missing_evidence',
  'invalid_citation',
  'unsupported_claim',
  'conflict',
  'superseded',
  'injection',
];
const ANSWER_TYPES: readonly AnswerType[] = [
  'duration',
  'frequency',
  'quantity',
  'temperature',
  'part-number',
  'code',
  'yes-no',
  'date',
  'price',
  'text',
];
/** The stages a trace step may name. */
export const STAGES: readonly TraceStep['stage'][] = [
  'analyse',
  'embed-query',
  'retrieve',
  'rerank',
  'select',
  'prompt',
  'generate',
  'verify',
];
/** Longest text field. */
export const TEXT = 2_000_000;
/** Longest id or name. */
export const NAME = 2000;
/** Most items of a list. */
export const MANY = 10_000;

/** `value` as a list of at most `MANY` items, each read by `read`. */
export function list<T>(value: unknown, path: string, read: (item: unknown, path: string) => T): T[] {
  return asArray(value, path, MANY).map((item, index) => read(item, `${path}[${index}]`));
}

/** A question part of a receipt. */
export function readPart(value: unknown, path: string): QuestionPart {
  const record = asObject(value, path);
  const part: QuestionPart = {
    text: asString(own(record, 'text'), `${path}.text`, TEXT),
    terms: asStringArray(own(record, 'terms'), `${path}.terms`, MANY, NAME),
    expects: asOneOf(own(record, 'expects'), `${path}.expects`, ANSWER_TYPES),
  };
  const weights = optional(own(record, 'weights'), (item) => {
    const object = asObject(item, `${path}.weights`);
    return Object.fromEntries(
      Object.keys(object)
        .filter((key) => key !== '__proto__')
        .map((key) => [key, asNumber(own(object, key), `${path}.weights.${key}`)]),
    );
  });
  if (weights) part.weights = weights;
  const unknownTerms = optional(own(record, 'unknownTerms'), (item) =>
    asStringArray(item, `${path}.unknownTerms`, MANY, NAME),
  );
  if (unknownTerms) part.unknownTerms = unknownTerms;
  const contextTerms = optional(own(record, 'contextTerms'), (item) =>
    asStringArray(item, `${path}.contextTerms`, MANY, NAME),
  );
  if (contextTerms) part.contextTerms = contextTerms;
  const focus = optional(own(record, 'focus'), (item) => asStringArray(item, `${path}.focus`, MANY, NAME));
  if (focus) part.focus = focus;
  const absentFocus = optional(own(record, 'absentFocus'), (item) =>
    asArray(item, `${path}.absentFocus`, MANY).map((entry, index) =>
      readAbsentFocus(entry, `${path}.absentFocus[${index}]`),
    ),
  );
  if (absentFocus) part.absentFocus = absentFocus;
  return part;
}

function readAbsentFocus(value: unknown, path: string): AbsentFocus {
  const record = asObject(value, path);
  const absent: AbsentFocus = {
    name: asString(own(record, 'name'), `${path}.name`, NAME),
    siblings: asStringArray(own(record, 'siblings'), `${path}.siblings`, MANY, NAME),
    more: asInteger(own(record, 'more'), `${path}.more`),
    cites: asStringArray(own(record, 'cites'), `${path}.cites`, MANY, NAME),
  };
  const beside = optional(own(record, 'with'), (item) => asString(item, `${path}.with`, NAME));
  if (beside) absent.with = beside;
  return absent;
}

/** A passage of a receipt. */
export function readPassage(value: unknown, path: string): ReceiptPassage {
  const record = asObject(value, path);
  const text = (key: string, maxLength = NAME) => asString(own(record, key), `${path}.${key}`, maxLength);
  const number = (key: string) => asNumber(own(record, key), `${path}.${key}`);
  const start = asInteger(own(record, 'start'), `${path}.start`);
  const passage: ReceiptPassage = {
    cite: text('cite'),
    docId: text('docId'),
    sectionId: text('sectionId'),
    part: asInteger(own(record, 'part'), `${path}.part`, 1),
    heading: text('heading', TEXT),
    title: text('title'),
    revision: text('revision'),
    date: text('date'),
    access: text('access'),
    text: text('text', TEXT),
    start,
    end: asInteger(own(record, 'end'), `${path}.end`, start),
    hash: text('hash'),
    sha256: text('sha256', 64),
    rank: asInteger(own(record, 'rank'), `${path}.rank`),
    score: number('score'),
    termCoverage: number('termCoverage'),
    supersededBy: asStringArray(own(record, 'supersededBy'), `${path}.supersededBy`, MANY, NAME),
    given: asBoolean(own(record, 'given'), `${path}.given`),
    cited: asBoolean(own(record, 'cited'), `${path}.cited`),
  };
  const page = optional(own(record, 'page'), (item) => asInteger(item, `${path}.page`, 1));
  if (page !== undefined) passage.page = page;
  for (const key of ['fusedScore', 'lexicalScore', 'vectorScore'] as const) {
    const score = optional(own(record, key), (item) => asNumber(item, `${path}.${key}`));
    if (score !== undefined) passage[key] = score;
  }
  if (own(record, 'addedBySupersession') === true) passage.addedBySupersession = true;
  return passage;
}

/** The prompt of a receipt. */
export function readPrompt(value: unknown): Prompt {
  const record = asObject(value, 'prompt');
  return {
    messages: list(own(record, 'messages'), 'prompt.messages', (item, path) => {
      const message = asObject(item, path);
      return {
        role: asOneOf(own(message, 'role'), `${path}.role`, ['system', 'user'] as const),
        content: asString(own(message, 'content'), `${path}.content`, 10 * TEXT),
      };
    }),
    cites: asStringArray(own(record, 'cites'), 'prompt.cites', MANY, NAME),
    omitted: asStringArray(own(record, 'omitted'), 'prompt.omitted', MANY, NAME),
  };
}

/** The answer of a receipt. */
export function readAnswer(value: unknown): ReceiptAnswer {
  const record = asObject(value, 'answer');
  const usage = asObject(own(record, 'usage'), 'answer.usage');
  const answer: ReceiptAnswer = {
    text: asString(own(record, 'text'), 'answer.text', TEXT),
    finishReason: asOneOf(own(record, 'finishReason'), 'answer.finishReason', ['stop', 'length', 'abort'] as const),
    decidedBy: asOneOf(own(record, 'decidedBy'), 'answer.decidedBy', ['code', 'model'] as const),
    usage: {
      prompt: asInteger(own(usage, 'prompt'), 'answer.usage.prompt'),
      completion: asInteger(own(usage, 'completion'), 'answer.usage.completion'),
    },
  };
  const metrics = own(record, 'metrics');
  if (metrics !== undefined)
    answer.metrics = asJson(asObject(metrics, 'answer.metrics'), 'answer.metrics') as unknown as GenerationMetrics;
  return answer;
}

/** The verdict of a receipt. */
export function readVerdict(value: unknown): Verdict {
  const record = asObject(value, 'verdict');
  return {
    status: asOneOf(own(record, 'status'), 'verdict.status', ['answered', 'qualified', 'abstained'] as const),
    flags: list(own(record, 'flags'), 'verdict.flags', (item, path) => asOneOf(item, path, FLAGS)),
    claims: list(own(record, 'claims'), 'verdict.claims', readClaim),
    warnings: list(own(record, 'warnings'), 'verdict.warnings', readWarning),
  };
}

function readClaim(value: unknown, path: string): Claim {
  const record = asObject(value, path);
  const start = asInteger(own(record, 'start'), `${path}.start`);
  const supported = asBoolean(own(record, 'supported'), `${path}.supported`);
  // Receipts saved before claims had states read as supported / not found.
  const state =
    optional(own(record, 'state'), (item) =>
      asOneOf(item, `${path}.state`, ['supported', 'contradicted', 'not_found', 'not_a_claim'] as const),
    ) ?? (supported ? 'supported' : 'not_found');
  const claim: Claim = {
    text: asString(own(record, 'text'), `${path}.text`, TEXT),
    cites: asStringArray(own(record, 'cites'), `${path}.cites`, MANY, NAME),
    supported,
    state,
    start,
    end: asInteger(own(record, 'end'), `${path}.end`, start),
  };
  const reasons = optional(own(record, 'reasons'), (item) => asStringArray(item, `${path}.reasons`, MANY, TEXT));
  if (reasons) claim.reasons = reasons;
  const evidence = optional(own(record, 'evidence'), (item) => readEvidence(item, `${path}.evidence`));
  if (evidence) claim.evidence = evidence;
  const spans = optional(own(record, 'spans'), (item) => list(item, `${path}.spans`, readEvidence));
  if (spans) claim.spans = spans;
  return claim;
}

function readEvidence(value: unknown, path: string): ClaimEvidence {
  const record = asObject(value, path);
  const start = asInteger(own(record, 'start'), `${path}.start`);
  return {
    cite: asString(own(record, 'cite'), `${path}.cite`, NAME),
    start,
    end: asInteger(own(record, 'end'), `${path}.end`, start),
  };
}

function readWarning(value: unknown, path: string): RagWarning {
  const record = asObject(value, path);
  const warning: RagWarning = {
    flag: asOneOf(own(record, 'flag'), `${path}.flag`, FLAGS),
    message: asString(own(record, 'message'), `${path}.message`, TEXT),
  };
  const claim = optional(own(record, 'claim'), (item) => asInteger(item, `${path}.claim`));
  if (claim !== undefined) warning.claim = claim;
  for (const key of ['cites', 'values'] as const) {
    const items = optional(own(record, key), (item) => asStringArray(item, `${path}.${key}`, MANY, TEXT));
    if (items) warning[key] = items;
  }
  for (const key of ['part', 'authoritative'] as const) {
    const item = optional(own(record, key), (entry) => asString(entry, `${path}.${key}`, TEXT));
    if (item !== undefined) warning[key] = item;
  }
  return warning;
}
