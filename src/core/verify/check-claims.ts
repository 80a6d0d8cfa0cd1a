/**
 * Judging each claim against the passages it cites: a claim without a valid citation is
 * unsupported; otherwise the judge decides, the hard facts (numbers, identifiers, names, links,
 * quotes) are checked by code whatever the judge, and a claim whose support comes only from an
 * injected span is unsupported too.
 */
import { throwIfAborted } from '../errors.js';
import type { AbortSignalLike, ClaimJudge, ClaimJudgement } from '../ports.js';
import type { Claim, ClaimEvidence, RagWarning, RetrievedPassage } from '../types.js';
import type { ClaimDraft } from './claims.js';
import { claimCore } from './claim-core.js';
import type { ResolvedCitation } from './citations.js';
import { evidenceSpans } from './evidence-span.js';
import { isQuestion, passageEvidence } from './evidence-text.js';
import { claimNames, misquotes, missingFacts } from './facts.js';
import type { InjectionSpan } from './injection.js';
import { CANDIDATE_SENTENCES, candidateSentences, claimValues } from './candidate-sentences.js';
import {
  claimTerms,
  closestSentences,
  contradictedClauses,
  hasVerb,
  judgeLexically,
  nameMoved,
  POLARITY_SHARE,
} from './lexical-judge.js';
import type { Meaning, MeaningThresholds } from './meaning.js';
import { isNegated, polarityDiffers, withoutCode } from './negation.js';
import { extractQuantities, quantityStated } from '../text/quantities.js';
import { checkTerms, keyTerms, weightedShare, termWeight } from './term-weights.js';

/** What checking the claims needs. */
export interface ClaimContext {
  judge: ClaimJudge;
  citations: ReadonlyMap<string, ResolvedCitation>;
  injections: ReadonlyMap<string, InjectionSpan[]>;
  given: readonly RetrievedPassage[];
  /** Stops a slow (model) judge between claims. */
  signal?: AbortSignalLike;
  /** Sentence similarity from the embedder, where calibrated: confirms paraphrases the words miss. */
  meaning?: Meaning;
  /** The answer the drafts were cut from: where its paragraphs end. */
  answer?: string;
  /** True for a name the library is about (see `VerifyInput.librarySubject`). */
  librarySubject?: (name: string) => boolean;
}

/** A checked claim, with the passages its valid citations name. */
export interface CheckedClaim {
  claim: Claim;
  core: string;
  passages: RetrievedPassage[];
  /** True when the claim repeats text found only in an injected span. */
  injected: boolean;
  /** For an item of a list cited only by the line that leads into it, that line. */
  lead?: string;
}

/** Checks every claim; returns them with one warning per unsupported claim or injected repeat. */
export async function checkClaims(
  drafts: readonly ClaimDraft[],
  context: ClaimContext,
): Promise<{ checked: CheckedClaim[]; warnings: RagWarning[] }> {
  const checked: CheckedClaim[] = [];
  const warnings: RagWarning[] = [];
  const withCites = withRestatedCites(drafts);
  for (const [index, draft] of withCites.entries()) {
    const judged = await checkUncitedInParagraph(draft, paragraphCites(withCites, index, context.answer), context);
    const result = draft.lead ? { ...judged, lead: draft.lead } : judged;
    checked.push(result);
    const label = `Claim ${index + 1} ("${shorten(draft.text)}")`;
    if (result.injected) {
      warnings.push({
        flag: 'injection',
        claim: index,
        cites: draft.cites,
        message: `${label} repeats text planted in a document to instruct an assistant.`,
      });
    }
    if (!result.claim.supported) {
      const why = result.claim.reasons?.join('; ') ?? 'not supported';
      const cited = draft.cites.map((cite) => `[${cite}]`).join(' ');
      const message =
        result.claim.state === 'contradicted'
          ? `${label}: the passage says otherwise (${why}).`
          : `${label}: could not confirm this in ${cited || 'the passages'} (${why}); read the passage.`;
      warnings.push({ flag: 'unsupported_claim', claim: index, cites: draft.cites, message });
    }
  }
  return { checked, warnings };
}

/**
 * The citations an uncited claim is judged against: those of the next cited claim before the
 * paragraph ends ("Yes. Dual audio plays to two devices. Connect both … [3]"); where no citation
 * follows it in its paragraph, those given before it there ("The guide lists 1800 285 438 [5],
 * but the errata sheet says two digits were transposed there."); or none.
 */
