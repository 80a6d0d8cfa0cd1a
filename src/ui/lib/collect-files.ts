/**
 * Files from a drop or a file picker, folders included. Inside a dropped folder, hidden files
 * and types no parser reads are skipped (counted, not reported one by one); a file dropped or
 * picked on its own always goes through, so an unsupported one is told why.
 */
import { isBrowserSupported } from '../../adapters/browser/parse/supported-files.js';

/** A file with the path it had inside a dropped or picked folder. */
export interface PickedFile {
  file: File;
  /** `folder/sub/name.md` inside a folder, the bare name otherwise. */
  path: string;
  inFolder: boolean;
}

/** The files to ingest and how many were skipped. */
export interface Selection {
  files: PickedFile[];
  skipped: number;
}

/** Files of a drop. Must be called during the drop event (entries vanish after it). */
export function filesFromDrop(transfer: DataTransfer): Promise<PickedFile[]> {
  const entries = [...transfer.items]
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.length === 0 || entries.some((entry) => entry === null)) {
    return Promise.resolve([...transfer.files].map((file) => ({ file, path: file.name, inFolder: false })));
  }
  return walkAll(entries as FileSystemEntry[]);
}

/** Files of an `<input type=file>` (with `webkitdirectory`, paths are kept). */
export function filesFromInput(list: FileList | null): PickedFile[] {
  return [...(list ?? [])].map((file) => {
    const path = file.webkitRelativePath || file.name;
    return { file, path, inFolder: path !== file.name };
  });
}

/** Drops hidden and unsupported files found inside folders. */
export function selectFiles(picked: readonly PickedFile[]): Selection {
  const files = picked.filter(
    (item) => !item.inFolder || (!item.file.name.startsWith('.') && isBrowserSupported(item.file.name)),
  );
  return { files, skipped: picked.length - files.length };
}

async function walkAll(entries: FileSystemEntry[]): Promise<PickedFile[]> {
  const found: PickedFile[] = [];
  for (const entry of entries) await walk(entry, found, false);
  return found;
}

async function walk(entry: FileSystemEntry, found: PickedFile[], inFolder: boolean): Promise<void> {
  if (isFile(entry)) {
    const file = await new Promise<File>((resolve, reject) => entry.file(resolve, reject));
    found.push({ file, path: inFolder ? entry.fullPath.replace(/^\//, '') : file.name, inFolder });
    return;
  }
  if (!isDirectory(entry)) return;
  const reader = entry.createReader();
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) break;
    for (const child of batch) await walk(child, found, true);
  }
}

function isFile(entry: FileSystemEntry): entry is FileSystemFileEntry {
  return entry.isFile;
}

function isDirectory(entry: FileSystemEntry): entry is FileSystemDirectoryEntry {
  return entry.isDirectory;
}

/**
 * The dropped files with each one once: a file in the drop twice (the same path, size and
 * modification time, as when a file and its folder are both dropped) is read once, and named.
 */
export function onceEach(dropped: readonly PickedFile[]): { picked: PickedFile[]; repeated: string[] } {
  const seen = new Set<string>();
  const picked: PickedFile[] = [];
  const repeated: string[] = [];
  for (const item of dropped) {
    const key = `${item.path}\u0000${item.file.size}\u0000${item.file.lastModified}`;
    if (seen.has(key)) repeated.push(item.path);
    else {
      seen.add(key);
      picked.push(item);
    }
  }
  return { picked, repeated: [...new Set(repeated)] };
}
