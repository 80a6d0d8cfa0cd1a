/**
 * The retrieve stage: for each part of the question, a lexical and/or vector search restricted
 * to what the viewer may read, fused, scored for coverage; then the parts' lists are merged and
 * passages that supersede a retrieved one are brought in beside it.
 */
import { RagError, throwIfAborted } from '../errors.js';
import type { SearchIndex } from '../index/search-index.js';
import { searchLexical, searchVector, type RawHit } from '../index/search.js';
import type { CallOptions, Embedder } from '../ports.js';
import type { AccessLabel, QuestionPart, RetrievedPassage } from '../types.js';
import { readableLabels, readablePassages } from './access.js';
import { absentFocus } from './focus.js';
import { fuse, type Fusion, type FusedHit } from './fuse.js';
import { mergePartRankings } from './merge-parts.js';
import { addSupersedingPassages } from './supersession.js';
import { partWeights, passageTerms, termCoverage } from './term-coverage.js';

/** Which searches run. */
export type RetrievalMode = 'lexical' | 'vector' | 'hybrid';

/** Retrieval settings; see `DEFAULT_RETRIEVAL_OPTIONS`. */
export interface RetrievalOptions {
  mode: RetrievalMode;
  /** Passages returned (per question; a question with several parts may get one more per part). */
  topK: number;
  viewer: AccessLabel;
  fusion: Fusion;
  /** Weights of the `weighted` fusion. */
  weights: { text: number; vector: number };
  /** Candidates each search returns before fusion. */
  candidates: number;
  /** Lowest cosine a vector candidate may have (Orama's own default, 0.8, drops most real hits). */
  similarity: number;
  /** A passage is relevant to a part when it covers at least this idf-weighted share of the part's terms… */
  floor: number;
  /** …or when its cosine similarity to the part reaches this. */
  vectorFloor: number;
  /**
   * Weight (0–1) of term coverage against the fused score in the final order of each part's
   * candidates: a cheap lexical rerank that lifts passages stating all of the question over
   * passages that repeat one of its words. 0 keeps the fused order.
   */
  coverageWeight: number;
}

/** Defaults, chosen on the sample question set (see evals/README.md). */
export const DEFAULT_RETRIEVAL_OPTIONS: RetrievalOptions = {
  mode: 'hybrid',
  topK: 6,
  viewer: 'public',
  fusion: 'rrf',
  weights: { text: 0.5, vector: 0.5 },
  candidates: 40,
  similarity: 0.05,
  floor: 0.35,
  vectorFloor: 0.75,
  coverageWeight: 0.75,
};

/** What retrieval found, per part and merged. */
export interface RetrievalResult {
  passages: RetrievedPassage[];
  /** For each part (with its term weights set): how many candidates were relevant, and the best coverage seen. */
  parts: { part: QuestionPart; relevant: number; bestCoverage: number }[];
  /** Readable labels the searches were restricted to. */
  access: AccessLabel[];
  /** Passages the post-search access check removed (always 0 unless the index is inconsistent). */
  accessDropped: number;
}

/** Retrieves passages for every part of a question. */
export async function retrieve(
  index: SearchIndex,
  embedder: Embedder | undefined,
  parts: QuestionPart[],
  options: RetrievalOptions,
  call?: CallOptions,
): Promise<RetrievalResult> {
  validateRetrievalOptions(options, embedder);
  const access = readableLabels(options.viewer);
  const rankings: RetrievedPassage[][] = [];
  const partStats: RetrievalResult['parts'] = [];
  for (const [partIndex, unweighted] of parts.entries()) {
    const part: QuestionPart = {
      ...unweighted,
      weights: partWeights(index, unweighted),
      unknownTerms: unweighted.terms.filter((term) => !index.termPassages.has(term)),
    };
    throwIfAborted(call?.signal);
    const fused = await searchPart(index, embedder, part, options, access, call);
    const ranked = scorePart(index, part, partIndex, fused, options).slice(0, options.topK);
    rankings.push(ranked);
    partStats.push({
      part,
      relevant: ranked.filter((item) => isRelevant(item, options)).length,
      bestCoverage: Math.max(0, ...ranked.map((item) => item.termCoverage)),
    });
  }
  const merged = mergePartRankings(rankings, options.topK + Math.max(0, parts.length - 1));
  const withSuccessors = addSupersedingPassages(index, merged, access, parts);
  const readable = readablePassages(withSuccessors, access);
  readable.forEach((item, position) => (item.rank = position + 1));
  const given = readable.filter((item) => isRelevant(item, options) || item.addedBySupersession);
  for (const stat of partStats) {
    const absent = absentFocus(index, stat.part.focus, access, given);
    if (absent.length > 0) stat.part.absentFocus = absent;
  }
  return { passages: readable, parts: partStats, access, accessDropped: withSuccessors.length - readable.length };
}