function paragraphCites(drafts: readonly ClaimDraft[], index: number, answer: string | undefined): string[] {
  const draft = drafts[index]!;
  if (answer === undefined || draft.cites.length > 0 || /[[\]]/.test(draft.text)) return [];
  // A short lead ("Not covered.") matches almost any passage on its topic: it may borrow only
  // from a claim it agrees with in polarity, as a restating lead does.
  const short = keyTerms(claimCore(draft.text)).length <= MAX_LEAD_TERMS;
  const agrees = (other: ClaimDraft) => !short || !polarityDiffers(claimCore(draft.text), claimCore(other.text));
  for (const next of drafts.slice(index + 1)) {
    if (/\n\s*\n/.test(answer.slice(draft.end, next.start))) break;
    if (next.cites.length === 0) continue;
    return agrees(next) ? next.cites : [];
  }
  const before: string[] = [];
  for (let at = index - 1; at >= 0; at--) {
    const previous = drafts[at]!;
    if (/\n\s*\n/.test(answer.slice(previous.end, drafts[at + 1]!.start))) break;
    if (previous.cites.length > 0 && agrees(previous)) before.unshift(...previous.cites);
  }
  return [...new Set(before)];
}

/**
 * An uncited claim in a paragraph that a citation closes is judged against that citation's
 * passages: supported there, it takes the citation; not supported, it stays uncited (and is
 * flagged as such, not as "not found in" a passage it never cited).
 */
async function checkUncitedInParagraph(
  draft: ClaimDraft,
  closing: readonly string[],
  context: ClaimContext,
): Promise<CheckedClaim> {
  if (closing.length > 0) {
    const borrowed = await checkClaim({ ...draft, cites: [...closing] }, context);
    if (borrowed.claim.supported) return borrowed;
  }
  return checkClaim(draft, context);
}

async function checkClaim(draft: ClaimDraft, context: ClaimContext): Promise<CheckedClaim> {
  const core = claimCore(draft.text);
  const passages = unique(draft.cites.flatMap((id) => context.citations.get(id)?.passages ?? []));
  const base = { text: draft.text, cites: draft.cites, start: draft.start, end: draft.end };
  const injected = repeatsInjection(core, passages, context);
  const fail = (reasons: string[], contradicted = false): CheckedClaim => ({
    claim: {
      ...base,
      supported: false,
      state: contradicted ? 'contradicted' : 'not_found',
      reasons,
      ...withEvidence(evidenceSpans(core, passages)),
    },
    core,
    passages,
    injected,
  });
  if (draft.cites.length === 0) return fail(['it has no citation', ...(injected ? ['it repeats injected text'] : [])]);
  if (passages.length === 0) return fail(['it cites only ids that were not given']);
  const evidence = [
    ...passages.map((item) => passageEvidence(item.passage, item.lead)),
    ...subjectNamed(core, context),
  ];
  throwIfAborted(context.signal);
  const call = context.signal ? { signal: context.signal } : undefined;
  let judgement: ClaimJudgement = await context.judge.judge(core, evidence, call);
  if (!judgement.supported && (judgement.onlyWording || judgement.onlyPolarity) && context.meaning) {
    judgement = await confirmByMeaning(core, evidence, judgement, context.meaning, call);
  }
  if (!judgement.supported && judgement.onlyWording) {
    judgement = (await judgePieces(core, evidence, context, call)) ?? judgement;
  }
  const reasons = judgement.supported ? [] : [judgement.reason ?? 'the cited passage does not state it'];
  // The judge sees the claim's core; quotes are checked as written, and hard facts whatever the judge.
  reasons.push(...misquotes(draft.text, evidence));
  if (context.judge.id !== 'lexical') reasons.push(...missingFacts(core, evidence));
  if (reasons.length === 0 && injected) reasons.push('its only support is text planted to instruct an assistant');
  if (reasons.length > 0) return fail(reasons, judgement.contradicted === true);
  const spans = evidenceSpans(core, passages, judgement.sentence);
  return { claim: { ...base, supported: true, state: 'supported', ...withEvidence(spans) }, core, passages, injected };
}

/**
 * The names of the claim that the library is about ("the TV" in a TV manual, whose sections seldom
 * name it), as one more line of evidence: a section need not name the product every sentence of
 * the library is about for a claim about that product to rest on it.
 */
