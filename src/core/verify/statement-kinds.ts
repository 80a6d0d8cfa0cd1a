/**
 * Which sentences of an answer are claims. Sentences that only say what the documents do not
 * cover (abstentions), talk about the sources themselves ("Sources disagree:", "… is
 * authoritative") or carry no content ("Yes.", "Here is what I found:") are not claims.
 */
import { extractQuantities } from '../text/quantities.js';
import { contentTerms } from '../text/terms.js';

/** What a sentence or clause of an answer is. */
export type StatementKind = 'claim' | 'abstention' | 'meta';

/**
 * Words for the sources an answer was given. "Context" only with a word that points at what was
 * given ("the context does not say"): a manual's "lines of context, or three if lines is not
 * given" speaks of its own subject.
 */
const SOURCE_WORDS = String.raw`(?:documents?|passages?|sources?|(?:the|this|that|provided|given|retrieved)\s+context|manuals?|library|texts?|excerpts?|provided (?:information|material|text)|information (?:provided|given|available))`;
const SAY_VERBS = String.raw`(?:say|state|mention|specify|cover|contain|include|answer|provide|give|address|indicate|describe|list|discuss|explain|tell|show)`;

/**
 * Nouns for what a text holds about something, not for things in the world: "there's no verdict
 * on", "it doesn't give any vote totals".
 */
const INFO_NOUNS = String.raw`(?:information|info|mentions?|passages?|data|details?|figures?|numbers?|totals?|results?|statistics|stats|specifics|breakdown|verdict|recommendation|explanation|description|word)`;

/** Sentences that say the documents do not answer something. */
/** Any character of a sentence but its end: a full stop inside a number ("the 1.6 updates") does not end it. */
const WITHIN = String.raw`(?:[^.;]|\.(?=\d))`;
/** Verbs only a text can do: "it doesn't say" is about the source, "it doesn't cover" may be about a warranty. */
const SPEECH_VERBS = String.raw`(?:say|state|mention|specify|tell)`;

