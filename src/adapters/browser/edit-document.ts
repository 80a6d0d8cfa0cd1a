/**
 * Edit: a document's access label, what it supersedes and (when given) its revision and date,
 * which are then said to be "set in Edit". The document is re-indexed with its vectors reused.
 */
import type { SourceDocument } from '../../core/types.js';
import { reindexDocument } from './ingest-files.js';
import { ingestContext, type LibraryParts } from './library-parts.js';
import type { DocumentChanges } from './protocol.js';

/** Applies `changes` to a stored document; a bad label, revision or date throws and changes nothing. */
export async function editDocument(parts: LibraryParts, documentId: string, changes: DocumentChanges): Promise<void> {
  const record = await parts.store.readDocument(documentId);
  if (!record) throw new Error(`No document "${documentId}" in the library.`);
  const label = changes.access.trim() || 'public';
  if (!/^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u.test(label)) {
    throw new Error(`"${label.slice(0, 40)}" is not an access label: use letters, digits, ".", "_" or "-".`);
  }
  const links = [
    ...new Set(changes.supersedes.map((item) => item.trim()).filter((item) => item && item !== documentId)),
  ];
  const source = { ...record.source, access: label, supersedes: links, ...editedMetadata(record.source, changes) };
  const report = await reindexDocument(ingestContext(parts), source);
  const failure = report.failed[0];
  if (failure) throw new Error(failure.message);
}

/** The revision and date Edit sets, checked, with their origin: only what differs from the document's own. */
function editedMetadata(source: SourceDocument, changes: DocumentChanges): Partial<SourceDocument> {
  const revision = changes.revision?.trim() ?? source.revision;
  const date = changes.date?.trim() ?? source.date;
  if (revision === source.revision && date === source.date) return {};
  if (revision !== source.revision && (revision === '' || revision.length > 80)) {
    throw new Error('A revision is 1 to 80 characters ("Rev. C", "2.3").');
  }
  if (date !== source.date && !isIsoDate(date)) {
    throw new Error(`"${date.slice(0, 40)}" is not a date: write it as YYYY-MM-DD.`);
  }
  const before = source.origin ?? { revision: 'unknown', date: 'unknown' };
  return {
    revision,
    date,
    origin: {
      revision: revision === source.revision ? before.revision : 'set in Edit',
      date: date === source.date ? before.date : 'set in Edit',
    },
  };
}

function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}
