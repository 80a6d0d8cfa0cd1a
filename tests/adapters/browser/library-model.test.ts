/**
 * Model-based test of the library (docs/reliability.md IX-01…IX-14): fast-check runs random
 * sequences of operations on the library service over fake-indexeddb with fake embedding models
 * — add, replace, remove, Edit (access, supersedes), clear, reload, snapshot round trip, pack
 * export and import, embedder change, a fault at the n-th IndexedDB request, a tab closed mid-
 * transaction, a rebuild in another order — and after every step compares the index, the stored
 * records and the searches with a plain reference model (tests/helpers/library-model.ts).
 *
 * Replay a failure (IX-14): FOOTNOTE_MODEL_SEED=<seed> FOOTNOTE_MODEL_PATH=<path> (and
 * FOOTNOTE_MODEL_REPLAY=<replayPath> for the exact command list), as printed. More runs:
 * FOOTNOTE_MODEL_RUNS=<n> (nightly: ten times the default); FOOTNOTE_MODEL_DEBUG=1 prints each run.
 */
import 'fake-indexeddb/auto';
// Both wrap IndexedDB's prototypes when they load, so they come before anything uses idb.
import { injectFault, type FaultMode } from '../../fakes/faulty-indexeddb.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LibraryService } from '../../../src/adapters/browser/library-service.js';
import { deserializeIndex, serializeIndex } from '../../../src/core/index/serialize.js';
import { searchLexical, searchVector } from '../../../src/core/index/search.js';
import { readableLabels } from '../../../src/core/retrieve/access.js';
import {
  expectIndexMatchesModel,
  expectSameResults,
  expectSearchesMatchModel,
  expectStoredMatchesModel,
  fullVectorRanking,
  probe,
} from '../../helpers/library-checks.js';
import {
  ACCESS_LABELS,
  DOCUMENT_IDS,
  LibraryModel,
  QUERIES,
  documentArbitrary,
  fakeEmbedder,
  fileOf,
  type FakeModelKey,
} from '../../helpers/library-model.js';
import {
  addDocument,
  changeEmbedder,
  clearLibrary,
  editDocument,
  removeDocument,
  replaceDocument,
  type Operation,
} from '../../helpers/library-operations.js';
import { storeOf } from '../../helpers/service-store.js';

const DEFAULT_RUNS = 30;
const RUNS = Number(process.env.FOOTNOTE_MODEL_RUNS ?? DEFAULT_RUNS);
const SEED = process.env.FOOTNOTE_MODEL_SEED ? Number(process.env.FOOTNOTE_MODEL_SEED) : Date.now() % 2 ** 31;
const PATH = process.env.FOOTNOTE_MODEL_PATH;
const REPLAY = process.env.FOOTNOTE_MODEL_REPLAY;
const MAX_COMMANDS = 24;
const TIMEOUT = 60_000 + RUNS * 4_000;
/**
 * Shrinking a failure can take longer than the test may run; stopped 30 s before the timeout, the
 * test still reports the failure, its seed and the smallest sequence found so far (and a run that
 * is that slow without failing is a failure too: the runs it promises did not all run).
 */
const SHRINK_STOP = TIMEOUT - 30_000;

/** The app under test: the service, its database, and whether a fault hit it since its index was last saved. */
interface Real {
  name: string;
  service: LibraryService;
  faulted: boolean;
}

type Command = fc.AsyncCommand<LibraryModel, Real>;

let counter = 0;
const uniqueName = () => `library-model-${++counter}-${Date.now()}`;

function open(name: string, key: FakeModelKey): Promise<LibraryService> {
  return LibraryService.open({ name, embedder: fakeEmbedder(key) });
}

/** Closes a service's connection, as a closed tab does (the service keeps it private). */
function close(service: LibraryService): void {
  storeOf(service).close();
}

/** Every invariant of one step, against the model. */
async function expectAll(real: Real, model: LibraryModel, step: string): Promise<void> {
  expectIndexMatchesModel(real.service, model, step);
  await expectStoredMatchesModel(real.name, model, step);
  await expectSearchesMatchModel(real.service, model, step);
}

