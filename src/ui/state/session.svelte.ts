/**
 * The page's session: the library, the settings, the current question, the document being read
 * and notices from the engine. The UI's one adapter to the core (through the engine worker);
 * components get what they show from here as props.
 */
import type { EngineConnection } from '../../adapters/browser/engine-client.js';
import { ParseSupervisor } from '../../adapters/browser/parse/parse-supervisor.js';
import type { ModelSettings } from '../../adapters/browser/models/model-settings.js';
import type {
  AskOutcome,
  DocumentChanges,
  DocumentText,
  OpenedReceipt,
  StorageEstimate,
  StorageNotice,
} from '../../adapters/browser/protocol.js';
import { questionSlug, saveFile, type SavedFile } from '../lib/download.js';
import type { RetrievalMode } from '../../core/retrieve/retrieve.js';
import { Conversation } from './conversation.svelte.js';
import { Evaluation } from './evaluation.svelte.js';
import { Library, type FileParser } from './library.svelte.js';
import { Models } from './models.svelte.js';
import { Settings } from './settings.svelte.js';
import { browserStorage, StorageStatus, type BrowserStorage, type MarkerStore } from './storage.svelte.js';

/** A document open for reading, with the passage to show. */
export interface Reading {
  document: DocumentText;
  cite: string;
  start: number;
  end: number;
}

/** See the module comment. */
export class Session {
  readonly library: Library;
  readonly settings: Settings;
  readonly conversation: Conversation;
  readonly models: Models;
  readonly evaluation: Evaluation;
  readonly storage: StorageStatus;
  notice = $state<string | undefined>(undefined);
  reading = $state.raw<Reading | undefined>(undefined);
  estimate = $state.raw<StorageEstimate | undefined>(undefined);
  /** A receipt opened for reading (or why it could not be), with its file name. */
  receipt = $state.raw<{ name: string; opened?: OpenedReceipt; error?: string } | undefined>(undefined);
  /** The receipt files saved from the current answer. */
  savedReceipts = $state.raw<{ outcome?: AskOutcome; json?: SavedFile; md?: SavedFile }>({});
  receiptError = $state<string | undefined>(undefined);

  constructor(
    private readonly connection: EngineConnection,
    parser: FileParser = new ParseSupervisor(),
    settings: Settings = new Settings(),
    browser: { storage: BrowserStorage | undefined; marker: MarkerStore | undefined } = browserStorage(),
  ) {
    this.settings = settings;
    this.storage = new StorageStatus(browser.storage, browser.marker);
    this.models = new Models(connection, (state) => this.library.apply(state));
    this.library = new Library(connection, parser, {
      onModels: (models) => this.models.adopt(models),
      onState: (state) => this.storage.track(state),
      onIngested: (state) => void this.storage.ingested(state),
      checkRoom: (files) => this.storage.checkRoom(files),
    });
    this.conversation = new Conversation(connection, (models) => this.models.adopt(models));
    this.evaluation = new Evaluation(connection, parser);
    connection.onNotice = (notice) => {
      if (notice.kind !== 'storage-lost') {
        this.notice = notice.message;
        return;
      }
      if (notice.library) {
        this.library.apply(notice.library);
        this.estimate = undefined;
        // Reopened with the records still there: nothing to tell, nothing to drop.
        if (!notice.library.storage.notice) return;
        this.conversation.clear();
        this.reading = undefined;
        // The engine's notice (cleared, or could not reopen) is the one shown, and dismissed.
        this.storage.notice = undefined;
        return;
      }
      const kind = notice.cause === 'blocked' ? 'blocked' : notice.cause === 'upgraded' ? 'upgraded' : 'cleared';
      this.storage.notice = { kind, message: notice.message };
    };
  }

  /** Opens the library with the saved models. */
  async start(): Promise<void> {
    await this.library.open(this.settings.models);
    const storage = this.library.storage;
    if (storage) {
      await this.storage.opened({
        documents: this.library.documents,
        storage,
        embeddedThisSession: this.library.embeddedThisSession,
      });
    }
  }

  /** The storage notice to show: the page's own, else the engine's (storage full, library cleared). */
  get storageNotice(): StorageNotice | undefined {
    return this.storage.shown(this.library.storage?.notice);
  }

  /** Applies new model settings; a new embedder re-embeds the library, and the answer is dropped. */
  async setModels(models: ModelSettings): Promise<void> {
    if (await this.models.apply(models)) {
      this.settings.saveModels(models);
      this.conversation.clear();
    }
  }

