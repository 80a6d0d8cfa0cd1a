/**
 * Supersession read from the documents' own words. Real files have no front matter: a service
 * bulletin says "This bulletin supersedes the filter-change interval given in section 5 of the
 * HVAC Operations Manual", a policy "Revision 4 … replaces Revision 3", a sheet is titled "Errata
 * to the Centrifuge User Guide". Each such statement is resolved against the library: which
 * document it names (title words, a document code, a revision of the same title), which part
 * (a section or page it names, the passages that speak of what it says it replaces) or all of it.
 *
 * Only statements whose subject is the document itself ("this notice", a header line
 * "Supersedes: …", "… is superseded by this bulletin") or a document the library holds count:
 * "the XL-2 replaces the XL-1 pump" is about pumps, not documents.
 */
import type { IndexedDocument, SearchIndex } from '../index/search-index.js';
import { extractQuantities, sameQuantity, type Quantity } from '../text/quantities.js';
import { splitUnits } from '../text/sentences.js';
import { contentTerms } from '../text/terms.js';
import type { Passage } from '../types.js';

/** One statement that a document supersedes (part of) another. */
export interface StatedSupersession {
  /** The document that supersedes. */
  by: string;
  /** The passage whose sentence (or the title) says so. */
  cite: string;
  /** The sentence, as written. */
  sentence: string;
  /** The superseded document. */
  target: string;
  /** Citation ids of the superseded passages (all of the target's when the whole is replaced). */
  cites: string[];
  /** True when only part of the target is replaced (a section, a page, one value, an errata list). */
  partial: boolean;
}

/** Nouns a document calls itself ("this bulletin supersedes …"). */
const SELF_NOUN = String.raw`(?:notice|bulletin|document|revision|version|edition|issue|release|sheet|procedure|policy|sop|amendment|update|guide|manual|handbook|errata|erratum|corrigendum|addendum|supplement|memo|memorandum|circular|standard|instructions?|letter|advisory|announcement|directive|plan|schedule|page|section|chapter|protocol|rule|rules|regulations?|specification|note)`;
const SELF = new RegExp(String.raw`\b(?:this|the present|these)\s+(?:[\w-]+\s+){0,3}?${SELF_NOUN}\b`, 'i');
const ACTIVE_VERB =
  /\b(supersedes?|superseding|replaces|replacing|overrides|overriding|takes? precedence over|amends|amending|corrects|correcting|cancels|revokes|rescinds|withdraws)\b/i;
const PASSIVE =
  /\b(?:is|are|was|were|has been|have been|hereby|shall be|will be|being)\s+(?:hereby\s+)?(?:superseded|replaced|overridden|cancelled|canceled|revoked|rescinded|withdrawn|amended|corrected)\b(?:\s+(?:by|with)\s+(.*))?/i;
/** A header line: "Supersedes: SOP-12 rev 2", "Replaces Revision 3". */
const HEADER_LINE = /^\s*(?:supersedes|replaces|overrides|amends|corrects)\b\s*[:\-–—]?\s*(.+)$/i;
const ERRATA_TITLE =
  /\b(?:errata|erratum|corrigendum|corrections?|amendments?|addendum|supplement)\b\s*(?:no\.?\s*\d+\s*)?(?:to|for|of|on|:|—|–|-)\s*(?:the\s+)?(.+)$/i;
/** A part of a document named in a statement. */
const SECTION_REF = /\b(?:section|sec\.?|§|chapter|clause|paragraph|para\.?|item|step)\s*(\d+(?:\.\d+)*)/gi;
const PAGE_REF = /\b(?:page|p\.)\s*(\d+)\b/gi;
const REVISION_REF =
  /\b(?:revision|rev\.?|version|ver\.?|edition|issue)\s*(?:no\.?\s*)?(\d+(?:\.\d+)*[a-z]?|[A-Z]\b)/gi;
const EARLIER =
  /\b(?:previous|earlier|prior|former|old|older|superseded|last)\s+(?:revision|version|edition|issue|release)\b/i;