/** An operation run plainly: it must succeed and do what the model says (IX-02, IX-03 on top). */
class Plain implements Command {
  constructor(readonly operation: Operation) {}
  check = (model: Readonly<LibraryModel>) => this.operation.applicable(model);
  async run(model: LibraryModel, real: Real): Promise<void> {
    const before = await Promise.all(QUERIES.map((query) => fullVectorRanking(real.service, model, query)));
    const documents = new Set(model.documents.keys());
    await this.operation.act(real.service, model).catch((error: unknown) => {
      throw new Error(`${this}: the service refused a plain operation: ${String(error)}`);
    });
    this.operation.apply(model);
    real.faulted = false;
    await expectAll(real, model, this.toString());
    const gone = [...documents].filter((id) => !model.documents.has(id));
    if (this.operation.label.startsWith('Remove')) await expectNoCollateral(real, model, before, gone, this.toString());
    const back = [...model.documents.keys()].filter((id) => !documents.has(id) && model.removed.has(id));
    for (const id of back) await expectSearchable(real, model, id, this.toString());
  }
  toString = () => this.operation.label;
}

/** IX-02: removing a document changes no other document's results (the full ranking, less its passages). */
async function expectNoCollateral(
  real: Real,
  model: LibraryModel,
  before: Awaited<ReturnType<typeof fullVectorRanking>>[],
  gone: string[],
  step: string,
): Promise<void> {
  for (const [at, query] of QUERIES.entries()) {
    const after = await fullVectorRanking(real.service, model, query);
    const kept = before[at]!.filter((hit) => !gone.some((id) => hit.cite.startsWith(`${id}#`)));
    expect(after, `IX-02 ${step}: "${query}" ranks the others as before`).toEqual(kept);
  }
}

/** IX-03: a document added again after its removal is found by its words and its vectors. */
async function expectSearchable(real: Real, model: LibraryModel, id: string, step: string): Promise<void> {
  const { index } = real.service.engine;
  const document = model.documents.get(id)!;
  const access = readableLabels(document.access);
  for (const passage of model.passages().filter((item) => item.docId === id)) {
    const lexical = await searchLexical(index, passage.text, { access, limit: 100 });
    expect(
      lexical.map((hit) => hit.cite),
      `IX-03 ${step}: ${passage.cite} found by its words`,
    ).toContain(passage.cite);
    const vector = await searchVector(index, model.vectorOf(passage), { access, limit: 100, similarity: 0.999 });
    expect(
      vector.map((hit) => hit.cite),
      `IX-03 ${step}: ${passage.cite} found by its vector`,
    ).toContain(passage.cite);
  }
}

/**
 * IX-08 / IX-09 (ST-03): the operation with its n-th IndexedDB request failed. The page's library,
 * and the library reopened from storage, equal the model before the operation or after it.
 */
class Faulted implements Command {
  constructor(
    readonly operation: Operation,
    readonly at: number,
    readonly mode: FaultMode,
  ) {}
  check = (model: Readonly<LibraryModel>) => this.operation.applicable(model);
  async run(model: LibraryModel, real: Real): Promise<void> {
    const after = model.clone();
    this.operation.apply(after);
    const fault = injectFault(this.at, this.mode);
    const failed = await this.operation.act(real.service, model).then(
      () => false,
      () => true,
    );
    fault.restore();
    if (!fault.fired) expectIndexMatchesModel(real.service, after, `${this}: no fault fired, so it all happened`);
    if (failed) expectIndexMatchesModel(real.service, model, `IX-08 ${this}: it failed, so nothing changed`);
    adopt(model, pickState(real.service, model, after, `${this}`));
    real.faulted = true;
    await expectAll(real, model, `IX-08 ${this}`);
    const reopened = await open(real.name, model.embedder);
    try {
      expectIndexMatchesModel(reopened, model, `IX-09 ${this}, reopened`);
    } finally {
      close(reopened);
    }
  }
  toString = () => `Fault(${this.operation.label}, request ${this.at}, ${this.mode})`;
}

/**
 * IX-09 (ST-04): the tab is closed at the operation's n-th IndexedDB request; a new tab opens the
 * library, which equals the model before the operation or after it.
 */
class TabClosed implements Command {
  constructor(
    readonly operation: Operation,
    readonly at: number,
  ) {}
  check = (model: Readonly<LibraryModel>) => this.operation.applicable(model);
  async run(model: LibraryModel, real: Real): Promise<void> {
    const after = model.clone();
    this.operation.apply(after);
    // The new tab opens with the embedder its settings name: the one before the operation.
    after.embedder = model.embedder;
    const tab = injectFault(this.at, 'close');
    await this.operation.act(real.service, model).catch(() => undefined);
    tab.restore();
    close(real.service);
    real.service = await open(real.name, model.embedder);
    real.faulted = true;
    adopt(model, pickState(real.service, model, after, `${this}`));
    await expectAll(real, model, `IX-09 ${this}`);
  }
  toString = () => `TabClosed(${this.operation.label}, request ${this.at})`;
}