  /** Loads an answer model (remembered for the next visit). */
  async loadAnswerModel(key: string, file?: File): Promise<void> {
    // A file chosen on this computer cannot be opened again without the person: not remembered.
    if (!file) this.settings.saveModels(this.settings.models, key);
    await this.models.loadAnswerModel(key, file);
  }

  /** Asks a question with the current settings. */
  ask(question: string): Promise<void> {
    return this.conversation.ask(question, this.settings.retrieval);
  }

  /** Changes who the page views as; the current question is asked again for them. */
  setViewer(label: string): void {
    if (label === this.settings.viewer) return;
    this.settings.viewer = label;
    this.reading = undefined;
    const question = this.conversation.asked;
    this.conversation.clear();
    if (question) void this.ask(question);
  }

  /** Sets the retrieval mode of the next question. */
  setMode(mode: RetrievalMode): void {
    this.settings.mode = mode;
  }

  /** Sets how many passages the next question retrieves. */
  setTopK(topK: number): void {
    this.settings.topK = topK;
  }

  /** Opens the document of a retrieved passage, scrolled to the passage. */
  async openDocument(cite: string): Promise<void> {
    const passage = this.conversation.outcome?.result.retrieved.find((item) => item.passage.cite === cite)?.passage;
    if (!passage) return;
    const document = await this.connection.request({
      type: 'document-text',
      documentId: passage.docId,
      viewer: this.settings.viewer,
    });
    this.reading = document ? { document, cite, start: passage.start, end: passage.end } : undefined;
  }

  /** Saves the last answer's receipt as `<question-slug>.receipt.json` or `.receipt.md`. */
  async saveReceipt(kind: 'json' | 'md'): Promise<void> {
    this.receiptError = undefined;
    try {
      const saved = await this.connection.request({ type: 'save-receipt' });
      const name = `${questionSlug(saved.question)}.receipt.${kind}`;
      const file =
        kind === 'json'
          ? saveFile(saved.json, name, 'application/json', this.savedReceipts.json)
          : saveFile(saved.markdown, name, 'text/markdown', this.savedReceipts.md);
      const outcome = this.conversation.outcome;
      const same = this.savedReceipts.outcome === outcome;
      this.savedReceipts = { ...(same ? this.savedReceipts : {}), ...(outcome ? { outcome } : {}), [kind]: file };
    } catch (error) {
      this.receiptError = error instanceof Error ? error.message : String(error);
    }
  }

  /** Imports a library pack; the current answer may cite replaced documents, so it is dropped. */
  async importPack(name: string, bytes: ArrayBuffer): Promise<void> {
    await this.library.importPack(name, bytes);
    if (this.library.packImport) this.conversation.clear();
  }

  /** Imports the sample manuals' pack. */
  async importSamplePack(): Promise<void> {
    await this.library.importSamplePack();
    if (this.library.packImport) this.conversation.clear();
  }

  /** Reads a receipt file and checks it against the library. */
  async openReceipt(file: File): Promise<void> {
    try {
      const opened = await this.connection.request({ type: 'open-receipt', name: file.name, text: await file.text() });
      this.receipt = { name: file.name, opened };
    } catch (error) {
      this.receipt = { name: file.name, error: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Closes the receipt being read. */
  closeReceipt(): void {
    this.receipt = undefined;
  }

  /** Closes the document being read. */
  closeDocument(): void {
    this.reading = undefined;
  }

  /** Removes a document; the current answer may cite it, so it is dropped too. */
  async removeDocument(documentId: string): Promise<void> {
    await this.library.remove(documentId);
    this.conversation.clear();
  }

  /** Changes a document's access label, supersedes links, revision and date. */
  async updateDocument(documentId: string, changes: DocumentChanges): Promise<boolean> {
    const done = await this.library.update(documentId, changes);
    if (done) this.conversation.clear();
    return done;
  }

  /** Wipes the library and the current answer. */
  async clearLibrary(): Promise<void> {
    await this.library.clear();
    this.conversation.clear();
    this.estimate = undefined;
  }

  /** Measures the storage: the library's own estimate and what the browser reports. */
  async measureStorage(): Promise<void> {
    const estimate = await this.connection.request({ type: 'storage-estimate' });
    const browser = (await navigator.storage?.estimate?.().catch(() => undefined)) as
      (StorageEstimate & { usageDetails?: { indexedDB?: number } }) | undefined;
    this.estimate = {
      ...estimate,
      ...(browser?.usage !== undefined ? { usage: browser.usage } : {}),
      ...(browser?.quota !== undefined ? { quota: browser.quota } : {}),
      ...(browser?.usageDetails?.indexedDB !== undefined ? { indexedDbBytes: browser.usageDetails.indexedDB } : {}),
    };
  }
}