/** True when a retrieved passage clears the relevance floor for at least one part. */
export function isRelevant(item: RetrievedPassage, options: Pick<RetrievalOptions, 'floor' | 'vectorFloor'>): boolean {
  return item.termCoverage >= options.floor || (item.vectorScore ?? 0) >= options.vectorFloor;
}

async function searchPart(
  index: SearchIndex,
  embedder: Embedder | undefined,
  part: QuestionPart,
  options: RetrievalOptions,
  access: AccessLabel[],
  call?: CallOptions,
): Promise<FusedHit[]> {
  const query = `${part.text} ${part.terms.join(' ')}`;
  const searchOptions = { access, limit: options.candidates };
  let lexical: RawHit[] = [];
  let vector: RawHit[] = [];
  if (options.mode !== 'vector') lexical = await searchLexical(index, query, searchOptions);
  if (options.mode !== 'lexical' && embedder) {
    // A part that points back is searched with the part it points at ("… and where do I switch it on").
    const queryVector = await embedder.embedQuery(
      part.antecedent ? `${part.antecedent} ${part.text}` : part.text,
      call,
    );
    vector = await searchVector(index, queryVector, { ...searchOptions, similarity: options.similarity });
  }
  return fuse(lexical, vector, options.fusion, options.weights);
}

function scorePart(
  index: SearchIndex,
  part: QuestionPart,
  partIndex: number,
  fused: FusedHit[],
  options: RetrievalOptions,
): RetrievedPassage[] {
  const items: RetrievedPassage[] = [];
  for (const hit of fused.slice(0, options.candidates)) {
    const passage = index.passages.get(hit.cite);
    if (!passage) continue;
    const item: RetrievedPassage = {
      passage,
      rank: 0,
      score: hit.score,
      termCoverage: termCoverage(index, part, passageTerms(passage)),
      parts: [partIndex],
      supersededBy: [],
    };
    if (hit.lexicalScore !== undefined) item.lexicalScore = hit.lexicalScore;
    if (hit.vectorScore !== undefined) item.vectorScore = hit.vectorScore;
    items.push(item);
  }
  const maxScore = Math.max(0, ...items.map((item) => item.score)) || 1;
  for (const item of items) {
    item.fusedScore = item.score;
    item.score = (1 - options.coverageWeight) * (item.score / maxScore) + options.coverageWeight * item.termCoverage;
  }
  return items.sort((a, b) => b.score - a.score || a.passage.cite.localeCompare(b.passage.cite));
}

/** Checks every retrieval option; throws `INVALID_OPTION` naming the first bad one. */
export function validateRetrievalOptions(options: RetrievalOptions, embedder: Embedder | undefined): void {
  const fail = (option: string, detail: string) => {
    throw new RagError('INVALID_OPTION', { option, detail });
  };
  const share = (value: number) => Number.isFinite(value) && value >= 0 && value <= 1;
  const cosine = (value: number) => Number.isFinite(value) && value >= -1 && value <= 1;
  if (!['lexical', 'vector', 'hybrid'].includes(options.mode))
    fail('mode', `must be lexical, vector or hybrid, got "${options.mode}"`);
  if (!['rrf', 'weighted'].includes(options.fusion)) fail('fusion', `must be rrf or weighted, got "${options.fusion}"`);
  if (!Number.isInteger(options.topK) || options.topK < 1)
    fail('topK', `must be a whole number ≥ 1, got ${options.topK}`);
  if (!Number.isInteger(options.candidates) || options.candidates < 1)
    fail('candidates', `must be a whole number ≥ 1, got ${options.candidates}`);
  if (!share(options.floor)) fail('floor', `must be between 0 and 1, got ${options.floor}`);
  if (!share(options.coverageWeight)) fail('coverageWeight', `must be between 0 and 1, got ${options.coverageWeight}`);
  if (!cosine(options.similarity)) fail('similarity', `must be between -1 and 1, got ${options.similarity}`);
  if (!cosine(options.vectorFloor)) fail('vectorFloor', `must be between -1 and 1, got ${options.vectorFloor}`);
  if (!(options.weights.text > 0 && options.weights.vector > 0)) fail('weights', 'both weights must be positive');
  if (options.mode !== 'lexical' && !embedder) fail('mode', `"${options.mode}" retrieval needs an embedder`);
}