/** Which of the two models the service's index equals; fails (IX-08/IX-09) when it is neither. */
function pickState(service: LibraryService, before: LibraryModel, after: LibraryModel, step: string): LibraryModel {
  for (const candidate of [before, after]) {
    try {
      expectIndexMatchesModel(service, candidate, step);
      return candidate;
    } catch {
      // Try the other.
    }
  }
  expectIndexMatchesModel(service, after, `IX-08/IX-09 ${step}: neither before nor after; against after`);
  return after;
}

function adopt(model: LibraryModel, state: LibraryModel): void {
  if (state === model) return;
  model.documents = state.documents;
  model.removed = state.removed;
  model.embedder = state.embedder;
}

/** IX-06 / IX-07: a new service over the same database (a reload), maybe with another embedder. */
class Reload implements Command {
  constructor(readonly embedder: FakeModelKey) {}
  check = () => true;
  async run(model: LibraryModel, real: Real): Promise<void> {
    const before = await probe(real.service.engine.index, model);
    close(real.service);
    real.service = await open(real.name, this.embedder);
    const { restore } = real.service.state().storage;
    if (this.embedder === model.embedder) {
      if (!real.faulted) {
        expect(restore, `IX-06 ${this}: the saved index is used`).toMatch(/^(restored|empty)$/);
        expect(real.service.state().embeddedThisSession, `IX-06 ${this}: nothing embedded`).toBe(0);
      }
      expectSameResults(before, await probe(real.service.engine.index, model), `${this}`);
    } else {
      // An empty library may find an (empty) index this embedder saved before; a library never does.
      if (model.documents.size > 0) {
        expect(restore, `IX-07 ${this}: another embedder never restores the saved index`).not.toBe('restored');
      }
      model.embedder = this.embedder;
      const lexical = (results: typeof before) => results.filter((item) => item.what.startsWith('lexical'));
      expectSameResults(lexical(before), lexical(await probe(real.service.engine.index, model)), `IX-07 ${this}`);
    }
    real.faulted = false;
    await expectAll(real, model, `${this}`);
  }
  toString = () => `Reload(embedder ${this.embedder})`;
}

/** IX-06: the index saved, and a snapshot of it restored in memory, searches as the live one. */
class Snapshot implements Command {
  check = () => true;
  async run(model: LibraryModel, real: Real): Promise<void> {
    await real.service.saveIndex();
    real.faulted = false;
    const { index } = real.service.engine;
    const restored = deserializeIndex(structuredClone(serializeIndex(index)));
    expectSameResults(await probe(index, model), await probe(restored, model), `${this}`);
    await expectAll(real, model, `${this}`);
  }
  toString = () => 'Snapshot';
}

/** A pack of what `viewer` may read, exported, the library cleared, and the pack imported. */
class PackRoundTrip implements Command {
  constructor(readonly viewer: string) {}
  check = (model: Readonly<LibraryModel>) =>
    [...model.documents.values()].some((document) => readableLabels(this.viewer).includes(document.access));
  async run(model: LibraryModel, real: Real): Promise<void> {
    const { bytes } = await real.service.exportPack(this.viewer);
    await real.service.clear();
    const imported = await real.service.importPack('library.footnote', bytes.slice().buffer as ArrayBuffer);
    for (const [id, document] of model.documents) {
      if (readableLabels(this.viewer).includes(document.access)) continue;
      model.documents.delete(id);
      model.removed.add(id);
    }
    expect(imported.documents, `${this}: every readable document imported`).toBe(model.documents.size);
    real.faulted = false;
    await expectAll(real, model, `${this}`);
  }
  toString = () => `PackRoundTrip(${this.viewer})`;
}

/**
 * IX-10: the same documents ingested into a fresh library in another order, and then again
 * (nothing changes the second time), with the same Edits, give the same index and results.
 */
class Rebuild implements Command {
  constructor(readonly order: number[]) {}
  check = (model: Readonly<LibraryModel>) => model.documents.size > 0;
  async run(model: LibraryModel, real: Real): Promise<void> {
    const documents = [...model.documents.values()];
    // Another order: the documents sorted by the command's keys (ties: backwards).
    const files = documents
      .map((document, at) => ({ document, key: this.order[at] ?? 0, at }))
      .sort((a, b) => a.key - b.key || b.at - a.at)
      .map((item) => fileOf(item.document));
    const fresh = await LibraryService.open({ memoryOnly: true, embedder: fakeEmbedder(model.embedder) });
    expect((await fresh.ingest(files)).report.added.length, `IX-10 ${this}: all added`).toBe(files.length);
    const again = await fresh.ingest([...files].reverse());
    expect(again.report.unchanged.length, `IX-10 ${this}: ingesting again changes nothing`).toBe(files.length);
    for (const document of documents) {
      if (document.access === document.fileAccess && document.supersedes.length === 0) continue;
      await fresh.updateDocument(document.id, { access: document.access, supersedes: document.supersedes });
    }
    expectIndexMatchesModel(fresh, model, `IX-10 ${this}`);
    expectSameResults(
      await probe(real.service.engine.index, model),
      await probe(fresh.engine.index, model),
      `IX-10 ${this}`,
    );
  }
  toString = () => `Rebuild(order ${this.order.join(',')})`;
}

