/**
 * The plain data that flows through Footnote's pipeline. Every stage is a function over these
 * shapes; nothing here knows about the DOM, Node, Orama or a model.
 */

/** Access label of a document or a viewer. `public` is the default and readable by everyone. */
export type AccessLabel = string;

/** The file formats the ingest stage understands. */
export type DocumentFormat = 'markdown' | 'text' | 'html' | 'pdf' | 'docx';

/** A section of a document: a heading and the text under it, as offsets into `SourceDocument.text`. */
export interface Section {
  /** `4` for a numbered heading (`## 4. Exclusions`), the slug of the heading otherwise, `intro` before any heading. */
  id: string;
  /** Heading text without Markdown markers; empty for the untitled intro. */
  heading: string;
  /** Heading level 1–6; 0 for the untitled intro. */
  level: number;
  /** Offset of the section's first character (its heading line) in the document text. */
  start: number;
  /** Offset one past the section's last character. */
  end: number;
  /** 1-based page number, where the format has pages. */
  page?: number;
}

/** Where a document's revision and date came from, each in a few words. */
export interface MetadataOrigin {
  revision: string;
  date: string;
}

/** A document as parsed, before chunking. */
export interface SourceDocument {
  /** Stable id: front matter `id`, else the slugged file name. */
  id: string;
  title: string;
  /** Front matter `revision`, else a short hash of the content. */
  revision: string;
  /** ISO date (YYYY-MM-DD). */
  date: string;
  /**
   * What this document replaces: whole documents (`dw480-manual-v2`) or single sections
   * (`wm720-manual#6`, a Footnote extension of docs/formats.md §1).
   */
  supersedes: string[];
  access: AccessLabel;
  format: DocumentFormat;
  /** The name the document came from (a file name); for display and errors only. */
  sourceName: string;
  /** The document's plain text. Passage offsets index into this string. */
  text: string;
  /** Offset of `text` inside the original file (front matter length for Markdown). */
  textOffset: number;
  sections: Section[];
  /**
   * Where `revision` and `date` came from, in words for the library ("stated in the document",
   * "the PDF's own date", "set in Edit"…): absent for documents stored before it was kept.
   */
  origin?: MetadataOrigin;
  /** Short hash of `text`, used to skip re-indexing unchanged documents. */
  contentHash: string;
  /** SHA-256 (hex) of the file's bytes: the same file added twice is recognised ("already in library"). */
  byteHash?: string;
  /** Soft problems found while reading, one sentence each ("page 4 has no extractable text: scanned?"). */
  warnings?: string[];
  /** True when part of the file could not be read (pages without text, pages that failed); the rest is indexed. */
  partial?: boolean;
  /** Text encoding the bytes were decoded with (`utf-8`, `utf-16le`, `windows-1252`…), for text formats. */
  encoding?: string;
  /** True when `encoding` was guessed (no BOM, no declaration, not valid UTF-8). */
  encodingGuessed?: boolean;
  /** Number of pages, for paged formats (PDF). */
  pageCount?: number;
  /**
   * Offset in `text` where each page begins, for paged formats: `pageStarts[0]` is page 1's. The
   * chunker never lets a passage span two pages, so every passage of a PDF has a `page`.
   */
  pageStarts?: number[];
  /**
   * Offsets in the normalised file text of line breaks that were CRLF in the file (one character
   * more there). With `textOffset` they map an offset of `text` back to the decoded file text:
   * see `originalOffset` in `ingest/line-endings.ts`.
   */
  crlfOffsets?: number[];
}

/** A retrievable, citable slice of a document. */
export interface Passage {
  /** Citation id: `<document id>#<passage id>`, e.g. `dw480-manual-v3#4` or `…#4.2` for a split section. */
  cite: string;
  docId: string;
  /** Section id this passage belongs to (without the `.2` part suffix). */
  sectionId: string;
  /** 1-based part number inside the section. */
  part: number;
  heading: string;
  title: string;
  revision: string;
  date: string;
  access: AccessLabel;
  /** Exact slice `document.text.slice(start, end)`. */
  text: string;
  start: number;
  end: number;
  page?: number;
  /** Short content hash of `text`. */
  hash: string;
}

