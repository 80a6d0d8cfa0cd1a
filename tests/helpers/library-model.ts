/**
 * The reference model of the library for the model-based test (docs/reliability.md, its IX cases): a plain map of
 * documents, each with the passages it must have (one per section: every generated section is
 * far below the chunk budget) and their vectors, worked out from the fake embedder directly. It
 * knows nothing of Orama, IndexedDB or the service; search is brute force over it.
 */
import fc from 'fast-check';
import type { FileInput } from '../../src/adapters/browser/protocol.js';
import { HashingEmbedder } from '../../src/core/embed/hashing-embedder.js';
import { readableLabels } from '../../src/core/retrieve/access.js';
import { RecordingFakeEmbedder } from '../fakes/recording-embedder.js';

/** The fake embedding models the library switches between (hashing vectors under a fake id). */
export const FAKE_MODELS = [
  { modelId: 'fake-model-a', dimensions: 32 },
  { modelId: 'fake-model-b', dimensions: 48 },
] as const;

/** Which fake model (index into `FAKE_MODELS`). */
export type FakeModelKey = 0 | 1;

/** A fresh fake embedder for `key`. */
export function fakeEmbedder(key: FakeModelKey): RecordingFakeEmbedder {
  const { modelId, dimensions } = FAKE_MODELS[key];
  return new RecordingFakeEmbedder(modelId, dimensions);
}

export const DOCUMENT_IDS = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'] as const;
export const ACCESS_LABELS = ['public', 'staff', 'engineering'] as const;
export const VIEWERS = ['public', 'staff', 'engineering'] as const;
const TITLES = ['Pump notes', 'Kettle guide', 'Service'] as const;
/** Headings with the section ids the Markdown parser gives them (the ä folds to a). */
const HEADINGS = [
  ['Filter', 'filter'],
  ['Warranty', 'warranty'],
  ['Safety', 'safety'],
  ['Wärme', 'warme'],
  ['Reset', 'reset'],
] as const;
/** English and German words, with stop words of both, so that the tokenizer config matters (IX-07). */
const WORDS = [
  'pump',
  'filter',
  'seal',
  'drum',
  'warranty',
  'months',
  'descale',
  'kettle',
  'rinse',
  'Pumpe',
  'leise',
  'Garantie',
  'the',
  'is',
  'und',
  'die',
] as const;

/** Query texts the checks search with: each names words of the vocabulary. */
export const QUERIES = ['pump filter', 'warranty months seal', 'Pumpe leise Garantie', 'rinse the drum'] as const;

export interface ModelSection {
  heading: string;
  sectionId: string;
  body: string;
}

/** A document as the model keeps it: what its file says, and what Edit changed since. */
export interface ModelDocument {
  id: string;
  title: string;
  access: string;
  supersedes: string[];
  sections: ModelSection[];
  /** The access label the file states (Edit may have changed `access`). */
  fileAccess: string;
}

/** A passage the index must hold. */
export interface ModelPassage {
  cite: string;
  docId: string;
  title: string;
  heading: string;
  text: string;
  access: string;
}

const sentence = fc
  .array(fc.constantFrom(...WORDS), { minLength: 3, maxLength: 7 })
  .map((words) => `${words.join(' ').replace(/^./, (first) => first.toUpperCase())}.`);

/** A document with `id`: 1–3 sections of 1–3 sentences each. */
export function documentArbitrary(id: string): fc.Arbitrary<ModelDocument> {
  return fc
    .record({
      title: fc.constantFrom(...TITLES),
      access: fc.constantFrom<string>('public', 'public', 'staff'),
      headings: fc.uniqueArray(fc.constantFrom(...HEADINGS), { minLength: 1, maxLength: 3 }),
      bodies: fc.array(fc.array(sentence, { minLength: 1, maxLength: 3 }), { minLength: 3, maxLength: 3 }),
    })
    .map(({ title, access, headings, bodies }) => ({
      id,
      title,
      access,
      fileAccess: access,
      supersedes: [],
      sections: headings.map(([heading, sectionId], at) => ({
        heading,
        sectionId,
        body: (bodies[at] ?? []).join(' '),
      })),
    }));
}

/** The Markdown file of a document (its name never changes: a new version replaces it). */
export function fileOf(document: ModelDocument): FileInput {
  const body = document.sections.map((section) => `## ${section.heading}\n${section.body}`).join('\n\n');
  const text = `---\nid: ${document.id}\ntitle: ${document.title}\naccess: ${document.fileAccess}\n---\n${body}\n`;
  const bytes = new TextEncoder().encode(text);
  return { name: `${document.id}.md`, bytes: bytes.buffer as ArrayBuffer, modified: '2026-01-01T00:00:00Z' };
}

/** The library the model says there is. */
export class LibraryModel {
  documents = new Map<string, ModelDocument>();
  /** Ids removed at some point (a later add brings one back: IX-03). */
  removed = new Set<string>();
  embedder: FakeModelKey = 0;

  clone(): LibraryModel {
    const copy = new LibraryModel();
    for (const [id, document] of this.documents) copy.documents.set(id, structuredClone(document));
    copy.removed = new Set(this.removed);
    copy.embedder = this.embedder;
    return copy;
  }

  /** Every passage, sorted by cite. */
  passages(): ModelPassage[] {
    return [...this.documents.values()]
      .flatMap((document) =>
        document.sections.map((section) => ({
          cite: `${document.id}#${section.sectionId}`,
          docId: document.id,
          title: document.title,
          heading: section.heading,
          text: `## ${section.heading}\n${section.body}`,
          access: document.access,
        })),
      )
      .sort((a, b) => a.cite.localeCompare(b.cite));
  }

  get dimensions(): number {
    return FAKE_MODELS[this.embedder].dimensions;
  }

  get modelId(): string {
    return FAKE_MODELS[this.embedder].modelId;
  }

  /** The vector a passage must have: the fake model's vector of its title, heading and text. */
  vectorOf(passage: ModelPassage, key: FakeModelKey = this.embedder): Float32Array {
    return new HashingEmbedder({ dimensions: FAKE_MODELS[key].dimensions }).embed(
      [passage.title, passage.heading, passage.text].join('\n'),
    );
  }

  /** The fake model's vector of a query. */
  queryVector(query: string): Float32Array {
    return new HashingEmbedder({ dimensions: this.dimensions }).embed(query);
  }

  /** Brute-force cosine ranking of the passages `viewer` may read, best first. */
  bruteForce(query: Float32Array, viewer: string): { cite: string; score: number }[] {
    const readable = readableLabels(viewer);
    return this.passages()
      .filter((passage) => readable.includes(passage.access))
      .map((passage) => ({ cite: passage.cite, score: cosine(query, this.vectorOf(passage)) }))
      .sort((a, b) => b.score - a.score || a.cite.localeCompare(b.cite));
  }
}

/** Cosine similarity in double precision. */
export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let left = 0;
  let right = 0;
  for (let at = 0; at < a.length; at++) {
    dot += (a[at] ?? 0) * (b[at] ?? 0);
    left += (a[at] ?? 0) ** 2;
    right += (b[at] ?? 0) ** 2;
  }
  return left === 0 || right === 0 ? 0 : dot / Math.sqrt(left * right);
}