function subjectNamed(core: string, context: ClaimContext): string[] {
  const subject = context.librarySubject;
  if (!subject) return [];
  const names = claimNames(core).filter(subject);
  return names.length > 0 ? [names.join(' ')] : [];
}

/**
 * A claim that joins what the passage says in two or more sentences ("He narrowed it down to
 * Chroma, Qdrant and Vespa and went with Chroma, because its batteries-included approach gets an
 * app working quickly") is judged piece by piece when the whole fails only on wording: each
 * clause (cut at a semicolon, a colon after a short lead-in, ", and", ", which", "because" …)
 * must be supported on its own, by words or by meaning; the hard facts of every piece are
 * checked as for any claim. Supported only when every piece with content words is.
 */
async function judgePieces(
  core: string,
  evidence: string[],
  context: ClaimContext,
  call: { signal: AbortSignalLike } | undefined,
): Promise<ClaimJudgement | undefined> {
  const pieces = claimPieces(core);
  if (pieces.length < 2) return undefined;
  let first: ClaimJudgement | undefined;
  let least = 1;
  for (const piece of pieces) {
    let judgement = await context.judge.judge(piece, evidence, call);
    if (!judgement.supported && (judgement.onlyWording || judgement.onlyPolarity) && context.meaning)
      judgement = await confirmByMeaning(piece, evidence, judgement, context.meaning, call);
    if (!judgement.supported) return undefined;
    first ??= judgement;
    least = Math.min(least, judgement.score);
  }
  return { supported: true, score: least, ...(first?.sentence ? { sentence: first.sentence } : {}) };
}

/** Where a claim's clauses part: semicolons, ", and/while/which/so/whereas/plus", "(mainly) because". */
const PIECE_BREAK =
  /\s*;\s+|,\s+(?:and|while|which|so|whereas|plus)\s+|,?\s+(?:(?:mainly|partly|largely|simply|only)\s+)?because\s+(?:of\s+)?/gi;

/** The clauses of a claim with content words of their own, a short lead-in before a colon dropped. */
export function claimPieces(core: string): string[] {
  const colon = /^([^:]{1,40}):\s+(?=\S)/.exec(core);
  const body = colon && keyTerms(colon[1]!).length <= 3 ? core.slice(colon[0].length) : core;
  const pieces: string[] = [];
  for (const raw of body.split(PIECE_BREAK)) {
    const piece = raw.trim().replace(/[.!?]$/, '');
    // A piece with fewer than two words of its own beside its values ("which is 21 persons") is
    // read with the piece before it: a value is judged with what it is about.
    if (claimTerms(piece).length < 2 && pieces.length > 0) pieces[pieces.length - 1] += `, ${piece}`;
    else if (keyTerms(piece).length === 0) continue;
    else pieces.push(piece);
  }
  return pieces;
}

/** `evidence` and `spans` for a claim, when any cited passage offers a sentence. */
function withEvidence(spans: ClaimEvidence[]): Pick<Claim, 'evidence' | 'spans'> {
  const [first] = spans;
  return first ? { evidence: first, spans } : {};
}

/**
 * A claim whose every hard fact the passage states, in other words than the passage's: supported
 * when its meaning is close enough to one sentence of the passage (`MeaningThresholds.support`)
 * and says it the same way round. A claim the words found the opposite of a sentence is compared
 * with the sentence closest in meaning instead: if that one agrees in polarity, the words had
 * picked the wrong sentence; if it too says the opposite, it stays contradicted.
 */
