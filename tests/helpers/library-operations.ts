/**
 * The operations the model-based library test runs on the library service, each in two halves:
 * what it does to the reference model (`apply`, pure) and what it asks of the service (`act`,
 * which may fail under an injected fault). Commands in the test run them plainly, under a fault
 * at the n-th IndexedDB request, or with the tab closed at the n-th request.
 */
import type { LibraryService } from '../../src/adapters/browser/library-service.js';
import { fakeEmbedder, fileOf, type FakeModelKey, type LibraryModel, type ModelDocument } from './library-model.js';

/** One operation on the library. */
export interface Operation {
  readonly label: string;
  /** Whether it can run on this model (a remove needs a document). */
  applicable(model: Readonly<LibraryModel>): boolean;
  /** Its effect on the model. */
  apply(model: LibraryModel): void;
  /** Asks the service; throws (or reports a failure as an error) when the service refused. */
  act(service: LibraryService, model: Readonly<LibraryModel>): Promise<void>;
}

/** The `pick`-th document of the model (sorted by id), so that a command always names one that exists. */
export function picked(model: Readonly<LibraryModel>, pick: number): string {
  const ids = [...model.documents.keys()].sort();
  return ids[pick % ids.length]!;
}

async function ingest(service: LibraryService, document: ModelDocument): Promise<void> {
  const { report } = await service.ingest([fileOf(document)]);
  if (report.failed.length > 0) throw new Error(report.failed.map((item) => item.message).join('; '));
  if (report.skipped.length > 0) throw new Error(report.skipped.map((item) => item.message).join('; '));
}

/** Adds a new document. */
export function addDocument(document: ModelDocument): Operation {
  return {
    label: `Add(${document.id}: ${document.access}, ${document.sections.map((item) => item.sectionId).join('+')})`,
    applicable: (model) => !model.documents.has(document.id),
    apply(model) {
      model.documents.set(document.id, structuredClone(document));
    },
    act: (service) => ingest(service, document),
  };
}

/** Replaces a document by a file of the same name with other bytes (its text, title or access). */
export function replaceDocument(pick: number, template: ModelDocument): Operation {
  const version = (model: Readonly<LibraryModel>) => ({ ...structuredClone(template), id: picked(model, pick) });
  return {
    label: `Replace(#${pick}: ${template.access}, ${template.sections.map((item) => item.sectionId).join('+')})`,
    applicable: (model) => model.documents.size > 0,
    apply(model) {
      const document = version(model);
      model.documents.set(document.id, document);
    },
    act: (service, model) => ingest(service, version(model)),
  };
}

/** Removes a document. */
export function removeDocument(pick: number): Operation {
  return {
    label: `Remove(#${pick})`,
    applicable: (model) => model.documents.size > 0,
    apply(model) {
      const id = picked(model, pick);
      model.documents.delete(id);
      model.removed.add(id);
    },
    act: async (service, model) => void (await service.remove(picked(model, pick))),
  };
}

/** Changes a document's access label and what it supersedes (Edit); its vectors are reused. */
export function editDocument(pick: number, access: string, supersedes: readonly string[]): Operation {
  return {
    label: `Edit(#${pick}: ${access}, supersedes [${supersedes.join(', ')}])`,
    applicable: (model) => model.documents.size > 0,
    apply(model) {
      const document = model.documents.get(picked(model, pick))!;
      document.access = access;
      document.supersedes = [...new Set(supersedes)].filter((item) => item !== document.id);
    },
    act: async (service, model) =>
      void (await service.updateDocument(picked(model, pick), { access, supersedes: [...supersedes] })),
  };
}

/** Wipes the library. */
export function clearLibrary(): Operation {
  return {
    label: 'Clear',
    applicable: () => true,
    apply(model) {
      for (const id of model.documents.keys()) model.removed.add(id);
      model.documents.clear();
    },
    act: async (service) => void (await service.clear()),
  };
}

/** Switches to another fake embedding model: the library is re-embedded. */
export function changeEmbedder(key: FakeModelKey): Operation {
  return {
    label: `ChangeEmbedder(${key})`,
    applicable: () => true,
    apply(model) {
      model.embedder = key;
    },
    act: async (service) => void (await service.setEmbedder(fakeEmbedder(key))),
  };
}
