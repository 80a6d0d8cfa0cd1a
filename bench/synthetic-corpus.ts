/**
 * Synthetic appliance manuals: Markdown documents of numbered sections (`## 3. Drain pump`),
 * each 400–900 characters of manual-like sentences with quantities, model names and part
 * numbers, so that every section becomes exactly one passage and N passages ≈ N sections.
 */
import { hashText, mulberry32, pickOne, randomInteger, type RandomSource } from './seeded-random.js';
import { buildVocabulary, createZipfSampler } from './synthetic-vocabulary.js';

/** Sections per document (the "10 passages per document"). */
export const SECTIONS_PER_DOCUMENT = 10;

/** Words in the vocabulary: a few thousand, as in a shelf of real manuals. */
const VOCABULARY_SIZE = 4000;
const SECTION_CHARACTERS = { minimum: 400, maximum: 900 } as const;
const FUNCTION_WORDS = ['the', 'a', 'of', 'to', 'and', 'in', 'on', 'with', 'for', 'before', 'after', 'if', 'or', 'not'];
const UNITS = ['°C', 'mm', 'cm', 'kg', 'litres', 'minutes', 'hours', 'weeks', 'months', 'bar', 'W', 'V', 'rpm'];
const MODEL_PREFIXES = ['DW', 'WM', 'OV', 'FR', 'HB', 'TD', 'CM', 'MW', 'EH', 'VC'];

/** One generated file, ready for `parseDocument`. */
export interface SyntheticFile {
  name: string;
  bytes: Uint8Array;
}

/** What a writer produces: documents and queries come from separate streams over the same words. */
export type WriterStream = 'documents' | 'queries';

/**
 * Writes manual-like text. The vocabulary and the model names depend on the seed only; the text
 * comes from one stream per purpose, so queries are the same whatever the corpus size.
 */
export class ManualWriter {
  readonly vocabulary: string[];
  readonly models: string[];
  private readonly random: RandomSource;
  private readonly nextWord: () => string;

  constructor(seed: number, stream: WriterStream) {
    const shared = mulberry32(seed);
    this.vocabulary = buildVocabulary(VOCABULARY_SIZE, shared);
    this.models = Array.from(
      { length: 400 },
      () => `${pickOne(shared, MODEL_PREFIXES)}-${randomInteger(shared, 100, 990)}`,
    );
    this.random = mulberry32(seed ^ hashText(stream));
    this.nextWord = createZipfSampler(this.vocabulary, this.random);
  }

  /** A Markdown manual: a title and `SECTIONS_PER_DOCUMENT` numbered sections. */
  document(): string {
    const model = pickOne(this.random, this.models);
    const parts = [`# ${model} ${capitalise(this.nextWord())} ${this.nextWord()} manual`];
    for (let number = 1; number <= SECTIONS_PER_DOCUMENT; number++) parts.push(this.section(number, model));
    return `${parts.join('\n\n')}\n`;
  }

  /** A numbered section whose body is 400–900 characters, sometimes with a short list. */
  section(number: number, model: string): string {
    const target = randomInteger(this.random, SECTION_CHARACTERS.minimum, SECTION_CHARACTERS.maximum);
    const asList = this.random() < 0.2;
    const lines: string[] = [];
    let length = 0;
    while (length < target) {
      const sentence = this.sentence(model);
      if (length + sentence.length + 3 > SECTION_CHARACTERS.maximum) break;
      lines.push(asList && lines.length > 0 && lines.length < 5 ? `- ${sentence}` : sentence);
      length += sentence.length + 3;
    }
    const body = asList ? joinWithList(lines) : lines.join(' ');
    return `## ${number}. ${capitalise(this.nextWord())} ${this.nextWord()}\n\n${body}`;
  }

  /** One sentence of 5–16 words, with function words, a quantity, a model or a part number now and then. */
  sentence(model: string): string {
    const words: string[] = [];
    const count = randomInteger(this.random, 5, 16);
    for (let index = 0; index < count; index++) {
      if (index > 0 && this.random() < 0.35) words.push(pickOne(this.random, FUNCTION_WORDS));
      words.push(this.nextWord());
    }
    if (this.random() < 0.35) words.push(`${randomInteger(this.random, 1, 120)} ${pickOne(this.random, UNITS)}`);
    if (this.random() < 0.15) words.push(`the ${model}`);
    if (this.random() < 0.1) words.push(`(part no. ${model}-${randomInteger(this.random, 1000, 9999)})`);
    return `${capitalise(words.join(' '))}.`;
  }

  /** A search query: two to four vocabulary words, sometimes with a model name. */
  query(): string {
    const words = Array.from({ length: randomInteger(this.random, 2, 4) }, () => this.nextWord());
    if (this.random() < 0.25) words.push(pickOne(this.random, this.models));
    return words.join(' ');
  }
}

/** Files holding about `passages` passages (one per section), encoded as UTF-8. */
export function generateFiles(writer: ManualWriter, passages: number): SyntheticFile[] {
  const encoder = new TextEncoder();
  const count = Math.max(1, Math.round(passages / SECTIONS_PER_DOCUMENT));
  return Array.from({ length: count }, (_, index) => ({
    name: `manual-${String(index + 1).padStart(6, '0')}.md`,
    bytes: encoder.encode(writer.document()),
  }));
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The first line as a lead-in, the next few as list items, the rest as a closing paragraph. */
function joinWithList(lines: string[]): string {
  const [lead = '', ...rest] = lines;
  const items = rest.filter((line) => line.startsWith('- '));
  const after = rest.filter((line) => !line.startsWith('- '));
  return [lead, items.join('\n'), after.join(' ')].filter((part) => part.length > 0).join('\n\n');
}
