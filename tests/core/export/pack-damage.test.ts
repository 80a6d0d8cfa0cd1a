/**
 * Damaged, truncated, tampered and hostile packs: each fails with a `RagError` naming the
 * problem, never another error, and nothing in a pack runs or reaches an object's prototype.
 * A damaged index snapshot is not fatal: the index is rebuilt from the passages.
 */
import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { RagError } from '../../../src/core/errors.js';
import {
  importLibraryPack,
  problemOf,
  readLibraryPack,
  type ExportProblem,
} from '../../../src/core/export/library-pack.js';
import { textSha256 } from '../../../src/core/export/hashes.js';
import { answerQuestion } from '../../../src/core/pipeline/answer-question.js';
import { emptyEngine, sampleLibrary, tamper, type SampleLibrary } from './pack-fixtures.js';

let sample: SampleLibrary;

beforeAll(async () => {
  sample = await sampleLibrary();
});

function problem(read: () => unknown): ExportProblem | 'no error' | 'not a RagError' {
  try {
    read();
    return 'no error';
  } catch (error) {
    return error instanceof RagError ? (problemOf(error) ?? 'not a RagError') : 'not a RagError';
  }
}

type Documents = { id: string; text: string; contentHash: string }[];
type Manifest = {
  version: number;
  format: string;
  settings: { app: Record<string, unknown> };
  documents: { textSha256: string }[];
};

describe('reading a bad pack', () => {
  it('names what is not a pack at all', () => {
    expect(problem(() => readLibraryPack(new Uint8Array()))).toBe('not-footnote');
    expect(problem(() => readLibraryPack(strToU8('{"format":"footnote-library-pack"}')))).toBe('not-footnote');
    expect(problem(() => readLibraryPack(zipSync({ 'word/document.xml': strToU8('<w:document/>') })))).toBe(
      'not-footnote',
    );
    const foreign = tamper(sample.pack, (pack) => ((pack.json['manifest.json'] as Manifest).format = 'other-app'));
    expect(problem(() => readLibraryPack(foreign))).toBe('not-footnote');
    expect(() => readLibraryPack(new Uint8Array(), { name: 'class.footnote-pack' })).toThrow(
      /^class\.footnote-pack: could not be read \(not a Footnote library pack/,
    );
  });

  it('says a pack from a newer Footnote is newer', () => {
    const newer = tamper(sample.pack, (pack) => ((pack.json['manifest.json'] as Manifest).version = 2));
    expect(problem(() => readLibraryPack(newer))).toBe('newer-version');
    expect(() => readLibraryPack(newer)).toThrow(/newer Footnote/);
  });

  it('finds an edited document text, whether or not the section hashes were recomputed', () => {
    const edit = (pack: Parameters<Parameters<typeof tamper>[1]>[0]) => {
      const documents = pack.json['documents.json'] as Documents;
      documents[0]!.text = documents[0]!.text.replace(/\d/, '9');
    };
    expect(problem(() => readLibraryPack(tamper(sample.pack, edit)))).toBe('hash');
    const careful = tamper(sample.pack, edit, { rehash: true });
    expect(problem(() => readLibraryPack(careful))).toBe('hash');
    expect(() => readLibraryPack(careful)).toThrow(/the text of document "accessories-catalogue-2026" does not match/);
  });

  it('finds passages that do not fit their document, even when every hash was recomputed', () => {
    const forged = tamper(
      sample.pack,
      (pack) => {
        const documents = pack.json['documents.json'] as Documents;
        const manifest = pack.json['manifest.json'] as Manifest;
        documents[0]!.text = documents[0]!.text.replace(/\d/, '9');
        manifest.documents[0]!.textSha256 = textSha256(documents[0]!.text);
      },
      { rehash: true },
    );
    expect(problem(() => readLibraryPack(forged))).toBe('hash');
    expect(() => readLibraryPack(forged)).toThrow(
      /passage accessories-catalogue-2026#\S+ does not match its document's text/,
    );
    const outside = tamper(
      sample.pack,
      (pack) => ((pack.json['passages.json'] as { end: number }[])[0]!.end = 10_000_000),
      { rehash: true },
    );
    expect(problem(() => readLibraryPack(outside))).toBe('shape');
    const twice = tamper(
      sample.pack,
      (pack) => {
        const passages = pack.json['passages.json'] as unknown[];
        passages[1] = passages[0];
      },
      { rehash: true },
    );
    expect(problem(() => readLibraryPack(twice))).toBe('inconsistent');
  });

  it('checks the vectors: their count and that every value is a number', () => {
    const short = tamper(sample.pack, (pack) => (pack.binary['vectors.f32'] = pack.binary['vectors.f32']!.slice(4)), {
      rehash: true,
    });
    expect(problem(() => readLibraryPack(short))).toBe('inconsistent');
    const notANumber = tamper(
      sample.pack,
      (pack) => new DataView(pack.binary['vectors.f32']!.buffer).setFloat32(8, Number.NaN, true),
      { rehash: true },
    );
    expect(problem(() => readLibraryPack(notANumber))).toBe('damaged');
  });

  it('refuses fields of the wrong shape, and a "__proto__" key, without touching any prototype', () => {
    const raw = (text: string) =>
      tamper(sample.pack, (pack) => {
        const manifest = pack.json['manifest.json'] as Manifest;
        manifest.settings.app = JSON.parse(text) as Record<string, unknown>;
      });
    const hostile = raw('{"__proto__":{"polluted":true}}');
    expect(problem(() => readLibraryPack(hostile))).toBe('shape');
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    const missing = tamper(sample.pack, (pack) => delete (pack.json['manifest.json'] as Partial<Manifest>).documents);
    expect(problem(() => readLibraryPack(missing))).toBe('shape');
  });

  it('stops at the size caps: a big pack before unpacking, a zip bomb while unpacking', () => {
    expect(problem(() => readLibraryPack(sample.pack, { limits: { maxPackBytes: 1000 } }))).toBe('too-large');
    const bomb = zipSync(
      { 'manifest.json': strToU8('{}'), 'documents.json': new Uint8Array(20 * 1024 * 1024) },
      { level: 9 },
    );
    expect(bomb.length).toBeLessThan(100_000);
    expect(problem(() => readLibraryPack(bomb, { limits: { maxUnpackedBytes: 4 * 1024 * 1024 } }))).toBe('too-large');
  });

  it('fails a truncated pack with a RagError, wherever it is cut (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: sample.pack.length - 1 }), (length) => {
        expect(problem(() => readLibraryPack(sample.pack.subarray(0, length)))).not.toMatch(/no error|not a RagError/);
      }),
      { numRuns: 60 },
    );
  });

  it('fails a pack with any one byte changed, or reads exactly the same library (fast-check)', () => {
    const original = readLibraryPack(sample.pack);
    const fingerprint = (pack: typeof original) =>
      JSON.stringify([pack.documents, pack.passages]) +
      Buffer.concat(pack.vectors.map((vector) => Buffer.from(vector.buffer))).toString('base64');
    const expected = fingerprint(original);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: sample.pack.length - 1 }), fc.integer({ min: 1, max: 255 }), (at, flip) => {
        const bytes = sample.pack.slice();
        bytes[at] = (bytes[at] ?? 0) ^ flip;
        try {
          expect(fingerprint(readLibraryPack(bytes))).toBe(expected);
        } catch (error) {
          expect(problemOf(error)).toBeDefined();
        }
      }),
      { numRuns: 30 },
    );
  });
});