async function confirmByMeaning(
  core: string,
  evidence: string[],
  judgement: ClaimJudgement,
  meaning: Meaning,
  call: { signal: AbortSignalLike } | undefined,
): Promise<ClaimJudgement> {
  const candidates = candidateSentences(core, evidence);
  if (candidates.length === 0) return judgement;
  const scores = await meaning.similarity(core, candidates, call);
  const best = Math.max(...scores);
  const sentence = candidates[scores.indexOf(best)]!;
  // A sentence that states every value of the claim needs less else in common (`supportWithValues`).
  const bar = claimValues(core).length > 0 ? meaning.thresholds.supportWithValues : meaning.thresholds.support;
  // Two weaker signals that agree: a sentence close in meaning that also holds most of the
  // claim's words states it ("Tensor Cores are most important, followed by memory bandwidth…" for
  // "Tensor Cores first, then memory bandwidth…"), where neither alone would do.
  const agreeing = agreeingSentence(core, candidates, scores, meaning.thresholds.supportWithWords);
  const chosen = best >= bar ? sentence : agreeing?.sentence;
  if (chosen === undefined || polarityDiffers(core, chosen)) return judgement;
  // The words found one clause the opposite of the passage ("… and it also deletes existing app
  // data" against "Existing app data is not deleted."): a sentence close in meaning to the rest
  // ("Reset options that have been changed.") says nothing of that clause.
  if (judgement.onlyPolarity && !speaksOfContradicted(core, chosen, evidence)) return judgement;
  // Close in meaning, but of another name: the claim put that name on what the sentence says of another.
  const moved = nameMoved(core, chosen, evidence) ?? (await valueOfCloserSentence(core, evidence, best, meaning, call));
  if (moved !== undefined) {
    const reason = [judgement.reason, moved].filter(Boolean).join('; ');
    return { supported: false, score: judgement.score, reason, contradicted: true };
  }
  return best >= bar
    ? { supported: true, score: best, sentence }
    : { supported: true, score: agreeing!.score, sentence: chosen };
}

/**
 * True when `sentence` holds most words (`POLARITY_SHARE`) of every clause of the claim the words
 * found the opposite of the evidence. Only clauses that state something count: a verb and two
 * words of their own ("it also deletes existing app data", not "Java applications" cut from
 * "Java applications and ActiveX aren't supported", nor "It's also unavailable", which a
 * paraphrase may put in other words). A claim of one clause is compared as a whole anyway.
 */
function speaksOfContradicted(core: string, sentence: string, evidence: readonly string[]): boolean {
  const present = new Set(checkTerms(sentence));
  return contradictedClauses(core, evidence).every(
    (clause) =>
      clause === core ||
      !hasVerb(clause) ||
      keyTerms(clause).length < 2 ||
      weightedShare(claimTerms(clause), present, termWeight, 'narrower') >= POLARITY_SHARE,
  );
}

/**
 * How much closer in meaning than the closest sentence stating the claim's values a sentence
 * stating another value of the same kind must be for that other value to be the one the passage
 * gives for what the claim says. On the development sets (MiniLM) every margin from −0.05 to
 * 0.15 caught the same fault (U020: 0.925 against 0.665) and flagged no correct answer; 0.1 keeps
 * clear of the few hundredths by which a paraphrase's cosines to two near sentences differ.
 */
const CLOSER_BY = 0.1;

/**
 * For a claim with values confirmed by a sentence that states them: a sentence of the passage
 * that says the rest of the claim clearly better (`CLOSER_BY` in cosine) with another value of
 * the same kind ("12 months: obligations for general purpose AI governance become applicable"
 * against the claim's 24 months, which the passage states of all rules) gives the value the
 * passage has for it: why the claim's value is the wrong one. Undefined otherwise.
 */
async function valueOfCloserSentence(
  core: string,
  evidence: string[],
  stating: number,
  meaning: Meaning,
  call: { signal: AbortSignalLike } | undefined,
): Promise<string | undefined> {
  const values = claimValues(core);
  if (values.length === 0) return undefined;
  const others = closestSentences(core, evidence, CANDIDATE_SENTENCES).filter((sentence) => {
    if (isQuestion(sentence)) return false;
    const stated = extractQuantities(sentence);
    return values.some(
      (value) => !quantityStated(value, stated) && stated.some((other) => other.dimension === value.dimension),
    );
  });
  if (others.length === 0) return undefined;
  const scores = await meaning.similarity(core, others, call);
  const best = Math.max(...scores);
  if (best < stating + CLOSER_BY) return undefined;
  const sentence = others[scores.indexOf(best)]!;
  const stated = extractQuantities(sentence);
  const value = values.find((item) => !quantityStated(item, stated))!;
  const rival = stated.find((other) => other.dimension === value.dimension)!;
  return `the passage gives ${rival.raw} for this; ${value.raw} is stated about something else`;
}

/**
 * The sentence, of those compared, closest in meaning among the ones that reach both bars of
 * `MeaningThresholds.supportWithWords` (its cosine to the claim and its weighted share of the
 * claim's content words) and that is negated where the claim is, and only there.
 */
