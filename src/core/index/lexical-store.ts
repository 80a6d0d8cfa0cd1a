/**
 * The BM25 side of the index, kept beside Orama in typed arrays: for each of title, heading and
 * text, the slots of the passages that hold each word, and each passage's field length. It holds
 * what Orama's BM25 reads and nothing more: Orama's tokenizer deduplicates a field's tokens, so
 * every term frequency is 1 / field length and none is stored (Orama kept one object of
 * frequencies per passage and field, the largest part of its memory and of a snapshot).
 *
 * A slot is the order in which a citation id was first indexed, kept for the life of the store,
 * as Orama keeps its internal ids (slot = internal id − 1); results tie-break on it as Orama's do.
 * Each field's postings live in one pool: a word's slots are a run of it that moves to the end,
 * twice as long, when it fills. Tokens are Orama's, but each distinct piece of text is stemmed
 * once per store and remembered with its word id (`pieces`): stemming every token of every
 * passage again was most of an insert's time.
 */
import { tokenizer as oramaTokenizer } from '@orama/orama/components';
import { oramaPieces, withoutPossessives } from '../text/orama-pieces.js';
import { TOKENIZER_CONFIG } from '../text/terms.js';
import type { AccessLabel, Passage } from '../types.js';
import { labelCode } from './access-codes.js';

/** The searched fields, in Orama's schema order (the order its scores are summed in). */
export const LEXICAL_FIELDS = ['title', 'heading', 'text'] as const;

/** The access code of a slot that holds no passage now. */
export const NO_PASSAGE = 0xffffffff;

/** One field's postings and lengths. */
export interface FieldPostings {
  /** Runs of slots, one per word (`starts[w]`, `counts[w]` used of `capacities[w]`). */
  pool: Uint32Array;
  /** Pool entries handed out to runs. */
  used: number;
  starts: Uint32Array;
  /** Passages holding the word in this field: Orama's `tokenOccurrences`. */
  counts: Uint32Array;
  capacities: Uint32Array;
  /** Distinct tokens of the field per slot: Orama's field length. */
  lengths: Uint32Array;
  /** Orama's running average of the field lengths, updated as Orama updates it; undefined when empty. */
  average: number | undefined;
}

/** The lexical index. Treat as opaque outside `core/index`. */
export interface LexicalStore {
  /** Citation id of each slot, removed passages included (Orama's `internalIdToId`). */
  ids: string[];
  slots: Map<string, number>;
  /** Passages indexed now. */
  count: number;
  /** Access label code per slot, `NO_PASSAGE` where none is indexed. */
  accessCodes: Uint32Array;
  labels: AccessLabel[];
  labelCodes: Map<AccessLabel, number>;
  /** The vocabulary of all three fields. */
  words: string[];
  wordIds: Map<string, number>;
  /** Word ids in code-unit order, for prefix lookups; dropped when a word is added. */
  sorted?: Uint32Array;
  fields: FieldPostings[];
  /**
   * The word id of each lower-cased piece of text met so far, `NO_WORD` where Orama's tokenizer
   * drops it (a stop word): each distinct piece is stemmed once, not once per passage. Never saved.
   */
  pieces: Map<string, number>;
}

/** A piece of text that Orama's tokenizer drops (a stop word, or nothing left of it). */
const NO_WORD = -1;

const tokenizer = oramaTokenizer.createTokenizer({ ...TOKENIZER_CONFIG, stopWords: [...TOKENIZER_CONFIG.stopWords] });

/**
 * A field's tokens as Orama indexes them (its tokenizer, Footnote's configuration, duplicates
 * dropped), possessives first taken off (`withoutPossessives`).
 */
export function fieldTokens(value: string, field: string): string[] {
  return tokenizer.tokenize(withoutPossessives(value), 'english', field, false);
}

/** A query's tokens as Orama's search takes them, possessives first taken off. */
export function queryTokens(query: string): string[] {
  return tokenizer.tokenize(withoutPossessives(query), 'english', undefined, false);
}

/** An empty store. */
export function createLexicalStore(): LexicalStore {
  return {
    ids: [],
    slots: new Map(),
    count: 0,
    accessCodes: new Uint32Array(64).fill(NO_PASSAGE),
    labels: [],
    labelCodes: new Map(),
    words: [],
    wordIds: new Map(),
    fields: LEXICAL_FIELDS.map(() => createField(64, 64)),
    pieces: new Map(),
  };
}

/** Orama's internal id of `cite` (slot + 1): its order the first time it was indexed. */
export function lexicalOrder(store: LexicalStore, cite: string): number | undefined {
  const slot = store.slots.get(cite);
  return slot === undefined ? undefined : slot + 1;
}

/**
 * Indexes a passage (none with its id may be indexed now); updates the averages as Orama's insert
 * does. Returns the word ids of each field's tokens (`LEXICAL_FIELDS` order).
 */
export function insertPassage(store: LexicalStore, passage: Passage): number[][] {
  let slot = store.slots.get(passage.cite);
  if (slot === undefined) {
    slot = store.ids.length;
    store.ids.push(passage.cite);
    store.slots.set(passage.cite, slot);
  }
  ensureSlots(store, slot + 1);
  if (store.accessCodes[slot] !== NO_PASSAGE) throw new Error(`the lexical store already holds ${passage.cite}`);
  const count = ++store.count;
  const found = LEXICAL_FIELDS.map((name, position) => {
    const field = store.fields[position]!;
    const words = fieldWords(store, passage[name], name, true);
    field.average = ((field.average ?? 0) * (count - 1) + words.length) / count;
    field.lengths[slot] = words.length;
    for (const word of words) addPosting(field, word, slot);
    return words;
  });
  store.accessCodes[slot] = labelCode(store, passage.access);
  return found;
}