/**
 * A document code: letters and digits joined by a hyphen or slash (SOP-12, SB-2024/07,
 * HVAC-OPS-003), or two letters and two digits or more (SB12): "P1" or "v2" is too short to name one.
 */
const CODE = /\b[A-Za-z]{2,10}[-/]\d[\w/-]*\b|\b[A-Za-z]{2,10}\d{2,}[\w/-]*\b/g;
/** Words of a statement that say where or how, never what is replaced. */
const FRAME_TERMS = new Set(
  contentTerms(
    'full entirety entire whole wholly completely totally effect following below above reissued reissue section sections chapter clause paragraph item step page pages table figure given stated set out shown listed specified described printed published contained appearing value values figure figures information text wording entry entries previous earlier prior former old older current new revision version edition issue release document documents this present hereby respect regard effect immediate immediately date dated effective',
  ),
);

interface CachedRelations {
  key: string;
  relations: StatedSupersession[];
}

const cache = new WeakMap<SearchIndex, CachedRelations>();

/** Every supersession the library's documents state, resolved against the library (cached per library state). */
export function statedSupersessions(index: SearchIndex): StatedSupersession[] {
  const key = [...index.documents.values()].map((document) => `${document.id}:${document.contentHash}`).join('|');
  const cached = cache.get(index);
  if (cached?.key === key) return cached.relations;
  const relations = findRelations(index);
  cache.set(index, { key, relations });
  return relations;
}

function findRelations(index: SearchIndex): StatedSupersession[] {
  const relations: StatedSupersession[] = [];
  const documents = [...index.documents.values()];
  if (documents.length < 2) return relations;
  const seen = new Set<string>();
  const add = (relation: StatedSupersession | undefined) => {
    if (!relation || relation.cites.length === 0) return;
    const id = `${relation.by}>${relation.cites.join(',')}`;
    if (seen.has(id)) return;
    seen.add(id);
    relations.push(relation);
  };
  for (const document of documents) {
    const passages = document.cites.flatMap((cite) => index.passages.get(cite) ?? []);
    const first = passages[0];
    const errata = ERRATA_TITLE.exec(document.title)?.[1];
    if (errata && first) add(resolve(index, document, first, document.title, errata, 'errata'));
    for (const passage of passages) {
      if (!/supersed|replac|overrid|precedence|amend|correct|cancel|revok|rescind|withdraw/i.test(passage.text))
        continue;
      for (const unit of splitUnits(passage.text)) {
        for (const statement of statementsIn(unit.text)) {
          for (const object of objectsOf(index, statement.object)) {
            add(
              resolve(
                index,
                document,
                passage,
                unit.text.trim(),
                object,
                statement.kind,
                statement.subject,
                statement.piecemeal,
              ),
            );
          }
        }
      }
    }
  }
  return relations;
}

interface Statement {
  /** What is superseded, as written. */
  object: string;
  /** True when the statement replaces pieces, not the whole: "corrects", "amends", "one figure in". */
  piecemeal?: boolean;
  /** Who supersedes, as written, when another document is named as the subject. */
  subject?: string;
  kind: 'statement' | 'errata';
}