/** A passage as returned by retrieval, with the scores that ranked it. */
export interface RetrievedPassage {
  passage: Passage;
  /** 1-based rank in the final list. */
  rank: number;
  /** The score that ranked it: the fused score (normalised) blended with term coverage (see `RetrievalOptions.coverageWeight`). */
  score: number;
  /** The fused lexical + vector score (RRF or weighted sum, see `RetrievalOptions.fusion`). */
  fusedScore?: number;
  /** BM25 score, absent when the lexical search did not return this passage. */
  lexicalScore?: number;
  /** Cosine similarity, absent when the vector search did not return this passage. */
  vectorScore?: number;
  /** Share (0–1) of the query's content terms, idf-weighted, that the passage contains. */
  termCoverage: number;
  /** Question parts (indexes into `QuestionPart[]`) this passage was retrieved for. */
  parts: number[];
  /** Citation ids of the passages that supersede this one, where some do. */
  supersededBy: string[];
  /** True when the passage was added because it supersedes a retrieved passage. */
  addedBySupersession?: boolean;
  /** True when retrieval did not return it and an answer written in advance cites it (see `Generator.writtenInAdvance`). */
  addedByCitation?: boolean;
  /**
   * The sentence before the passage in its section, when the passage opens by pointing back to it
   * ("This is …"): set at answer time for the checker (retrieve/passage-lead.ts), never stored.
   */
  lead?: string;
}

/** One part of a question that an answer must cover. */
export interface QuestionPart {
  /** The part as text, e.g. "how often should the DW-480 filter be cleaned". */
  text: string;
  /** Content terms (stemmed) that a passage must mention to cover the part. */
  terms: string[];
  /** What kind of value the part asks for, when that can be told. */
  expects: AnswerType;
  /**
   * How much each term counts when judging whether a text covers the part: its idf in the
   * library, less for numbers (a user's belief, not a topic) and for terms the library never
   * uses (paraphrase the documents cannot match). Set by retrieval; absent before it.
   */
  weights?: Record<string, number>;
  /** Terms no passage of the library contains: the asker's wording, discounted by coverage checks. Set by retrieval. */
  unknownTerms?: string[];
  /**
   * Terms that come only from a statement before the question ("My display shows UE. What does
   * that mean?"): they set the scene, so coverage checks count them for less. Codes and other
   * capitalised referents of the statement (`UE`, `DW-480`) are not among them.
   */
  contextTerms?: string[];
  /**
   * The part before this one that it refers back to ("…which wireless feature has to be on, and
   * where do I switch it on?"): set by the analyser when the part points back (it, that, the
   * second…). Its words are searched with this part's and lent to it as context terms.
   */
  antecedent?: string;
  /**
   * The codes and names the part is about, as written (`E21`, `DW-480`, `1.6.7`): the passage
   * that answers it must name them, not a neighbouring row's. Set by the analyser.
   */
  focus?: string[];
  /** Focus identifiers no passage the viewer may read names, with what the library lists beside them. Set by retrieval. */
  absentFocus?: AbsentFocus[];
}

/** A focus identifier the readable library never names. */
export interface AbsentFocus {
  /** As the question wrote it. */
  name: string;
  /** Identifiers of the same family the library does name (`E21`, `E30` beside an asked `E99`); up to six. */
  siblings: string[];
  /** How many more of the family the library names beyond `siblings`. */
  more: number;
  /** The part's other focus identifier the siblings are named with ("E99 on the WM-720" lists the WM-720's codes). */
  with?: string;
  /** Passages that name the siblings, the one naming most first; up to two. */
  cites: string[];
}