const ABSTENTION = [
  new RegExp(
    String.raw`\b${SOURCE_WORDS}\b${WITHIN}{0,60}?\b(?:do(?:es)?|did|is|are|was|were)?\s?(?:not|n['’]t)\b${WITHIN}{0,30}?\b${SAY_VERBS}`,
    'i',
  ),
  // "…, but it doesn't say what wattage the charger is", "they don't state how much it costs".
  new RegExp(
    String.raw`(?:^|[,;:]\s*|\b(?:but|and|though|although)\s+)(?:it|they)\s+(?:do(?:es)?|did)\s?(?:not|n['’]t)\s+${SPEECH_VERBS}\b`,
    'i',
  ),
  // "However, it doesn't list which intervals are available": a list of what, asked as a question.
  new RegExp(
    String.raw`(?:^|[,;:]\s*|\b(?:but|and|though|although)\s+)(?:it|they)\s+(?:do(?:es)?|did)\s?(?:not|n['’]t)\s+(?:list|name|give)\s+(?:which|what|how|whether|when|where|who)\b`,
    'i',
  ),
  // "None of the llmware passages name the project's license."
  new RegExp(
    String.raw`\bnone of (?:the |these |those )?(?:[\w-]+ ){0,3}?${SOURCE_WORDS}\b${WITHIN}{0,30}?\b(?:${SAY_VERBS}|name)`,
    'i',
  ),
  // "…, but no license is stated."
  /\bno (?:[\w-]+ ){1,3}?(?:is|are|was|were) (?:stated|mentioned|specified|named|listed)\b/i,
  /\bno (?:passage|document|source|information|mention|data|details?|section|manual)s?\b[^.;]{0,60}?\b(?:says?|states?|mentions?|specif|covers?|contains?|answers?|gives?|is (?:given|provided|available|relevant)|was found|found|about|on|regarding|for)\b/i,
  /\b(?:i|we) (?:could ?not|couldn['’]t|cannot|can['’]t|was unable to|were unable to|am unable to|did not|didn['’]t) (?:find|locate|see|determine|answer|tell)\b/i,
  new RegExp(
    String.raw`\b(?:not|isn['’]t|aren['’]t) (?:mentioned|stated|specified|covered|given|provided|addressed|included|listed|described|answered) (?:in|by) (?:the |any |these )?${SOURCE_WORDS}`,
    'i',
  ),
  // "…, but there's no verdict on the 4080", "it doesn't give any vote totals": what the sources hold, not the world.
  new RegExp(String.raw`\bthere(?:['’]s| is| are) no (?:[\w-]+ ){0,2}?${INFO_NOUNS}\b`, 'i'),
  new RegExp(
    String.raw`(?:^|[,;:]\s*|\b(?:but|and|though|although)\s+)(?:it|they)\s+(?:do(?:es)?|did)\s?(?:not|n['’]t)\s+(?:give|provide|report|offer|include|contain|have|list)\s+(?:any|a|an)\s+(?:[\w-]+ ){0,2}?${INFO_NOUNS}\b`,
    'i',
  ),
  /\bi (?:do not|don['’]t) know\b|\bunable to answer\b|\bcannot be answered\b|\bdo(?:es)? not answer this\b/i,
];

/** A lead that only says the sources disagree; what follows it may still be a claim. */
export const DISAGREEMENT_LEAD =
  /^(?:(?:the|these|those|both|two|[\p{Lu}\d][\p{L}\d-]*)\s+){0,3}(?:sources?|documents?|passages?|manuals?)\s+(?:disagree|differ|conflict|do not agree|don['’]t agree)(?:\s+(?:here|(?:on|about) (?:this|that|it)))?\s*[:,.;-]?\s*/iu;

/**
 * Talk about the sources: which one is authoritative, which one supersedes or corrects which,
 * which value applies ("so the newer 3-hour limit applies", "the errata sheet corrects that figure").
 */
export const SOURCE_TALK =
  /\b(?:is|are|was|being) (?:the )?(?:authoritative|more recent|newer|older|outdated|superseded|out of date)\b|\bsupersed(?:es|ed|ing)?\b|\b(?:takes?|take) precedence\b|\b(?:disagree|conflict)s? (?:with|on|about)\b|\b(?:documents?|sources?|passages?) (?:disagree|differ|conflict)\b|\b(?:they|both) (?:disagree|differ|conflict)\s*(?:[.,;:!]|$)|\b(?:errata|erratum|corrigendum|correction sheet)\b|\b(?:corrects|corrected) (?:that|this|the|it)\b|\btransposed\b|\bmisprint(?:ed)?\b|\bthe one that appl(?:y|ies)\b|\b(?:newer|later|corrected|current|updated|revised|latest|authoritative) (?:[\w-]+ ){0,3}(?:applies|apply|prevails|governs|stands)\b/i;
/** Verbs that report what a source says: a sentence with one is a claim even if it also talks about sources. */
const REPORTING = /\b(?:says?|states?|gives?|lists?|reads?|specif(?:ies|y)|recommends?)\b/i;
/** Openers of sentences that introduce, close or pad an answer. */
const FILLER =
  /^(?:(?:i )?hope (?:this|that|it) helps|let me know|feel free|here (?:is|are)|here['’]s|in summary|in short|to summari[sz]e|sure|certainly|of course|(?:good|great|excellent|nice) question|enjoy|have fun|good luck)\b/i;

/**
 * An apology alone ("I'm sorry", "Unfortunately,") or before a bare reply ("Unfortunately not."):
 * what follows it is the claim; one with a statement after it ("Unfortunately, the warranty does
 * not cover water damage") is that claim.
 */
const APOLOGY_LEAD =
  /^(?:(?:i['’]m |i am )?(?:so |very )?(?:sorry|afraid)|unfortunately|sadly|(?:my )?apologies)[\s,.!:;]*/i;

/**
 * A sentence that only announces how many things follow ("Two limits apply here.", "There are
 * three steps to this.", "A couple of things to note."): the things themselves are the claims.
 */
const SIGNPOST =
  /^(?:there are\s+)?(?:two|three|four|five|six|several|a few|a couple of|\d)\s+(?:[\p{L}-]+\s+){0,2}?(?:apply|matter|to (?:note|know|consider|check|this)|(?:are\s+)?(?:worth noting|involved))(?:\s+(?:here|to this|to it))?\s*[.!]?$/iu;

/**
 * A bare reply to a yes/no question, qualified at most by a word of degree, frequency or scope
 * ("No.", "Not everywhere.", "Not always.", "Yes, usually."): what follows states the facts.
 */
const REPLY =
  /^(?:yes|yep|no|nope|not)(?:,?\s+(?:not\s+)?(?:quite|always|everywhere|exactly|entirely|necessarily|really|fully|completely|usually|normally|generally|mostly|partly|partially|directly|at all|yet))?\s*[.!]?$/i;

/** Stems of bare answer words ("Yes.", "OK.") that state nothing on their own. */
const ANSWER_WORDS = new Set(['ye', 'yeah', 'ok', 'okai', 'sure', 'correct', 'right', 'inde']);

/** True when `text` says that the documents do not answer something. */
export function isAbstention(text: string): boolean {
  return ABSTENTION.some((pattern) => pattern.test(text));
}

/** What `text` (a sentence or clause, citations removed) is. */
export function statementKind(text: string): StatementKind {
  const body = text.replace(DISAGREEMENT_LEAD, '').trim();
  if (isAbstention(text)) return 'abstention';
  if (body === '' || /:$/.test(body)) return 'meta';
  // Revisions, dates, years and document ids in titles ("Catalogue 2026 (2026, 2026-01-15)") are not facts.
  const facts = extractQuantities(body.replace(/\([^)]*\)/g, ' ')).filter(
    (q) =>
      q.dimension !== 'date' &&
      q.dimension !== 'identifier' &&
      !(q.dimension === 'count' && q.value >= 1900 && q.value <= 2100),
  );
  const quantities = extractQuantities(body).filter((q) => q.dimension !== 'date' && q.unit !== 'model');
  if (SOURCE_TALK.test(body) && !REPORTING.test(body) && facts.length === 0) return 'meta';
  if (SIGNPOST.test(body) || REPLY.test(body)) return 'meta';
  const afterApology = body.replace(APOLOGY_LEAD, '');
  if (afterApology !== body && (afterApology === '' || REPLY.test(afterApology))) return 'meta';
  if (quantities.length > 0) return 'claim';
  if (FILLER.test(body) && contentTerms(body).length <= 4) return 'meta';
  return contentTerms(body).filter((term) => !ANSWER_WORDS.has(term)).length === 0 ? 'meta' : 'claim';
}