function agreeingSentence(
  core: string,
  candidates: readonly string[],
  scores: readonly number[],
  bars: MeaningThresholds['supportWithWords'],
): { sentence: string; score: number } | undefined {
  const terms = claimTerms(core);
  const negated = isNegated(withoutCode(core));
  let found: { sentence: string; score: number } | undefined;
  candidates.forEach((sentence, index) => {
    const score = scores[index] ?? 0;
    if (score < bars.cosine || (found && found.score >= score)) return;
    // A negation on one side only, whatever words it bears on: the weaker signals do not settle polarity.
    if (isNegated(withoutCode(sentence)) !== negated) return;
    if (weightedShare(terms, new Set(checkTerms(sentence)), termWeight, 'narrower') >= bars.share)
      found = { sentence, score };
  });
  return found;
}

/** Most key terms an uncited lead ("Cold.", "Every six weeks.") may have to count as a restatement. */
const MAX_LEAD_TERMS = 6;

/**
 * Uncited short leads that only restate the cited claim beside them ("Cold. The Rinse programme
 * rinses with cold water [3]") take that claim's citations and are judged against its passages:
 * every term of the lead is in that claim and both say it the same way round ("Not covered."
 * before "Accidental damage is covered [3]" restates nothing). Every other uncited claim stays
 * uncited.
 */
function withRestatedCites(drafts: readonly ClaimDraft[]): ClaimDraft[] {
  return drafts.map((draft, index) => {
    // A bracket in an uncited claim is a citation the checker does not recognise: never inherit for it.
    if (draft.cites.length > 0 || /[[\]]/.test(draft.text)) return draft;
    const terms = keyTerms(claimCore(draft.text));
    if (terms.length === 0 || terms.length > MAX_LEAD_TERMS) return draft;
    const neighbour = [drafts[index + 1], drafts[index - 1]].find(
      (other) =>
        other !== undefined &&
        other.cites.length > 0 &&
        isContained(terms, other.text) &&
        !polarityDiffers(claimCore(draft.text), claimCore(other.text)),
    );
    return neighbour ? { ...draft, cites: [...neighbour.cites] } : draft;
  });
}

function isContained(terms: readonly string[], text: string): boolean {
  const present = new Set(checkTerms(text));
  return terms.every((term) => present.has(term));
}

/**
 * True when the claim is stated by an injected span of a given passage, or carries a value
 * (number, link, code) that only such a span states, and the passages it cites do not state it
 * once their injected spans are blanked out.
 */
function repeatsInjection(core: string, cited: RetrievedPassage[], context: ClaimContext): boolean {
  const spans = context.given.flatMap((item) =>
    (context.injections.get(item.passage.cite) ?? []).map((span) => item.passage.text.slice(span.start, span.end)),
  );
  if (spans.length === 0) return false;
  if (!judgeLexically(core, spans).supported && !valueOnlyInjected(core, spans, context)) return false;
  const clean = cited.map((item) =>
    passageEvidence({
      ...item.passage,
      text: blank(item.passage.text, context.injections.get(item.passage.cite) ?? []),
    }),
  );
  return clean.length === 0 || !judgeLexically(core, clean).supported;
}

/** True when a value of the claim is stated by an injected span and by no given passage outside such spans. */
function valueOnlyInjected(core: string, spans: readonly string[], context: ClaimContext): boolean {
  const values = extractQuantities(core);
  if (values.length === 0) return false;
  const inSpans = extractQuantities(spans.join('\n'));
  const outside = extractQuantities(
    context.given.map((item) => blank(item.passage.text, context.injections.get(item.passage.cite) ?? [])).join('\n'),
  );
  return values.some((value) => quantityStated(value, inSpans) && !quantityStated(value, outside));
}

/** `text` with the spans replaced by spaces (offsets kept). */
export function blank(text: string, spans: readonly InjectionSpan[]): string {
  let result = text;
  for (const span of spans)
    result = result.slice(0, span.start) + ' '.repeat(span.end - span.start) + result.slice(span.end);
  return result;
}

function unique(passages: RetrievedPassage[]): RetrievedPassage[] {
  return [...new Map(passages.map((item) => [item.passage.cite, item])).values()];
}

/** The first words of a text, for messages. */
export function shorten(text: string, length = 70): string {
  return text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`;
}