/** The kind of value a question part asks for. */
export type AnswerType =
  'duration' | 'frequency' | 'quantity' | 'temperature' | 'part-number' | 'code' | 'yes-no' | 'date' | 'price' | 'text';

/** The names of the verdict flags of docs/formats.md §3. */
export type FlagName =
  'missing_evidence' | 'invalid_citation' | 'unsupported_claim' | 'conflict' | 'superseded' | 'injection';

/** A flag with the evidence that raised it. */
export interface RagWarning {
  flag: FlagName;
  /** One sentence a person can read, naming the problem. */
  message: string;
  /** Index into `Verdict.claims` of the claim concerned. */
  claim?: number;
  /** Citation ids concerned (the invalid one, the superseded one, the conflicting ones…). */
  cites?: string[];
  /** The question part concerned, for `missing_evidence`. */
  part?: string;
  /** Values concerned, for `conflict` (one per cite, same order). */
  values?: string[];
  /** The citation id that is authoritative, for `conflict` and `superseded`. */
  authoritative?: string;
}

/**
 * What the check found of a statement of an answer (docs/formats.md §3): a cited sentence states it
 * (`supported`), a cited passage states something incompatible with it, another value for the
 * same thing or the opposite (`contradicted`), nothing cited states it and nothing contradicts it
 * (`not_found`), or it asserts nothing to check: a lead-in, talk about the sources, saying what
 * the documents do not cover (`not_a_claim`).
 */
export type ClaimState = 'supported' | 'contradicted' | 'not_found' | 'not_a_claim';

/** The sentence a judgement rests on: a passage's cite and character offsets in its text. */
export interface ClaimEvidence {
  cite: string;
  start: number;
  end: number;
}

/** A statement of an answer (a sentence or clause) with the citations attached to it. */
export interface Claim {
  text: string;
  cites: string[];
  /** `state === 'supported'`, kept for readers of older results. */
  supported: boolean;
  state: ClaimState;
  /** Offsets of the claim in the answer text. */
  start: number;
  end: number;
  /** Why the claim is not supported, when it is not. */
  reasons?: string[];
  /**
   * The sentence the judgement rests on: the one that states it, says otherwise, or (not found)
   * comes closest. Absent when no cited passage shares a word with the claim.
   */
  evidence?: ClaimEvidence;
  /** That sentence first, then the closest sentence of each other cited passage (one per cite). */
  spans?: ClaimEvidence[];
}

/** The outcome of the check stage (docs/formats.md §3). */
export type VerdictStatus = 'answered' | 'qualified' | 'abstained';

/** The verdict on one answer. */
export interface Verdict {
  status: VerdictStatus;
  /** Distinct flag names, in a stable order. */
  flags: FlagName[];
  claims: Claim[];
  /** Each flag with its evidence. */
  warnings: RagWarning[];
}

/** Who decided a step: code (deterministic) or a model. */
export type DecidedBy = 'code' | 'model';

/** One step of the trace. */
export interface TraceStep {
  stage: 'analyse' | 'embed-query' | 'retrieve' | 'rerank' | 'select' | 'prompt' | 'generate' | 'verify';
  decidedBy: DecidedBy;
  ms: number;
  /** Free-form, JSON-serialisable details (passages and scores, prompt text, tokens…). */
  detail: Record<string, unknown>;
}

/** A chat message of a prompt. */
export interface PromptMessage {
  role: 'system' | 'user';
  content: string;
}

/** The exact prompt given to a generator, with the passages it numbers. */
export interface Prompt {
  messages: PromptMessage[];
  /** Citation ids of the passages in the prompt, in prompt order. */
  cites: string[];
  /** Passages that did not fit the budget, lowest-ranked first dropped. */
  omitted: string[];
}

/** Token counts of one generation. */
export interface TokenUsage {
  prompt: number;
  completion: number;
}
