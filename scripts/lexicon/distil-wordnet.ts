/**
 * Distils WordNet 3.1's sense index into synonym classes for the checker and the no-model
 * answerer: words whose dominant sense is the same synset ("buy" and "purchase", "child" and
 * "kid"). A word's dominant sense is the one its tagged-corpus count favours most, across nouns,
 * verbs, adjectives and adverbs; a word counts only when that sense is attested (`minCount`) and
 * holds more than `minShare` of the word's tagged uses, so a word with two common meanings
 * ("charge": a price or an accusation; "bin": a container or a data bin) joins no class rather
 * than the wrong one. Only single words of letters, at least three of them, are kept.
 */

/** How strict the distillation is. */
export interface DistilOptions {
  /** Least tagged-corpus count of a word's dominant sense. */
  minCount: number;
  /** Share of the word's tagged uses its dominant sense must exceed. */
  minShare: number;
}

export const DEFAULT_DISTIL: DistilOptions = { minCount: 1, minShare: 0.5 };

interface Sense {
  synset: string;
  count: number;
  number: number;
}

/**
 * Classes of two or more words from the text of WordNet's `index.sense` (lines of
 * `lemma%ss_type:lex_filenum:lex_id:head_word:head_id synset_offset sense_number tag_cnt`),
 * each class sorted, the classes sorted by their first word. `stemOf` is the checker's stemmer: a
 * class must hold two stems, and words sharing a stem must share their dominant sense.
 */
export function distilSynonyms(
  indexSense: string,
  stemOf: (word: string) => string | undefined,
  options: DistilOptions = DEFAULT_DISTIL,
): string[][] {
  const senses = new Map<string, Sense[]>();
  for (const line of indexSense.split('\n')) {
    const [key, offset, number, count] = line.trim().split(' ');
    if (!key || !offset || !number || !count) continue;
    const [lemma = '', type = ''] = key.split(/[%:]/);
    if (!/^[a-z]{3,}$/.test(lemma)) continue;
    // Satellite adjectives (5) share the adjective file's offsets (3).
    const file = type === '5' ? '3' : type;
    const list = senses.get(lemma) ?? [];
    list.push({ synset: `${file}:${offset}`, count: Number(count), number: Number(number) });
    senses.set(lemma, list);
  }
  // Each word's dominant sense, or null where it has none clear enough.
  const dominants = new Map<string, string | null>();
  for (const [lemma, list] of senses) {
    const total = list.reduce((sum, sense) => sum + sense.count, 0);
    const dominant = [...list].sort((a, b) => b.count - a.count || a.number - b.number)[0]!;
    const clear = dominant.count >= options.minCount && dominant.count / total > options.minShare;
    dominants.set(lemma, clear ? dominant.synset : null);
  }
  // The checker compares stems: words that share one ("recognized", "recognize") must agree on
  // their sense, or the stem's meaning is not the class's ("recognized" is "accepted", an
  // adjective; "recognize" is not).
  const byStem = new Map<string, string[]>();
  for (const lemma of dominants.keys()) {
    const key = stemOf(lemma);
    if (key !== undefined) byStem.set(key, [...(byStem.get(key) ?? []), lemma]);
  }
  const agreed = (lemma: string) => {
    const key = stemOf(lemma);
    if (key === undefined) return false;
    const synsets = new Set(
      byStem
        .get(key)!
        .filter(tagged)
        .map((other) => dominants.get(other)),
    );
    return synsets.size === 1 && !synsets.has(null);
  };
  const tagged = (lemma: string) => senses.get(lemma)!.some((sense) => sense.count > 0);
  const classes = new Map<string, string[]>();
  for (const [lemma, synset] of dominants) {
    if (synset === null || synset === undefined || !agreed(lemma)) continue;
    classes.set(synset, [...(classes.get(synset) ?? []), lemma]);
  }
  return [...classes.values()]
    .filter((words) => new Set(words.map(stemOf)).size > 1)
    .map((words) => [...new Set(words)].sort())
    .sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The TypeScript module that holds the classes (src/core/text/wordnet-classes.ts). */
export function classesModule(classes: readonly (readonly string[])[], source: string, options: DistilOptions): string {
  const lines = classes.map((words) => `  '${words.join(' ')}',`);
  return `/**
 * Synonym classes distilled from WordNet 3.1 (${source}) by \`npm run lexicon\`
 * (scripts/lexicon/distil-wordnet.ts, minCount ${options.minCount}, minShare ${options.minShare}): words whose dominant
 * sense is one synset. Generated: edit the script, not this file.
 *
 * WordNet 3.1 Copyright 2011 by Princeton University. All rights reserved. THIS SOFTWARE AND
 * DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES,
 * EXPRESS OR IMPLIED. The name of Princeton University or Princeton may not be used in
 * advertising or publicity pertaining to distribution of the software and/or database.
 * (WordNet license: https://wordnet.princeton.edu/license-and-commercial-use)
 */
export const WORDNET_CLASSES: readonly string[] = [
${lines.join('\n')}
];
`;
}
