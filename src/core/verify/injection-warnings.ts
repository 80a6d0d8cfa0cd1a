/**
 * Injection warnings: one per given passage that contains text aimed at an assistant, and one
 * for an answer that carries an image or a link that no given passage offers outside such text
 * (the usual way a planted instruction leaks data or advertises).
 */
import type { RagWarning, RetrievedPassage } from '../types.js';
import { blank, shorten } from './check-claims.js';
import type { InjectionSpan } from './injection.js';

const IMAGE = /!\[[^\]\n]*\]\s*[([][^)\]\n]*[)\]]/g;
const LINK = /\b(?:https?:\/\/|www\.)[^\s)\]>"'<]+/gi;

/** One warning per passage with injected spans. */
export function injectionWarnings(
  given: readonly RetrievedPassage[],
  injections: ReadonlyMap<string, InjectionSpan[]>,
): RagWarning[] {
  const warnings: RagWarning[] = [];
  for (const item of given) {
    const spans = injections.get(item.passage.cite) ?? [];
    if (spans.length === 0) continue;
    const first = spans[0];
    const excerpt = first
      ? shorten(item.passage.text.slice(first.start, first.end).replace(/\s+/g, ' ').trim(), 90)
      : '';
    const reasons = [...new Set(spans.map((span) => span.reason))].join(', ');
    warnings.push({
      flag: 'injection',
      cites: [item.passage.cite],
      message: `Passage ${item.passage.cite} contains text aimed at an AI assistant (${reasons}): "${excerpt}". The answer may be influenced by it.`,
    });
  }
  return warnings;
}

/** A warning for each image, and each link not found in a given passage outside its injected spans. */
export function answerLinkWarnings(
  answer: string,
  given: readonly RetrievedPassage[],
  injections: ReadonlyMap<string, InjectionSpan[]>,
): RagWarning[] {
  const clean = given
    .map((item) => blank(item.passage.text, injections.get(item.passage.cite) ?? []).toLowerCase())
    .join('\n');
  const warnings: RagWarning[] = [];
  for (const match of answer.matchAll(IMAGE)) {
    warnings.push({
      flag: 'injection',
      message: `The answer contains an image (${shorten(match[0], 80)}); images in answers can leak data and are never taken from documents.`,
    });
  }
  const withoutImages = answer.replace(IMAGE, ' ');
  for (const match of withoutImages.matchAll(LINK)) {
    const url = match[0].replace(/[.,;:]+$/, '');
    if (clean.includes(url.toLowerCase())) continue;
    warnings.push({
      flag: 'injection',
      message: `The answer contains the link ${url}, which no given passage offers outside text planted to instruct an assistant.`,
    });
  }
  return warnings;
}