describe('a bad index snapshot', () => {
  const question = 'How often should the WM-720 drain pump filter be cleaned?';

  async function importAndAsk(bytes: Uint8Array) {
    const engine = emptyEngine();
    const report = await importLibraryPack(engine, readLibraryPack(bytes));
    const answer = await answerQuestion(engine, question);
    return { report, answer };
  }

  it('is rebuilt from the passages when damaged (hash mismatch), with a warning', async () => {
    const damaged = tamper(sample.pack, (pack) => ((pack.json['index.json'] as { ids: string[] }).ids.length = 3));
    const { report, answer } = await importAndAsk(damaged);
    expect(report).toMatchObject({ outcome: 'restored', via: 'records', embedded: 0 });
    expect(report.warnings.join(' ')).toMatch(/snapshot cannot be used.*rebuilt from its passages/);
    expect(answer.answer.text).toMatch(/6 weeks/);
  });

  it('is not trusted to file a staff passage under "public": rebuilt instead', async () => {
    const leaky = tamper(
      sample.pack,
      (pack) => {
        const index = pack.json['index.json'] as {
          fields: { access: { node: { numberToDocumentId: [string, number[]][] } } };
        };
        const entries = index.fields.access.node.numberToDocumentId;
        const staff = entries.find(([label]) => label === 'staff');
        const open = entries.find(([label]) => label === 'public');
        open![1].push(...staff![1]);
        index.fields.access.node.numberToDocumentId = entries.filter(([label]) => label !== 'staff');
      },
      { rehash: true },
    );
    const { report } = await importAndAsk(leaky);
    expect(report.via).toBe('records');
    expect(report.warnings.join(' ')).toMatch(/access/);
  });

  it('cannot reach Object.prototype through a "__proto__" key in its statistics', async () => {
    const hostile = tamper(
      sample.pack,
      (pack) => {
        const index = pack.json['index.json'] as { tokenOccurrences: { text: Record<string, unknown> } };
        Object.defineProperty(index.tokenOccurrences.text, '__proto__', { value: { polluted: 1 }, enumerable: true });
      },
      { rehash: true },
    );
    const { report, answer } = await importAndAsk(hostile);
    expect(({} as { polluted?: number }).polluted).toBeUndefined();
    expect(report.outcome).toBe('restored');
    expect(answer.answer.text).toMatch(/6 weeks/);
  });
});