/** The supersession statements of one sentence. */
function statementsIn(sentence: string): Statement[] {
  const line = sentence.replace(/^[#>*\-\s|]+/, '').replace(/\*\*/g, '');
  const header = HEADER_LINE.exec(line);
  if (header?.[1])
    return [{ object: ownLine(header[1]), piecemeal: /^\s*(?:amends|corrects)/i.test(line), kind: 'statement' }];
  const active = ACTIVE_VERB.exec(line);
  if (active) {
    const subject = line.slice(0, active.index);
    const object = ownLine(line.slice(active.index + active[0].length));
    const piecemeal = /amend|correct/i.test(active[0]) || PIECES.test(object);
    // A header's clause: "Revision 4, effective 2025-03-01 — replaces Revision 3".
    const clause = subject.split(/[,;|·—–(]|\s-\s/).pop() ?? subject;
    // "The new pump replaces the old one": only documents count as subjects.
    if (SELF.test(subject) || /^\s*(?:it|this)?\s*$/i.test(clause)) return [{ object, piecemeal, kind: 'statement' }];
    if (/\bsupersed|\boverrid|precedence/i.test(active[0]) && subject.trim()) {
      return [{ object, subject, piecemeal, kind: 'statement' }];
    }
    return [];
  }
  const passive = PASSIVE.exec(line);
  if (passive) {
    const object = line.slice(0, passive.index);
    const by = passive[1];
    const piecemeal = /amended|corrected/i.test(passive[0]) || PIECES.test(object);
    if (by === undefined) return /\bhereby\b/i.test(passive[0]) ? [{ object, piecemeal, kind: 'statement' }] : [];
    if (SELF.test(by) || /^\s*this\b/i.test(by)) return [{ object, piecemeal, kind: 'statement' }];
    return [{ object, subject: by, piecemeal, kind: 'statement' }];
  }
  return [];
}

/** "One figure in", "some values of": a statement that replaces pieces of a document it names. */
const PIECES =
  /\b(?:one|a|an|some|certain|several|two|three|the following)\s+(?:figures?|values?|numbers?|entry|entries|items?|details?|errors?|mistakes?|statements?|typos?)\b/i;

/**
 * The object up to the end of its line when the next line starts another header field
 * ("…replaces Revision 3\nApproved by: …") or the line is a short header line; a sentence wrapped
 * over several lines of prose is kept whole.
 */
function ownLine(object: string): string {
  const lines = object.split('\n');
  const first = lines[0] ?? '';
  if (lines.length < 2) return object;
  if (/^\s*[A-Z][A-Za-z ]{0,30}:/.test(lines[1] ?? '') || first.trim().length < 40) return first;
  return object;
}

/**
 * The objects of one statement: "the after-hours rate in the HVAC Operations Manual and the card
 * fee in the Parking Policy" names two documents, each with what it replaces; a statement naming
 * one document (or none) is one object.
 */
function objectsOf(index: SearchIndex, object: string): string[] {
  const pieces = object.split(/\s*(?:;|,?\s+including\s+|,?\s+as well as\s+|,\s*and\s+|\s+and\s+|,\s+)\s*/i);
  if (pieces.length < 2) return [object];
  const named = pieces.flatMap((piece) => {
    const target = namedDocument(index, piece, undefined)?.document.id;
    return target ? [{ piece, target }] : [];
  });
  return new Set(named.map((item) => item.target)).size >= 2 ? named.map((item) => item.piece) : [object];
}

/** Resolves a statement to the passages it supersedes, or undefined when it names nothing in the library. */
function resolve(
  index: SearchIndex,
  self: IndexedDocument,
  passage: Passage,
  sentence: string,
  object: string,
  kind: Statement['kind'],
  subject?: string,
  piecemeal = false,
): StatedSupersession | undefined {
  const by = subject === undefined ? self : namedDocument(index, subject, undefined)?.document;
  if (!by) return undefined;
  const named = namedDocument(index, object, by) ?? earlierRevision(index, object, by);
  if (!named) return undefined;
  const { document: target, titleTerms } = named;
  const passages = target.cites.flatMap((cite) => index.passages.get(cite) ?? []);
  let scoped = scopeByReference(object, passages);
  const about = contentTerms(object).filter(
    (term) => !titleTerms.has(term) && !FRAME_TERMS.has(term) && !/\d/.test(term) && term.length > 2,
  );
  if (about.length > 0 && kind === 'statement') {
    // The passages that speak most of what it replaces ("the filter-change interval").
    const counts = (scoped ?? passages).map((candidate) => {
      const terms = new Set(contentTerms(`${candidate.heading} ${candidate.text}`));
      return about.filter((term) => terms.has(term)).length;
    });
    const most = Math.max(0, ...counts);
    const speaking =
      most >= Math.ceil(about.length / 2) ? (scoped ?? passages).filter((_, at) => counts[at] === most) : [];
    // Something in it is replaced, but the statement does not say where: only what the
    // superseding document itself gives another value for is.
    scoped = speaking.length > 0 ? speaking : correctedPassages(index, by, scoped ?? passages);
  } else if (kind === 'errata' || piecemeal) {
    // "Corrects one figure in the manual", an errata sheet: only the passages it corrects, in
    // the sections it names ("Location: Section 3") where it names any.
    const named = scoped ?? scopeByReference(correctionReferences(index, by), passages);
    const corrected = correctedPassages(index, by, named ?? passages);
    scoped = corrected.length > 0 || !named ? corrected : named;
  }
  const cites = (scoped ?? passages).map((item) => item.cite);
  return {
    by: by.id,
    cite: passage.cite,
    sentence,
    target: target.id,
    cites,
    partial: scoped !== undefined && cites.length < passages.length,
  };
}

/** Lines of a correcting document that name a place ("Location: Section 3"), without those that say nothing changes there. */
function correctionReferences(index: SearchIndex, by: IndexedDocument): string {
  return by.cites
    .flatMap((cite) => (index.passages.get(cite)?.text ?? '').split('\n'))
    .filter((line) => /\b(?:section|sec\.?|§|chapter|clause|page|p\.)\s*\d/i.test(line))
    .filter(
      (line) =>
        !/\b(?:no (?:corrections?|changes?)|not (?:affected|changed)|unchanged|remains? (?:valid|correct)|is correct)\b/i.test(
          line,
        ),
    )
    .join('\n');
}

/** The passages a statement's "section 5" or "page 12" names, or undefined when it names none. */
function scopeByReference(object: string, passages: Passage[]): Passage[] | undefined {
  const sections = [...object.matchAll(SECTION_REF)].map((match) => match[1] ?? '');
  const pages = [...object.matchAll(PAGE_REF)].map((match) => Number(match[1]));
  if (sections.length === 0 && pages.length === 0) return undefined;
  const found = passages.filter(
    (item) =>
      sections.some(
        (number) =>
          item.sectionId === number ||
          item.sectionId === number.split('.')[0] ||
          new RegExp(`^(?:§\\s*)?${number.replace(/\./g, '\\.')}(?![\\d.]\\d)`).test(item.heading),
      ) ||
      (item.page !== undefined && pages.includes(item.page)),
  );
  return found.length > 0 ? found : undefined;
}

/**
 * What a correction changes when it does not say where ("Errata to the guide", "corrects one
 * figure in the manual"): the target passages with a sentence about the same thing as one of the
 * superseding document's sentences (most of their words shared) that gives another value of the
 * same kind (every 6 months there, every 3 months here).
 */
function correctedPassages(index: SearchIndex, by: IndexedDocument, passages: Passage[]): Passage[] {
  const own = by.cites
    .flatMap((cite) => index.passages.get(cite) ?? [])
    .flatMap((passage) => splitUnits(passage.text).map((unit) => measuredSentence(unit.text)))
    .filter((sentence) => sentence.quantities.length > 0);
  if (own.length === 0) return [];
  return passages.filter((candidate) =>
    splitUnits(candidate.text).some((unit) => {
      const sentence = measuredSentence(unit.text);
      if (sentence.quantities.length === 0) return false;
      return own.some((correction) => {
        const shared = [...sentence.terms].filter((term) => correction.terms.has(term)).length;
        if (shared < 2 || shared < 0.4 * Math.min(sentence.terms.size, correction.terms.size)) return false;
        return correction.quantities.some((value) =>
          sentence.quantities.some((other) => other.dimension === value.dimension && !sameQuantity(value, other)),
        );
      });
    }),
  );
}

interface MeasuredSentence {
  terms: Set<string>;
  quantities: Quantity[];
}

/** A sentence's words (numbers left out) and its measured values (dates and identifiers left out). */
function measuredSentence(text: string): MeasuredSentence {
  return {
    terms: new Set(contentTerms(text).filter((term) => !/\d/.test(term))),
    quantities: extractQuantities(text).filter(
      (quantity) => quantity.dimension !== 'date' && quantity.dimension !== 'identifier',
    ),
  };
}

interface Named {
  document: IndexedDocument;
  titleTerms: Set<string>;
}

/** The library document `phrase` names by its title words or its code (never `exclude`). */
function namedDocument(index: SearchIndex, phrase: string, exclude: IndexedDocument | undefined): Named | undefined {
  const words = new Set(contentTerms(phrase));
  const codes = new Set((phrase.match(CODE) ?? []).map((code) => code.toLowerCase()));
  const revisions = revisionsNamed(phrase);
  let best: { named: Named; score: number } | undefined;
  for (const document of index.documents.values()) {
    if (document.id === exclude?.id) continue;
    const titleTerms = new Set(contentTerms(`${document.title} ${document.id.replace(/-/g, ' ')}`));
    const title = contentTerms(document.title);
    const shared = title.filter((term) => words.has(term)).length;
    let score = title.length > 0 && (shared >= 2 || title.length === 1) ? shared / title.length : 0;
    const head =
      `${document.title} ${document.id} ${index.passages.get(document.cites[0] ?? '')?.text.slice(0, 200) ?? ''}`.toLowerCase();
    if ([...codes].some((code) => /[a-z]/.test(code) && head.includes(code))) score = Math.max(score, 0.9);
    if (score < 0.5) continue;
    // A revision named in the phrase picks among documents of the same title.
    if (revisions.some((revision) => sameRevision(document.revision, revision))) score += 0.2;
    if (exclude && document.date > exclude.date) score -= 0.05;
    if (!best || score > best.score) best = { named: { document, titleTerms }, score };
  }
  return best?.named;
}

/** "Replaces Revision 3", "the previous version": an older document of the same title as `by`. */
function earlierRevision(index: SearchIndex, phrase: string, by: IndexedDocument): Named | undefined {
  const revisions = revisionsNamed(phrase);
  if (revisions.length === 0 && !EARLIER.test(phrase)) return undefined;
  const own = new Set(bareTitleTerms(by.title));
  let best: IndexedDocument | undefined;
  for (const document of index.documents.values()) {
    if (document.id === by.id) continue;
    const terms = bareTitleTerms(document.title);
    const shared = terms.filter((term) => own.has(term)).length;
    if (shared / Math.max(1, new Set([...terms, ...own]).size) < 0.6) continue;
    const matches = revisions.some((revision) => sameRevision(document.revision, revision));
    if (revisions.length > 0 && !matches) continue;
    if (revisions.length === 0 && document.date > by.date) continue;
    if (!best || document.date > best.date) best = document;
  }
  return best && { document: best, titleTerms: new Set(contentTerms(`${best.title} ${best.id.replace(/-/g, ' ')}`)) };
}

/** The revisions a phrase names ("Revision 3", "version 2.1" → "3", "2.1"). */
function revisionsNamed(phrase: string): string[] {
  return [...phrase.matchAll(REVISION_REF)].map((match) => (match[1] ?? '').toLowerCase());
}

/** Title words without revision words and numbers: "Parking Policy Revision 4" → park, polici. */
function bareTitleTerms(title: string): string[] {
  return contentTerms(title.replace(REVISION_REF, ' ')).filter((term) => !/\d/.test(term) && !FRAME_TERMS.has(term));
}

/** True when a stated revision ("Revision 3", "Version 2.1") is the one `value` names ("3", "2.1"). */
function sameRevision(revision: string, value: string): boolean {
  const own = /(\d+(?:\.\d+)*[a-z]?|\b[A-Z])\s*$/i.exec(revision)?.[1]?.toLowerCase();
  if (!own || !value) return false;
  return own === value || own.replace(/\.0$/, '') === value.replace(/\.0$/, '');
}