/** Removes an indexed passage (tokenized again, as Orama's remove does). Returns false when it was not there. */
export function removePassage(store: LexicalStore, passage: Passage): boolean {
  const slot = store.slots.get(passage.cite);
  if (slot === undefined || store.accessCodes[slot] === NO_PASSAGE) return false;
  const count = store.count;
  LEXICAL_FIELDS.forEach((name, position) => {
    const field = store.fields[position]!;
    field.average = count > 1 ? (field.average! * count - field.lengths[slot]!) / (count - 1) : undefined;
    field.lengths[slot] = 0;
    for (const word of fieldWords(store, passage[name], name, false)) removePosting(field, word, slot);
  });
  store.accessCodes[slot] = NO_PASSAGE;
  store.count--;
  return true;
}

/** Word ids in code-unit order (sorted again after a word was added). */
export function sortedWords(store: LexicalStore): Uint32Array {
  if (store.sorted?.length !== store.words.length) {
    const { words } = store;
    const ids = Array.from(words.keys()).sort((a, b) => (words[a]! < words[b]! ? -1 : 1));
    store.sorted = Uint32Array.from(ids);
  }
  return store.sorted;
}

/** A field with room for `words` words and `slots` slots. */
export function createField(words: number, slots: number, pool = 256): FieldPostings {
  return {
    pool: new Uint32Array(pool),
    used: 0,
    starts: new Uint32Array(words),
    counts: new Uint32Array(words),
    capacities: new Uint32Array(words),
    lengths: new Uint32Array(slots),
    average: undefined,
  };
}

/**
 * The word ids of `fieldTokens(value, field)`, in the same order (new words are added when
 * `add`, else left out). Orama's tokenizer lower-cases the value, splits it, normalizes each
 * piece on its own (stop word, stemmer, diacritics) and drops duplicates; the normalization of a
 * piece is looked up in `store.pieces` instead of being redone. It does not depend on the field,
 * as Footnote's configuration skips stemming for none.
 */
export function fieldWords(store: LexicalStore, value: string, field: string, add: boolean): number[] {
  const words: number[] = [];
  const seen = new Set<number>();
  for (const piece of oramaPieces(value)) {
    let word = store.pieces.get(piece);
    if (word === undefined) {
      word = pieceWord(store, piece, field, add);
      if (word === undefined) continue;
      store.pieces.set(piece, word);
    }
    if (word === NO_WORD || seen.has(word)) continue;
    seen.add(word);
    words.push(word);
  }
  return words;
}

/** The word of a piece not met before: undefined where it would be a new word and `add` is false. */
function pieceWord(store: LexicalStore, piece: string, field: string, add: boolean): number | undefined {
  const token = tokenizer.normalizeToken.call(tokenizer, field, piece, false);
  if (token === '') return NO_WORD;
  return add ? wordId(store, token) : store.wordIds.get(token);
}

function wordId(store: LexicalStore, token: string): number {
  let word = store.wordIds.get(token);
  if (word === undefined) {
    word = store.words.length;
    store.words.push(token);
    store.wordIds.set(token, word);
    delete store.sorted;
    if (word >= store.fields[0]!.starts.length) {
      for (const field of store.fields) growWords(field, Math.max(64, word * 2));
    }
  }
  return word;
}

function addPosting(field: FieldPostings, word: number, slot: number): void {
  const count = field.counts[word]!;
  if (count === field.capacities[word]) {
    const capacity = Math.max(2, count * 2);
    if (field.used + capacity > field.pool.length) {
      field.pool = grown(field.pool, Math.max(field.pool.length * 2, field.used + capacity));
    }
    const start = field.starts[word]!;
    field.pool.copyWithin(field.used, start, start + count);
    field.starts[word] = field.used;
    field.capacities[word] = capacity;
    field.used += capacity;
  }
  field.pool[field.starts[word]! + count] = slot;
  field.counts[word] = count + 1;
}

/** Takes `slot` out of a word's run; the run's last slot fills the gap (order within a run never matters). */
function removePosting(field: FieldPostings, word: number, slot: number): void {
  const start = field.starts[word]!;
  const last = start + field.counts[word]! - 1;
  for (let at = start; at <= last; at++) {
    if (field.pool[at] !== slot) continue;
    field.pool[at] = field.pool[last]!;
    field.counts[word] = last - start;
    return;
  }
}

function ensureSlots(store: LexicalStore, slots: number): void {
  if (slots <= store.accessCodes.length) return;
  const capacity = Math.max(slots, store.accessCodes.length * 2);
  const codes = new Uint32Array(capacity).fill(NO_PASSAGE);
  codes.set(store.accessCodes);
  store.accessCodes = codes;
  for (const field of store.fields) field.lengths = grown(field.lengths, capacity);
}

function growWords(field: FieldPostings, words: number): void {
  field.starts = grown(field.starts, words);
  field.counts = grown(field.counts, words);
  field.capacities = grown(field.capacities, words);
}

function grown(from: Uint32Array, length: number): Uint32Array {
  const to = new Uint32Array(length);
  to.set(from.subarray(0, Math.min(from.length, length)));
  return to;
}
