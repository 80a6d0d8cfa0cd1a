/**
 * The lexical store as a snapshot holds it: the word list in code-unit order (so a restored
 * store needs no sort) and, per field, every word's slots as one `Uint32Array` run after run,
 * with the field lengths and Orama's running average. Typed arrays only, no object per passage:
 * a snapshot loads by copying blocks. Access labels are not saved: they come from the passages.
 */
import type { Passage } from '../types.js';
import { labelCode } from './access-codes.js';
import {
  createField,
  createLexicalStore,
  insertPassage,
  LEXICAL_FIELDS,
  NO_PASSAGE,
  sortedWords,
  type FieldPostings,
  type LexicalStore,
} from './lexical-store.js';

/** One field of a packed store. */
export interface PackedField {
  /** Orama's running average field length; null when no passage is indexed. */
  average: number | null;
  /** Field length per slot. */
  lengths: Uint32Array;
  /** The slots of `words[i]` are `slots[starts[i] … starts[i + 1])`. */
  starts: Uint32Array;
  slots: Uint32Array;
}

/** A packed lexical store. */
export interface PackedLexicalStore {
  /** Citation id per slot, removed passages included. */
  ids: string[];
  /** Words held by some passage now, in code-unit order. */
  words: string[];
  /** In `LEXICAL_FIELDS` order. */
  fields: PackedField[];
}

/** Packs a store (copies: nothing is shared with it). */
export function packLexical(store: LexicalStore): PackedLexicalStore {
  const kept = Array.from(sortedWords(store)).filter((word) => store.fields.some((field) => field.counts[word]! > 0));
  return {
    ids: [...store.ids],
    words: kept.map((word) => store.words[word]!),
    fields: store.fields.map((field) => packField(field, kept, store.ids.length)),
  };
}

function packField(field: FieldPostings, kept: number[], slots: number): PackedField {
  const starts = new Uint32Array(kept.length + 1);
  kept.forEach((word, position) => (starts[position + 1] = starts[position]! + field.counts[word]!));
  const packed = new Uint32Array(starts[kept.length]!);
  kept.forEach((word, position) => {
    const start = field.starts[word]!;
    packed.set(field.pool.subarray(start, start + field.counts[word]!), starts[position]!);
  });
  return { average: field.average ?? null, lengths: field.lengths.slice(0, slots), starts, slots: packed };
}

/**
 * A store over copies of the packed arrays, for exactly `passages` (each must have a slot, and
 * every posting must name one of them); throws when the parts do not fit together.
 */
export function unpackLexical(packed: PackedLexicalStore, passages: readonly Passage[]): LexicalStore {
  const store = createLexicalStore();
  const { ids, words } = packed;
  if (!Array.isArray(ids) || !Array.isArray(words) || packed.fields?.length !== LEXICAL_FIELDS.length)
    throw new Error('the lexical index is not whole');
  ids.forEach((cite, slot) => {
    if (store.slots.has(cite)) throw new Error(`two slots for ${cite}`);
    store.slots.set(cite, slot);
  });
  store.ids = [...ids];
  store.accessCodes = new Uint32Array(Math.max(1, ids.length)).fill(NO_PASSAGE);
  for (const passage of passages) {
    const slot = store.slots.get(passage.cite);
    if (slot === undefined || store.accessCodes[slot] !== NO_PASSAGE)
      throw new Error(`the lexical index has no single slot for ${passage.cite}`);
    store.accessCodes[slot] = labelCode(store, passage.access);
  }
  store.count = passages.length;
  for (let at = 1; at < words.length; at++) {
    if (!(words[at - 1]! < words[at]!)) throw new Error("the lexical index's words are out of order");
  }
  store.words = [...words];
  words.forEach((word, id) => store.wordIds.set(word, id));
  store.sorted = Uint32Array.from(words.keys());
  store.fields = packed.fields.map((field) => unpackField(field, store));
  return store;
}

function unpackField(packed: PackedField, store: LexicalStore): FieldPostings {
  const { starts, slots, lengths } = packed;
  const wordCount = store.words.length;
  if (!(starts instanceof Uint32Array) || !(slots instanceof Uint32Array) || !(lengths instanceof Uint32Array))
    throw new Error('the lexical index is not in typed arrays');
  if (starts.length !== wordCount + 1 || starts[0] !== 0 || starts[wordCount] !== slots.length)
    throw new Error("the lexical index's postings do not fit its words");
  if (lengths.length !== store.ids.length) throw new Error("the lexical index's lengths do not fit its slots");
  const field = createField(Math.max(1, wordCount), Math.max(1, store.ids.length), 0);
  field.pool = slots.slice();
  field.used = slots.length;
  field.lengths.set(lengths);
  for (let word = 0; word < wordCount; word++) {
    if (starts[word + 1]! < starts[word]!) throw new Error("the lexical index's postings are out of order");
    field.starts[word] = starts[word]!;
    field.counts[word] = field.capacities[word] = starts[word + 1]! - starts[word]!;
  }
  for (let at = 0; at < field.used; at++) {
    const slot = field.pool[at]!;
    if (slot >= store.ids.length || store.accessCodes[slot] === NO_PASSAGE)
      throw new Error('the lexical index lists a passage it does not hold');
  }
  field.average = packed.average ?? undefined;
  return field;
}

/**
 * A store built afresh from `passages`, keeping the slots of `ids` (Orama's internal id order):
 * passages are indexed in slot order, as a library built in that order would have indexed them.
 */
export function rebuildLexical(ids: readonly string[], passages: readonly Passage[]): LexicalStore {
  const store = createLexicalStore();
  const bySlot: Passage[] = [];
  ids.forEach((cite, slot) => {
    if (store.slots.has(cite)) throw new Error(`two slots for ${cite}`);
    store.slots.set(cite, slot);
  });
  for (const passage of passages) {
    const slot = store.slots.get(passage.cite);
    if (slot === undefined) throw new Error(`no slot for ${passage.cite}`);
    bySlot[slot] = passage;
  }
  store.ids = [...ids];
  store.slots.clear();
  store.ids.forEach((cite, slot) => store.slots.set(cite, slot));
  for (const passage of bySlot) if (passage) insertPassage(store, passage);
  return store;
}
