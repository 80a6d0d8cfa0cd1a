/**
 * What is inside a Word package, checked before mammoth reads it (docs/reliability.md IN-09,
 * IN-11): the container really is a `.docx` (not a legacy `.doc`, an RTF, a PDF or an OpenDocument
 * file renamed), the main part is there, and what mammoth gets is only the XML parts, with hidden
 * runs cut. Macros and external references are reported; nothing is run or fetched.
 */
import { RagError } from '../../errors.js';
import { isOleFile, isRtfFile, isZipFile, startsWith } from '../sniff.js';
import { isoTimestampDate } from '../stated-metadata.js';
import { removeHiddenRuns } from './hidden-runs.js';
import type { ScannedZip } from './zip-scan.js';

/** The parts mammoth will read and what the parser should tell the user. */
export interface WordPackage {
  parts: Record<string, Uint8Array>;
  warnings: string[];
  /** `dc:title` of the core properties, when set. */
  title?: string;
  /** ISO date of the core properties (`dcterms:modified`, else `dcterms:created`), when set. */
  date?: string;
}

/** Entries the pre-scan inflates: XML and relationship parts only. */
export function isWordPart(name: string): boolean {
  return /\.(xml|rels)$/i.test(name) || name === 'mimetype';
}

/** Refuses files that are not ZIP-based Word documents, naming what they are. */
export function checkWordContainer(bytes: Uint8Array, file: string): void {
  const wrong = (kind: string) => new RagError('DOCX_WRONG_FORMAT', { file, kind });
  if (isOleFile(bytes)) throw wrong('a legacy Word .doc file (or a password-protected Word file)');
  if (isRtfFile(bytes)) throw wrong('an RTF file');
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) throw wrong('a PDF file');
  if (!isZipFile(bytes)) throw new RagError('DOCX_DAMAGED', { file, detail: 'not a ZIP archive' });
}

const utf8 = new TextDecoder('utf-8');
const text = (zip: ScannedZip, name: string) => {
  const bytes = zip.files.get(name);
  return bytes ? utf8.decode(bytes) : undefined;
};

/** The main document part named by `_rels/.rels` (usually `word/document.xml`). */
function mainPartName(zip: ScannedZip): string {
  const rels = text(zip, '_rels/.rels') ?? '';
  for (const match of rels.matchAll(/<Relationship\b[^>]*>/g)) {
    if (!/Type="[^"]*\/officeDocument"/.test(match[0])) continue;
    const target = /Target="([^"]+)"/.exec(match[0])?.[1];
    if (target) return target.replace(/^\//, '');
  }
  return 'word/document.xml';
}

/** Checks the package and prepares the parts mammoth reads. */
export function prepareWordPackage(zip: ScannedZip, file: string): WordPackage {
  if ((text(zip, 'mimetype') ?? '').startsWith('application/vnd.oasis.opendocument')) {
    throw new RagError('DOCX_WRONG_FORMAT', { file, kind: 'an OpenDocument file (.odt)' });
  }
  const main = mainPartName(zip);
  const document = text(zip, main);
  if (document === undefined) {
    throw new RagError('DOCX_WRONG_FORMAT', { file, kind: 'a ZIP archive that holds no Word document' });
  }
  const parts: Record<string, Uint8Array> = Object.fromEntries(zip.files);
  const warnings: string[] = [];
  const { xml, removed } = removeHiddenRuns(document);
  if (removed > 0) {
    parts[main] = new TextEncoder().encode(xml);
    warnings.push(`${removed} run${removed === 1 ? '' : 's'} of hidden text left out (hidden text is not indexed).`);
  }
  const macros =
    zip.names.some((name) => /vbaProject\.bin$/i.test(name)) ||
    /macroEnabled/i.test(text(zip, '[Content_Types].xml') ?? '');
  if (macros) warnings.push('The document contains macros; they were not run.');
  const external = externalReferences(text(zip, main.replace(/([^/]+)$/, '_rels/$1.rels')) ?? '');
  if (external > 0) {
    warnings.push(`${external} external reference${external === 1 ? '' : 's'} (linked images or files) not fetched.`);
  }
  const core = text(zip, 'docProps/core.xml') ?? '';
  const title = coreTitle(core);
  const date = coreDate(core);
  return { parts, warnings, ...(title ? { title } : {}), ...(date ? { date } : {}) };
}

/** External relationships other than hyperlinks: linked images, OLE objects, templates… */
function externalReferences(rels: string): number {
  return [...rels.matchAll(/<Relationship\b[^>]*>/g)].filter(
    (match) => /TargetMode="External"/.test(match[0]) && !/Type="[^"]*\/hyperlink"/.test(match[0]),
  ).length;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function coreTitle(core: string): string | undefined {
  const raw = /<dc:title>([^<]*)<\/dc:title>/.exec(core)?.[1];
  const title = raw?.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name] ?? '').trim();
  return title && title.length <= 300 ? title : undefined;
}

/** The core properties' date: when it was last modified, else created. */
function coreDate(core: string): string | undefined {
  const stamp = (name: string) => new RegExp(`<dcterms:${name}\\b[^>]*>([^<]*)</dcterms:${name}>`).exec(core)?.[1];
  return isoTimestampDate(stamp('modified')) ?? isoTimestampDate(stamp('created'));
}
