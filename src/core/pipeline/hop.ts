/**
 * Two-hop questions whose later part points back to what the part before it asks for: "…which
 * wireless feature has to be on, and where in Settings do I switch it on?" The "it" is whatever
 * answers the first part, which the question does not name, so the second part's own words find
 * nothing. The first part is answered first, as the no-model answerer would answer it ("Make sure
 * the NFC feature is enabled on your device."); the name that sentence gives replaces the pointer
 * ("where in Settings do I switch NFC on"), and retrieval and answering go on with the rewritten part.
 */
import { answeringUnit } from '../generate/extractive-generator.js';
import { askedKindTerms, asksForName, namesGiven } from '../question/names.js';
import { analyseQuestion, modelNames, questionSentence } from '../question/analyse-question.js';
import { readablePassages } from '../retrieve/access.js';
import { withLeads } from '../retrieve/passage-lead.js';
import { isRelevant, retrieve, type RetrievalOptions } from '../retrieve/retrieve.js';
import { contentTerms } from '../text/terms.js';
import type { CallOptions } from '../ports.js';
import type { QuestionPart } from '../types.js';
import type { Meaning } from '../verify/meaning.js';
import type { Engine } from './engine.js';

/** One resolved hop, for the trace. */
export interface Hop {
  /** The part as asked: "where in Settings do I switch it on". */
  part: string;
  /** The part it points back to, which was answered first. */
  from: string;
  /** The sentence that answered it, and its passage. */
  sentence: string;
  cite: string;
  /** The name that sentence gives, and the part rewritten with it. */
  name: string;
  rewritten: string;
}

/** "that mode", "this setting": a demonstrative and the noun it points with. */
const DEMONSTRATIVE = /\b(?:that|this)\s+([\p{L}-]+)/iu;
/** "switch it on", "to use it": the thing itself (not "it's", which is seldom the thing asked for). */
const IT = /\bit\b(?!['’])/i;

/**
 * The parts with each pointing-back part rewritten with the name that answers the part before it,
 * where the library answers that part with a sentence giving a name the question does not hold.
 */
export async function resolveHops(
  engine: Pick<Engine, 'index' | 'embedder'>,
  question: string,
  parts: QuestionPart[],
  options: RetrievalOptions,
  meaning: Meaning | undefined,
  call?: CallOptions,
): Promise<{ parts: QuestionPart[]; hops: Hop[] }> {
  const hops: Hop[] = [];
  const resolved = [...parts];
  for (let index = 1; index < parts.length; index++) {
    const part = parts[index]!;
    const previous = parts[index - 1]!;
    if (!part.antecedent) continue;
    const pointer = pointerIn(part, previous);
    if (!pointer) continue;
    const found = await retrieve(engine.index, engine.embedder, [previous], options, call);
    const weighted = found.parts[0]?.part ?? previous;
    const relevant = readablePassages(
      found.passages.filter((item) => isRelevant(item, options)),
      found.access,
    );
    const unit = await answeringUnit(weighted, withLeads(engine.index, relevant), meaning, call);
    if (!unit) continue;
    const name = chosenName(namesGiven(unit.text, question), pointer.kinds);
    if (!name) continue;
    const rewritten = part.text.replace(pointer.pattern, (said) => pointer.replace(said, name));
    resolved[index] = rewrittenPart(part, rewritten);
    hops.push({
      part: part.text,
      from: previous.text,
      sentence: unit.text,
      cite: unit.item.passage.cite,
      name,
      rewritten,
    });
  }
  return { parts: resolved, hops };
}

/**
 * The part as if asked with the name ("what do I need set up to use Find My Mobile"): the part
 * before it lends it no words, which would draw it back to the sentence that answered the first
 * hop; it keeps that part as its antecedent, whose models it is still about.
 */
function rewrittenPart(part: QuestionPart, rewritten: string): QuestionPart {
  const alone = analyseQuestion(rewritten)[0] ?? { text: rewritten, terms: [], expects: part.expects };
  const { contextTerms: _lent, ...rest } = part;
  // The models it carried stay what it is about: "how long does Quick 30 take" is still the DW-480's.
  const carried = part.terms.filter((term) => modelNames(term).length > 0);
  const resolved: QuestionPart = { ...rest, text: rewritten, terms: [...new Set([...alone.terms, ...carried])] };
  if (alone.contextTerms) resolved.contextTerms = alone.contextTerms;
  if (alone.focus) resolved.focus = alone.focus;
  return resolved;
}

interface Pointer {
  pattern: RegExp;
  /** Stemmed words that say what kind of thing the name is ("feature", "mode"). */
  kinds: string[];
  replace: (said: string, name: string) => string;
}

/**
 * How the part points back to what the part before it asks for: "that mode" where the part
 * before speaks of a mode; "it" where the part before asks for a name ("which wireless feature…").
 */
function pointerIn(part: QuestionPart, previous: QuestionPart): Pointer | undefined {
  const before = new Set(contentTerms(previous.text));
  const demonstrative = DEMONSTRATIVE.exec(part.text);
  const noun = contentTerms(demonstrative?.[1] ?? '')[0];
  if (demonstrative && noun && before.has(noun))
    return {
      pattern: DEMONSTRATIVE,
      kinds: [noun],
      replace: (said, name) => {
        const word = said.split(/\s+/).pop() ?? '';
        return contentTerms(name).includes(noun) ? `the ${name}` : `the ${name} ${word}`;
      },
    };
  const asked = questionSentence(previous.text);
  if (IT.test(part.text) && asksForName(asked))
    return { pattern: IT, kinds: askedKindTerms(asked), replace: (_said, name) => name };
  return undefined;
}

/**
 * The name that answers: the first followed by a word of the kind asked for ("the NFC feature"),
 * else the only one; where several are given and none says its kind, none (a guess would mislead).
 */
function chosenName(names: { name: string; next: string }[], kinds: string[]): string | undefined {
  const ofKind = names.find((found) => contentTerms(found.next).some((term) => kinds.includes(term)));
  if (ofKind) return ofKind.name;
  return names.length === 1 ? names[0]!.name : undefined;
}
