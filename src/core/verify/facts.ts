/**
 * The hard facts of a claim, which a cited passage must state exactly: every number with its
 * unit (normalised: "two years" = "24 months"), date, part number, code, model name, capitalised
 * name and link (`missingFacts`), and quoted text (`misquotes`). Checked by code whatever judge decides the rest.
 */
import { modelNames } from '../question/model-names.js';
import { writesOut } from '../text/acronyms.js';
import { extractQuantities, quantityStated, type Quantity } from '../text/quantities.js';
import { isQuoteOf } from './match-text.js';

const URL =
  /\b(?:https?:\/\/|www\.)[^\s)\]>"']+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|example|io|co|info|biz|shop|xyz|ly)\b(?:\/[^\s)\]>"']*)?/gi;
const QUOTE = /["“]([^"”]{3,})["”]/g;
/**
 * Capitalised words and acronyms not at the start of the claim: names ("Calder", "Eco 50", "UE"),
 * and the labels of a menu path ("Settings > Picture > Expert Settings"), each a name the passage
 * must give.
 */
const NAME = /(?<=[\p{L}\p{N},;)>›→]\s+)(?:\p{Lu}[\p{Ll}\p{N}]+|\p{Lu}{2,})\b/gu;
/** Capitalised words that are not names: they start clauses or are common in answers. */
const NOT_NAMES = new Set(['I', 'If', 'The', 'A', 'An', 'This', 'That', 'It', 'Yes', 'No', 'Note', 'OK']);

/** Decimal places written in a number ("1.73" → 2), for the rounding a derived value may carry. */
function decimals(raw: string): number {
  return /\d[.,](\d+)/.exec(raw)?.[1]?.length ?? 0;
}

/**
 * True when `quantity` is arithmetic on two other values of the claim that the evidence states:
 * their ratio ("roughly 1.73x: 1,555 GB/s against 900 GB/s"), difference or sum ("3 hours more:
 * 5 hours instead of 2"), as rounded as the claim writes it. The passage states the operands;
 * the claim only works them out.
 */
export function isDerived(
  quantity: Quantity,
  claimQuantities: readonly Quantity[],
  stated: readonly Quantity[],
): boolean {
  // Times of day are not worked out from other values (their differences are durations).
  if (['identifier', 'date', 'time'].includes(quantity.dimension) || quantity.max !== undefined) return false;
  const operands = claimQuantities.filter(
    (other) =>
      other !== quantity &&
      other.dimension !== 'identifier' &&
      other.dimension !== 'date' &&
      other.max === undefined &&
      quantityStated(other, stated),
  );
  const written = quantity.value;
  const tolerance = Math.max(0.5 * 10 ** -decimals(quantity.raw), 0.005 * Math.abs(written));
  const near = (value: number) => Math.abs(value - written) <= tolerance;
  for (const [index, a] of operands.entries()) {
    for (const b of operands.slice(index + 1)) {
      if (a.dimension !== b.dimension || a.unit !== b.unit) continue;
      if (
        quantity.dimension === 'count' &&
        b.value !== 0 &&
        a.value !== 0 &&
        (near(a.value / b.value) || near(b.value / a.value))
      )
        return true;
      if (
        quantity.dimension === a.dimension &&
        quantity.unit === a.unit &&
        (near(Math.abs(a.value - b.value)) || near(a.value + b.value))
      )
        return true;
    }
  }
  return false;
}

/** The names `claim` writes mid-sentence (capitalised words, acronyms), as the name check reads them. */
export function claimNames(claim: string): string[] {
  return [...new Set([...claim.matchAll(NAME)].map((match) => match[0]).filter((name) => !NOT_NAMES.has(name)))];
}

/**
 * How the name check finds `name` in a passage: from the start of a word, in any case, and a
 * word may go on after a name ("Calder's", "Calders"); an acronym ("EU", "UN") is a word of its
 * own or with a plural "s" ("PINs"), never the start of another ("European", "under").
 */
function namePattern(name: string): RegExp {
  const acronym = /^\p{Lu}{2,}$/u.test(name);
  return new RegExp(`(?<![\\p{L}\\p{N}])${name}${acronym ? "(?:['’]?s)?(?!\\p{L})" : ''}`, 'iu');
}

/** True when `raw` is a word of `text` in any case ("m2" for "M2"), not the start or end of a longer one. */
function inAnyCase(raw: string, text: string): boolean {
  const escaped = raw.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}-])${escaped}(?![\\p{L}\\p{N}]|-[\\p{L}\\p{N}])`, 'iu').test(text);
}

/** Why `claim` is not stated by `evidence`, one reason per missing fact; empty when all are stated. */
export function missingFacts(claim: string, evidence: readonly string[]): string[] {
  const joined = evidence.join('\n');
  const reasons: string[] = [];
  const stated = extractQuantities(joined);
  const quantities = extractQuantities(claim);
  for (const quantity of quantities) {
    // "PS5" is stated by "PlayStation 5", "M2" by "my m2 MacBook": a name people write in either case.
    const writtenOut =
      quantity.dimension === 'identifier' && (writesOut(quantity.raw, joined) || inAnyCase(quantity.raw, joined));
    if (!quantityStated(quantity, stated) && !isDerived(quantity, quantities, stated) && !writtenOut)
      reasons.push(`"${quantity.raw}" is not in the cited passage`);
  }
  const evidenceModels = new Set(modelNames(joined));
  for (const model of modelNames(claim)) {
    if (!evidenceModels.has(model) && !writesOut(model, joined) && !reasons.some((reason) => reason.includes(model))) {
      reasons.push(`${model} is not named in the cited passage`);
    }
  }
  const lowerEvidence = joined.toLowerCase();
  for (const match of claim.matchAll(URL)) {
    const url = match[0].replace(/[.,;:]+$/, '').toLowerCase();
    if (!lowerEvidence.includes(url)) reasons.push(`the link ${url} is not in the cited passage`);
  }
  for (const name of claimNames(claim)) {
    if (reasons.some((reason) => reason.includes(name))) continue;
    if (!namePattern(name).test(joined) && !writesOut(name, joined))
      reasons.push(`"${name}" is not named in the cited passage`);
  }
  return reasons;
}

/**
 * Quotations in `claim` ("…" of three words or more) that are not quotes of `evidence`. Checked
 * on the claim as written, attribution included, because the quote is what it asserts.
 */
export function misquotes(claim: string, evidence: readonly string[]): string[] {
  const reasons: string[] = [];
  for (const match of claim.matchAll(QUOTE)) {
    const quoted = match[1] ?? '';
    if (quoted.split(/\s+/).length >= 3 && !isQuoteOf(quoted, evidence)) {
      reasons.push(`the quoted text "${quoted.slice(0, 60)}" is not in the cited passage`);
    }
  }
  return reasons;
}