const anyDocument = fc.constantFrom(...DOCUMENT_IDS).chain((id) => documentArbitrary(id));
const pick = fc.nat({ max: 9 });
const embedder = fc.constantFrom<FakeModelKey>(0, 1);

/** The operations that can also run under a fault or a closed tab. */
const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 4, arbitrary: anyDocument.map(addDocument) },
  { weight: 2, arbitrary: fc.tuple(pick, documentArbitrary('replaced')).map(([at, doc]) => replaceDocument(at, doc)) },
  { weight: 2, arbitrary: pick.map(removeDocument) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(pick, fc.constantFrom(...ACCESS_LABELS), fc.subarray([...DOCUMENT_IDS, 'ghost'], { maxLength: 2 }))
      .map(([at, access, supersedes]) => editDocument(at, access, supersedes)),
  },
  { weight: 1, arbitrary: fc.constant(null).map(clearLibrary) },
  { weight: 1, arbitrary: embedder.map(changeEmbedder) },
);

const plain = operation.map((item): Command => new Plain(item));
const commands = [
  // fc.commands picks its arbitraries evenly: plain operations, adds above all, make the libraries.
  ...Array.from({ length: 5 }, () => plain),
  anyDocument.map((document): Command => new Plain(addDocument(document))),
  anyDocument.map((document): Command => new Plain(addDocument(document))),
  fc
    .tuple(operation, fc.integer({ min: 1, max: 12 }), fc.constantFrom<FaultMode>('throw', 'abort'))
    .map(([item, at, mode]): Command => new Faulted(item, at, mode)),
  fc.tuple(operation, fc.integer({ min: 1, max: 12 })).map(([item, at]): Command => new TabClosed(item, at)),
  embedder.map((key): Command => new Reload(key)),
  fc.constant(null).map((): Command => new Snapshot()),
  fc.constantFrom(...ACCESS_LABELS).map((viewer): Command => new PackRoundTrip(viewer)),
  fc.array(fc.nat({ max: 4 }), { minLength: 5, maxLength: 5 }).map((order): Command => new Rebuild(order)),
];

describe('the library against a reference model (docs/reliability.md IX-01…IX-14)', () => {
  it(`random operation sequences keep every invariant (${RUNS} runs, seed ${SEED})`, { timeout: TIMEOUT }, async () => {
    // IX-14: the seed is always logged, so any run can be replayed.
    console.log(
      `library-model: FOOTNOTE_MODEL_SEED=${SEED} FOOTNOTE_MODEL_RUNS=${RUNS}${PATH ? ` FOOTNOTE_MODEL_PATH=${PATH}` : ''}`,
    );
    const property = fc.asyncProperty(
      fc.commands(commands, { maxCommands: MAX_COMMANDS, size: 'max', ...(REPLAY ? { replayPath: REPLAY } : {}) }),
      async (sequence) => {
        const name = uniqueName();
        const real: Real = { name, service: await open(name, 0), faulted: false };
        try {
          await fc.asyncModelRun(() => ({ model: new LibraryModel(), real }), sequence);
          if (process.env.FOOTNOTE_MODEL_DEBUG) console.log(String(sequence));
        } finally {
          close(real.service);
        }
      },
    );
    const details = await fc.check(property, {
      seed: SEED,
      numRuns: RUNS,
      interruptAfterTimeLimit: SHRINK_STOP,
      markInterruptAsFailure: true,
      ...(PATH ? { path: PATH } : {}),
    });
    if (details.failed) {
      const replay = /replayPath="([^"]*)"/.exec(String(details.counterexample?.[0]))?.[1];
      const line =
        `IX-14 replay: FOOTNOTE_MODEL_SEED=${details.seed} FOOTNOTE_MODEL_PATH=${details.counterexamplePath}` +
        (replay ? ` FOOTNOTE_MODEL_REPLAY=${replay}` : '');
      console.error(line);
      const cause =
        details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      throw new Error(`${line}\n${fc.defaultReportMessage(details) ?? ''}\n${cause}`);
    }
  });
});
