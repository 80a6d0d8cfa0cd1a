/**
 * The page's side of storage (docs/reliability.md ST-01, ST-13, ST-14): whether the browser keeps
 * the library for good, asking for that once after the first successful ingest (never on load:
 * `persist()` may prompt, `persisted()` never does), remembering that a library exists so that
 * finding it gone at the next start can be explained, the room check before an ingest, and the
 * storage notices the engine sends. `persist()` exists on pages only, not in workers, so this
 * runs here rather than in the engine worker.
 */
import type { LibraryState, StorageNotice } from '../../adapters/browser/protocol.js';
import { checkIngestRoom, type EstimateLike, type RoomVerdict } from '../../adapters/browser/storage-preflight.js';

/** `navigator.storage`, the parts used here (each may be missing). */
export interface BrowserStorage {
  estimate?(): Promise<{ usage?: number; quota?: number }>;
  persist?(): Promise<boolean>;
  persisted?(): Promise<boolean>;
}

/** Where the page remembers that a library exists (`localStorage`). */
export interface MarkerStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** What the page knows of its storage's persistence. */
export type Persistence = 'persistent' | 'best-effort' | 'unknown';

/** The key of the marker. */
export const LIBRARY_MARKER = 'footnote-library-kept';

/** Said when the library the page remembered is gone at start-up. */
export const EVICTED_MESSAGE =
  'Your library is gone: storage was cleared by the browser (it was not persisted). Add your files again; ' +
  'choose "Keep storage" so the browser keeps them.';

/** See the module comment. */
export class StorageStatus {
  persistence = $state<Persistence>('unknown');
  /** A notice from the page's side (evicted) or from the engine (lost, blocked), until dismissed. */
  notice = $state.raw<StorageNotice | undefined>(undefined);
  private asked = false;
  /** False until `opened`: the state the library opened with is judged there first. */
  private started = false;

  constructor(
    private readonly storage: BrowserStorage | undefined,
    private readonly marker: MarkerStore | undefined,
  ) {}

  /** After the library opened: reads the persistence (without asking) and tells an eviction. */
  async opened(state: LibraryState): Promise<void> {
    if (this.notice?.kind === 'blocked') this.notice = undefined;
    const idb = state.storage.kind === 'indexeddb';
    if (idb && this.read() && state.documents.length === 0 && state.storage.restore === 'empty') {
      this.notice = { kind: 'evicted', message: EVICTED_MESSAGE };
    }
    this.started = true;
    this.track(state);
    this.persistence =
      (await this.storage?.persisted?.().then(
        (persisted) => (persisted ? 'persistent' : 'best-effort'),
        () => 'unknown' as const,
      )) ?? 'unknown';
  }

  /** After any change: remembers whether a saved library exists. */
  track(state: LibraryState): void {
    if (!this.started || state.storage.kind !== 'indexeddb') return;
    try {
      if (state.documents.length > 0) this.marker?.setItem(LIBRARY_MARKER, '1');
      else this.marker?.removeItem(LIBRARY_MARKER);
    } catch {
      // No localStorage here: an eviction will just not be explained.
    }
  }

  /** After an ingest that added documents: asks once per visit to keep storage, unless it is kept. */
  async ingested(state: LibraryState): Promise<void> {
    this.track(state);
    if (this.notice?.kind === 'evicted' || this.notice?.kind === 'cleared') this.notice = undefined;
    if (this.asked || this.persistence === 'persistent' || state.storage.kind !== 'indexeddb') return;
    this.asked = true;
    await this.keep();
  }

  /** Asks the browser to keep storage (the person's "Keep storage", or after the first ingest). Denial is no error. */
  async keep(): Promise<void> {
    if (!this.storage?.persist) return;
    const granted = await this.storage.persist().catch(() => false);
    this.persistence = granted ? 'persistent' : 'best-effort';
  }

  /** Checks a batch of files against the room left. */
  checkRoom(files: readonly { name: string; size: number }[]): Promise<RoomVerdict> {
    return checkIngestRoom(files, this.storage?.estimate ? (this.storage as EstimateLike) : undefined);
  }

  /** The number of the engine notice the person dismissed (it stays in the engine's state). */
  dismissed = $state<number | undefined>(undefined);

  /** Hides the notice shown: the page's own by identity, the engine's by its number. */
  dismiss(notice: StorageNotice): void {
    if (this.notice === notice) this.notice = undefined;
    else if (notice.id !== undefined) this.dismissed = notice.id;
  }

  /** The notice to show: the page's own, else the engine's unless it was dismissed. */
  shown(engine: StorageNotice | undefined): StorageNotice | undefined {
    if (this.notice) return this.notice;
    return engine && (engine.id === undefined || engine.id !== this.dismissed) ? engine : undefined;
  }

  private read(): boolean {
    try {
      return this.marker?.getItem(LIBRARY_MARKER) === '1';
    } catch {
      return false;
    }
  }
}

/** The browser's storage and localStorage, where the page may use them. */
export function browserStorage(): { storage: BrowserStorage | undefined; marker: MarkerStore | undefined } {
  let marker: MarkerStore | undefined;
  try {
    marker = globalThis.localStorage ?? undefined;
  } catch {
    marker = undefined;
  }
  return { storage: globalThis.navigator?.storage as BrowserStorage | undefined, marker };
}
